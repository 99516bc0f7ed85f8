import { invalid } from "../errors.ts";
import { newId } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { field, flag, metadata, text, type Params } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";
import type { Entry, Store } from "../store.ts";

/** Creates a product from `name`, `id`, `active`, `description`, `metadata`, `url` (also `product_data` of a price). */
export function createProduct(store: Store, account: string | null, p: Params, label = ""): Entry {
  const id = text(p, "id") ?? newId("prod");
  if (store.entry(id)) throw invalid(`Product already exists.`, field(label, "id"), "resource_already_exists");
  const now = nowSeconds();
  const entry = store.insert("product", account, {
    id,
    object: "product",
    active: flag(p, "active") ?? true,
    created: now,
    default_price: null,
    description: text(p, "description") ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: metadata(p, {}, "metadata"),
    name: text(p, "name", true, field(label, "name")),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: text(p, "statement_descriptor") ?? null,
    tax_code: null,
    type: "service",
    unit_label: text(p, "unit_label") ?? null,
    updated: now,
    url: text(p, "url") ?? null,
  });
  store.emit("product.created", entry);
  return entry;
}

function update(ctx: Context) {
  const { store, params: p } = ctx;
  const entry = store.find("product", ctx.path.id, ctx.account);
  const defaultPrice = text(p, "default_price");
  if (defaultPrice) store.find("price", defaultPrice, ctx.account, "default_price");
  const previous = store.change(entry, (obj) => {
    obj.name = text(p, "name") ?? obj.name;
    obj.active = flag(p, "active") ?? obj.active;
    if (p.description !== undefined) obj.description = text(p, "description") ?? null;
    if (p.url !== undefined) obj.url = text(p, "url") ?? null;
    if (defaultPrice) obj.default_price = defaultPrice;
    obj.metadata = metadata(p, obj.metadata);
  });
  if (previous) {
    entry.obj.updated = nowSeconds();
    store.emit("product.updated", entry, previous);
  }
  return store.view(entry.obj.id);
}

export const productRoutes: Route[] = [
  api("POST", "/v1/products", (ctx) => ctx.store.view(createProduct(ctx.store, ctx.account, ctx.params).obj.id)),
  api("GET", "/v1/products/:id", (ctx) => ctx.store.view(ctx.store.find("product", ctx.path.id, ctx.account).obj.id)),
  api("POST", "/v1/products/:id", update),
  api("GET", "/v1/products", (ctx) => {
    const active = flag(ctx.params, "active");
    const entries = ctx.store.all("product", ctx.account, (e) => active === undefined || e.obj.active === active);
    return page(ctx.store, entries, ctx.params, "/v1/products");
  }),
];
