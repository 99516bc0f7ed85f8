import { invalid, missing } from "../errors.ts";
import { page } from "../listing.ts";
import { flag, int, list, metadata, oneOf, text, field, type Params } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";
import type { Entry, Store } from "../store.ts";
import { changePrice, endSubscription, type ProrationBehavior } from "./subscription-changes.ts";

const PRORATION = ["always_invoice", "create_prorations", "none"] as const;

/** A recurring, active price in the subscription's currency, or Stripe's 400. */
export function usablePrice(store: Store, sub: Entry, id: unknown, param: string): Entry {
  const price = store.find("price", id, sub.account, param);
  if (!price.obj.recurring) throw invalid(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, param);
  if (!price.obj.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, param);
  if (price.obj.currency !== sub.obj.currency) throw invalid(`The price specified has currency ${price.obj.currency}, but the subscription is in ${sub.obj.currency}.`, param);
  return price;
}

/** POST /v1/subscriptions/:id — plan change (`items`), `proration_behavior`, `cancel_at_period_end`, `metadata`. */
export function updateSubscription(store: Store, sub: Entry, p: Params): void {
  const items = list(p, "items");
  const cancelAtPeriodEnd = flag(p, "cancel_at_period_end");
  const behavior: ProrationBehavior = oneOf(p, "proration_behavior", PRORATION) ?? "create_prorations";
  if (sub.obj.status === "canceled" && (items.length || cancelAtPeriodEnd !== undefined)) {
    throw invalid("A canceled subscription can only update its cancellation_details and metadata.");
  }
  if (cancelAtPeriodEnd !== undefined && sub.obj.schedule) {
    throw invalid(
      `The subscription is managed by the subscription schedule \`${sub.obj.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
      "cancel_at_period_end",
    );
  }
  const changes = items.map((item, i) => {
    const label = `items[${i}]`;
    if (typeof item !== "object") throw invalid("Invalid object", label);
    const current = sub.obj.items.data.find((x: { id: string }) => x.id === item.id);
    if (!current) {
      throw invalid(item.id ? `Invalid subscription_item: ${item.id}` : "The stand-in changes existing items only: pass items[0][id].", field(label, "id"));
    }
    const price = item.price !== undefined ? usablePrice(store, sub, item.price, field(label, "price")) : store.entry(current.price)!;
    const quantity = int(item, "quantity", field(label, "quantity")) ?? current.quantity;
    if (quantity < 1) throw invalid("Invalid integer: quantity must be at least 1", field(label, "quantity"));
    return { id: current.id as string, price, quantity };
  });
  const newMetadata = metadata(p, sub.obj.metadata);
  const invoices: Entry[] = [];
  const previous = store.change(sub, (obj) => {
    for (const change of changes) {
      const invoice = changePrice(store, sub, change.id, change.price, change.quantity, behavior);
      if (invoice) invoices.push(invoice);
    }
    if (cancelAtPeriodEnd !== undefined) {
      obj.cancel_at_period_end = cancelAtPeriodEnd;
      obj.cancel_at = cancelAtPeriodEnd ? obj.items.data[0].current_period_end : null;
      obj.canceled_at = cancelAtPeriodEnd ? Math.floor(Date.now() / 1000) : null;
      obj.cancellation_details.reason = cancelAtPeriodEnd ? "cancellation_requested" : null;
    }
    obj.metadata = newMetadata;
  });
  if (previous) store.emit("customer.subscription.updated", sub, previous);
  for (const invoice of invoices) store.emit("invoice.paid", invoice);
}

function listSubscriptions(ctx: Context) {
  const p = ctx.params;
  const customer = text(p, "customer");
  const price = text(p, "price");
  const status = oneOf(p, "status", ["active", "all", "canceled", "ended", "incomplete", "incomplete_expired", "past_due", "paused", "trialing", "unpaid"] as const);
  const keep = (s: string) =>
    status === undefined ? s !== "canceled" && s !== "incomplete_expired" : status === "all" || (status === "ended" ? s === "canceled" || s === "incomplete_expired" : s === status);
  const entries = ctx.store.all(
    "subscription",
    ctx.account,
    (e) => keep(e.obj.status) && (!customer || e.obj.customer === customer) && (!price || e.obj.items.data.some((i: { price: string }) => i.price === price)),
  );
  return page(ctx.store, entries, p, "/v1/subscriptions");
}

export const subscriptionRoutes: Route[] = [
  api("GET", "/v1/subscriptions/:id", (ctx) => ctx.store.view(ctx.store.find("subscription", ctx.path.id, ctx.account).obj.id)),
  api("GET", "/v1/subscriptions", listSubscriptions),
  api("POST", "/v1/subscriptions/:id", (ctx) => {
    const sub = ctx.store.find("subscription", ctx.path.id, ctx.account);
    updateSubscription(ctx.store, sub, ctx.params);
    return ctx.store.view(sub.obj.id);
  }),
  api("DELETE", "/v1/subscriptions/:id", (ctx) => {
    const sub = ctx.store.find("subscription", ctx.path.id, ctx.account);
    if (sub.obj.status === "canceled") throw missing("subscription", sub.obj.id);
    endSubscription(ctx.store, sub, "cancellation_requested");
    return ctx.store.view(sub.obj.id);
  }),
];
