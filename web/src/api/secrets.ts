import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import { ExistingSecret, SecretList, type UpdateSecretsBody, UpdateSecretsResult } from "../../../schemas/secrets";
import { call } from "./client";

/** Spec 02 §7 Secrets (names only ever come back) and the caller's secrets offered for reuse. */
export const Secrets = {
  list: (appId: string) => call(`/apps/${encodeURIComponent(appId)}/secrets`, { schema: SecretList }),
  update: (appId: string, values: UpdateSecretsBody) => call(`/apps/${encodeURIComponent(appId)}/secrets`, { method: "PUT", body: values, schema: UpdateSecretsResult }),
  remove: (appId: string, name: string) =>
    call(`/apps/${encodeURIComponent(appId)}/secrets/${encodeURIComponent(name)}`, { method: "DELETE", schema: z.object({ success: z.boolean() }) }),
  existing: () => call("/secrets/existing", { schema: z.array(ExistingSecret) }),
};

export const appSecretsQuery = (appId: string) => queryOptions({ queryKey: ["secrets", "app", appId] as const, queryFn: () => Secrets.list(appId) });
export const existingSecretsQuery = queryOptions({ queryKey: ["secrets", "existing"] as const, queryFn: Secrets.existing });
