import { beforeAll, describe, expect, it } from "vitest";
import { BUSY_MESSAGE } from "../../functions/core/billing/lock";
import { call, signedIn } from "./helpers";
import { payCheckout, renew, standIn, waitFor } from "./stripe-helpers";

/** Issue 21: two checkouts, two subscriptions, plan changes at once, and a subscription set to end (spec 03 §4, §7.1). */

type Plans = Record<string, { id: string; key: string; unit_amount: number }>;
let plans: Plans;

const me = async (token: string) => (await call("GET", "/api/auth/me", { token })).body;
const checkout = (token: string, plan: string) => call("POST", `/api/billing/create-checkout-session/${plans[plan].id}`, { token });

async function subscriber(label: string, plan: string) {
  const user = await signedIn(label);
  const session = await checkout(user.token, plan);
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  await payCheckout(session.body.url);
  return { ...user, user: await waitFor(() => me(user.token), (u) => u.subscription_tier === plan) };
}

/** What the user paid for a subscription and what went back: from Stripe's own invoices, payments and refunds. */
async function paidAndRefunded(subscription: string) {
  const { sdk } = standIn();
  let paid = 0;
  let refunded = 0;
  for (const invoice of (await sdk.invoices.list({ subscription, status: "paid" })).data) {
    paid += invoice.amount_paid;
    for (const payment of (await sdk.invoicePayments.list({ invoice: invoice.id! })).data) {
      for (const refund of (await sdk.refunds.list({ payment_intent: payment.payment.payment_intent as string })).data) refunded += refund.amount;
    }
  }
  return { paid, refunded };
}

beforeAll(async () => {
  const { token } = await signedIn("billing-races-plans");
  plans = (await call("GET", "/api/billing/stats", { token })).body.pricing;
});

describe("one open checkout per user", () => {
  it("two Subscribe clicks at once answer the same checkout page; another plan expires it first, so it can no longer be paid", async () => {
    const { token, user } = await signedIn("billing-one-checkout");
    const [a, b] = await Promise.all([checkout(token, "pro"), checkout(token, "pro")]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body).toEqual(a.body);

    const builder = await checkout(token, "builder");
    expect(builder.status).toBe(200);
    expect(builder.body.sessionId).not.toBe(a.body.sessionId);
    const { sdk } = standIn();
    expect((await sdk.checkout.sessions.retrieve(a.body.sessionId)).status).toBe("expired");
    const customer = (await me(token)).stripe_customer_id as string;
    const open = await sdk.checkout.sessions.list({ customer, status: "open" });
    expect(open.data.map((s) => s.id)).toEqual([builder.body.sessionId]);
    await expect(payCheckout(a.body.url)).rejects.toThrow();

    await payCheckout(builder.body.url);
    expect(await waitFor(() => me(token), (u) => u.subscription_tier === "builder")).toMatchObject({ id: user.id, stripe_subscription_status: "active" });
  });
});

describe("a second live subscription", () => {
  it("is cancelled and its payment refunded by the webhook; the first stays", async () => {
    const { token, user } = await signedIn("billing-two-subs");
    const first = await checkout(token, "builder");
    expect(first.status).toBe(200);
    // a second checkout Kiln did not hand out (opened before this rule, or straight at Stripe): both get paid
    const { sdk } = standIn();
    const customer = (await me(token)).stripe_customer_id as string;
    const second = await sdk.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: user.id,
      line_items: [{ price: plans.pro.id, quantity: 1 }],
      success_url: "http://localhost/billing?success=true",
      metadata: { kiln_user_id: user.id },
      subscription_data: { metadata: { kiln_user_id: user.id } },
    });
    await Promise.all([payCheckout(first.body.url), payCheckout(second.url!)]);

    const subs = async () => (await sdk.subscriptions.list({ customer, status: "all" })).data;
    const settled = await waitFor(subs, (list) => list.length === 2 && list.filter((s) => s.status === "canceled").length === 1);
    const kept = settled.find((s) => s.status === "active")!;
    const dropped = settled.find((s) => s.status === "canceled")!;
    const after = await waitFor(() => me(token), (u) => u.stripe_subscription_id === kept.id && u.subscription_tier !== "free");
    expect(after.subscription_tier).toBe(kept.items.data[0].price.id === plans.pro.id ? "pro" : "builder");
    expect(after.stripe_subscription_status).toBe("active");

    const refund = await waitFor(() => paidAndRefunded(dropped.id), (r) => r.refunded > 0);
    expect(refund.paid).toBeGreaterThan(0);
    expect(refund.refunded).toBe(refund.paid);
    expect(await paidAndRefunded(kept.id)).toMatchObject({ refunded: 0 });
  });
});

describe("plan changes at once", () => {
  it("are serialized per user: the losers get 409 with a clear message, nothing answers 5xx, and the user ends as Stripe says", async () => {
    const { token, user } = await subscriber("billing-concurrent", "starter");
    const targets = ["builder", "pro", "elite", "elite_2", "free", "builder"];
    const answers = await Promise.all(Array.from({ length: 18 }, (_, i) => call("POST", `/api/billing/update-subscription/${plans[targets[i % targets.length]].id}`, { token })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => ![200, 400, 409].includes(s)), JSON.stringify(answers.map((a) => [a.status, a.body.detail]))).toEqual([]);
    expect(answers.filter((a) => a.status === 409 && a.body.detail === BUSY_MESSAGE).length).toBeGreaterThan(0);
    expect(statuses).toContain(200);

    const { sdk } = standIn();
    const sub = await sdk.subscriptions.retrieve(user.stripe_subscription_id, { expand: ["schedule"] });
    const now = await me(token);
    expect(plans[now.subscription_tier].id).toBe(sub.items.data[0].price.id);
    const ending = sub.cancel_at_period_end ? "free" : null;
    const scheduled = sub.schedule && typeof sub.schedule !== "string" && ["active", "not_started"].includes(sub.schedule.status) ? sub.schedule.id : null;
    expect(now.subscription_schedule_id).toBe(scheduled);
    if (!scheduled) expect(now.subscription_schedule_tier).toBe(ending);
  });
});

describe("a subscription set to end", () => {
  it("Cancel plan in the portal (cancel at period end) shows as a pending change to Free, and Cancel Change undoes it", async () => {
    const { token, user } = await subscriber("billing-cancel-at-end", "pro");
    const { sdk } = standIn();
    await sdk.subscriptions.update(user.stripe_subscription_id, { cancel_at_period_end: true });
    await waitFor(() => me(token), (u) => u.subscription_schedule_tier === "free");
    const stats = (await call("GET", "/api/billing/stats", { token })).body;
    expect(stats).toMatchObject({ subscription_schedule_id: null, subscription_schedule_tier: "free", subscription_status: "active" });
    expect((await me(token)).subscription_tier).toBe("pro");

    expect((await call("DELETE", "/api/billing/cancel-schedule", { token })).status).toBe(200);
    expect((await sdk.subscriptions.retrieve(user.stripe_subscription_id)).cancel_at_period_end).toBe(false);
    expect(await me(token)).toMatchObject({ subscription_tier: "pro", subscription_schedule_tier: null });
  });

  it("a paid user downgrades to Free: the subscription ends with the cycle (cancel at period end), then the user is on Free", async () => {
    const { token, user } = await subscriber("billing-to-free", "builder");
    const down = await call("POST", `/api/billing/update-subscription/${plans.free.id}`, { token });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const sub = await standIn().sdk.subscriptions.retrieve(user.stripe_subscription_id);
    expect(down.body.subscription).toEqual({ is_downgrade: true, tier: "free", effective_date: new Date(sub.items.data[0].current_period_end * 1000).toISOString() });
    expect(sub.cancel_at_period_end).toBe(true);
    expect(await me(token)).toMatchObject({ subscription_tier: "builder", subscription_schedule_tier: "free" });
    expect((await call("POST", `/api/billing/update-subscription/${plans.pro.id}`, { token })).status).toBe(409);

    await renew(user.stripe_subscription_id);
    expect(await waitFor(() => me(token), (u) => u.subscription_tier === "free")).toMatchObject({ stripe_subscription_id: null, subscription_schedule_tier: null });
  });
});
