import { randomInt } from "node:crypto";
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { SubscriptionTier } from "../../../schemas/user";
import { db, isConditionFailure, table } from "../db";
import { APP_VISIT_SHARDS, Keys } from "../keys";

/**
 * The platform's aggregates for the admin portal (spec 03 §2.3, §2.4), each written where
 * the thing it counts happens — a sign-up, a plan change, a charged message, a model call, a
 * visit — so no page ever scans the table. Reads live in platform-reports.ts.
 */
export namespace PlatformStats {
  const dayOf = (at: Date) => at.toISOString().slice(0, 10);
  /** A visitor marker only has to outlive the trending window (7 days). */
  const VISITOR_TTL_S = 8 * 86_400;

  const add = (key: { pk: string; sk: string }, attribute: string, by: number, set: Record<string, string> = {}) => ({
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: `ADD #a :by` + (Object.keys(set).length ? ` SET ${Object.keys(set).map((k) => `#${k} = :${k}`).join(", ")}` : ""),
      ExpressionAttributeNames: { "#a": attribute, ...Object.fromEntries(Object.keys(set).map((k) => [`#${k}`, k])) },
      ExpressionAttributeValues: { ":by": by, ...Object.fromEntries(Object.entries(set).map(([k, v]) => [`:${k}`, v])) },
    },
  });

  /** Transaction items that count a new user: the total and the day's sign-ups (written with the user). */
  export function userCreatedItems(createdDate: string) {
    const day = createdDate.slice(0, 10);
    return [add(Keys.platformTotal("USERS"), "count", 1), add(Keys.platformDay("NEWUSERS", day), "count", 1, { day })];
  }

  /** A user's tier changed: the paying count follows (paying means any tier but free). */
  export async function tierChanged(before: SubscriptionTier, after: SubscriptionTier): Promise<void> {
    const delta = Number(after !== "free") - Number(before !== "free");
    if (!delta) return;
    await db().send(new UpdateCommand({ ...add(Keys.platformTotal("PAYING"), "count", delta).Update }));
  }

  /** The year, month and day buckets a message is counted in, so any date range reads few partitions. */
  export const buckets = (day: string) => [`Y${day.slice(0, 4)}`, `M${day.slice(0, 7)}`, `D${day}`];

  /**
   * Transaction items that count one message (`by` 1) or take it back (`by` -1), written in the
   * same transaction as the charge or its refund: the platform's day and the user's top-users rows.
   */
  export function messageItems(userId: string, at: Date, by: 1 | -1) {
    const day = dayOf(at);
    return [
      add(Keys.platformDay("MSGS", day), "messages", by, { day }),
      ...buckets(day).map((bucket) => add(Keys.userMessages(bucket, userId), "messages", by, { user_id: userId })),
    ];
  }

  /** Tokens a model call really used, per user and app and day. */
  export async function tokensUsed(userId: string, appId: string, tokens: number, at = new Date()): Promise<void> {
    if (!(tokens > 0)) return;
    const key = Keys.userTokens(dayOf(at), userId, appId);
    await db().send(new UpdateCommand({ ...add(key, "total_tokens", tokens, { user_id: userId, app_id: appId }).Update }));
  }

  /**
   * A visit to an app: the day's visits, and its distinct visitors (`user` is an e-mail or `anon:{id}`; null counts no visitor),
   * added to one of the day's shards at random (trendingApps sums them).
   */
  export async function visited(appId: string, user: string | null, at = new Date()): Promise<void> {
    const day = dayOf(at);
    let firstToday = false;
    if (user) {
      try {
        await db().send(
          new PutCommand({
            TableName: table(),
            Item: { ...Keys.appVisitor(day, appId, user), ttl: Math.floor(at.getTime() / 1000) + VISITOR_TTL_S },
            ConditionExpression: "attribute_not_exists(pk)",
          }),
        );
        firstToday = true;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    const item = add(Keys.appVisits(day, appId, randomInt(APP_VISIT_SHARDS)), "total_visits", 1, { app_id: appId }).Update;
    await db().send(
      new UpdateCommand({
        ...item,
        UpdateExpression: item.UpdateExpression.replace("ADD #a :by", "ADD #a :by, unique_users :u"),
        ExpressionAttributeValues: { ...item.ExpressionAttributeValues, ":u": firstToday ? 1 : 0 },
      }),
    );
  }
}
