import { StripeError, invalid, missing } from "./errors.ts";
import { randomChars } from "./ids.ts";
import { nowSeconds } from "./clock.ts";
import { formatAmount, priceLabel, shortDate } from "./money.ts";
import { BILLING, CURRENCIES, dashboardPage, type DashboardView } from "./dashboard-page.ts";
import { errorPage } from "./pages.ts";
import { text } from "./params.ts";
import { api, page, type Context, type PageReply, type Route } from "./route.ts";
import type { Entry, Store } from "./store.ts";
import { lineItems } from "./resources/checkout.ts";
import { createPrice } from "./resources/prices.ts";
import { createProduct } from "./resources/products.ts";

/**
 * A connected account's local dashboard: its products and prices (listed, added, archived) and its
 * payments. It opens the way Stripe's Express dashboard does: the platform creates a single-use
 * login link (`POST /v1/accounts/:id/login_links`); opening it starts a dashboard session whose
 * unguessable id is in the page's address, and the first visit seeds one test product. Forms post
 * only from the stand-in's own pages (their Origin), to the session's address.
 */

const LINK_LIFETIME = 300;
const ZERO_DECIMAL = new Set(["jpy"]);
const TEST_PRODUCT_KEY = "standin_test_product";

function createLoginLink(ctx: Context) {
  const account = ctx.store.find("account", ctx.path.id, null, "account");
  if (!account.obj.details_submitted) throw invalid("Cannot create a login link for an account that has not completed onboarding.", "account");
  const now = nowSeconds();
  const token = `dashlink_${randomChars(32)}`;
  const url = `${ctx.base}/dashboard/login/${token}`;
  ctx.store.insert("login_link", null, { id: token, object: "login_link", created: now, url }, { account: account.obj.id, expiresAt: now + LINK_LIFETIME, used: false });
  return { object: "login_link", created: now, url };
}

/** Opens a login link once: a new dashboard session, seeded on the account's first visit. */
function openLoginLink(ctx: Context): PageReply {
  const link = ctx.store.entry(ctx.path.token);
  if (!link || link.kind !== "login_link") throw missing("login link", ctx.path.token);
  const account = ctx.store.entry(link.internal.account);
  if (link.internal.used || link.internal.expiresAt <= nowSeconds() || !account || account.internal.removed) {
    return { status: 410, html: errorPage("This dashboard link has expired or was already used. Open the dashboard from Kiln again.") };
  }
  link.internal.used = true;
  const session = ctx.store.insert("dashboard_session", null, { id: `dashsess_${randomChars(32)}`, object: "dashboard_session", created: nowSeconds() }, { account: account.obj.id });
  if (!account.internal.dashboardSeeded) seedTestProduct(ctx.store, account);
  return { redirect: `/dashboard/${session.obj.id}` };
}

/** One clearly named test product with a $10.00 one-time price, so a new account has something to sell. */
function seedTestProduct(store: Store, account: Entry): void {
  account.internal.dashboardSeeded = true;
  const product = createProduct(store, account.obj.id, {
    name: "Test product",
    description: "Created by the local Stripe stand-in on your first dashboard visit, so there is something to sell. Archive it once you add your own.",
    metadata: { [TEST_PRODUCT_KEY]: "true" },
  });
  const price = createPrice(store, account.obj.id, { product: product.obj.id, unit_amount: "1000", currency: "usd" });
  setDefaultPrice(store, product, price);
}

function setDefaultPrice(store: Store, product: Entry, price: Entry): void {
  const previous = store.change(product, (obj) => (obj.default_price = price.obj.id));
  if (previous) store.emit("product.updated", product, previous);
}

/** The session named in the path, and its (still existing) account. */
function dashboardSession(ctx: Context): { session: Entry; account: Entry } {
  const session = ctx.store.entry(ctx.path.session);
  const account = session?.kind === "dashboard_session" ? ctx.store.entry(session.internal.account) : undefined;
  if (!session || !account || account.internal.removed) throw missing("dashboard session", ctx.path.session);
  return { session, account };
}

const NOTICES: Record<string, string> = { created: "Product added.", archived: "Product archived: its prices are no longer offered." };

function renderDashboard(ctx: Context, error: string | null = null, form: Record<string, string> = {}): PageReply {
  const { store } = ctx;
  const { session, account } = dashboardSession(ctx);
  const id = account.obj.id;
  const products: DashboardView["products"] = store.all("product", id).map((p) => ({
    id: p.obj.id,
    name: p.obj.name,
    description: p.obj.description,
    active: p.obj.active,
    test: p.obj.metadata?.[TEST_PRODUCT_KEY] === "true",
    prices: store.all("price", id, (e) => e.obj.product === p.obj.id && !e.internal.inline && e.obj.active).map((e) => ({ id: e.obj.id, label: priceLabel(e.obj) })),
  }));
  const payments: DashboardView["payments"] = store.all("checkout.session", id, (e) => e.obj.status === "complete").map((s) => ({
    id: s.obj.id,
    date: shortDate(s.obj.created),
    email: s.obj.customer_details?.email ?? s.obj.customer_email ?? "",
    items: lineItems(store, s)
      .map((l) => l.description ?? l.price.id)
      .join(", "),
    amount: formatAmount(s.obj.amount_total, s.obj.currency),
  }));
  const done = text(ctx.params, "done");
  const html = dashboardPage({
    session: session.obj.id,
    account: id,
    merchant: account.obj.business_profile?.name ?? account.obj.email ?? id,
    email: account.obj.email,
    notice: done && Object.hasOwn(NOTICES, done) ? NOTICES[done] : null,
    error,
    form,
    products,
    payments,
  });
  return { status: error ? 400 : 200, html };
}

/** A form post from another site (or with no Origin) changes nothing: browsers always send Origin on a form post. */
function crossSite(ctx: Context): PageReply | null {
  if (ctx.origin === new URL(ctx.base).origin) return null;
  return { status: 403, html: errorPage("This form was posted from another site, so nothing was changed. Open the dashboard from Kiln.") };
}

/** "24.50" in the currency's smallest unit (2450), as the REST API takes `unit_amount`. */
function minorUnits(amount: string, currency: string): number {
  const zeroDecimal = ZERO_DECIMAL.has(currency);
  const match = (zeroDecimal ? /^(\d{1,8})$/ : /^(\d{1,6})(?:\.(\d{1,2}))?$/).exec(amount.trim().replace(/,/g, ""));
  if (!match) throw invalid(zeroDecimal ? "Enter the price as a whole number, like 2450." : "Enter the price as a number, like 24.50 (at most 999999.99).", "amount");
  return zeroDecimal ? Number(match[1]) : Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0"));
}

function field(ctx: Context, name: string): string {
  const value = ctx.params[name];
  return typeof value === "string" ? value : "";
}

/** The add-product form: a product and its one price, made as `POST /v1/products` and `POST /v1/prices` make them. */
function addProduct(ctx: Context): PageReply {
  const refused = crossSite(ctx);
  if (refused) return refused;
  const { store } = ctx;
  const { session, account } = dashboardSession(ctx);
  const form = { name: field(ctx, "name"), description: field(ctx, "description"), amount: field(ctx, "amount"), currency: field(ctx, "currency"), billing: field(ctx, "billing") };
  const name = form.name.trim();
  const description = form.description.trim();
  const currency = CURRENCIES.find((c) => c === form.currency);
  const billing = BILLING.find((b) => b.value === form.billing)?.value;
  let error: string | null = null;
  let unitAmount = 0;
  if (!name) error = "Enter a product name.";
  else if (name.length > 250) error = "A product name is at most 250 characters.";
  else if (description.length > 1000) error = "A description is at most 1000 characters.";
  else if (!currency) error = `Pick a currency: ${CURRENCIES.join(", ")}.`;
  else if (!billing) error = "Pick one-time or a billing interval.";
  else {
    try {
      unitAmount = minorUnits(form.amount, currency);
    } catch (e) {
      if (!(e instanceof StripeError)) throw e;
      error = e.message;
    }
  }
  if (error || !currency || !billing) return renderDashboard(ctx, error, form);
  const product = createProduct(store, account.obj.id, { name, ...(description ? { description } : {}) });
  const price = createPrice(store, account.obj.id, {
    product: product.obj.id,
    unit_amount: String(unitAmount),
    currency,
    ...(billing === "one_time" ? {} : { recurring: { interval: billing } }),
  });
  setDefaultPrice(store, product, price);
  return { redirect: `/dashboard/${session.obj.id}?done=created` };
}

/** Archive: the product and its prices stop being active, so Kiln's catalogue drops them and checkouts refuse them. */
function archiveProduct(ctx: Context): PageReply {
  const refused = crossSite(ctx);
  if (refused) return refused;
  const { store } = ctx;
  const { session, account } = dashboardSession(ctx);
  const product = store.find("product", ctx.path.product, account.obj.id, "product");
  for (const price of store.all("price", account.obj.id, (e) => e.obj.product === product.obj.id && e.obj.active)) {
    const previous = store.change(price, (obj) => (obj.active = false));
    if (previous) store.emit("price.updated", price, previous);
  }
  const previous = store.change(product, (obj) => {
    obj.active = false;
    obj.updated = nowSeconds();
  });
  if (previous) store.emit("product.updated", product, previous);
  return { redirect: `/dashboard/${session.obj.id}?done=archived` };
}

export const dashboardRoutes: Route[] = [
  api("POST", "/v1/accounts/:id/login_links", createLoginLink),
  page("GET", "/dashboard/login/:token", openLoginLink),
  page("GET", "/dashboard/:session", (ctx) => renderDashboard(ctx)),
  page("POST", "/dashboard/:session/products", addProduct),
  page("POST", "/dashboard/:session/products/:product/archive", archiveProduct),
];
