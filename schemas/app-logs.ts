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

/** The logs explorer's page size (spec 02 §9). */
export const APP_LOGS_PAGE_SIZE = 50;

/** A query parameter holding JSON: parsed here so a bad value answers 400, not 500. */
const jsonParam = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: "custom", message: "q must be a JSON object" });
      return z.NEVER;
    }
  }, schema);

const Email = z.string().trim().toLowerCase().min(1).max(320);
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "dates look like yyyy-MM-dd");

/** The explorer's filters (spec 02 §7 Logs: user_email, status error, log_type). */
export const AppLogsFilter = z.strictObject({
  user_email: Email.optional(),
  status: AppLogStatus.optional(),
  log_type: AppLogType.optional(),
});
export type AppLogsFilter = z.infer<typeof AppLogsFilter>;

/**
 * GET /api/app-logs/{id}: newest first, `q` the filters as JSON, paged by `skip` (the spec's
 * 50*(page-1)) or by the `cursor` of the previous page. The filters may also come as plain parameters.
 */
export const AppLogsQuery = z
  .object({
    q: jsonParam(AppLogsFilter).optional(),
    user_email: Email.optional(),
    status: AppLogStatus.optional(),
    log_type: AppLogType.optional(),
    sort: z.literal("-created_date", "logs are sorted newest first (-created_date)").optional(),
    skip: z.coerce.number().int().min(0).max(5000, "skip is 5000 at most; page on with the cursor").default(0),
    limit: z.coerce.number().int().min(1).max(APP_LOGS_PAGE_SIZE).default(APP_LOGS_PAGE_SIZE),
    cursor: z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-z]{26}$/, "cursor is not valid; pass the next_cursor of the previous page").optional(),
  })
  .transform(({ q, user_email, status, log_type, ...page }) => ({ ...page, filter: { user_email, status, log_type, ...q } as AppLogsFilter }));
export type AppLogsQuery = z.infer<typeof AppLogsQuery>;

/** A page of the explorer; `next_cursor` is null on the last page. */
export const AppLogsPage = z.object({ logs: z.array(AppLogRecord), next_cursor: z.string().nullable() });
export type AppLogsPage = z.infer<typeof AppLogsPage>;

/** GET /api/app-logs/{id}/stats (spec 02 §7 Analytics): dates in UTC, both ends inclusive. */
export const AppStatsQuery = z
  .object({
    date_from: Day.optional(),
    date_to: Day.optional(),
    page_name: z.string().trim().min(1).max(200).optional(),
    user_email: Email.optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, "date_from must not be after date_to");
export type AppStatsQuery = z.infer<typeof AppStatsQuery>;

/** spec 02 §3 Analytics stats, computed from the visit log; `truncated` when only the newest visits were counted. */
export const AppStats = z.object({
  unique_users_count: z.number().int(),
  top_pages: z.array(z.object({ page_name: z.string(), url: z.string(), visits: z.number().int() })),
  top_users: z.array(z.object({ email: z.string(), visits: z.number().int() })),
  users_per_date: z.array(z.object({ date: z.string(), unique_users: z.number().int(), total_visits: z.number().int() })),
  visits_counted: z.number().int(),
  truncated: z.boolean(),
});
export type AppStats = z.infer<typeof AppStats>;
