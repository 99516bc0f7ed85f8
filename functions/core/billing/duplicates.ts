import { type Stripe, stripe } from "./stripe";

/**
 * A second live subscription of a user who already has one (two checkouts paid at once): it is
 * refunded in full and ended, so nobody pays for two plans and gets one. Every step is safe to
 * repeat, since a webhook may run this again after a failure half-way.
 */
export namespace DuplicateSubscriptions {
  /** Refund every paid invoice of `subscription`, then cancel it now. */
  export async function refundAndCancel(subscription: Stripe.Subscription, keptId: string): Promise<void> {
    console.warn(`[billing] subscription ${subscription.id} duplicates ${keptId}: refunding and cancelling it`);
    for await (const invoice of stripe().invoices.list({ subscription: subscription.id, status: "paid", limit: 100 })) {
      if (!invoice.id || invoice.amount_paid <= 0) continue;
      for await (const payment of stripe().invoicePayments.list({ invoice: invoice.id, status: "paid", limit: 100 })) {
        const intent = payment.payment.payment_intent;
        if (intent) await refund(typeof intent === "string" ? intent : intent.id, subscription.id, keptId);
      }
    }
    await cancel(subscription.id);
  }

  async function refund(paymentIntent: string, subscriptionId: string, keptId: string): Promise<void> {
    try {
      await stripe().refunds.create(
        { payment_intent: paymentIntent, reason: "duplicate", metadata: { kiln_duplicate_of: keptId, kiln_subscription: subscriptionId } },
        { idempotencyKey: `kiln-refund-duplicate-${paymentIntent}` },
      );
    } catch (err) {
      // refunded already (an earlier delivery got this far): nothing is left to give back
      if ((err as { code?: string }).code !== "charge_already_refunded") throw err;
    }
  }

  async function cancel(subscriptionId: string): Promise<void> {
    try {
      await stripe().subscriptions.cancel(subscriptionId, { prorate: false });
    } catch (err) {
      const now = await stripe().subscriptions.retrieve(subscriptionId);
      if (now.status !== "canceled" && now.status !== "incomplete_expired") throw err;
    }
  }
}
