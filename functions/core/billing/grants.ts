import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type { BonusCredit } from "../../../schemas/billing";
import { db, isConditionFailure, queryAll, table } from "../db";
import { notFound } from "../errors";
import { Keys } from "../keys";

/** Credits are counted in tenths: discussion mode costs 0.3. */
export const tenths = (credits: number) => Math.round(credits * 10);

/**
 * Extra credits (spec 03 §3 Bonus credit): granted by an admin (with a reason and an
 * optional expiry), a coupon or a reward, and spent only once the plan's credits of
 * the day or period are used up — the soonest-expiring grant first.
 */
export namespace Grants {
  export interface Grant extends BonusCredit {
    remaining_tenths: number;
  }

  const toGrant = (item: Record<string, unknown>): Grant => ({
    id: String(item.id),
    num_messages: Number(item.num_messages),
    remaining: Number(item.remaining_tenths) / 10,
    remaining_tenths: Number(item.remaining_tenths),
    reason: String(item.reason),
    created_date: String(item.created_date),
    expires_date: (item.expires_date as string | null) ?? null,
  });

  /** The item a new grant is stored as (also put inside a coupon redemption's transaction). */
  export function item(userId: string, grant: { num_messages: number; reason: string; expires_date: string | null }, at = new Date()) {
    const id = ulid().toLowerCase();
    return {
      ...Keys.grant(userId, id),
      id,
      user_id: userId,
      num_messages: grant.num_messages,
      remaining_tenths: tenths(grant.num_messages),
      reason: grant.reason,
      created_date: at.toISOString(),
      expires_date: grant.expires_date,
    };
  }

  export async function add(userId: string, grant: { num_messages: number; reason: string; expires_date: string | null }): Promise<Grant> {
    const stored = item(userId, grant);
    await db().send(new PutCommand({ TableName: table(), Item: stored, ConditionExpression: "attribute_not_exists(pk)" }));
    return toGrant(stored);
  }

  /** Every grant of a user, newest first (the admin portal's list). */
  export async function list(userId: string): Promise<Grant[]> {
    const { pk, skPrefix } = Keys.grants(userId);
    const items = await queryAll({
      KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
      ExpressionAttributeValues: { ":p": pk, ":s": skPrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    });
    return items.map(toGrant);
  }

  const live = (grant: Grant, at: Date) => !grant.expires_date || new Date(grant.expires_date) > at;

  /** Grants that can still pay, soonest expiry first (never-expiring last, oldest first among equals). */
  export async function spendable(userId: string, at = new Date()): Promise<Grant[]> {
    const grants = (await list(userId)).filter((g) => g.remaining_tenths > 0 && live(g, at));
    return grants.sort((a, b) => (a.expires_date ?? "~").localeCompare(b.expires_date ?? "~") || a.id.localeCompare(b.id));
  }

  /** Extra credits a user has now. */
  export async function balance(userId: string, at = new Date()): Promise<number> {
    return (await spendable(userId, at)).reduce((sum, g) => sum + g.remaining_tenths, 0) / 10;
  }

  /** The transaction item that takes `cost` tenths from a grant, only while it has them and has not expired. */
  export function spendItem(userId: string, grantId: string, cost: number, at: Date) {
    return {
      Update: {
        TableName: table(),
        Key: Keys.grant(userId, grantId),
        UpdateExpression: "ADD remaining_tenths :neg",
        ConditionExpression: "remaining_tenths >= :c AND (attribute_type(expires_date, :null) OR expires_date > :now)",
        ExpressionAttributeValues: { ":neg": -cost, ":c": cost, ":null": "NULL", ":now": at.toISOString() },
      },
    };
  }

  /** The transaction item that gives `cost` tenths back to a grant (if it still exists). */
  export function refundItem(userId: string, grantId: string, cost: number) {
    return {
      Update: {
        TableName: table(),
        Key: Keys.grant(userId, grantId),
        UpdateExpression: "ADD remaining_tenths :c",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":c": cost },
      },
    };
  }

  export async function remove(userId: string, grantId: string): Promise<void> {
    try {
      await db().send(new DeleteCommand({ TableName: table(), Key: Keys.grant(userId, grantId), ConditionExpression: "attribute_exists(pk)" }));
    } catch (err) {
      if (isConditionFailure(err)) throw notFound("Bonus credit not found");
      throw err;
    }
  }
}
