import { newId, randomChars } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { metadata, text, type Params } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";
import type { Entry, Store } from "../store.ts";
import { endSubscription } from "./subscription-changes.ts";

export function createCustomer(store: Store, account: string | null, p: Params): Entry {
  const entry = store.insert("customer", account, {
    id: newId("cus"),
    object: "customer",
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: text(p, "description") ?? null,
    discount: null,
    email: text(p, "email") ?? null,
    invoice_prefix: randomChars(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadata(p, {}),
    name: text(p, "name") ?? null,
    next_invoice_sequence: 1,
    phone: text(p, "phone") ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  });
  store.emit("customer.created", entry);
  return entry;
}

function update(ctx: Context) {
  const { store, params: p } = ctx;
  const entry = store.find("customer", ctx.path.id, ctx.account);
  const previous = store.change(entry, (obj) => {
    for (const key of ["email", "name", "description", "phone"]) if (p[key] !== undefined) obj[key] = text(p, key) ?? null;
    obj.metadata = metadata(p, obj.metadata);
  });
  if (previous) store.emit("customer.updated", entry, previous);
  return store.view(entry.obj.id);
}

/** Deleting a customer cancels its subscriptions at once, as Stripe does. */
function remove(ctx: Context) {
  const { store } = ctx;
  const entry = store.find("customer", ctx.path.id, ctx.account);
  for (const sub of store.all("subscription", ctx.account, (e) => e.obj.customer === entry.obj.id && e.obj.status !== "canceled")) {
    endSubscription(store, sub, "cancellation_requested");
  }
  store.emit("customer.deleted", entry);
  entry.internal.removed = true;
  store.changed();
  return { id: entry.obj.id, object: "customer", deleted: true };
}

function retrieve(ctx: Context) {
  const entry = ctx.store.entry(ctx.path.id);
  // Stripe answers a deleted customer with its id and `deleted: true` rather than 404.
  if (entry?.kind === "customer" && entry.account === ctx.account && entry.internal.removed) {
    return { id: entry.obj.id, object: "customer", deleted: true };
  }
  return ctx.store.view(ctx.store.find("customer", ctx.path.id, ctx.account).obj.id);
}

export const customerRoutes: Route[] = [
  api("POST", "/v1/customers", (ctx) => ctx.store.view(createCustomer(ctx.store, ctx.account, ctx.params).obj.id)),
  api("GET", "/v1/customers/:id", retrieve),
  api("POST", "/v1/customers/:id", update),
  api("DELETE", "/v1/customers/:id", remove),
  api("GET", "/v1/customers", (ctx) => {
    const email = text(ctx.params, "email");
    const entries = ctx.store.all("customer", ctx.account, (e) => !email || e.obj.email === email);
    return page(ctx.store, entries, ctx.params, "/v1/customers");
  }),
];
