import { PlanIdParam } from "../../schemas/billing";
import { Actor } from "../core/actor";
import { Billing } from "../core/billing/billing";
import { StripeEvents } from "../core/billing/stripe-events";
import { callGroup, parse } from "./group";

/** Spec 03 §7.1: plans, checkout, the payment portal, plan changes, and Stripe's webhook. */
export const { app, handler } = callGroup("billing", {
  async stats(c) {
    return c.json(await Billing.stats(Actor.user()));
  },

  async checkout(c) {
    return c.json(await Billing.checkout(Actor.user(), parse(PlanIdParam, c.req.param("planId"))));
  },

  async portal(c) {
    return c.json(await Billing.portal(Actor.user()));
  },

  async updateSubscription(c) {
    return c.json(await Billing.updateSubscription(Actor.user(), parse(PlanIdParam, c.req.param("planId"))));
  },

  async cancelSchedule(c) {
    await Billing.cancelSchedule(Actor.user());
    return c.json({ cancelled: true });
  },

  /** The signature is checked over the exact bytes Stripe sent, so the body is read raw. */
  async webhook(c) {
    const event = StripeEvents.verify(await c.req.text(), c.req.header("stripe-signature"));
    const handled = await StripeEvents.handle(event);
    return c.json({ received: true, duplicate: !handled });
  },
});
