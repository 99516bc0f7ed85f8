import type { BillingStats, Plan } from "../../../../schemas/billing";
import { SubscriptionTier } from "../../../../schemas/user";

/** Tier order (spec 03 §9): free, starter, builder, pro, elite, elite_2, elite_3, enterprise. */
export const TIER_ORDER = SubscriptionTier.options;
const rank = (tier: SubscriptionTier) => TIER_ORDER.indexOf(tier);

/** Elite-family names contain 'elite' (spec 03 §3): one card, a selector among them. */
export const isElite = (tier: SubscriptionTier) => tier.includes("elite");

/** What a plan's card offers, relative to the user's current tier (spec 03 §4). */
export type CardAction = "current" | "subscribe" | "upgrade" | "downgrade";

export function cardAction(plan: SubscriptionTier, current: SubscriptionTier): CardAction {
  if (plan === current) return "current";
  if (current === "free") return "subscribe";
  return rank(plan) > rank(current) ? "upgrade" : "downgrade";
}

/** One card: a plan, or the Elite family with its variants in tier order. */
export interface PlanGroup {
  key: SubscriptionTier;
  plans: Plan[];
}

/** The cards in tier order, the Elite family folded into one. */
export function planGroups(pricing: BillingStats["pricing"]): PlanGroup[] {
  const plans = Object.values(pricing).sort((a, b) => rank(a.key) - rank(b.key));
  const groups: PlanGroup[] = [];
  for (const plan of plans) {
    const elite = isElite(plan.key) ? groups.find((g) => isElite(g.key)) : undefined;
    if (elite) elite.plans.push(plan);
    else groups.push({ key: plan.key, plans: [plan] });
  }
  return groups;
}

/** The tier the user is on: the plan of their Stripe subscription, else the tier on their account (set by hand, or free). */
export function currentTier(stats: BillingStats, accountTier: SubscriptionTier): SubscriptionTier {
  const id = stats.stripe_subscription?.plan.id;
  return Object.values(stats.pricing).find((p) => p.id === id)?.key ?? accountTier;
}

/** Features as a list: comma-separated, underscores shown as spaces (spec 03 §2.2). */
export const featuresOf = (plan: Plan) =>
  plan.metadata.features
    .split(",")
    .map((f) => f.trim().replace(/_/g, " "))
    .filter(Boolean);

/** unit_amount / 100 dollars: whole dollars as they are, else two decimals (spec 03 §9). */
export function dollars(cents: number): string {
  const amount = cents / 100;
  const decimals = Number.isInteger(amount) ? 0 : 2;
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

export const count = (text: string | number) => Number(text).toLocaleString("en-US");

/** A tier's name as people read it, from the catalogue when it has the plan. */
export function tierName(tier: SubscriptionTier, pricing: BillingStats["pricing"]): string {
  return pricing[tier]?.nickname ?? tier.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
}

/** A change waits for the end of the cycle: a scheduled downgrade, or a subscription set to end (its tier is then Free, with no schedule). */
export const hasPendingChange = (stats: BillingStats) => Boolean(stats.subscription_schedule_id || stats.subscription_schedule_tier);
