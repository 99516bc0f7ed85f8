import { keepPreviousData, queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod";
import { APP_LOGS_PAGE_SIZE, type AppLogsFilter, AppLogsPage, AppStats, type AppStatsQuery } from "../../../schemas/app-logs";
import { FileTree } from "../../../schemas/app-files";
import { Checkpoint } from "../../../schemas/chat";
import { call } from "./client";

/** spec 02 §7 Logs, Analytics and Checkpoints calls, typed by schemas/. */
export const AppLogsApi = {
  /** Logs: sort -created_date, the q filter, skip 50*(page-1), limit 50. */
  logs: (appId: string, filter: AppLogsFilter, page: number) =>
    call("GET /api/app-logs/{id}", {
      params: { id: appId },
      schema: AppLogsPage,
      query: { q: JSON.stringify(filter), sort: "-created_date", skip: APP_LOGS_PAGE_SIZE * (page - 1), limit: APP_LOGS_PAGE_SIZE },
    }),
  stats: (appId: string, params: AppStatsQuery) => call("GET /api/app-logs/{id}/stats", { params: { id: appId }, schema: AppStats, query: { ...params } }),
  checkpoints: (appId: string) => call("GET /api/apps/{id}/app-checkpoints", { params: { id: appId }, schema: z.array(Checkpoint) }),
  checkpointFiles: (appId: string, cp: string) => call("GET /api/apps/{id}/app-checkpoints/{cp}/file-tree", { params: { id: appId, cp }, schema: z.object({ files: FileTree }) }),
  loadCheckpoint: (appId: string, cp: string, restoreData: boolean, restoreRules = false) =>
    call("POST /api/apps/{id}/app-checkpoints/{cp}/load", {
      params: { id: appId, cp },
      body: { restore_data: restoreData, restore_rules: restoreRules },
      schema: z.object({ success: z.boolean(), data: z.object({ entities: z.array(z.string()), records: z.number() }).nullable() }),
    }),
};

export const appLogsQuery = (appId: string, filter: AppLogsFilter, page: number) =>
  queryOptions({ queryKey: ["app-logs", appId, filter, page] as const, queryFn: () => AppLogsApi.logs(appId, filter, page), placeholderData: keepPreviousData });
export const appStatsQuery = (appId: string, params: AppStatsQuery) =>
  queryOptions({ queryKey: ["app-stats", appId, params] as const, queryFn: () => AppLogsApi.stats(appId, params), placeholderData: keepPreviousData });
export const checkpointsQuery = (appId: string) => queryOptions({ queryKey: ["checkpoints", appId] as const, queryFn: () => AppLogsApi.checkpoints(appId) });
export const checkpointFilesQuery = (appId: string, cp: string) =>
  queryOptions({ queryKey: ["checkpoint-files", appId, cp] as const, queryFn: () => AppLogsApi.checkpointFiles(appId, cp), staleTime: Infinity });

/** POST …/load: the files (and maybe the records) change wholesale, so everything of the app is reloaded. */
export function useLoadCheckpoint(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ checkpointId, restoreData, restoreRules }: { checkpointId: string; restoreData: boolean; restoreRules?: boolean }) =>
      AppLogsApi.loadCheckpoint(appId, checkpointId, restoreData, restoreRules),
    // every query keyed by this app: the app itself, its checkpoints, its entity data
    onSuccess: () => client.invalidateQueries({ predicate: (q) => q.queryKey.includes(appId) }),
  });
}
