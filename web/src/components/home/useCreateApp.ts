import { useMutation, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod";
import type { CreateAppBody } from "../../../../schemas/app";
import { Apps } from "../../api/apps";
import { ApiError } from "../../api/client";
import { useOpenEditor } from "../../lib/editor";

/** The spec's alert for any failed creation other than running out of credits (spec 01 §8). */
export const CREATE_FAILED = "Failed to create app. Please try again.";

/** 402 from POST /apps: the user is over the limit and is offered an upgrade. */
export const isOutOfCredits = (err: unknown): err is ApiError => err instanceof ApiError && err.status === 402;

/** POST /apps, then straight into the new app's editor (the first chat turn starts on the server). */
export function useCreateApp(options: { replace?: boolean } = {}) {
  const client = useQueryClient();
  const openEditor = useOpenEditor();
  return useMutation({
    mutationFn: (body: z.input<typeof CreateAppBody>) => Apps.create(body),
    onSuccess: (app) => {
      void client.invalidateQueries({ queryKey: ["apps"] });
      void client.invalidateQueries({ queryKey: ["usage"] });
      void openEditor(app.id, options);
    },
  });
}
