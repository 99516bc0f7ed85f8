import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { CurrentUsage, IntegrationUsage } from "../../schemas/usage";
import type { User } from "../../schemas/user";
import { db, isConditionFailure, table } from "./db";
import { VisibleError } from "./errors";
import { Keys } from "./keys";
import { Tiers } from "./tiers";

/**
 * Message credits. Usage is counted in tenths (discussion mode costs 0.3) on one
 * item per user per day and per calendar month; a charge is one transaction whose
 * conditions keep both under the plan's limits, so two tabs cannot overspend.
 */
export namespace Credits {
  const tenths = (credits: number) => Math.round(credits * 10);

  export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
  export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

  function period(at: Date) {
    const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
    const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
    const end = new Date(next.getTime() - 1);
    return { start: start.toISOString(), end: end.toISOString(), next: next.toISOString() };
  }

  async function used(key: { pk: string; sk: string }): Promise<number> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
    return (Item?.used_tenths as number | undefined) ?? 0;
  }

  export async function current(user: User, at = new Date()): Promise<CurrentUsage> {
    const limits = Tiers[user.subscription_tier];
    const [day, month] = await Promise.all([used(Keys.usageDay(user.id, dayOf(at))), used(Keys.usageMonth(user.id, monthOf(at)))]);
    const p = period(at);
    const daily_usage = day / 10;
    const monthly_usage = month / 10;
    return {
      tier: user.subscription_tier,
      past_due: user.stripe_subscription_status === "past_due",
      is_over_limit: daily_usage >= limits.daily_messages || monthly_usage >= limits.monthly_messages,
      daily_usage,
      daily_limit: limits.daily_messages,
      monthly_usage,
      monthly_limit: limits.monthly_messages,
      extra_credits: 0,
      current_credit_period_start_date: p.start,
      current_credit_period_end_date: p.end,
      next_period_start_date: p.next,
    };
  }

  /** Take `credits` from today's and this month's allowance, or refuse with "Out of credits" (402). */
  export async function charge(user: User, credits: number, at = new Date()): Promise<void> {
    if (credits <= 0) return;
    const limits = Tiers[user.subscription_tier];
    const cost = tenths(credits);
    const update = (key: { pk: string; sk: string }, limit: number, extra: Record<string, string>) => ({
      Update: {
        TableName: table(),
        Key: key,
        UpdateExpression: "ADD used_tenths :c SET " + Object.keys(extra).map((k) => `#${k} = :${k}`).join(", "),
        ConditionExpression: "attribute_not_exists(used_tenths) OR used_tenths <= :room",
        ExpressionAttributeNames: Object.fromEntries(Object.keys(extra).map((k) => [`#${k}`, k])),
        ExpressionAttributeValues: { ":c": cost, ":room": tenths(limit) - cost, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [`:${k}`, v])) },
      },
    });
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            update(Keys.usageDay(user.id, dayOf(at)), limits.daily_messages, { day: dayOf(at) }),
            update(Keys.usageMonth(user.id, monthOf(at)), limits.monthly_messages, { month: monthOf(at) }),
          ],
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw new VisibleError("payment_required", "Out of credits");
      throw err;
    }
  }

  /** Give back a charge for a turn that did nothing (it failed before changing the app). */
  export async function refund(userId: string, credits: number, chargedAt: Date): Promise<void> {
    const cost = tenths(credits);
    for (const key of [Keys.usageDay(userId, dayOf(chargedAt)), Keys.usageMonth(userId, monthOf(chargedAt))]) {
      await db()
        .send(
          new UpdateCommand({
            TableName: table(),
            Key: key,
            UpdateExpression: "ADD used_tenths :neg",
            ConditionExpression: "used_tenths >= :c",
            ExpressionAttributeValues: { ":neg": -cost, ":c": cost },
          }),
        )
        .catch((err) => {
          if (!isConditionFailure(err)) throw err;
        });
    }
  }

  /**
   * Integration credits (spec 03 §9: one integration request costs 1), counted per app
   * owner per calendar month against the plan's allowance. Taken before the call with a
   * condition that keeps the count within the limit, given back when the call fails.
   */
  export async function chargeIntegration(owner: User, at = new Date()): Promise<void> {
    const limit = Tiers[owner.subscription_tier].monthly_integration_credits;
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.usageIntegrations(owner.id, monthOf(at)),
          UpdateExpression: "ADD used :one SET #m = :m",
          ConditionExpression: "attribute_not_exists(used) OR used < :limit",
          ExpressionAttributeNames: { "#m": "month" },
          ExpressionAttributeValues: { ":one": 1, ":limit": limit, ":m": monthOf(at) },
        }),
      );
    } catch (err) {
      if (isConditionFailure(err))
        throw new VisibleError("payment_required", `Out of integration credits: this app's owner has used all ${limit} integration credits of this month`);
      throw err;
    }
  }

  export async function refundIntegration(ownerId: string, chargedAt: Date): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.usageIntegrations(ownerId, monthOf(chargedAt)),
          UpdateExpression: "ADD used :neg",
          ConditionExpression: "used >= :one",
          ExpressionAttributeValues: { ":neg": -1, ":one": 1 },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  /** GET /usage-logs/current-integration-usage. */
  export async function integrationUsage(user: User, at = new Date()): Promise<IntegrationUsage> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.usageIntegrations(user.id, monthOf(at)), ConsistentRead: true }));
    return { usage: (Item?.used as number | undefined) ?? 0, limit: Tiers[user.subscription_tier].monthly_integration_credits };
  }

  /** Messages per day over the last `days` days, for the usage chart. */
  export async function byDate(userId: string, days = 30, at = new Date()) {
    const from = dayOf(new Date(at.getTime() - (days - 1) * 86_400_000));
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :p AND sk BETWEEN :a AND :b",
        ExpressionAttributeValues: { ":p": Keys.usagePartition(userId), ":a": `DAY#${from}`, ":b": `DAY#${dayOf(at)}` },
      }),
    );
    return Items.map((i) => ({ _id: i.day as string, total_messages: ((i.used_tenths as number) ?? 0) / 10 }));
  }
}
