import { invalid } from "./errors.ts";
import { flag } from "./params.ts";
import { api, type Route } from "./route.ts";
import { previousAttributes, type Entry, type Store } from "./store.ts";
import { createInvoice, markFailed, markPaid } from "./resources/invoices.ts";
import { advanceSchedule } from "./resources/schedule-phases.ts";
import { endSubscription, periodEnd, periodLine } from "./resources/subscription-changes.ts";

/**
 * The stand-in's clock: ends the subscription's current period now. A cancellation at period end or the schedule
 * applies first; if the subscription lives on, its next period starts where the last one ended, with an invoice
 * that is paid (`invoice.paid`) or declined (`past_due`, `invoice.payment_failed`).
 */
export function renew(store: Store, sub: Entry, fail: boolean): void {
  if (sub.obj.status === "canceled") throw invalid("This subscription is canceled; it has no period to renew.");
  const before = store.view(sub.obj.id);
  const item = sub.obj.items.data[0];
  const oldStart: number = item.current_period_start;
  const end: number = item.current_period_end;
  if (sub.obj.cancel_at_period_end) {
    endSubscription(store, sub, "cancellation_requested");
    return;
  }
  if (!advanceSchedule(store, sub, end)) return;
  const price = store.entry(item.price)!;
  item.current_period_start = end;
  item.current_period_end = periodEnd(end, price.obj);
  const customer = store.entry(sub.obj.customer)!;
  const invoice = createInvoice(store, {
    customer,
    subscription: sub,
    lines: [periodLine(store, item, price.obj), ...(sub.internal.pendingLines ?? [])],
    billingReason: "subscription_cycle",
    period: { start: oldStart, end },
  });
  sub.internal.pendingLines = [];
  sub.obj.latest_invoice = invoice.obj.id;
  if (fail) {
    markFailed(store, invoice);
    sub.obj.status = "past_due";
    store.emit("invoice.payment_failed", invoice);
  } else {
    markPaid(store, invoice);
    sub.obj.status = "active";
    store.emit("invoice.paid", invoice);
  }
  store.changed();
  store.emit("customer.subscription.updated", sub, previousAttributes(before, store.view(sub.obj.id)));
}

/** A past-due subscription's card is fixed: its open invoice is paid and it is active again. Answers false if nothing was due. */
export function payOpenInvoice(store: Store, sub: Entry): boolean {
  const invoice = sub.obj.latest_invoice ? store.entry(sub.obj.latest_invoice) : undefined;
  if (sub.obj.status !== "past_due" || !invoice || invoice.obj.status !== "open") return false;
  markPaid(store, invoice);
  store.emit("invoice.paid", invoice);
  const previous = store.change(sub, (obj) => (obj.status = "active"));
  if (previous) store.emit("customer.subscription.updated", sub, previous);
  return true;
}

export const clockRoutes: Route[] = [
  api("POST", "/_local/subscriptions/:id/renew", (ctx) => {
    const sub = ctx.store.find("subscription", ctx.path.id, ctx.account);
    renew(ctx.store, sub, flag(ctx.params, "fail") ?? false);
    return ctx.store.view(sub.obj.id);
  }),
  api("POST", "/_local/subscriptions/:id/pay_open_invoice", (ctx) => {
    const sub = ctx.store.find("subscription", ctx.path.id, ctx.account);
    if (!payOpenInvoice(ctx.store, sub)) throw invalid("This subscription has no open invoice to pay.");
    return ctx.store.view(sub.obj.id);
  }),
  api("GET", "/_local/events", (ctx) => {
    const events = Object.values(ctx.store.data.entries)
      .filter((e) => e.kind === "event")
      .sort((a, b) => a.seq - b.seq)
      .map((e) => ({ ...e.obj, delivery: ctx.store.data.deliveries[e.obj.id] ?? null }));
    return { object: "list", data: events, has_more: false, url: "/_local/events" };
  }),
];
