import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod";
import { App, AppMeta, AppSummary, CreateAppBody, type UpdateAppBody } from "../../../schemas/app";
import { AppSuggestions } from "../../../schemas/chat";
import { CurrentUsage } from "../../../schemas/usage";
import { session } from "../auth/session";
import { fetchApp } from "../realtime/appFetch";
import { apiPath, call } from "./client";

/** Spec 01 §7 Apps, Usage and Files calls, typed by schemas/. */
export const Apps = {
  list: (params: { q?: object; sort?: string; limit?: number; skip?: number; fields?: string }) =>
    call("GET /api/apps", {
      schema: z.array(AppSummary),
      query: { q: params.q ? JSON.stringify(params.q) : undefined, sort: params.sort, limit: params.limit, skip: params.skip, fields: params.fields },
    }),
  get: (id: string) => call("GET /api/apps/{id}", { params: { id }, schema: App }),
  create: (body: z.input<typeof CreateAppBody>) => call("POST /api/apps", { body, schema: AppMeta }),
  update: (id: string, patch: UpdateAppBody) => call("PUT /api/apps/{id}", { params: { id }, body: patch, schema: AppMeta }),
  remove: (id: string) => call("DELETE /api/apps/{id}", { params: { id }, schema: z.object({ success: z.boolean() }) }),
  homeSuggestions: () => call("GET /api/app-suggestions", { schema: AppSuggestions }),
  currentUsage: () => call("GET /api/usage-logs/current-usage", { schema: CurrentUsage }),
};



/** One app with its files and conversation, read so that no change its room pushes meanwhile is lost (realtime/appFetch.ts). */
export const appQuery = (id: string) => queryOptions({ queryKey: ["app", id] as const, queryFn: ({ signal }) => fetchApp(id, () => Apps.get(id), signal) });
export const appsListQuery = (params: Parameters<typeof Apps.list>[0]) =>
  queryOptions({ queryKey: ["apps", params] as const, queryFn: () => Apps.list(params) });
export const usageQuery = queryOptions({ queryKey: ["usage", "current"] as const, queryFn: Apps.currentUsage, staleTime: 15_000 });
export const homeSuggestionsQuery = queryOptions({ queryKey: ["app-suggestions"] as const, queryFn: Apps.homeSuggestions, staleTime: 10 * 60_000 });

/** PUT /apps/{id}: applied to the cached app at once, rolled back if the server refuses. */
export function useUpdateApp(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: UpdateAppBody) => Apps.update(id, patch),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: appQuery(id).queryKey });
      const previous = client.getQueryData(appQuery(id).queryKey);
      if (previous) client.setQueryData(appQuery(id).queryKey, { ...previous, ...patch } as App);
      return { previous };
    },
    onError: (_err, _patch, context) => {
      if (context?.previous) client.setQueryData(appQuery(id).queryKey, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["apps"] }),
  });
}

/** POST /files/ (multipart): answers the stored file's url. */
export async function uploadFile(file: File): Promise<string> {
  const form = new FormData();
  form.append("file", file);
  const token = localStorage.getItem("token");
  const response = await fetch(apiPath("POST /api/files"), { method: "POST", body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const json = await response.json().catch(() => ({}));
  if (response.status === 401) session.logout();
  if (!response.ok) throw new Error((json as { detail?: string }).detail ?? `Upload failed (${response.status})`);
  return (json as { url: string }).url;
}
