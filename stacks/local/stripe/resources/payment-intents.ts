import { newId, randomChars } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { api, type Route } from "../route.ts";
import type { Entry, Store } from "../store.ts";

/** A payment intent that succeeded (Checkout in payment mode); `payment_intent_data` supplies its metadata and fee. */
export function succeededPaymentIntent(store: Store, account: string | null, input: { amount: number; currency: string; customer: string | null; email: string; data: Record<string, any> }): Entry {
  const id = newId("pi");
  const fee = Number(input.data.application_fee_amount);
  return store.insert("payment_intent", account, {
    id,
    object: "payment_intent",
    amount: input.amount,
    amount_capturable: 0,
    amount_received: input.amount,
    application: null,
    application_fee_amount: Number.isInteger(fee) ? fee : null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic_async",
    client_secret: `${id}_secret_${randomChars(24)}`,
    confirmation_method: "automatic",
    created: nowSeconds(),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: typeof input.data.description === "string" ? input.data.description : null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: typeof input.data.metadata === "object" ? input.data.metadata : {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    processing: null,
    receipt_email: input.email,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: "succeeded",
    transfer_data: null,
    transfer_group: null,
  });
}

export const paymentIntentRoutes: Route[] = [
  api("GET", "/v1/payment_intents/:id", (ctx) => ctx.store.view(ctx.store.find("payment_intent", ctx.path.id, ctx.account).obj.id)),
];
