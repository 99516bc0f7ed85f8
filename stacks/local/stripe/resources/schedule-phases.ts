import { nowSeconds } from "../clock.ts";
import type { Entry, Store, StripeObject } from "../store.ts";
import { changePrice, endSubscription, type ProrationBehavior } from "./subscription-changes.ts";

export interface PhaseItem {
  price: string;
  quantity: number;
}

/** A schedule phase as Stripe answers it. */
export function phaseObject(start: number, end: number, items: PhaseItem[], currency: string, proration: ProrationBehavior, metadata: Record<string, string> = {}): StripeObject {
  return {
    add_invoice_items: [],
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: null,
    billing_thresholds: null,
    collection_method: null,
    currency,
    default_payment_method: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    end_date: end,
    invoice_settings: null,
    items: items.map((i) => ({ billing_thresholds: null, discounts: [], metadata: {}, plan: i.price, price: i.price, quantity: i.quantity, tax_rates: [] })),
    metadata,
    on_behalf_of: null,
    proration_behavior: proration,
    start_date: start,
    transfer_data: null,
    trial_end: null,
  } as unknown as StripeObject;
}

/** Points the schedule at its phase `index` and puts the subscription on that phase's price. */
export function enterPhase(store: Store, schedule: Entry, sub: Entry, index: number, proration: ProrationBehavior): Entry | null {
  const phase = schedule.obj.phases[index];
  schedule.internal.phaseIndex = index;
  schedule.obj.current_phase = { end_date: phase.end_date, start_date: phase.start_date };
  const item = sub.obj.items.data[0];
  const target = phase.items[0];
  if (item.price === target.price && item.quantity === target.quantity) return null;
  return changePrice(store, sub, item.id, store.entry(target.price)!, target.quantity, proration);
}

/**
 * At the end of a subscription's period: the schedule's next phase starts (its price becomes the subscription's), or,
 * after the last phase, `end_behavior` applies: `cancel` ends the subscription (schedule `completed`), otherwise the
 * schedule is released and the subscription goes on unscheduled. Answers false when the subscription ended.
 */
export function advanceSchedule(store: Store, sub: Entry, periodEnd: number): boolean {
  const schedule = store.entry(sub.obj.schedule);
  if (!schedule || schedule.obj.status !== "active") return true;
  const index: number = schedule.internal.phaseIndex ?? 0;
  const next = schedule.obj.phases[index + 1];
  if (next && next.start_date <= periodEnd) {
    const previous = store.change(schedule, () => void enterPhase(store, schedule, sub, index + 1, "none"));
    if (previous) store.emit("subscription_schedule.updated", schedule, previous);
    return true;
  }
  if (schedule.obj.phases[index].end_date > periodEnd) return true;
  if (schedule.obj.end_behavior === "cancel") {
    endSubscription(store, sub, "cancellation_requested", "completed");
    return false;
  }
  releaseSchedule(store, schedule, sub);
  return true;
}

/** Stops the schedule managing the subscription; the subscription keeps its current price. */
export function releaseSchedule(store: Store, schedule: Entry, sub: Entry | undefined): void {
  Object.assign(schedule.obj, { status: "released", released_at: nowSeconds(), released_subscription: sub?.obj.id ?? null, subscription: null, current_phase: null });
  store.changed();
  store.emit("subscription_schedule.released", schedule);
  if (!sub) return;
  const previous = store.change(sub, (obj) => (obj.schedule = null));
  if (previous) store.emit("customer.subscription.updated", sub, previous);
}
