import { newId } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { oneOf, text } from "../params.ts";
import { api, type Route } from "../route.ts";
import type { Entry, Store, StripeObject } from "../store.ts";
import { recordInvoicePayment } from "./invoice-payments.ts";

export interface LineInput {
  amount: number;
  description: string;
  price: StripeObject;
  quantity: number;
  period: { start: number; end: number };
  proration: boolean;
  subscriptionItem: string | null;
}

export interface InvoiceInput {
  customer: Entry;
  subscription: Entry | null;
  lines: LineInput[];
  billingReason: "subscription_create" | "subscription_cycle" | "subscription_update" | "manual";
  period: { start: number; end: number };
}

/** A finalized (open) invoice; the customer's credit balance pays what it can, as in Stripe. */
export function createInvoice(store: Store, input: InvoiceInput): Entry {
  const { customer, subscription } = input;
  const id = newId("in");
  const now = nowSeconds();
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  const startingBalance = customer.obj.balance as number;
  const amountDue = Math.max(0, total + startingBalance);
  const endingBalance = Math.min(0, total + startingBalance);
  const number = `${customer.obj.invoice_prefix}-${String(customer.obj.next_invoice_sequence).padStart(4, "0")}`;
  customer.obj.next_invoice_sequence += 1;
  customer.obj.balance = endingBalance;
  const subId = subscription?.obj.id ?? null;
  return store.insert(
    "invoice",
    customer.account,
    {
      id,
      object: "invoice",
      account_country: "US",
      account_name: "Stripe stand-in",
      account_tax_ids: null,
      amount_due: amountDue,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: amountDue,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: amountDue > 0,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: input.billingReason,
      collection_method: "charge_automatically",
      created: now,
      currency: input.lines[0]?.price.currency ?? "usd",
      custom_fields: null,
      customer: customer.obj.id,
      customer_account: null,
      customer_address: null,
      customer_email: customer.obj.email,
      customer_name: customer.obj.name,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: "none",
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: now,
      ending_balance: endingBalance,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: "self" },
      last_finalization_error: null,
      latest_revision: null,
      lines: { object: "list", data: input.lines.map((line) => lineItem(id, subId, line)), has_more: false, url: `/v1/invoices/${id}/lines` },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number,
      on_behalf_of: null,
      parent: subscription
        ? { quote_details: null, subscription_details: { metadata: subscription.obj.metadata, subscription: subId }, type: "subscription_details" }
        : null,
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: input.period.end,
      period_start: input.period.start,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: startingBalance,
      statement_descriptor: null,
      status: "open",
      status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: null, voided_at: null },
      subtotal: total,
      subtotal_excluding_tax: total,
      test_clock: null,
      total,
      total_discount_amounts: [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    },
    { subscription: subId },
  );
}

function lineItem(invoice: string, subscription: string | null, line: LineInput): StripeObject {
  return {
    id: newId("il"),
    object: "line_item",
    amount: line.amount,
    currency: line.price.currency,
    description: line.description,
    discount_amounts: [],
    discountable: !line.proration,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: line.proration ? newId("ii") : null,
        proration: line.proration,
        proration_details: { credited_items: null },
        subscription,
        subscription_item: line.subscriptionItem,
      },
      type: "subscription_item_details",
    },
    period: line.period,
    pretax_credit_amounts: [],
    pricing: { price_details: { price: line.price.id, product: line.price.product }, type: "price_details", unit_amount_decimal: line.price.unit_amount_decimal },
    quantity: line.quantity,
    subscription,
    subtotal: line.amount,
    taxes: [],
  };
}

/** Settles an invoice as a successful card charge (nothing is charged: this is the stand-in). */
export function markPaid(store: Store, invoice: Entry): void {
  const now = nowSeconds();
  const obj = invoice.obj;
  obj.status = "paid";
  obj.attempted = obj.amount_due > 0 || obj.attempted;
  if (obj.amount_due > 0) obj.attempt_count += 1;
  obj.amount_paid = obj.amount_due;
  obj.amount_remaining = 0;
  obj.auto_advance = false;
  obj.next_payment_attempt = null;
  obj.status_transitions.paid_at = now;
  if (obj.amount_paid > 0) recordInvoicePayment(store, invoice);
  store.changed();
}

/** Records a declined charge: the invoice stays open, with Stripe's next automatic attempt in 3 days. */
export function markFailed(store: Store, invoice: Entry): void {
  const obj = invoice.obj;
  obj.attempted = true;
  obj.attempt_count += 1;
  obj.next_payment_attempt = nowSeconds() + 3 * 86_400;
  store.changed();
}

export const invoiceRoutes: Route[] = [
  api("GET", "/v1/invoices/:id", (ctx) => ctx.store.view(ctx.store.find("invoice", ctx.path.id, ctx.account).obj.id)),
  api("GET", "/v1/invoices/:id/lines", (ctx) => {
    const invoice = ctx.store.find("invoice", ctx.path.id, ctx.account).obj;
    return { ...invoice.lines, url: `/v1/invoices/${invoice.id}/lines` };
  }),
  api("GET", "/v1/invoices", (ctx) => {
    const p = ctx.params;
    const customer = text(p, "customer");
    const subscription = text(p, "subscription");
    const status = oneOf(p, "status", ["draft", "open", "paid", "uncollectible", "void"] as const);
    const entries = ctx.store.all(
      "invoice",
      ctx.account,
      (e) => (!customer || e.obj.customer === customer) && (!subscription || e.internal.subscription === subscription) && (!status || e.obj.status === status),
    );
    return page(ctx.store, entries, p, "/v1/invoices");
  }),
];
