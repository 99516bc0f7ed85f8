import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod";
import { SelfUpdate, User } from "../../../schemas/user";
import { call } from "./client";

/** Spec 01 §7 Auth calls. */
export const Auth = {
  me: () => call("/auth/me", { schema: User }),
  regenerateApiKey: () => call("/auth/regenerate_api_key", { method: "POST", schema: User }),
  updateUser: (id: string, patch: z.input<typeof SelfUpdate>) =>
    call(`/auth/${encodeURIComponent(id)}/update-user`, { method: "POST", body: patch, schema: User }),
};

export const meQuery = queryOptions({ queryKey: ["me"] as const, queryFn: Auth.me, staleTime: 60_000 });

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: z.input<typeof SelfUpdate> }) => Auth.updateUser(id, patch),
    onSuccess: (user) => client.setQueryData(meQuery.queryKey, user),
  });
}

export function useRegenerateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: Auth.regenerateApiKey,
    onSuccess: (user) => client.setQueryData(meQuery.queryKey, user),
  });
}
