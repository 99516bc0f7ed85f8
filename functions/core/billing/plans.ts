import { type Plan, PlanMetadata } from "../../../schemas/billing";
import { SubscriptionTier } from "../../../schemas/user";
import { VisibleError } from "../errors";
import type { Stripe } from "./stripe";
import { NO_DAILY_LIMIT } from "../../../lib/tiers";

/** What a plan allows, read from its price's metadata. */
export interface PlanLimits {
  daily_messages: number;
  monthly_messages: number;
  monthly_integration_credits: number;
}

/**
 * The plans are Stripe prices (spec 03 §3): the catalogue in Stripe is the only
 * table of limits. It is read once and kept for a few minutes per container;
 * a `price.*` or `product.*` webhook drops the copy at once.
 */
export namespace Plans {
  const TTL_MS = 5 * 60_000;
  let cached: { at: number; plans: Promise<Plan[]> } | undefined;

  /** "Elite 2" -> "elite_2": the plan key of a price's nickname. */
  export const keyOf = (nickname: string) => nickname.trim().toLowerCase().replace(/\s+/g, "_");

  export const order = SubscriptionTier.options;
  export const rank = (tier: SubscriptionTier) => order.indexOf(tier);

  function toPlan(price: Stripe.Price): Plan | null {
    const key = SubscriptionTier.safeParse(keyOf(price.nickname ?? ""));
    const metadata = PlanMetadata.safeParse(price.metadata);
    if (!key.success || !metadata.success || price.unit_amount === null) return null;
    return { id: price.id, key: key.data, nickname: price.nickname!, unit_amount: price.unit_amount, currency: price.currency, metadata: metadata.data };
  }

  async function load(): Promise<Plan[]> {
    // Stripe's SDK loads when the catalogue is first read, not with every handler that checks a plan's limits (an AI turn)
    const { stripe } = await import("./stripe");
    const prices = await stripe().prices.list({ active: true, limit: 100 }).autoPagingToArray({ limit: 1000 });
    const byKey = new Map<SubscriptionTier, Plan>();
    // the newest active price of a plan wins, so a price change is a new price and the old one archived
    for (const price of prices.sort((a, b) => a.created - b.created)) {
      const plan = toPlan(price);
      if (plan) byKey.set(plan.key, plan);
    }
    return order.filter((k) => byKey.has(k)).map((k) => byKey.get(k)!);
  }

  /** Every plan in tier order. */
  export async function list(): Promise<Plan[]> {
    if (!cached || Date.now() - cached.at > TTL_MS) {
      const plans = load();
      cached = { at: Date.now(), plans };
      plans.catch(() => (cached = undefined));
    }
    try {
      return await cached.plans;
    } catch (err) {
      console.error("[plans] reading the price catalogue failed", err);
      throw new VisibleError("upstream", "Plans cannot be read right now. Please try again in a minute.");
    }
  }

  export function invalidate(): void {
    cached = undefined;
  }

  export async function byId(priceId: string): Promise<Plan | undefined> {
    return (await list()).find((p) => p.id === priceId);
  }

  export async function byKey(key: SubscriptionTier): Promise<Plan | undefined> {
    return (await list()).find((p) => p.key === key);
  }

  export function limitsOf(plan: Plan): PlanLimits {
    const number = (value: string | undefined, fallback: number) => {
      const n = Number(value);
      return value !== undefined && value.trim() !== "" && Number.isFinite(n) && n >= 0 ? n : fallback;
    };
    return {
      daily_messages: number(plan.metadata.daily_message_limit, NO_DAILY_LIMIT),
      monthly_messages: number(plan.metadata.monthly_message_limit, 0),
      monthly_integration_credits: number(plan.metadata.monthly_integration_credits, 0),
    };
  }

  /** A tier's limits; a tier the catalogue lacks gets the Free plan's. */
  export async function limits(tier: SubscriptionTier): Promise<PlanLimits> {
    const plan = (await byKey(tier)) ?? (await byKey("free"));
    if (!plan) throw new VisibleError("upstream", "Plans are not set up yet: the price catalogue has no Free plan.");
    return limitsOf(plan);
  }

  /** The plan a Stripe subscription is on: its first item's price. */
  export async function ofSubscription(subscription: Stripe.Subscription): Promise<Plan | undefined> {
    const price = subscription.items.data[0]?.price;
    if (!price) return undefined;
    return (await byId(price.id)) ?? toPlan(price) ?? undefined;
  }
}
