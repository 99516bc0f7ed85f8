import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeStandIn, type StripeStandIn } from "../../stacks/local/stripe/index.ts";

// The stand-in needs nothing of Kiln's stack: it runs here on a free port, driven by the real SDK and plain fetch.
const SECRET = "sk_test_standin_0123456789abcdef";
const WEBHOOK_SECRET = "whsec_standin_test_secret";
const DAY = 86_400;

interface Delivery {
  raw: string;
  signature: string;
  event: Stripe.Event;
}

/** A tiny webhook receiver; `failFirst` answers 500 to that many deliveries before accepting. */
async function webhookReceiver(failFirst = 0) {
  const received: Delivery[] = [];
  let failures = failFirst;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (failures > 0) {
        failures--;
        res.writeHead(500).end();
        return;
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      received.push({ raw, signature: String(req.headers["stripe-signature"]), event: JSON.parse(raw) });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { received, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let dir: string;
let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
let standIn: StripeStandIn;
let stripe: Stripe;
let plan: { product: Stripe.Product; pro: Stripe.Price; max: Stripe.Price };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "stripe-standin-"));
  hooks = await webhookReceiver();
  standIn = await startStripeStandIn({ port: 0, dataFile: join(dir, "stripe.json"), secretKey: SECRET, webhookSecret: WEBHOOK_SECRET, webhookUrl: hooks.url, log: () => {} });
  stripe = new Stripe(SECRET, { host: standIn.host, port: standIn.port, protocol: "http" });
  const product = await stripe.products.create({ name: "Kiln plans" });
  const recurring = { interval: "month" as const };
  const pro = await stripe.prices.create({ product: product.id, unit_amount: 10_000, currency: "usd", recurring, nickname: "Pro", metadata: { monthly_message_limit: "500" } });
  const max = await stripe.prices.create({ product: product.id, unit_amount: 20_000, currency: "usd", recurring, nickname: "Max", metadata: { monthly_message_limit: "1200" } });
  plan = { product, pro, max };
});

afterAll(async () => {
  await standIn?.stop();
  await hooks?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Press a hosted page's button as a browser does (a form POST); answers the redirect or the page shown. */
async function press(pageUrl: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(pageUrl, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), html: await res.text() };
}

async function control(path: string, fields: Record<string, string> = {}) {
  const res = await fetch(`${standIn.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${SECRET}` }, body: new URLSearchParams(fields) });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Stripe.Subscription;
}

/** Every delivered event about an object, in delivery order, once the queue is empty. */
async function deliveredFor(id: string): Promise<string[]> {
  await standIn.deliveriesIdle();
  return hooks.received.filter((d) => JSON.stringify(d.event.data.object).includes(id)).map((d) => d.event.type);
}

async function subscribe(price = plan.pro, email = "buyer@example.com") {
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: price.id, quantity: 1 }],
    customer_email: email,
    success_url: "http://kiln.test/billing?success=true&session={CHECKOUT_SESSION_ID}",
    cancel_url: "http://kiln.test/billing",
    subscription_data: { metadata: { kiln_user_id: "u1" } },
  });
  const paid = await press(session.url!, { action: "pay", card: "4242 4242 4242 4242" });
  expect(paid.status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  return { session, paid, subscription: await stripe.subscriptions.retrieve(done.subscription as string) };
}

describe("catalogue", () => {
  it("creates products and prices with metadata and lists them with expand and auto-pagination", async () => {
    const product = await stripe.products.create({ name: "Paged", metadata: { tier: "paged" } });
    for (let i = 0; i < 23; i++) await stripe.prices.create({ product: product.id, unit_amount: 100 * (i + 1), currency: "usd", metadata: { n: String(i) } });
    const all = await stripe.prices.list({ product: product.id, limit: 10, expand: ["data.product"] }).autoPagingToArray({ limit: 100 });
    expect(all).toHaveLength(23);
    expect(new Set(all.map((p) => p.id)).size).toBe(23);
    expect(all.map((p) => p.metadata.n)).toEqual([...Array(23).keys()].reverse().map(String));
    expect((all[0].product as Stripe.Product).metadata).toEqual({ tier: "paged" });
    const first = await stripe.prices.list({ product: product.id, limit: 10 });
    expect(first).toMatchObject({ object: "list", has_more: true, url: "/v1/prices" });
    expect(typeof first.data[0].product).toBe("string");

    const price = await stripe.prices.retrieve(plan.pro.id, { expand: ["product"] });
    expect(price).toMatchObject({ object: "price", unit_amount: 10_000, type: "recurring", recurring: { interval: "month", interval_count: 1 }, nickname: "Pro", livemode: false });
    expect((price.product as Stripe.Product).name).toBe("Kiln plans");
    const updated = await stripe.prices.update(plan.max.id, { metadata: { features: "code" }, lookup_key: "max_monthly" });
    expect(updated.metadata).toEqual({ monthly_message_limit: "1200", features: "code" });
    expect((await stripe.prices.list({ lookup_keys: ["max_monthly"] })).data.map((p) => p.id)).toEqual([plan.max.id]);
  });

  it("answers Stripe's errors: 401 for another key, 404 resource_missing, 400 for a missing parameter", async () => {
    const wrong = new Stripe("sk_test_not_the_key_0000", { host: standIn.host, port: standIn.port, protocol: "http" });
    await expect(wrong.products.list()).rejects.toMatchObject({ type: "StripeAuthenticationError", statusCode: 401, rawType: "invalid_request_error" });
    await expect(stripe.prices.retrieve("price_missing")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such price: 'price_missing'" });
    await expect(stripe.prices.create({ product: plan.product.id, currency: "usd" })).rejects.toMatchObject({ statusCode: 400, param: "unit_amount" });
  });

  it("replays a POST with the same Idempotency-Key and refuses the key with other parameters", async () => {
    const key = `idem-${Date.now()}`;
    const a = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: key });
    const b = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    expect((await stripe.customers.list({ email: "idem@example.com" })).data).toHaveLength(1);
    await expect(stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: key })).rejects.toMatchObject({ statusCode: 400, rawType: "idempotency_error" });
  });
});

describe("hosted checkout", () => {
  it("shows a labelled local page, and paying starts the subscription, redirects and sends signed events in order", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: plan.pro.id, quantity: 1 }],
      customer_email: "checkout@example.com",
      client_reference_id: "user-1",
      success_url: "http://kiln.test/billing?success=true&session={CHECKOUT_SESSION_ID}",
      cancel_url: "http://kiln.test/billing",
      metadata: { kiln_user_id: "user-1" },
    });
    expect(session).toMatchObject({ object: "checkout.session", status: "open", payment_status: "unpaid", mode: "subscription", amount_total: 10_000 });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/checkout/${session.id}`);
    const html = await (await fetch(session.url!)).text();
    expect(html).toContain("Local checkout — Stripe stand-in, development only. No card is charged.");
    expect(html).toContain("$100.00 / month");
    expect(html).toContain("checkout@example.com");
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toMatch(/data-testid="standin-pay">Subscribe</);

    const paid = await press(session.url!, { action: "pay", card: "4242 4242 4242 4242" });
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://kiln.test/billing?success=true&session=${session.id}`);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ["subscription", "customer"] });
    expect(done).toMatchObject({ status: "complete", payment_status: "paid", client_reference_id: "user-1" });
    const sub = done.subscription as Stripe.Subscription;
    expect((done.customer as Stripe.Customer).email).toBe("checkout@example.com");
    expect(sub).toMatchObject({ status: "active", customer: (done.customer as Stripe.Customer).id, cancel_at_period_end: false });
    const item = sub.items.data[0];
    expect(item.price.id).toBe(plan.pro.id);
    const days = (item.current_period_end - item.current_period_start) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
    expect(Math.abs(item.current_period_start - Date.now() / 1000)).toBeLessThan(60);
    expect(new Date(item.current_period_end * 1000).getUTCDate()).toBe(new Date(item.current_period_start * 1000).getUTCDate());
    const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
    expect(invoice).toMatchObject({ status: "paid", amount_paid: 10_000, billing_reason: "subscription_create", parent: { subscription_details: { subscription: sub.id } } });

    const types = await deliveredFor(sub.id);
    expect(types).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    const completed = hooks.received.find((d) => d.event.type === "checkout.session.completed" && (d.event.data.object as { id: string }).id === session.id)!;
    const verified = stripe.webhooks.constructEvent(completed.raw, completed.signature, WEBHOOK_SECRET);
    expect(verified).toMatchObject({ type: "checkout.session.completed", api_version: Stripe.API_VERSION, data: { object: { subscription: sub.id, status: "complete" } } });
    expect(() => stripe.webhooks.constructEvent(completed.raw, completed.signature, "whsec_someone_else")).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() => stripe.webhooks.constructEvent(completed.raw.replace("complete", "open"), completed.signature, WEBHOOK_SECRET)).toThrow(/signature/i);
  });

  it("a declined card shows the message and a Back link, and changes nothing", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: plan.pro.id, quantity: 1 }],
      customer_email: "declined@example.com",
      success_url: "http://kiln.test/ok",
      cancel_url: "http://kiln.test/billing?canceled=1",
    });
    await standIn.deliveriesIdle();
    const before = hooks.received.length;
    const declined = await press(session.url!, { action: "decline" });
    expect(declined.status).toBe(200);
    expect(declined.html).toContain("Your card was declined.");
    expect(declined.html).toContain('href="http://kiln.test/billing?canceled=1"');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "open", payment_status: "unpaid", subscription: null });
    expect((await stripe.customers.list({ email: "declined@example.com" })).data).toHaveLength(0);
    await standIn.deliveriesIdle();
    expect(hooks.received.length).toBe(before);
  });

  it("a pay posted from another site's page changes nothing; one from the page itself pays", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd", unit_amount: 500, product_data: { name: "Forged" } }, quantity: 1 }],
      customer_email: "forged@example.com",
      success_url: "http://kiln.test/paid",
    });
    const forged = await press(session.url!, { action: "pay" }, { origin: "http://evil.example" });
    expect({ status: forged.status, location: forged.location }).toEqual({ status: 403, location: null });
    expect(forged.html).toContain("This form was posted from another site, so nothing was changed.");
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: "open", payment_status: "unpaid" });
    const own = await press(session.url!, { action: "pay" }, { origin: new URL(session.url!).origin });
    expect(own.location).toBe("http://kiln.test/paid");
  });

  it("payment mode takes inline price_data and ends with a succeeded payment intent; a finished session's page says so", async () => {
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd", unit_amount: 2_000, product_data: { name: "Credit pack" } }, quantity: 1 }],
      customer_email: "pack@example.com",
      success_url: "http://kiln.test/done",
      payment_intent_data: { metadata: { pack: "20" } },
    });
    expect(await (await fetch(session.url!)).text()).toMatch(/data-testid="standin-pay">Pay \$20\.00</);
    expect((await press(session.url!, { action: "pay" })).location).toBe("http://kiln.test/done");
    const done = await stripe.checkout.sessions.retrieve(session.id);
    expect(done).toMatchObject({ status: "complete", payment_status: "paid", subscription: null });
    expect(await stripe.paymentIntents.retrieve(done.payment_intent as string)).toMatchObject({ status: "succeeded", amount: 2_000, metadata: { pack: "20" } });
    expect(await (await fetch(session.url!)).text()).toContain("This checkout session is complete.");
    expect(await deliveredFor(session.id)).toEqual(["checkout.session.completed"]);
  });
});

describe("subscriptions", () => {
  it("an upgrade with always_invoice bills the proration at once and reports what changed", async () => {
    const { subscription } = await subscribe();
    expect(subscription.metadata).toEqual({ kiln_user_id: "u1" });
    const item = subscription.items.data[0];
    const updated = await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: plan.max.id }], proration_behavior: "always_invoice", expand: ["latest_invoice"] });
    expect(updated.items.data[0].price.id).toBe(plan.max.id);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: "paid", billing_reason: "subscription_update" });
    const [credit, charge] = invoice.lines.data.map((l) => l.amount);
    expect(credit).toBeLessThan(0);
    expect(credit).toBeGreaterThanOrEqual(-10_000);
    expect(charge).toBeGreaterThan(19_900);
    expect(invoice.amount_paid).toBe(credit + charge);
    await standIn.deliveriesIdle();
    const change = hooks.received.find((d) => d.event.type === "customer.subscription.updated" && (d.event.data.object as { id: string }).id === subscription.id)!;
    const previous = change.event.data.previous_attributes as { items: { data: Array<{ price: { id: string } }> } };
    expect(previous.items.data[0].price.id).toBe(plan.pro.id);
  });

  it("a paid invoice's payment is a succeeded payment intent, refunded in parts until nothing is left", async () => {
    const { subscription } = await subscribe();
    const [payment] = (await stripe.invoicePayments.list({ invoice: subscription.latest_invoice as string })).data;
    expect(payment).toMatchObject({ status: "paid", amount_paid: 10_000, payment: { type: "payment_intent" } });
    const intent = payment.payment.payment_intent as string;
    expect(await stripe.paymentIntents.retrieve(intent)).toMatchObject({ status: "succeeded", amount_received: 10_000 });

    const part = await stripe.refunds.create({ payment_intent: intent, amount: 4_000, reason: "duplicate" });
    expect(part).toMatchObject({ object: "refund", amount: 4_000, status: "succeeded", payment_intent: intent, reason: "duplicate" });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 7_000 })).rejects.toMatchObject({ code: "amount_too_large" });
    expect((await stripe.refunds.create({ payment_intent: intent })).amount).toBe(6_000);
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({ code: "charge_already_refunded" });
    expect((await stripe.refunds.list({ payment_intent: intent })).data.map((r) => r.amount)).toEqual([6_000, 4_000]);
    expect(await deliveredFor(part.id)).toEqual(["refund.created"]);
  });

  it("create_prorations leaves the proration for the next invoice; failed renewal → past_due → fixed in the portal", async () => {
    const { subscription } = await subscribe();
    await stripe.subscriptions.update(subscription.id, { items: [{ id: subscription.items.data[0].id, price: plan.max.id }], proration_behavior: "create_prorations" });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    const failed = await control(`/_local/subscriptions/${subscription.id}/renew`, { fail: "true" });
    expect(failed.status).toBe("past_due");
    expect(failed.items.data[0].current_period_start).toBe(subscription.items.data[0].current_period_end);
    const open = await stripe.invoices.retrieve(failed.latest_invoice as string);
    expect(open).toMatchObject({ status: "open", billing_reason: "subscription_cycle", attempted: true });
    expect(open.lines.data.map((l) => l.parent?.subscription_item_details?.proration)).toEqual([false, true, true]);

    const portal = await stripe.billingPortal.sessions.create({ customer: subscription.customer as string, return_url: "http://kiln.test/billing" });
    expect(portal.url).toBe(`${standIn.url}/portal/${portal.id}`);
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain("Local billing portal — Stripe stand-in");
    expect(html).toMatch(/data-testid="standin-status">past_due</);
    expect(html).toContain('href="http://kiln.test/billing"');
    const fixed = await press(portal.url, { action: "fix-payment", subscription: subscription.id });
    expect(fixed.status).toBe(303);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: "active" });
    expect(await stripe.invoices.retrieve(open.id)).toMatchObject({ status: "paid", amount_paid: open.amount_due });
    const types = await deliveredFor(subscription.id);
    expect(types.slice(-4)).toEqual(["invoice.payment_failed", "customer.subscription.updated", "invoice.paid", "customer.subscription.updated"]);

    expect((await press(portal.url, { action: "cancel", subscription: subscription.id })).status).toBe(303);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ cancel_at_period_end: true, status: "active" });
    const ended = await control(`/_local/subscriptions/${subscription.id}/renew`);
    expect(ended.status).toBe("canceled");
    expect((await deliveredFor(subscription.id)).at(-1)).toBe("customer.subscription.deleted");
  });

  it("a schedule from the subscription changes the price at renewal, then releases it", async () => {
    const { subscription } = await subscribe();
    const schedule = await stripe.subscriptionSchedules.create({ from_subscription: subscription.id });
    expect(schedule).toMatchObject({ status: "active", subscription: subscription.id, end_behavior: "release" });
    expect(schedule.phases).toHaveLength(1);
    expect((await stripe.subscriptions.retrieve(subscription.id)).schedule).toBe(schedule.id);
    const current = schedule.phases[0];
    const updated = await stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: "release",
      phases: [
        { items: [{ price: plan.pro.id, quantity: 1 }], start_date: current.start_date, end_date: current.end_date },
        { items: [{ price: plan.max.id, quantity: 1 }], duration: { interval: "month", interval_count: 1 } },
      ],
    });
    expect(updated.phases.map((p) => [p.items[0].price, p.start_date])).toEqual([
      [plan.pro.id, current.start_date],
      [plan.max.id, current.end_date],
    ]);
    expect((await stripe.subscriptions.retrieve(subscription.id)).items.data[0].price.id).toBe(plan.pro.id);

    const renewed = await control(`/_local/subscriptions/${subscription.id}/renew`);
    expect(renewed.items.data[0].price.id).toBe(plan.max.id);
    expect(renewed.status).toBe("active");
    expect((await stripe.invoices.retrieve(renewed.latest_invoice as string)).amount_paid).toBe(20_000);
    const last = await control(`/_local/subscriptions/${subscription.id}/renew`);
    expect(last).toMatchObject({ status: "active", schedule: null });
    expect(await stripe.subscriptionSchedules.retrieve(schedule.id)).toMatchObject({ status: "released", released_subscription: subscription.id });
    expect(await deliveredFor(schedule.id)).toEqual(expect.arrayContaining(["subscription_schedule.created", "subscription_schedule.updated", "subscription_schedule.released"]));
  });

  it("releasing a schedule keeps the subscription; cancelling one cancels the subscription", async () => {
    const kept = await subscribe();
    const released = await stripe.subscriptionSchedules.release((await stripe.subscriptionSchedules.create({ from_subscription: kept.subscription.id })).id);
    expect(released).toMatchObject({ status: "released", subscription: null, released_subscription: kept.subscription.id });
    expect(await stripe.subscriptions.retrieve(kept.subscription.id)).toMatchObject({ status: "active", schedule: null });

    const ended = await subscribe();
    const canceled = await stripe.subscriptionSchedules.cancel((await stripe.subscriptionSchedules.create({ from_subscription: ended.subscription.id })).id);
    expect(canceled.status).toBe("canceled");
    expect(await stripe.subscriptions.retrieve(ended.subscription.id)).toMatchObject({ status: "canceled" });
    expect(await deliveredFor(ended.subscription.id)).toContain("customer.subscription.deleted");
    expect((await stripe.subscriptions.list({ customer: ended.subscription.customer as string })).data).toHaveLength(0);
    expect((await stripe.subscriptions.list({ customer: ended.subscription.customer as string, status: "canceled" })).data).toHaveLength(1);
  });
});

describe("Connect", () => {
  it("onboards a connected account and keeps its objects visible only with its Stripe-Account", async () => {
    const account = await stripe.accounts.create({ type: "express", email: "seller@example.com", country: "US" });
    expect(account).toMatchObject({ object: "account", details_submitted: false, charges_enabled: false, payouts_enabled: false });
    const link = await stripe.accountLinks.create({ account: account.id, type: "account_onboarding", refresh_url: "http://kiln.test/refresh", return_url: "http://kiln.test/return" });
    expect(await (await fetch(link.url)).text()).toContain("Local Connect onboarding — Stripe stand-in");
    expect((await press(link.url, {})).location).toBe("http://kiln.test/return");
    expect(await stripe.accounts.retrieve(account.id)).toMatchObject({ details_submitted: true, charges_enabled: true, payouts_enabled: true });

    const as = { stripeAccount: account.id };
    const price = await stripe.prices.create({ product_data: { name: "Seller item" }, unit_amount: 500, currency: "usd" }, as);
    await expect(stripe.prices.retrieve(price.id)).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
    expect((await stripe.prices.retrieve(price.id, {}, as)).id).toBe(price.id);
    expect((await stripe.prices.list({ limit: 100 })).data.map((p) => p.id)).not.toContain(price.id);
    const session = await stripe.checkout.sessions.create({ mode: "payment", line_items: [{ price: price.id, quantity: 2 }], customer_email: "buyer@example.com", success_url: "http://kiln.test/thanks" }, as);
    expect((await press(session.url!, { action: "pay" })).location).toBe("http://kiln.test/thanks");
    await standIn.deliveriesIdle();
    const completed = hooks.received.find((d) => (d.event.data.object as { id: string }).id === session.id)!;
    expect(completed.event).toMatchObject({ type: "checkout.session.completed", account: account.id });
    expect(hooks.received.find((d) => d.event.type === "account.updated")?.event.account).toBe(account.id);
    await expect(stripe.checkout.sessions.retrieve(session.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(await stripe.accounts.del(account.id)).toMatchObject({ id: account.id, deleted: true });
    await expect(stripe.prices.retrieve(price.id, {}, as)).rejects.toMatchObject({ statusCode: 403 });
  });
});

describe("delivery and persistence", () => {
  it("retries a refused delivery, lists delivery status, and keeps its data across a restart", async () => {
    const flaky = await webhookReceiver(2);
    const file = join(dir, "restart.json");
    const options = { port: 0, dataFile: file, secretKey: SECRET, webhookSecret: WEBHOOK_SECRET, webhookUrl: flaky.url, log: () => {} };
    const first = await startStripeStandIn(options);
    const sdk = new Stripe(SECRET, { host: first.host, port: first.port, protocol: "http" });
    const customer = await sdk.customers.create({ email: "kept@example.com", metadata: { k: "v" } });
    await first.deliveriesIdle();
    expect(flaky.received.map((d) => d.event.type)).toEqual(["customer.created"]);
    const log = await (await fetch(`${first.url}/_local/events`, { headers: { authorization: `Bearer ${SECRET}` } })).json();
    expect(log.data.map((e: { type: string; delivery: { status: string; attempts: number } }) => [e.type, e.delivery.status, e.delivery.attempts])).toEqual([["customer.created", "delivered", 3]]);
    await first.stop();

    const second = await startStripeStandIn(options);
    const again = new Stripe(SECRET, { host: second.host, port: second.port, protocol: "http" });
    expect(await again.customers.retrieve(customer.id)).toMatchObject({ email: "kept@example.com", metadata: { k: "v" } });
    await second.stop();
    await flaky.close();
  });
});
