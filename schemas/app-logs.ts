import * as z from "zod";

/** What an app log record is about (spec 02 Logs Explorer filters by it). */
export const AppLogType = z.enum(["visit", "entity", "auth", "integration", "function"]);
export type AppLogType = z.infer<typeof AppLogType>;

/** spec 02 §Log record: `error` and `success`; anything else shows as info. */
export const AppLogStatus = z.enum(["success", "error", "info"]);

/** One record of an app's log (spec 02 Log record), kept for a bounded time. */
export const AppLogRecord = z.object({
  id: z.string(),
  app_id: z.string(),
  log_type: AppLogType,
  /** the page visited, the entity, the integration ("Core.SendEmail"), the function */
  object_name: z.string(),
  user_email: z.string().nullable(),
  /** a visitor's anonymous id, when nobody is signed in */
  anonymous_id: z.string().nullable(),
  status: AppLogStatus,
  created_date: z.string(),
  inputs: z.unknown().nullable(),
  outputs: z.unknown().nullable(),
  error: z.string().nullable(),
});
export type AppLogRecord = z.infer<typeof AppLogRecord>;

/** The `{page}` of POST /api/app-logs/{id}/log-user-in-app/{page}: the first path segment or "home". */
export const VisitedPage = z.string().trim().min(1, "page is required").max(200, "page names are 200 characters at most");

/** POST /api/apps/{id}/analytics/track/batch (reference §6.5): accepted and not kept. */
export const AnalyticsBatch = z.object({ events: z.array(z.unknown()).max(1000) });
/** The analytics batch's size limit in bytes (30 events per flush in the SDK; generous headroom). */
export const ANALYTICS_BATCH_MAX_BYTES = 256 * 1024;
