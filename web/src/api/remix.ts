import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod";
import { AppMeta } from "../../../schemas/app";
import { type RemixBody, RemixRequirements } from "../../../schemas/remix";
import { useOpenEditor } from "../lib/editor";
import { call } from "./client";

/** Spec 03 §7.7 Remix, typed by schemas/. */
export const Remix = {
  requirements: (appId: string) => call("GET /api/apps/{id}/remix/requirements", { params: { id: appId }, schema: RemixRequirements }),
  create: (appId: string, body: z.input<typeof RemixBody>) => call("POST /api/apps/{id}/remix", { params: { id: appId }, body, schema: AppMeta }),
};

export const remixRequirementsQuery = (appId: string) =>
  queryOptions({ queryKey: ["remix", appId, "requirements"] as const, queryFn: () => Remix.requirements(appId), retry: false });

/** POST /apps/{id}/remix, then the new app's editor in place of the remix page (spec 03 §4: on success go to the new app). */
export function useRemixApp(appId: string) {
  const client = useQueryClient();
  const openEditor = useOpenEditor();
  return useMutation({
    mutationFn: (body: z.input<typeof RemixBody>) => Remix.create(appId, body),
    onSuccess: (app) => {
      void client.invalidateQueries({ queryKey: ["apps"] });
      void openEditor(app.id, { replace: true });
    },
  });
}
