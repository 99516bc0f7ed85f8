import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Charge, CurrentUsage, IntegrationUsage, UsageByDate } from "../../../schemas/usage";
import type { User } from "../../../schemas/user";
import { type CreditPeriod, CreditPeriods } from "./credit-periods";
import { db, isConditionFailure, table } from "../db";
import { VisibleError } from "../errors";
import { Grants, tenths } from "./grants";
import { Keys } from "../keys";
import { PlatformStats } from "../logs/platform-stats";
import { type PlanLimits, Plans } from "./plans";

/**
 * Message and integration credits. Usage is counted in tenths on one item per user
 * per day and per credit period; a charge is one transaction whose conditions keep
 * both under the plan's limits, so two tabs cannot overspend. Once the plan's credits
 * are used up, the same transaction takes the message from an extra-credit grant.
 */
export namespace Credits {
  export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

  /** A subscription whose payment failed (past due, or unpaid once Stripe's retries ran out) is held to the Free plan's limits until it is paid (spec 03 §4). */
  export const isPastDue = (user: User) => user.stripe_subscription_status === "past_due" || user.stripe_subscription_status === "unpaid";
  export const limitsFor = (user: User): Promise<PlanLimits> => Plans.limits(isPastDue(user) ? "free" : user.subscription_tier);

  async function used(key: { pk: string; sk: string }, attribute = "used_tenths"): Promise<number> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
    return (Item?.[attribute] as number | undefined) ?? 0;
  }

  export async function current(user: User, at = new Date()): Promise<CurrentUsage> {
    const period = await CreditPeriods.current(user.id, at);
    const [limits, day, month, extra, byDate] = await Promise.all([
      limitsFor(user),
      used(Keys.usageDay(user.id, dayOf(at))),
      used(Keys.usagePeriod(user.id, period.start)),
      Grants.balance(user.id, at),
      usageByDate(user.id, period, at),
    ]);
    const daily_usage = day / 10;
    const monthly_usage = month / 10;
    const planSpent = daily_usage >= limits.daily_messages || monthly_usage >= limits.monthly_messages;
    return {
      tier: user.subscription_tier,
      past_due: isPastDue(user),
      // over the limit only when the plan's credits are spent and no extra credit is left to pay a message
      is_over_limit: planSpent && extra < 1,
      daily_usage,
      daily_limit: limits.daily_messages,
      monthly_usage,
      monthly_limit: limits.monthly_messages,
      extra_credits: extra,
      ...CreditPeriods.dates(period),
      usage_by_date: byDate,
    };
  }

  const counter = (key: { pk: string; sk: string }, cost: number, set: Record<string, string>, limit?: number) => ({
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: "ADD used_tenths :c SET " + Object.keys(set).map((k) => `#${k} = :${k}`).join(", "),
      ...(limit === undefined ? {} : { ConditionExpression: "attribute_not_exists(used_tenths) OR used_tenths <= :room" }),
      ExpressionAttributeNames: Object.fromEntries(Object.keys(set).map((k) => [`#${k}`, k])),
      ExpressionAttributeValues: {
        ":c": cost,
        ...(limit === undefined ? {} : { ":room": tenths(limit) - cost }),
        ...Object.fromEntries(Object.entries(set).map(([k, v]) => [`:${k}`, v])),
      },
    },
  });

  /**
   * Take `credits` for a message: from the plan's allowance of the day and period, else from
   * the soonest-expiring extra-credit grant; or refuse with "Out of credits" (402).
   */
  export async function charge(user: User, credits: number, at = new Date()): Promise<Charge | null> {
    if (credits <= 0) return null;
    const cost = tenths(credits);
    const [period, limits] = await Promise.all([CreditPeriods.current(user.id, at), limitsFor(user)]);
    const day = Keys.usageDay(user.id, dayOf(at));
    const month = Keys.usagePeriod(user.id, period.start);
    const stamp = { day: { day: dayOf(at) }, month: { period_start: period.start } };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [counter(day, cost, stamp.day, limits.daily_messages), counter(month, cost, stamp.month, limits.monthly_messages), ...PlatformStats.messageItems(user.id, at, 1)],
        }),
      );
      return { credits, at: at.toISOString(), period_start: period.start, grant_id: null };
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    // The plan's credits are spent: a grant pays, and the message still counts in the day's and period's usage.
    for (const grant of await Grants.spendable(user.id, at)) {
      if (grant.remaining_tenths < cost) continue;
      try {
        await db().send(new TransactWriteCommand({ TransactItems: [counter(day, cost, stamp.day), counter(month, cost, stamp.month), Grants.spendItem(user.id, grant.id, cost, at), ...PlatformStats.messageItems(user.id, at, 1)] }));
        return { credits, at: at.toISOString(), period_start: period.start, grant_id: grant.id };
      } catch (err) {
        // another tab spent this grant meanwhile: try the next one
        if (!isConditionFailure(err)) throw err;
      }
    }
    throw new VisibleError("payment_required", "Out of credits");
  }

  /** The transaction items that give a charge back: the day's and period's counters, and the grant that paid. */
  export function refundItems(userId: string, charge: Charge) {
    const cost = tenths(charge.credits);
    const back = (key: { pk: string; sk: string }) => ({
      Update: {
        TableName: table(),
        Key: key,
        UpdateExpression: "ADD used_tenths :neg",
        ConditionExpression: "used_tenths >= :c",
        ExpressionAttributeValues: { ":neg": -cost, ":c": cost },
      },
    });
    const items: object[] = [back(Keys.usageDay(userId, dayOf(new Date(charge.at)))), back(Keys.usagePeriod(userId, charge.period_start)), ...PlatformStats.messageItems(userId, new Date(charge.at), -1)];
    if (charge.grant_id) items.push(Grants.refundItem(userId, charge.grant_id, cost));
    return items;
  }

  /** Give back a charge for a turn that never ran or changed nothing. */
  export async function refund(userId: string, charge: Charge | null): Promise<void> {
    if (!charge) return;
    try {
      await db().send(new TransactWriteCommand({ TransactItems: refundItems(userId, charge) as never }));
    } catch (err) {
      // already given back, or the grant was deleted by an admin meanwhile: nothing to return to
      if (!isConditionFailure(err)) throw err;
    }
  }

  /**
   * Integration credits (spec 03 §9: one integration request costs 1), counted per app
   * owner per credit period against the plan's allowance. Taken before the call with a
   * condition that keeps the count within the limit, given back when the call fails.
   */
  export async function chargeIntegration(owner: User, at = new Date()): Promise<CreditPeriod> {
    const [period, limits] = await Promise.all([CreditPeriods.current(owner.id, at), limitsFor(owner)]);
    const limit = limits.monthly_integration_credits;
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.usageIntegrations(owner.id, period.start),
          UpdateExpression: "ADD used :one SET #p = :p",
          ConditionExpression: "attribute_not_exists(used) OR used < :limit",
          ExpressionAttributeNames: { "#p": "period_start" },
          ExpressionAttributeValues: { ":one": 1, ":limit": limit, ":p": period.start },
        }),
      );
      return period;
    } catch (err) {
      if (isConditionFailure(err))
        throw new VisibleError("payment_required", `Out of integration credits: this app's owner has used all ${limit} integration credits of this month`);
      throw err;
    }
  }

  export async function refundIntegration(ownerId: string, period: CreditPeriod): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.usageIntegrations(ownerId, period.start),
          UpdateExpression: "ADD used :neg",
          ConditionExpression: "used >= :one",
          ExpressionAttributeValues: { ":neg": -1, ":one": 1 },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  /** GET /api/usage-logs/current-integration-usage. */
  export async function integrationUsage(user: User, at = new Date()): Promise<IntegrationUsage> {
    const period = await CreditPeriods.current(user.id, at);
    const [usage, limits] = await Promise.all([used(Keys.usageIntegrations(user.id, period.start), "used"), limitsFor(user)]);
    return { usage, limit: limits.monthly_integration_credits };
  }

  /** Messages per day between two dates (inclusive, YYYY-MM-DD), days without any left out. */
  export async function byDate(userId: string, from: string, to: string): Promise<UsageByDate> {
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :p AND sk BETWEEN :a AND :b",
        ExpressionAttributeValues: { ":p": Keys.usagePartition(userId), ":a": `DAY#${from}`, ":b": `DAY#${to}` },
      }),
    );
    return Items.map((i) => ({ _id: i.day as string, total_messages: ((i.used_tenths as number) ?? 0) / 10 }));
  }

  /** The usage chart's days: the current credit period, and at least the last 30 days. */
  export function usageByDate(userId: string, period: CreditPeriod, at = new Date()): Promise<UsageByDate> {
    const monthAgo = dayOf(new Date(at.getTime() - 29 * 86_400_000));
    const start = dayOf(new Date(period.start));
    return byDate(userId, start < monthAgo ? start : monthAgo, dayOf(at));
  }
}
