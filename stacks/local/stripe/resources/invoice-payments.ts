import { newId } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { oneOf, text } from "../params.ts";
import { api, type Route } from "../route.ts";
import type { Entry, Store } from "../store.ts";
import { succeededPaymentIntent } from "./payment-intents.ts";

/**
 * A paid invoice's card payment, as Stripe records it since invoices lost `payment_intent`: an
 * `invoice_payment` naming the succeeded payment intent, which is what a refund is made against.
 */
export function recordInvoicePayment(store: Store, invoice: Entry): Entry {
  const obj = invoice.obj;
  const intent = succeededPaymentIntent(store, invoice.account, {
    amount: obj.amount_paid,
    currency: obj.currency,
    customer: obj.customer,
    email: obj.customer_email ?? "",
    data: { description: obj.number ? `Invoice ${obj.number}` : undefined, metadata: {} },
  });
  const now = nowSeconds();
  return store.insert("invoice_payment", invoice.account, {
    id: newId("inpay"),
    object: "invoice_payment",
    amount_paid: obj.amount_paid,
    amount_requested: obj.amount_paid,
    created: now,
    currency: obj.currency,
    invoice: obj.id,
    is_default: true,
    livemode: false,
    payment: { payment_intent: intent.obj.id, type: "payment_intent" },
    status: "paid",
    status_transitions: { canceled_at: null, paid_at: now },
  });
}

export const invoicePaymentRoutes: Route[] = [
  api("GET", "/v1/invoice_payments/:id", (ctx) => ctx.store.view(ctx.store.find("invoice_payment", ctx.path.id, ctx.account).obj.id)),
  api("GET", "/v1/invoice_payments", (ctx) => {
    const p = ctx.params;
    const invoice = text(p, "invoice");
    const status = oneOf(p, "status", ["canceled", "open", "paid"] as const);
    const entries = ctx.store.all("invoice_payment", ctx.account, (e) => (!invoice || e.obj.invoice === invoice) && (!status || e.obj.status === status));
    return page(ctx.store, entries, p, "/v1/invoice_payments");
  }),
];
