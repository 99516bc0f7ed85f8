import * as z from "zod";
import { PlatformRole, SubscriptionTier } from "./user";
import { UsageByDate } from "./usage";

/** The first day "all time" covers (spec 03 §9 top-users quick ranges). */
export const ALL_TIME_START = "2020-01-01";

const today = () => new Date().toISOString().slice(0, 10);
const Day = (name: string) => z.iso.date(`${name} must be a date (YYYY-MM-DD)`);

const rangeFields = { start_date: Day("start_date").optional(), end_date: Day("end_date").optional() };

/** A date range a person picks: from 2020-01-01 at the earliest, never past today (UTC), start not after end. */
function checkRange(q: { start_date?: string; end_date?: string }, ctx: z.RefinementCtx) {
  const fail = (field: string, message: string) => ctx.addIssue({ code: "custom", message, path: [field] });
  if (q.start_date && q.start_date < ALL_TIME_START) fail("start_date", `start_date cannot be before ${ALL_TIME_START}`);
  if (q.start_date && q.start_date > today()) fail("start_date", "start_date cannot be in the future");
  if (q.end_date && q.end_date > today()) fail("end_date", "end_date cannot be in the future");
  if (q.start_date && q.end_date && q.start_date > q.end_date) fail("start_date", "start_date cannot be after end_date");
}

/** GET /api/admin/analytics/top-users (spec 03 §7.4): 7 days by default, 100 users by default. */
export const TopUsersQuery = z.object({ ...rangeFields, limit: z.coerce.number().int().min(1).max(500).default(100) }).superRefine(checkRange);
export type TopUsersQuery = z.infer<typeof TopUsersQuery>;

/** GET /api/admin/analytics/usage-by-date: 30 days by default. */
export const UsageByDateQuery = z.object(rangeFields).superRefine(checkRange);
export type UsageByDateQuery = z.infer<typeof UsageByDateQuery>;

/** User growth ranges (spec 03 §9): 30 days by default. */
export const GrowthRange = z.enum(["7d", "30d", "90d", "1y", "all"]);
export type GrowthRange = z.infer<typeof GrowthRange>;

/** GET /api/admin/analytics/user-analytics (spec 03 §7.4): user growth over a range. */
export const UserGrowthQuery = z.object({
  range: GrowthRange.default("30d"),
  hide_today: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
});

/** GET /api/admin/analytics/trending-apps and /api/apps/public/trending. */
export const TrendingQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) });

/** New users per day, oldest first; days without any are 0. */
export const UserGrowth = z.array(z.object({ date: z.string(), count: z.number() }));
export type UserGrowth = z.infer<typeof UserGrowth>;

/** GET /api/admin/analytics/overall (spec 03 §3 Admin stats, §7.4 /overall). */
export const AdminStats = z.object({
  total_users: z.number(),
  new_users_today: z.number(),
  paying_users: z.number(),
  /** the last 30 days */
  new_users_by_day: UserGrowth,
});
export type AdminStats = z.infer<typeof AdminStats>;

/** A row of the top-users table (spec 03 §3 Top user row). */
export const TopUser = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  subscription_tier: SubscriptionTier,
  platform_role: PlatformRole,
  message_count: z.number(),
});
export const TopUsers = z.array(TopUser);
export type TopUser = z.infer<typeof TopUser>;

/** Platform-wide messages per day. */
export const PlatformUsage = z.object({ usage_by_date: UsageByDate });

/** Tokens the model really used per user over the last 7 days; `_id` is the user's e-mail. */
export const TokensByUser = z.object({ tokens_by_user_7d: z.array(z.object({ _id: z.string(), user_id: z.string(), total_tokens: z.number() })) });
export type TokensByUser = z.infer<typeof TokensByUser>;

/** Apps by visits over the last 7 days; `unique_users` adds up each day's distinct visitors. */
export const TrendingApp = z.object({ id: z.string(), name: z.string(), total_visits: z.number(), unique_users: z.number() });
export const TrendingApps = z.object({ trending_apps: z.array(TrendingApp) });
export type TrendingApp = z.infer<typeof TrendingApp>;

/** A user id in a path (GET /api/auth/users/{id}). */
export const UserIdParam = z.string().trim().min(1, "A user is required").max(64, "That is not a user");
