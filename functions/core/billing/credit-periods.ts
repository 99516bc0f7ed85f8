import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { addMonths } from "date-fns";
import { db, isConditionFailure, queryAll, table } from "../db";
import { Keys } from "../keys";

/** A user's credit period: plan credits are counted from `start` until `next` (exclusive). */
export interface CreditPeriod {
  start: string;
  next: string;
  /** "subscription": Stripe's billing period sets it; "monthly": Kiln rolls it a month at a time */
  source: "subscription" | "monthly";
}

/**
 * Credit periods follow the subscription (spec 03 §3 current_credit_period_start_date …):
 * a paid plan's period is its Stripe billing period, set by the webhooks; without one a
 * period lasts a calendar month from its start. The roll job (functions/cron/schedule.ts) starts the
 * next period of every user whose period has ended, so the index only lists current ones.
 */
export namespace CreditPeriods {
  /** The period `at` falls in, continuing `from` a month at a time. */
  export function rolled(from: CreditPeriod, at: Date): CreditPeriod {
    let { start, next } = from;
    while (new Date(next).getTime() <= at.getTime()) {
      start = next;
      next = addMonths(new Date(start), 1).toISOString();
    }
    return { start, next, source: start === from.start ? from.source : "monthly" };
  }

  /** A new user's first period starts now. */
  const first = (at: Date): CreditPeriod => ({ start: at.toISOString(), next: addMonths(at, 1).toISOString(), source: "monthly" });

  async function read(userId: string): Promise<(CreditPeriod & { version: number }) | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.creditPeriod(userId), ConsistentRead: true }));
    return Item ? { start: Item.start, next: Item.next, source: Item.source, version: Item.version ?? 0 } : undefined;
  }

  /**
   * Store `period` unless someone else changed the item since it was read at `version`
   * (0: it did not exist). Answers false when the condition failed.
   */
  async function write(userId: string, period: CreditPeriod, version: number): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...Keys.creditPeriod(userId), ...Keys.creditPeriodIndex(period.next, userId), user_id: userId, ...period, version: version + 1 },
          ConditionExpression: version === 0 ? "attribute_not_exists(pk)" : "version = :v",
          ExpressionAttributeValues: version === 0 ? undefined : { ":v": version },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  /** The period `at` falls in, started or rolled on the way when it was missing or over. */
  export async function current(userId: string, at = new Date()): Promise<CreditPeriod> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await read(userId);
      const period = stored ? rolled(stored, at) : first(at);
      if (stored && period.start === stored.start) return { start: stored.start, next: stored.next, source: stored.source };
      if (await write(userId, period, stored?.version ?? 0)) return period;
    }
    // three writers raced: the stored period is as current as anyone's
    const stored = await read(userId);
    return stored ? rolled(stored, at) : first(at);
  }

  /** A subscription's billing period (from a webhook): it becomes the credit period. */
  export async function follow(userId: string, start: Date, next: Date): Promise<CreditPeriod> {
    const period: CreditPeriod = { start: start.toISOString(), next: next.toISOString(), source: "subscription" };
    for (let attempt = 0; attempt < 5; attempt++) {
      const stored = await read(userId);
      if (stored && stored.start === period.start && stored.next === period.next) return period;
      // an older delivery of the same subscription cannot take the period back
      if (stored && stored.source === "subscription" && new Date(stored.start) > start) return stored;
      if (await write(userId, period, stored?.version ?? 0)) return period;
    }
    throw new Error(`the credit period of ${userId} kept changing`);
  }

  /** A subscription ended: the current period continues monthly from its start. */
  export async function detach(userId: string, at = new Date()): Promise<void> {
    const stored = await read(userId);
    if (!stored || stored.source === "monthly") return;
    await write(userId, rolled({ ...stored, source: "monthly" }, at), stored.version);
  }

  /** The roll job: start the next period of every user whose period ended before `at`. */
  export async function rollEnded(at = new Date()): Promise<number> {
    const ended = await queryAll({
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :p AND gsi1sk <= :at",
      ExpressionAttributeValues: { ":p": Keys.creditPeriodsPartition, ":at": `${at.toISOString()}#~` },
    });
    let rolledCount = 0;
    for (const item of ended) {
      if (item.sk !== "PERIOD" || typeof item.user_id !== "string") continue;
      const period = await current(item.user_id, at);
      if (period.start !== String(item.start)) rolledCount++;
    }
    return rolledCount;
  }

  /** The dates the usage view shows: the period's last moment is just before the next one starts. */
  export function dates(period: CreditPeriod) {
    return {
      current_credit_period_start_date: period.start,
      current_credit_period_end_date: new Date(new Date(period.next).getTime() - 1).toISOString(),
      next_period_start_date: period.next,
    };
  }
}
