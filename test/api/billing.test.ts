import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signedIn, tokenFor } from "./helpers";
import { payCheckout, renew, standIn, waitFor } from "./stripe-helpers";

type Plans = Record<string, { id: string; key: string; unit_amount: number; metadata: Record<string, string> }>;
let plans: Plans;

const usage = async (token: string) => (await call("GET", "/api/usage-logs/current-usage", { token })).body;
const me = async (token: string) => (await call("GET", "/api/auth/me", { token })).body;

/** A signed-in user who went through Stripe's hosted checkout for `plan` and whose webhook arrived. */
async function subscriber(label: string, plan = "pro") {
  const user = await signedIn(label);
  const checkout = await call("POST", `/api/billing/create-checkout-session/${plans[plan].id}`, { token: user.token });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  expect(checkout.body.url).toContain(`/checkout/${checkout.body.sessionId}`);
  const landed = await payCheckout(checkout.body.url);
  expect(landed).toMatch(/\/billing\?success=true$/);
  const after = await waitFor(() => me(user.token), (u) => u.subscription_tier === plan);
  return { ...user, user: after };
}

beforeAll(async () => {
  const { token } = await signedIn("billing-plans");
  const stats = await call("GET", "/api/billing/stats", { token });
  expect(stats.status).toBe(200);
  plans = stats.body.pricing;
});

describe("the plan catalogue is Stripe's prices (spec 03 §3, §9)", () => {
  it("lists the eight tiers in order with their price in cents and limits in metadata", () => {
    expect(Object.keys(plans)).toEqual(["free", "starter", "builder", "pro", "elite", "elite_2", "elite_3", "enterprise"]);
    expect(plans.free).toMatchObject({ unit_amount: 0, metadata: { monthly_message_limit: "25", monthly_integration_credits: "500", daily_message_limit: "7" } });
    expect(plans.pro.unit_amount).toBe(10_000);
    expect(plans.pro.id).toMatch(/^price_/);
  });

  it("gives a new user the Free plan's limits, read from the catalogue", async () => {
    const { token } = await signedIn("billing-free");
    expect(await usage(token)).toMatchObject({ tier: "free", daily_limit: 7, monthly_limit: 25, extra_credits: 0, past_due: false, is_over_limit: false });
    expect((await call("GET", "/api/usage-logs/current-integration-usage", { token })).body).toEqual({ usage: 0, limit: 500 });
  });
});

describe("POST /api/billing/webhook", () => {
  it("refuses a delivery without a valid Stripe signature and changes nothing", async () => {
    const { token, user } = await signedIn("billing-forged");
    const event = { id: "evt_forged", object: "event", type: "customer.subscription.updated", data: { object: { id: "sub_forged", customer: "cus_forged", metadata: { kiln_user_id: user.id } } } };
    const payload = JSON.stringify(event);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_kilns" });
    for (const headers of [{}, { "stripe-signature": forged }, { "stripe-signature": "t=1,v1=00" }] as Record<string, string>[]) {
      const res = await call("POST", "/api/billing/webhook", { rawBody: payload, headers });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/Stripe-Signature|Invalid Stripe signature/);
    }
    expect(await me(token)).toMatchObject({ subscription_tier: "free", stripe_subscription_id: null });
  });

  it("handles an event once: a repeated delivery of the same event id is acknowledged and not acted on again", async () => {
    const payload = JSON.stringify({ id: `evt_repeat_${Date.now()}`, object: "event", type: "product.updated", data: { object: { id: "prod_x" } } });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: standIn().webhookSecret });
    const first = await call("POST", "/api/billing/webhook", { rawBody: payload, headers: { "stripe-signature": signature } });
    const second = await call("POST", "/api/billing/webhook", { rawBody: payload, headers: { "stripe-signature": signature } });
    expect([first.status, first.body.duplicate]).toEqual([200, false]);
    expect([second.status, second.body.duplicate]).toEqual([200, true]);
  });
});

describe("subscribing, upgrading and downgrading (spec 03 §4)", () => {
  it("Subscribe → hosted checkout → signed webhook: the user is on Pro with Pro's limits and a credit period from Stripe", async () => {
    const { token, user } = await subscriber("billing-pro");
    expect(user).toMatchObject({ subscription_tier: "pro", stripe_subscription_status: "active" });
    expect(user.stripe_customer_id).toMatch(/^cus_/);
    const sub = await standIn().sdk.subscriptions.retrieve(user.stripe_subscription_id);
    const periodEnd = new Date(sub.items.data[0].current_period_end * 1000).toISOString();
    // the webhook sets the tier, then the credit period: wait for the second write too
    const current = await waitFor(() => usage(token), (u) => u.next_period_start_date === periodEnd);
    expect(current).toMatchObject({ tier: "pro", monthly_limit: 500, daily_limit: 1_000_000, past_due: false });
    const stats = (await call("GET", "/api/billing/stats", { token })).body;
    expect(stats).toMatchObject({ subscription_status: "active", stripe_subscription: { plan: { id: plans.pro.id } } });
    // a second checkout while subscribed is refused: plan changes go through update-subscription
    expect((await call("POST", `/api/billing/create-checkout-session/${plans.elite.id}`, { token })).status).toBe(409);
  });

  it("upgrades at once with a prorated invoice", async () => {
    const { token, user } = await subscriber("billing-upgrade", "starter");
    const res = await call("POST", `/api/billing/update-subscription/${plans.pro.id}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subscription).toMatchObject({ is_downgrade: false, tier: "pro" });
    expect((await me(token)).subscription_tier).toBe("pro");
    const invoices = await standIn().sdk.invoices.list({ customer: user.stripe_customer_id });
    expect(invoices.data.length).toBeGreaterThanOrEqual(2);
  });

  it("schedules a downgrade for the end of the cycle, cancels it, and a renewal applies a new one", async () => {
    const { token, user } = await subscriber("billing-downgrade", "pro");
    const down = await call("POST", `/api/billing/update-subscription/${plans.starter.id}`, { token });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body.subscription).toMatchObject({ is_downgrade: true, tier: "starter" });
    expect(await me(token)).toMatchObject({ subscription_tier: "pro", subscription_schedule_tier: "starter" });
    expect((await me(token)).subscription_schedule_id).toMatch(/^sub_sched_/);
    // one pending change at a time
    expect((await call("POST", `/api/billing/update-subscription/${plans.builder.id}`, { token })).status).toBe(409);

    expect((await call("DELETE", "/api/billing/cancel-schedule", { token })).status).toBe(200);
    expect(await me(token)).toMatchObject({ subscription_tier: "pro", subscription_schedule_id: null, subscription_schedule_tier: null });
    expect((await call("DELETE", "/api/billing/cancel-schedule", { token })).status).toBe(404);

    expect((await call("POST", `/api/billing/update-subscription/${plans.starter.id}`, { token })).status).toBe(200);
    await renew(user.stripe_subscription_id);
    const after = await waitFor(() => me(token), (u) => u.subscription_tier === "starter");
    expect(after).toMatchObject({ subscription_schedule_id: null, stripe_subscription_status: "active" });
    expect((await usage(token)).monthly_limit).toBe(100);
  });

  it("a failed renewal makes the subscription past due: Free-plan limits until it is paid", async () => {
    const { token, user } = await subscriber("billing-pastdue", "pro");
    await renew(user.stripe_subscription_id, { fail: true });
    await waitFor(() => me(token), (u) => u.stripe_subscription_status === "past_due");
    expect(await usage(token)).toMatchObject({ tier: "pro", past_due: true, daily_limit: 7, monthly_limit: 25 });
    expect((await call("POST", `/api/billing/update-subscription/${plans.elite.id}`, { token })).status).toBe(409);
    const portal = await call("POST", "/api/billing/create-portal-session", { token });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toContain("/portal/");
  });

  it("refuses unknown plans, the Free plan's checkout and a portal without a customer, each with a 4xx", async () => {
    const { token } = await signedIn("billing-refusals");
    expect((await call("POST", "/api/billing/create-checkout-session/price_nope", { token })).status).toBe(404);
    expect((await call("POST", "/api/billing/create-checkout-session/bad%20id", { token })).status).toBe(400);
    expect((await call("POST", `/api/billing/create-checkout-session/${plans.free.id}`, { token })).status).toBe(400);
    expect((await call("POST", "/api/billing/create-portal-session", { token })).status).toBe(400);
    expect((await call("POST", `/api/billing/update-subscription/${plans.pro.id}`, { token })).status).toBe(400);
  });
});

describe("coupons and bonus credits (spec 03 §5, §7.2)", () => {
  let admin: string;
  beforeAll(async () => {
    admin = await tokenFor("admin@kiln.local");
  });
  const create = (body: object) => call("POST", "/api/credits/create-coupon-code", { token: admin, body });
  const code = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`.toUpperCase();

  it("validates a new code with the spec's messages", async () => {
    expect((await create({})).body.detail).toBe("code: Code is required; num_messages: Number of messages is required; max_number_of_people: Max number of people is required");
    expect((await create({ code: " ", num_messages: 0, max_number_of_people: 0 })).body.detail).toBe("code: Code is required; num_messages: Must be at least 1; max_number_of_people: Must be at least 1");
    const made = await create({ code: code("welcome").toLowerCase(), num_messages: 10, max_number_of_people: 5, domain: "" });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ num_messages: 10, max_number_of_people: 5, domain: null, used_credits: 0 });
    expect(made.body.code).toBe(made.body.code.toUpperCase());
    expect((await create({ code: made.body.code, num_messages: 1, max_number_of_people: 1 })).status).toBe(409);
    const list = await call("GET", "/api/credits/coupon-codes", { token: admin });
    expect(list.body.map((c: { code: string }) => c.code)).toContain(made.body.code);
  });

  it("a redeemed coupon adds extra credits once per user, spent after the plan's", async () => {
    const c = (await create({ code: code("ten"), num_messages: 10, max_number_of_people: 5 })).body.code as string;
    const { token } = await signedIn("coupon-user");
    const res = await call("POST", `/api/credits/add-coupon-code/${c.toLowerCase()}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ num_messages: 10, message: "10 credits added to your account!" });
    expect((await usage(token)).extra_credits).toBe(10);
    const again = await call("POST", `/api/credits/add-coupon-code/${c}`, { token });
    expect([again.status, again.body.detail]).toEqual([409, "You have already used this coupon code"]);
    expect((await call("POST", "/api/credits/add-coupon-code/NOT-A-CODE", { token })).status).toBe(404);
  });

  it("of many people redeeming at once, no more than the maximum get the credits", async () => {
    const c = (await create({ code: code("race"), num_messages: 3, max_number_of_people: 3 })).body.code as string;
    const users = await Promise.all(Array.from({ length: 8 }, (_, i) => signedIn(`coupon-race-${i}`)));
    const answers = await Promise.all(users.map((u) => call("POST", `/api/credits/add-coupon-code/${c}`, { token: u.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.detail)).toEqual(Array(5).fill("This coupon code has reached its maximum number of uses"));
    const extras = await Promise.all(users.map(async (u) => (await usage(u.token)).extra_credits));
    expect(extras.filter((e) => e === 3)).toHaveLength(3);
    const listed = (await call("GET", "/api/credits/coupon-codes", { token: admin })).body.find((x: { code: string }) => x.code === c);
    expect(listed.used_credits).toBe(3);
  });

  it("a code limited to an e-mail domain refuses other addresses", async () => {
    const c = (await create({ code: code("corp"), num_messages: 5, max_number_of_people: 9, domain: "@Corp.example" })).body;
    expect(c.domain).toBe("corp.example");
    const { token } = await signedIn("coupon-outsider");
    const res = await call("POST", `/api/credits/add-coupon-code/${c.code}`, { token });
    expect([res.status, res.body.detail]).toEqual([403, "This coupon code is only for @corp.example e-mail addresses"]);
  });

  it("admins grant bonus credits with a reason, list and delete them; users cannot", async () => {
    const { token, user } = await signedIn("bonus-user");
    const add = await call("POST", "/api/credits/add-bonus-credits", { token: admin, body: { user_id: user.id, num_messages: 4, reason: "Sorry for the outage", expires_date: "2099-01-01" } });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ num_messages: 4, remaining: 4, reason: "Sorry for the outage", expires_date: "2099-01-01T00:00:00.000Z" });
    expect((await usage(token)).extra_credits).toBe(4);
    const expired = await call("POST", "/api/credits/add-bonus-credits", { token: admin, body: { user_id: user.id, num_messages: 9, reason: "old", expires_date: "2000-01-01" } });
    expect(expired.status).toBe(200);
    expect((await usage(token)).extra_credits).toBe(4);
    const list = await call("GET", `/api/credits/${user.id}/bonus-credits`, { token: admin });
    expect(list.body.map((g: { reason: string }) => g.reason).sort()).toEqual(["Sorry for the outage", "old"]);
    expect((await call("GET", `/api/credits/${user.id}/bonus-credits`, { token })).status).toBe(403);
    expect((await call("DELETE", `/api/credits/${user.id}/bonus-credits/${add.body.id}`, { token: admin })).status).toBe(200);
    expect((await usage(token)).extra_credits).toBe(0);
    expect((await call("POST", "/api/credits/add-bonus-credits", { token: admin, body: { user_id: user.id, num_messages: "4", reason: "" } })).body.detail).toBe(
      "num_messages: Must be a number; reason: Reason is required",
    );
  });
});
