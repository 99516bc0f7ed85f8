import type { BillingStats, Plan } from "../../schemas/billing";
import type { CurrentUsage } from "../../schemas/usage";
import type { SubscriptionTier, User } from "../../schemas/user";

/** The eight plans as Stripe's catalogue describes them (spec 03 §3 Plan), in the shapes the billing calls answer. */
const plan = (key: SubscriptionTier, nickname: string, cents: number, monthly: number, integrations: number, features: string, daily?: number): Plan => ({
  id: `price_${key}`,
  key,
  nickname,
  unit_amount: cents,
  currency: "usd",
  metadata: { monthly_message_limit: String(monthly), monthly_integration_credits: String(integrations), features, ...(daily ? { daily_message_limit: String(daily) } : {}) },
});

export const pricing: BillingStats["pricing"] = {
  free: plan("free", "Free", 0, 25, 500, "community_support", 7),
  starter: plan("starter", "Starter", 2000, 100, 2000, "code_editing,remove_badge"),
  builder: plan("builder", "Builder", 5000, 250, 10000, "backend_functions,custom_domains"),
  pro: plan("pro", "Pro", 10000, 500, 20000, "backend_functions,priority_support"),
  elite: plan("elite", "Elite", 20000, 1200, 50000, "premium_support"),
  elite_2: plan("elite_2", "Elite 2", 40000, 2500, 100000, "premium_support"),
  elite_3: plan("elite_3", "Elite 3", 75050, 5000, 200000, "premium_support"),
  enterprise: plan("enterprise", "Enterprise", 100000, 10000, 500000, "dedicated_support"),
};

export const user = (tier: SubscriptionTier): User => ({
  id: "u1",
  username: "max",
  email: "maker@kiln.local",
  full_name: "Max Maker",
  phone_number: null,
  api_key: "k",
  platform_role: "user",
  subscription_tier: tier,
  is_beta_tester: false,
  disabled: false,
  stripe_customer_id: tier === "free" ? null : "cus_1",
  stripe_subscription_id: tier === "free" ? null : "sub_1",
  stripe_subscription_status: tier === "free" ? null : "active",
  subscription_schedule_id: null,
  subscription_schedule_tier: null,
  created_date: "2026-01-01T12:00:00.000Z",
  updated_date: "2026-01-01T12:00:00.000Z",
});

export const stats = (tier: SubscriptionTier, schedule: SubscriptionTier | null = null): BillingStats => ({
  pricing,
  subscription_status: tier === "free" ? null : "active",
  stripe_subscription: tier === "free" ? null : { plan: { id: pricing[tier]!.id } },
  subscription_schedule_id: schedule ? "sub_sched_1" : null,
  subscription_schedule_tier: schedule,
  usage_by_date: [
    { _id: "2026-03-01", total_messages: 3 },
    { _id: "2026-03-02", total_messages: 5 },
    { _id: "2026-03-03", total_messages: 1 },
  ],
});

export const usage = (over: Partial<CurrentUsage> = {}): CurrentUsage => ({
  tier: "free",
  is_over_limit: false,
  past_due: false,
  daily_usage: 1,
  daily_limit: 7,
  monthly_usage: 1,
  monthly_limit: 25,
  extra_credits: 0,
  current_credit_period_start_date: "2026-03-01T12:00:00.000Z",
  current_credit_period_end_date: "2026-03-31T12:00:00.000Z",
  next_period_start_date: "2026-04-01T12:00:00.000Z",
  usage_by_date: [],
  ...over,
});
