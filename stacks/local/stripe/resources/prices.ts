import { invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { field, flag, int, list, metadata, object, oneOf, text, type Params } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";
import type { Entry, Store } from "../store.ts";
import { createProduct } from "./products.ts";

const INTERVALS = ["day", "week", "month", "year"] as const;

/**
 * Creates a price from Stripe's parameters (`product` or `product_data`, `unit_amount`, `currency`, `recurring`…).
 * `label` prefixes parameter names in errors (`line_items[0][price_data]`); inline prices stay out of lists, as in Stripe.
 */
export function createPrice(store: Store, account: string | null, p: Params, label = "", inline = false): Entry {
  const productId = text(p, "product");
  const productData = object(p, "product_data");
  if (!productId === !productData) {
    throw invalid("You must specify either `product` or `product_data` when creating a price.", field(label, "product"));
  }
  const product = productData
    ? createProduct(store, account, productData, field(label, "product_data"))
    : store.find("product", productId, account, field(label, "product"));
  const unitAmount = int(p, "unit_amount", field(label, "unit_amount"));
  if (unitAmount === undefined || unitAmount < 0) throw invalid(`Missing required param: ${field(label, "unit_amount")}.`, field(label, "unit_amount"));
  const currency = text(p, "currency", true, field(label, "currency")).toLowerCase();
  const recurring = object(p, "recurring");
  const lookupKey = text(p, "lookup_key") ?? null;
  if (lookupKey) claimLookupKey(store, account, lookupKey, flag(p, "transfer_lookup_key") ?? false);
  const entry = store.insert(
    "price",
    account,
    {
      id: newId("price"),
      object: "price",
      active: flag(p, "active") ?? true,
      billing_scheme: "per_unit",
      created: nowSeconds(),
      currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: lookupKey,
      metadata: metadata(p, {}),
      nickname: text(p, "nickname") ?? null,
      product: product.obj.id,
      recurring: recurring
        ? {
            interval: oneOf(recurring, "interval", INTERVALS, field(field(label, "recurring"), "interval")) ?? missingInterval(label),
            interval_count: int(recurring, "interval_count", field(field(label, "recurring"), "interval_count")) ?? 1,
            meter: null,
            trial_period_days: null,
            usage_type: "licensed",
          }
        : null,
      tax_behavior: text(p, "tax_behavior") ?? "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: recurring ? "recurring" : "one_time",
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    },
    inline ? { inline: true } : {},
  );
  store.emit("price.created", entry);
  return entry;
}

function missingInterval(label: string): never {
  throw invalid(`Missing required param: ${field(field(label, "recurring"), "interval")}.`, field(field(label, "recurring"), "interval"));
}

/** A lookup key names one price; `transfer_lookup_key` moves it from the price that holds it. */
function claimLookupKey(store: Store, account: string | null, key: string, transfer: boolean): void {
  const holder = store.all("price", account, (e) => e.obj.lookup_key === key)[0];
  if (!holder) return;
  if (!transfer) throw invalid(`A price (\`${holder.obj.id}\`) already uses that lookup key.`, "lookup_key");
  const previous = store.change(holder, (obj) => (obj.lookup_key = null));
  store.emit("price.updated", holder, previous ?? undefined);
}

function update(ctx: Context) {
  const { store, params: p } = ctx;
  const entry = store.find("price", ctx.path.id, ctx.account);
  const lookupKey = text(p, "lookup_key");
  if (lookupKey && lookupKey !== entry.obj.lookup_key) claimLookupKey(store, ctx.account, lookupKey, flag(p, "transfer_lookup_key") ?? false);
  const previous = store.change(entry, (obj) => {
    obj.active = flag(p, "active") ?? obj.active;
    if (p.nickname !== undefined) obj.nickname = text(p, "nickname") ?? null;
    if (p.lookup_key !== undefined) obj.lookup_key = lookupKey ?? null;
    obj.metadata = metadata(p, obj.metadata);
  });
  if (previous) store.emit("price.updated", entry, previous);
  return store.view(entry.obj.id);
}

function listPrices(ctx: Context) {
  const p = ctx.params;
  const active = flag(p, "active");
  const product = text(p, "product");
  const type = oneOf(p, "type", ["one_time", "recurring"] as const);
  const currency = text(p, "currency")?.toLowerCase();
  const lookupKeys = list(p, "lookup_keys");
  const entries = ctx.store.all(
    "price",
    ctx.account,
    (e) =>
      !e.internal.inline &&
      (active === undefined ? e.obj.active : e.obj.active === active) &&
      (!product || e.obj.product === product) &&
      (!type || e.obj.type === type) &&
      (!currency || e.obj.currency === currency) &&
      (lookupKeys.length === 0 || lookupKeys.includes(e.obj.lookup_key)),
  );
  return page(ctx.store, entries, p, "/v1/prices");
}

export const priceRoutes: Route[] = [
  api("POST", "/v1/prices", (ctx) => ctx.store.view(createPrice(ctx.store, ctx.account, ctx.params).obj.id)),
  api("GET", "/v1/prices/:id", (ctx) => ctx.store.view(ctx.store.find("price", ctx.path.id, ctx.account).obj.id)),
  api("POST", "/v1/prices/:id", update),
  api("GET", "/v1/prices", listPrices),
];
