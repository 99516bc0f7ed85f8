import { newId } from "../ids.ts";
import { addInterval, nowSeconds, type Interval } from "../clock.ts";
import { priceLabel, shortDate } from "../money.ts";
import type { Entry, Store, StripeObject } from "../store.ts";
import { createInvoice, markPaid, type LineInput } from "./invoices.ts";

export type ProrationBehavior = "always_invoice" | "create_prorations" | "none";

export function periodEnd(start: number, price: StripeObject): number {
  return addInterval(start, price.recurring.interval as Interval, price.recurring.interval_count);
}

/** The line a period of a subscription item is billed with: "1 × Pro (at $100.00 / month)". */
export function periodLine(store: Store, item: StripeObject, price: StripeObject): LineInput {
  const product = store.entry(price.product)?.obj;
  return {
    amount: price.unit_amount * item.quantity,
    description: `${item.quantity} × ${product?.name ?? price.nickname ?? price.id} (at ${priceLabel(price)})`,
    price,
    quantity: item.quantity,
    period: { start: item.current_period_start, end: item.current_period_end },
    proration: false,
    subscriptionItem: item.id,
  };
}

/** Starts an active subscription to one price, with its first invoice paid; the caller emits the events. */
export function startSubscription(store: Store, customer: Entry, price: Entry, quantity: number, metadata: Record<string, string>) {
  const now = nowSeconds();
  const id = newId("sub");
  const item = {
    id: newId("si"),
    object: "subscription_item",
    billing_thresholds: null,
    created: now,
    current_period_end: periodEnd(now, price.obj),
    current_period_start: now,
    current_trial: null,
    discounts: [],
    metadata: {},
    price: price.obj.id,
    quantity,
    subscription: id,
    tax_rates: [],
  };
  const sub = store.insert("subscription", customer.account, {
    id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: "classic" },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: "charge_automatically",
    created: now,
    currency: price.obj.currency,
    customer: customer.obj.id,
    customer_account: null,
    days_until_due: null,
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    ended_at: null,
    invoice_settings: { account_tax_ids: null, issuer: { type: "self" } },
    items: { object: "list", data: [item], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: "active",
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: "create_invoice" } },
    trial_start: null,
  }, { pendingLines: [] });
  const invoice = createInvoice(store, {
    customer,
    subscription: sub,
    lines: [periodLine(store, item, price.obj)],
    billingReason: "subscription_create",
    period: { start: now, end: now },
  });
  markPaid(store, invoice);
  sub.obj.latest_invoice = invoice.obj.id;
  return { sub, invoice };
}

/**
 * Moves a subscription item to another price now. Prorations credit the old price's unused time and charge the new
 * price's remaining time: `always_invoice` bills them at once (paid), `create_prorations` leaves them for the next invoice.
 */
export function changePrice(store: Store, sub: Entry, itemId: string, price: Entry, quantity: number, behavior: ProrationBehavior): Entry | null {
  const item = sub.obj.items.data.find((i: StripeObject) => i.id === itemId);
  const oldPrice = store.view(item.price);
  const now = nowSeconds();
  const { current_period_start: start, current_period_end: end } = item;
  const fraction = end > start ? Math.min(1, Math.max(0, (end - now) / (end - start))) : 0;
  const oldQuantity: number = item.quantity;
  const samePrice = oldPrice.id === price.obj.id && oldQuantity === quantity;
  item.price = price.obj.id;
  item.quantity = quantity;
  store.changed();
  if (behavior === "none" || samePrice || fraction === 0) return null;
  const name = (p: StripeObject) => store.entry(p.product)?.obj.name ?? p.nickname ?? p.id;
  const lines: LineInput[] = [
    {
      amount: -Math.round(oldPrice.unit_amount * oldQuantity * fraction),
      description: `Unused time on ${name(oldPrice)} after ${shortDate(now)}`,
      price: oldPrice,
      quantity: oldQuantity,
      period: { start: now, end },
      proration: true,
      subscriptionItem: itemId,
    },
    {
      amount: Math.round(price.obj.unit_amount * quantity * fraction),
      description: `Remaining time on ${name(price.obj)} after ${shortDate(now)}`,
      price: price.obj,
      quantity,
      period: { start: now, end },
      proration: true,
      subscriptionItem: itemId,
    },
  ];
  if (behavior === "create_prorations") {
    sub.internal.pendingLines = [...(sub.internal.pendingLines ?? []), ...lines];
    return null;
  }
  const customer = store.entry(sub.obj.customer)!;
  const invoice = createInvoice(store, { customer, subscription: sub, lines, billingReason: "subscription_update", period: { start: now, end: now } });
  markPaid(store, invoice);
  sub.obj.latest_invoice = invoice.obj.id;
  return invoice;
}

/** Ends a subscription now (status canceled) and emits `customer.subscription.deleted`; a schedule managing it ends too. */
export function endSubscription(store: Store, sub: Entry, reason: "cancellation_requested" | "payment_failed" | null, scheduleStatus: "canceled" | "completed" = "canceled"): void {
  const now = nowSeconds();
  Object.assign(sub.obj, { status: "canceled", canceled_at: sub.obj.canceled_at ?? now, ended_at: now });
  sub.obj.cancellation_details.reason = reason;
  const scheduleId = sub.obj.schedule;
  if (scheduleId) {
    const schedule = store.entry(scheduleId)!;
    Object.assign(schedule.obj, { status: scheduleStatus, current_phase: null, [`${scheduleStatus}_at`]: now });
    store.changed();
    store.emit("customer.subscription.deleted", sub);
    store.emit(`subscription_schedule.${scheduleStatus}`, schedule);
    return;
  }
  store.changed();
  store.emit("customer.subscription.deleted", sub);
}
