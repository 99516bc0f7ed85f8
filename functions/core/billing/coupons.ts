import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { CouponCode, CouponRedeemed, CreateCouponBody } from "../../../schemas/billing";
import type { User } from "../../../schemas/user";
import { db, isConditionFailure, putNew, queryAll, table, transactWrite } from "../db";
import { VisibleError, notFound } from "../errors";
import { Grants } from "./grants";
import { Keys } from "../keys";

/**
 * Coupon codes (spec 03 §5, §7.2): an admin creates a code worth N messages for at most M
 * people, optionally only for one e-mail domain; each user redeems a code once. A redemption
 * is one transaction — the count under its maximum, the user's mark, the credit grant — so
 * however many people redeem at once, no more than M ever get the credits.
 */
export namespace Coupons {
  const toCoupon = (item: Record<string, unknown>): CouponCode => ({
    code: String(item.code),
    num_messages: Number(item.num_messages),
    max_number_of_people: Number(item.max_number_of_people),
    domain: (item.domain as string | null) ?? null,
    used_credits: Number(item.redeemed ?? 0),
    created_date: String(item.created_date),
  });

  export async function create(input: CreateCouponBody, by: User): Promise<CouponCode> {
    const now = new Date().toISOString();
    const item = {
      ...Keys.coupon(input.code),
      ...Keys.couponIndex(now, input.code),
      code: input.code,
      num_messages: input.num_messages,
      max_number_of_people: input.max_number_of_people,
      domain: input.domain,
      redeemed: 0,
      created_date: now,
      created_by: by.email,
    };
    try {
      await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: "attribute_not_exists(pk)" }));
    } catch (err) {
      if (isConditionFailure(err)) throw new VisibleError("conflict", `The code ${input.code} already exists`);
      throw err;
    }
    return toCoupon(item);
  }

  /** Every code, newest first (admins). */
  export async function list(): Promise<CouponCode[]> {
    const items = await queryAll({
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :p",
      ExpressionAttributeValues: { ":p": Keys.couponsPartition },
      ScanIndexForward: false,
    });
    // only coupon items carry this index entry; anything else there was planted and is not read
    return items.filter((item) => item.sk === "COUPON").map(toCoupon);
  }

  const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

  /** POST /api/credits/add-coupon-code/{code}. */
  export async function redeem(user: User, code: string): Promise<CouponRedeemed> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.coupon(code), ConsistentRead: true }));
    if (!Item || Item.sk !== "COUPON") throw notFound("This coupon code is not valid");
    const coupon = toCoupon(Item);
    if (coupon.domain && domainOf(user.email) !== coupon.domain) throw new VisibleError("forbidden", `This coupon code is only for @${coupon.domain} e-mail addresses`);
    const now = new Date();
    try {
      await transactWrite([
        {
          Update: {
            TableName: table(),
            Key: Keys.coupon(coupon.code),
            UpdateExpression: "ADD redeemed :one",
            ConditionExpression: "attribute_exists(pk) AND redeemed < max_number_of_people",
            ExpressionAttributeValues: { ":one": 1 },
          },
        },
        putNew({ ...Keys.couponRedemption(coupon.code, user.id), user_id: user.id, redeemed_date: now.toISOString() }),
        { Put: { TableName: table(), Item: Grants.item(user.id, { num_messages: coupon.num_messages, reason: `Coupon ${coupon.code}`, expires_date: null }, now) } },
      ]);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      throw await refusal(coupon.code, user.id);
    }
    return { num_messages: coupon.num_messages, message: `${coupon.num_messages} credits added to your account!` };
  }

  /** Why a redemption's transaction was refused, in the user's words. */
  async function refusal(code: string, userId: string): Promise<VisibleError> {
    const { Item: mine } = await db().send(new GetCommand({ TableName: table(), Key: Keys.couponRedemption(code, userId), ConsistentRead: true }));
    if (mine) return new VisibleError("conflict", "You have already used this coupon code");
    return new VisibleError("conflict", "This coupon code has reached its maximum number of uses");
  }
}
