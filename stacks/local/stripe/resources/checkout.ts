import { invalid, missing } from "../errors.ts";
import { newId } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { field, int, list, metadata, object, oneOf, text, type Params } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";
import type { Entry, Store, StripeObject } from "../store.ts";
import { createCustomer } from "./customers.ts";
import { createPrice } from "./prices.ts";
import { succeededPaymentIntent } from "./payment-intents.ts";
import { startSubscription } from "./subscription-changes.ts";

const DAY = 86_400;

/** Reads `line_items[i]`: a `price` id or inline `price_data`, and a `quantity`. */
function readLineItems(store: Store, account: string | null, p: Params, mode: string) {
  const raw = list(p, "line_items");
  if (raw.length === 0) throw invalid("Missing required param: line_items.", "line_items");
  return raw.map((item, i) => {
    const label = `line_items[${i}]`;
    if (typeof item !== "object") throw invalid("Invalid object", label);
    const priceData = object(item, "price_data");
    const price = priceData
      ? createPrice(store, account, priceData, field(label, "price_data"), true)
      : store.find("price", text(item, "price", true, field(label, "price")), account, field(label, "price"));
    if (!price.obj.active) throw invalid(`The price specified is inactive. This field only accepts active prices.`, field(label, "price"));
    const quantity = int(item, "quantity", field(label, "quantity"));
    if (quantity === undefined) throw invalid(`Missing required param: ${field(label, "quantity")}.`, field(label, "quantity"));
    if (quantity < 1) throw invalid("This value must be greater than or equal to 1.", field(label, "quantity"));
    if (mode === "payment" && price.obj.recurring) {
      throw invalid("You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.", field(label, "price"));
    }
    return { price, quantity };
  });
}

function create(ctx: Context) {
  const { store, params: p, account } = ctx;
  const mode = oneOf(p, "mode", ["payment", "setup", "subscription"] as const);
  if (!mode) throw invalid("Missing required param: mode.", "mode");
  if (mode === "setup") throw invalid("The Stripe stand-in supports `payment` and `subscription` mode only.", "mode");
  const successUrl = text(p, "success_url", true);
  const customerId = text(p, "customer");
  const customerEmail = text(p, "customer_email");
  if (customerId && customerEmail) throw invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email");
  const customer = customerId ? store.find("customer", customerId, account, "customer") : null;
  const items = readLineItems(store, account, p, mode);
  const recurring = items.filter((i) => i.price.obj.recurring);
  if (mode === "subscription" && recurring.length !== 1) {
    throw invalid(
      recurring.length ? "The Stripe stand-in supports one recurring price per subscription." : "You must provide at least one recurring price in `subscription` mode when using prices.",
      "line_items",
    );
  }
  if (mode === "subscription" && items.length > 1) throw invalid("The Stripe stand-in supports one line item in `subscription` mode.", "line_items");
  const currency = items[0].price.obj.currency;
  if (items.some((i) => i.price.obj.currency !== currency)) throw invalid("All prices must use the same currency.", "line_items");
  const total = items.reduce((sum, i) => sum + i.price.obj.unit_amount * i.quantity, 0);
  const id = newId("cs_test");
  const now = nowSeconds();
  const session = store.insert(
    "checkout.session",
    account,
    {
      id,
      object: "checkout.session",
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: null,
      amount_subtotal: total,
      amount_total: total,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: text(p, "cancel_url") ?? null,
      client_reference_id: text(p, "client_reference_id") ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created: now,
      currency,
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customer?.obj.id ?? null,
      customer_account: null,
      customer_creation: customer ? null : mode === "subscription" ? "always" : "if_required",
      customer_details: null,
      customer_email: customerEmail ?? null,
      discounts: [],
      expires_at: int(p, "expires_at") ?? now + DAY,
      integration_identifier: null,
      invoice: null,
      invoice_creation: mode === "payment" ? { enabled: false, invoice_data: null } : null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: metadata(p, {}),
      mode,
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: "always",
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ["card"],
      payment_status: "unpaid",
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: "open",
      submit_type: null,
      subscription: null,
      success_url: successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted",
      url: `${ctx.base}/checkout/${id}`,
      wallet_options: null,
    },
    {
      lineItems: items.map((i) => ({ id: newId("li"), price: i.price.obj.id, quantity: i.quantity })),
      subscriptionMetadata: metadata(object(p, "subscription_data") ?? {}, {}),
      paymentIntentData: object(p, "payment_intent_data") ?? {},
    },
  );
  return store.view(session.obj.id);
}

/** The session's line items as Stripe lists them (`object: "item"`). */
export function lineItems(store: Store, session: Entry): StripeObject[] {
  return session.internal.lineItems.map((line: { id: string; price: string; quantity: number }) => {
    const price = store.view(line.price);
    const amount = price.unit_amount * line.quantity;
    return {
      id: line.id,
      object: "item",
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: store.entry(price.product)?.obj.name ?? null,
      metadata: {},
      price,
      quantity: line.quantity,
    };
  });
}

/** An open session whose time ran out becomes `expired` (checked whenever it is read). */
export function currentSession(store: Store, id: unknown, account: string | null | undefined): Entry {
  const entry = account === undefined ? store.entry(String(id)) : store.find("checkout.session", id, account);
  if (!entry || entry.kind !== "checkout.session") throw missing("checkout.session", String(id));
  if (entry.obj.status === "open" && entry.obj.expires_at <= nowSeconds()) expire(store, entry);
  return entry;
}

function expire(store: Store, session: Entry): void {
  Object.assign(session.obj, { status: "expired", url: null });
  store.changed();
  store.emit("checkout.session.expired", session);
}

/**
 * The buyer pays. Subscription mode: a customer (made from the e-mail if there was none), an active subscription with
 * its paid first invoice; payment mode: a succeeded payment intent. Then `checkout.session.completed`.
 */
export function payCheckout(store: Store, session: Entry, typedEmail: string | undefined): void {
  const s = session.obj;
  let customer = s.customer ? store.entry(s.customer) : undefined;
  const email = customer?.obj.email ?? s.customer_email ?? typedEmail;
  if (!email) throw invalid("Enter the e-mail address to send the receipt to.", "email");
  if (s.mode === "subscription") {
    customer ??= createCustomer(store, session.account, { email });
    const line = session.internal.lineItems[0];
    const { sub, invoice } = startSubscription(store, customer, store.entry(line.price)!, line.quantity, session.internal.subscriptionMetadata);
    store.emit("customer.subscription.created", sub);
    store.emit("invoice.paid", invoice);
    Object.assign(s, { subscription: sub.obj.id, invoice: invoice.obj.id, customer: customer.obj.id });
  } else {
    const intent = succeededPaymentIntent(store, session.account, {
      amount: s.amount_total,
      currency: s.currency,
      customer: s.customer,
      email,
      data: session.internal.paymentIntentData,
    });
    store.emit("payment_intent.succeeded", intent);
    s.payment_intent = intent.obj.id;
  }
  Object.assign(s, {
    status: "complete",
    payment_status: "paid",
    url: null,
    customer_details: { address: null, business_name: null, email, individual_name: null, name: customer?.obj.name ?? null, phone: null, tax_exempt: "none", tax_ids: [] },
  });
  store.changed();
  store.emit("checkout.session.completed", session);
}

function retrieve(ctx: Context) {
  const session = currentSession(ctx.store, ctx.path.id, ctx.account);
  const view = ctx.store.view(session.obj.id);
  const expand = list(ctx.params, "expand");
  if (expand.includes("line_items")) {
    view.line_items = { object: "list", data: lineItems(ctx.store, session), has_more: false, url: `/v1/checkout/sessions/${session.obj.id}/line_items` };
  }
  return view;
}

export const checkoutRoutes: Route[] = [
  api("POST", "/v1/checkout/sessions", create),
  api("GET", "/v1/checkout/sessions/:id", retrieve),
  api("GET", "/v1/checkout/sessions/:id/line_items", (ctx) => {
    const session = currentSession(ctx.store, ctx.path.id, ctx.account);
    return { object: "list", data: lineItems(ctx.store, session), has_more: false, url: `/v1/checkout/sessions/${session.obj.id}/line_items` };
  }),
  api("POST", "/v1/checkout/sessions/:id/expire", (ctx) => {
    const session = currentSession(ctx.store, ctx.path.id, ctx.account);
    if (session.obj.status !== "open") throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.obj.status}".`);
    expire(ctx.store, session);
    return ctx.store.view(session.obj.id);
  }),
  api("GET", "/v1/checkout/sessions", (ctx) => {
    const p = ctx.params;
    const customer = text(p, "customer");
    const subscription = text(p, "subscription");
    const status = oneOf(p, "status", ["complete", "expired", "open"] as const);
    const entries = ctx.store.all(
      "checkout.session",
      ctx.account,
      (e) => (!customer || e.obj.customer === customer) && (!subscription || e.obj.subscription === subscription) && (!status || e.obj.status === status),
    );
    return page(ctx.store, entries, p, "/v1/checkout/sessions");
  }),
];
