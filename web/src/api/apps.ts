import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod";
import { App, AppMeta, AppSummary, CreateAppBody, type UpdateAppBody } from "../../../schemas/app";
import { AppSuggestions } from "../../../schemas/chat";
import { UploadUrl } from "../../../schemas/files";
import { CurrentUsage } from "../../../schemas/usage";
import { fetchApp } from "../realtime/appFetch";
import { call } from "./client";

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

/**
 * A builder upload: POST /files/upload-url signs a PUT straight to storage for this file's name and exact size
 * (API Gateway and Lambda carry at most ~4.4 MB, images may be 40 MB), the bytes go there, and the answer is the
 * stored file's url, as POST /files/ would give it.
 */
export async function uploadFile(file: File): Promise<string> {
  const { upload, url } = await call("POST /api/files/upload-url", { body: { name: file.name, size: file.size }, schema: UploadUrl });
  const stored = await fetch(upload.url, { method: upload.method, headers: upload.headers, body: file }).catch(() => null);
  if (!stored?.ok) throw new Error(`Upload failed${stored ? ` (${stored.status})` : ""}: storage did not take the file`);
  return url;
}
