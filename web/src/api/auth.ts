import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod";
import { SelfUpdate, User } from "../../../schemas/user";
import { call } from "./client";

/** Spec 01 §7 Auth calls. */
export const Auth = {
  me: () => call("GET /api/auth/me", { schema: User }),
  regenerateApiKey: () => call("POST /api/auth/regenerate_api_key", { schema: User }),
  updateUser: (id: string, patch: z.input<typeof SelfUpdate>) =>
    call("POST /api/auth/{id}/update-user", { params: { id }, body: patch, schema: User }),
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
