import { beforeAll, describe, expect, it } from "vitest";
import { call, signedIn, tokenFor } from "./helpers";
import { press, standIn } from "./stripe-helpers";

/**
 * POST /api/integrations/StripeIntegration/{account}/create-dashboard-link against the local Stripe
 * stand-in: the owner gets a single-use login link to the stand-in's labelled dashboard, where a
 * product added by form is what Refresh Products then reads through the Stripe API.
 */

const base = "/api/integrations/StripeIntegration";
let admin: string;

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
});

async function builder(label: string) {
  const user = await signedIn(label);
  expect((await call("POST", `/api/auth/${user.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
  return user;
}

describe("create-dashboard-link", () => {
  it("answers the stand-in's dashboard once onboarding is done; a product added there reaches the catalogue", async () => {
    const owner = await builder("payments-dashboard");
    const acct: string = (await call("POST", `${base}/get-or-create-account`, { token: owner.token, body: {} })).body.stripe_account_id;
    const early = await call("POST", `${base}/${acct}/create-dashboard-link`, { token: owner.token });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe("Finish this Stripe account's onboarding in Payments setup before opening its dashboard");

    await press((await call("POST", `${base}/${acct}/create-account-link`, { token: owner.token, body: {} })).body.account_link_url, "standin-onboard");
    const link = await call("POST", `${base}/${acct}/create-dashboard-link`, { token: owner.token });
    expect(link.status).toBe(200);
    const url = new URL(link.body.dashboard_url);
    expect([url.hostname, url.port]).toEqual(["127.0.0.1", String(standIn().port)]);
    expect(url.pathname).toMatch(/^\/dashboard\/login\/dashlink_[A-Za-z0-9]{32}$/);

    const opened = await fetch(link.body.dashboard_url, { redirect: "manual" });
    const dashboard = new URL(opened.headers.get("location")!, url).toString();
    expect(await (await fetch(dashboard)).text()).toContain(acct);
    const added = await fetch(`${dashboard}/products`, {
      method: "POST",
      headers: { origin: url.origin },
      body: new URLSearchParams({ name: "Blue mug", description: "Hand thrown", amount: "24.50", currency: "eur", billing: "one_time" }),
      redirect: "manual",
    });
    expect(added.status).toBe(303);
    const catalog = (await call("POST", `${base}/${acct}/refresh-product-catalog`, { token: owner.token })).body.product_catalog as Array<{ name: string; prices: Array<{ unit_amount: number; currency: string; recurring: unknown }> }>;
    expect(catalog.map((p) => [p.name, p.prices.map((x) => [x.unit_amount, x.currency, x.recurring])]).sort()).toEqual([
      ["Blue mug", [[2450, "eur", null]]],
      ["Test product", [[1000, "usd", null]]],
    ]);
  });

  it("is the owner's only: another user's account is not found, and a Free owner is asked to upgrade", async () => {
    const owner = await builder("payments-dashboard-owner");
    const acct: string = (await call("POST", `${base}/get-or-create-account`, { token: owner.token, body: {} })).body.stripe_account_id;
    const stranger = await builder("payments-dashboard-stranger");
    expect((await call("POST", `${base}/${acct}/create-dashboard-link`, { token: stranger.token })).status).toBe(404);
    expect((await call("POST", `${base}/acct_nosuch/create-dashboard-link`, { token: owner.token })).status).toBe(404);
    expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "free" } })).status).toBe(200);
    expect((await call("POST", `${base}/${acct}/create-dashboard-link`, { token: owner.token })).status).toBe(402);
  });
});
