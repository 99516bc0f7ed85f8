import { DeleteCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Billing } from "./billing";
import { Config } from "../config";
import { db, isConditionFailure, table } from "../db";
import { VisibleError } from "../errors";
import { Keys } from "../keys";
import { Plans } from "./plans";
import { type Stripe, stripe } from "./stripe";
import { Users } from "../identity/users";

/** How long an event id is remembered: far beyond Stripe's three days of retries. */
const REMEMBER_SECONDS = 30 * 24 * 3600;
/** A claim older than this belongs to a delivery that died mid-way: the next one may take over. */
const STALE_CLAIM_MS = 5 * 60_000;

const ref = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/**
 * Stripe's webhook deliveries (POST /api/billing/webhook): verified with the SDK's signature
 * check, handled once per event id, and acted on by reading the object's current state
 * back from Stripe (Billing.sync), so a late or repeated delivery cannot roll a plan back.
 */
export namespace StripeEvents {
  export function verify(payload: string, signature: string | undefined): Stripe.Event {
    if (!signature) throw new VisibleError("input", "Missing Stripe-Signature header");
    try {
      return stripe().webhooks.constructEvent(payload, signature, Config.stripe.webhookSecret);
    } catch {
      throw new VisibleError("input", "Invalid Stripe signature");
    }
  }

  /** Take the event for this delivery; false when it was handled already or is being handled now. */
  async function claim(eventId: string): Promise<boolean> {
    const now = Date.now();
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...Keys.stripeEvent(eventId), state: "processing", claimed_at: now, ttl: Math.floor(now / 1000) + REMEMBER_SECONDS },
          ConditionExpression: "attribute_not_exists(pk) OR (#s = :processing AND claimed_at < :stale)",
          ExpressionAttributeNames: { "#s": "state" },
          ExpressionAttributeValues: { ":processing": "processing", ":stale": now - STALE_CLAIM_MS },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  async function done(eventId: string): Promise<void> {
    await db().send(new UpdateCommand({ TableName: table(), Key: Keys.stripeEvent(eventId), UpdateExpression: "SET #s = :done", ExpressionAttributeNames: { "#s": "state" }, ExpressionAttributeValues: { ":done": "done" } }));
  }

  /** Handle a verified event once. Answers whether this delivery did the work (false: a duplicate). */
  export async function handle(event: Stripe.Event): Promise<boolean> {
    if (!(await claim(event.id))) return false;
    try {
      await act(event);
    } catch (err) {
      // let Stripe's retry have it: the claim goes, so the next delivery runs it again
      await db().send(new DeleteCommand({ TableName: table(), Key: Keys.stripeEvent(event.id) })).catch(() => undefined);
      throw err;
    }
    await done(event.id);
    return true;
  }

  async function act(event: Stripe.Event): Promise<void> {
    // Connect events (a generated app's connected account) are not the platform's billing
    if (event.account) return;
    const object = event.data.object as unknown as Record<string, unknown>;
    switch (true) {
      case event.type === "checkout.session.completed": {
        const session = event.data.object as Stripe.Checkout.Session;
        if (session.mode !== "subscription" || !session.subscription) return;
        const userId = session.client_reference_id ?? session.metadata?.kiln_user_id;
        const customer = ref(session.customer);
        if (userId && customer && (await Users.get(userId))) await Users.linkStripeCustomer(userId, customer);
        await Billing.sync(ref(session.subscription)!);
        return;
      }
      case event.type.startsWith("customer.subscription."):
        await Billing.sync(String(object.id));
        return;
      case event.type.startsWith("subscription_schedule."): {
        const subscription = ref(object.subscription as string | null) ?? ref((object.released_subscription as string | null) ?? null);
        if (subscription) await Billing.sync(subscription);
        return;
      }
      case event.type === "invoice.paid" || event.type === "invoice.payment_failed": {
        const invoice = event.data.object as Stripe.Invoice;
        const subscription = ref(invoice.parent?.subscription_details?.subscription ?? null);
        if (subscription) await Billing.sync(subscription);
        return;
      }
      case event.type.startsWith("price.") || event.type.startsWith("product."):
        Plans.invalidate();
        return;
      default:
        return;
    }
  }
}
