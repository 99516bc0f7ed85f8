import { AddBonusCreditsBody, CouponCodeText, CreateCouponBody } from "../../schemas/billing";
import { Actor } from "../core/actor";
import { Coupons } from "../core/billing/coupons";
import { notFound } from "../core/errors";
import { Grants } from "../core/billing/grants";
import { Users } from "../core/identity/users";
import { body, callGroup, parse } from "./group";

/** Spec 03 §7.2: coupon codes (users redeem, admins create and list) and admins' bonus credits. */
export const { app, handler } = callGroup("credits", {
  async redeemCoupon(c) {
    return c.json(await Coupons.redeem(Actor.user(), parse(CouponCodeText, c.req.param("code"))));
  },

  async listCoupons(c) {
    return c.json(await Coupons.list());
  },

  async createCoupon(c) {
    return c.json(await Coupons.create(await body(c, CreateCouponBody), Actor.user()));
  },

  async addBonus(c) {
    const input = await body(c, AddBonusCreditsBody);
    if (!(await Users.get(input.user_id))) throw notFound("User not found");
    const { remaining_tenths: _, ...grant } = await Grants.add(input.user_id, { num_messages: input.num_messages, reason: input.reason, expires_date: input.expires_date });
    return c.json(grant);
  },

  async listBonus(c) {
    const user = await Users.mustGet(c.req.param("id")!);
    return c.json((await Grants.list(user.id)).map(({ remaining_tenths: _, ...grant }) => grant));
  },

  async removeBonus(c) {
    const user = await Users.mustGet(c.req.param("id")!);
    await Grants.remove(user.id, c.req.param("bonusId")!);
    return c.json({ deleted: true });
  },
});
