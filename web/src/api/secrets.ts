import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { ExistingSecret, SecretList, type UpdateSecretsBody, UpdateSecretsResult } from "../../../schemas/secrets";
import { call } from "./client";

/** Spec 02 §7 Secrets (names only ever come back) and the caller's secrets offered for reuse. */
export const Secrets = {
  list: (appId: string) => call("GET /api/apps/{id}/secrets", { params: { id: appId }, schema: SecretList }),
  update: (appId: string, values: UpdateSecretsBody) => call("PUT /api/apps/{id}/secrets", { params: { id: appId }, body: values, schema: UpdateSecretsResult }),
  remove: (appId: string, name: string) =>
    call("DELETE /api/apps/{id}/secrets/{name}", { params: { id: appId, name }, schema: z.object({ success: z.boolean() }) }),
  existing: () => call("GET /api/secrets/existing", { schema: z.array(ExistingSecret) }),
};

export const appSecretsQuery = (appId: string) => queryOptions({ queryKey: ["secrets", "app", appId] as const, queryFn: () => Secrets.list(appId) });
export const existingSecretsQuery = queryOptions({ queryKey: ["secrets", "existing"] as const, queryFn: Secrets.existing });
