import { randomUUID } from "node:crypto";
import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { db, isConditionFailure, table } from "../db";
import { VisibleError } from "../errors";
import { Keys } from "../keys";

/** Longer than the Stripe client can take (20 s a call, two retries): a lock outlives only a request that died. */
const LEASE_MS = 90_000;
const RETRY_MS = 100;

/** What the loser of two billing changes at once is told. */
export const BUSY_MESSAGE = "Another change to your plan is in progress. Please wait for it to finish, then try again.";

/**
 * One billing change per user at a time (a checkout or a plan change): a lock item taken with a
 * conditional write, so two tabs or a double click cannot both ask Stripe for a subscription.
 */
export namespace BillingLock {
  async function take(userId: string, token: string): Promise<boolean> {
    const now = Date.now();
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...Keys.billingLock(userId), token, held_until: now + LEASE_MS, ttl: Math.floor((now + LEASE_MS) / 1000) + 3600 },
          ConditionExpression: "attribute_not_exists(pk) OR held_until < :now",
          ExpressionAttributeValues: { ":now": now },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async function release(userId: string, token: string): Promise<void> {
    try {
      await db().send(new DeleteCommand({ TableName: table(), Key: Keys.billingLock(userId), ConditionExpression: "#t = :token", ExpressionAttributeNames: { "#t": "token" }, ExpressionAttributeValues: { ":token": token } }));
    } catch (err) {
      // a lease that ran out was taken over: the other holder releases it
      if (!isConditionFailure(err)) throw err;
    }
  }

  /**
   * Run `work` holding the user's lock. Taken: wait up to `waitMs` for it (checkout, where the second
   * tab should get the first tab's page), then 409 with BUSY_MESSAGE.
   */
  export async function hold<T>(userId: string, work: () => Promise<T>, waitMs = 0): Promise<T> {
    const token = randomUUID();
    const until = Date.now() + waitMs;
    while (!(await take(userId, token))) {
      if (Date.now() >= until) throw new VisibleError("conflict", BUSY_MESSAGE);
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
    try {
      return await work();
    } finally {
      await release(userId, token);
    }
  }
}
