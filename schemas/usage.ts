import * as z from "zod";
import { SubscriptionTier } from "./user";

/** Messages per day, oldest first: `_id` is the date (YYYY-MM-DD). */
export const UsageByDate = z.array(z.object({ _id: z.string(), total_messages: z.number() }));
export type UsageByDate = z.infer<typeof UsageByDate>;

/** GET /api/usage-logs/current-usage (spec 01 §3 Usage, spec 03 §3 Current usage). */
export const CurrentUsage = z.object({
  tier: SubscriptionTier,
  is_over_limit: z.boolean(),
  past_due: z.boolean(),
  daily_usage: z.number(),
  daily_limit: z.number(),
  monthly_usage: z.number(),
  monthly_limit: z.number(),
  extra_credits: z.number(),
  current_credit_period_start_date: z.string(),
  current_credit_period_end_date: z.string(),
  next_period_start_date: z.string(),
  usage_by_date: UsageByDate,
});
export type CurrentUsage = z.infer<typeof CurrentUsage>;

export const UsageStats = z.object({ usage_by_date: UsageByDate });

/** GET /api/usage-logs/current-integration-usage (spec 03 §7.1): integration credits used this month and the plan's allowance. */
export const IntegrationUsage = z.object({ usage: z.number(), limit: z.number() });
export type IntegrationUsage = z.infer<typeof IntegrationUsage>;

/** What one charge took, so a refund gives back exactly that: plan credits of a period, or a grant's extra credits. */
export const Charge = z.object({
  credits: z.number(),
  /** when it was charged (ISO): names the day it counted on */
  at: z.string(),
  /** the credit period it counted in (its start, ISO) */
  period_start: z.string(),
  /** the extra-credit grant it came from; null when the plan's credits paid */
  grant_id: z.string().nullable(),
});
export type Charge = z.infer<typeof Charge>;
