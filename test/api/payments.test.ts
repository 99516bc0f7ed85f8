import { beforeAll, describe, expect, it } from "vitest";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor } from "./helpers";
import { payCheckout, press, standIn } from "./stripe-helpers";

/**
 * Payments for apps (spec 02 §7 payments provider, spec 03 §7.8): an owner's Stripe Connect
 * account on the local Stripe stand-in, driven through the real `stripe` SDK by Kiln's handlers —
 * onboarding, the product catalogue, connecting an app, and a checkout for the app's own user.
 */

const base = "/api/integrations/StripeIntegration";
let admin: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;
const setTier = (userId: string, tier: string) => call("POST", `/api/auth/${userId}/update-user`, { token: admin, body: { subscription_tier: tier } });

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  owner = await signedIn("payments-owner");
  expect((await setTier(owner.user.id, "builder")).status).toBe(200);
  appId = (await builtApp(owner.token, "A shop that sells handmade mugs")).id;
}, 60_000);

describe("payments provider: the owner's Stripe Connect account", () => {
  it("creates the account, onboards it on the stand-in, reads its products, connects an app, sells to the app's user, and deletes it", async () => {
    expect((await call("GET", `${base}/get-account`, { token: owner.token })).body).toEqual({ account: null });
    const created = await call("POST", `${base}/get-or-create-account`, { token: owner.token, body: {} });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ account_type: "express", created_by: owner.user.id, product_catalog: [], connected_app_ids: [] });
    const acct: string = created.body.stripe_account_id;
    expect(acct).toMatch(/^acct_/);
    // the same account on a second call, and it is the one GET get-account answers
    expect((await call("POST", `${base}/get-or-create-account`, { token: owner.token, body: { account_type: "standard" } })).body.stripe_account_id).toBe(acct);
    expect((await call("GET", `${base}/get-account`, { token: owner.token })).body.account.stripe_account_id).toBe(acct);

    const { sdk } = standIn();
    expect(await sdk.accounts.retrieve(acct)).toMatchObject({ type: "express", email: owner.email, charges_enabled: false });
    expect((await call("GET", `${base}/${acct}/check-account-status`, { token: owner.token })).body).toMatchObject({ is_complete: false, charges_enabled: false });

    const link = await call("POST", `${base}/${acct}/create-account-link`, { token: owner.token, body: {} });
    expect(link.status).toBe(200);
    const back = await press(link.body.account_link_url, "standin-onboard");
    expect(new URL(back.location!).pathname).toBe("/integrations/stripe");
    expect((await call("GET", `${base}/${acct}/check-account-status`, { token: owner.token })).body).toMatchObject({ is_complete: true, charges_enabled: true, payouts_enabled: true, currently_due: [] });

    // products made on the connected account (as the owner would in Stripe's dashboard) appear after a refresh
    const as = { stripeAccount: acct };
    const mug = await sdk.products.create({ name: "Blue mug", description: "Hand thrown" }, as);
    const once = await sdk.prices.create({ product: mug.id, unit_amount: 2450, currency: "eur" }, as);
    const club = await sdk.products.create({ name: "Mug club" }, as);
    const monthly = await sdk.prices.create({ product: club.id, unit_amount: 900, currency: "usd", recurring: { interval: "month" } }, as);
    await sdk.products.create({ name: "Platform's own product" });
    const refreshed = await call("POST", `${base}/${acct}/refresh-product-catalog`, { token: owner.token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.product_catalog).toEqual(
      expect.arrayContaining([
        { id: mug.id, name: "Blue mug", description: "Hand thrown", images: [], prices: [{ id: once.id, unit_amount: 2450, currency: "eur", recurring: null }] },
        { id: club.id, name: "Mug club", description: null, images: [], prices: [{ id: monthly.id, unit_amount: 900, currency: "usd", recurring: { interval: "month", interval_count: 1 } }] },
      ]),
    );
    expect(refreshed.body.product_catalog).toHaveLength(2);

    // connect: not connected, then connected on install (spec 02 §4)
    expect((await call("GET", `${base}/${acct}/connect-to-app/${appId}`, { token: owner.token })).body).toMatchObject({ app_id: appId, connected: false });
    const installed = await call("POST", `/api/apps/${appId}/install-integration/StripeIntegration/${acct}`, { token: owner.token });
    expect(installed.status).toBe(200);
    expect(installed.body.installable_integrations.StripeIntegration).toMatchObject({ account_id: acct });
    expect((await call("GET", `${base}/${acct}/connect-to-app/${appId}`, { token: owner.token })).body).toMatchObject({ connected: true });
    expect((await call("GET", `/api/apps/${appId}`, { token: owner.token })).body.installable_integrations.StripeIntegration.account_id).toBe(acct);

    // the app's own user buys, on the connected account
    await enablePasswordSignIn(appId, owner.token);
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_with_login" } })).status).toBe(200);
    const buyer = await appMember(appId);
    const shop = "http://mugs.localhost/Shop";
    const checkout = await call("POST", `/api/integrations/stripe/${acct}/create-checkout-session`, {
      token: buyer.token,
      headers: { "x-app-id": appId },
      body: { price_id: once.id, quantity: 2, success_url: `${shop}?checkout_status=success`, cancel_url: `${shop}?checkout_status=canceled` },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(new URL(checkout.body.checkout_url).port).toBe(new URL(standIn().url).port);
    const session = await sdk.checkout.sessions.retrieve(checkout.body.session_id, {}, as);
    expect(session).toMatchObject({ mode: "payment", amount_total: 4900, currency: "eur", customer_email: buyer.email, metadata: { kiln_app_id: appId, kiln_app_user: buyer.email } });
    expect(await payCheckout(checkout.body.checkout_url)).toBe(`${shop}?checkout_status=success`);
    expect((await sdk.checkout.sessions.retrieve(session.id, {}, as)).status).toBe("complete");

    // without X-App-Id the account's one app is meant; a recurring price is a subscription
    const sub = await call("POST", `/api/integrations/stripe/${acct}/create-checkout-session`, {
      token: buyer.token,
      body: { price_id: monthly.id, success_url: `${shop}?checkout_status=success`, cancel_url: `${shop}?checkout_status=canceled` },
    });
    expect(sub.status).toBe(200);
    expect((await sdk.checkout.sessions.retrieve(sub.body.session_id, {}, as)).mode).toBe("subscription");
    // the owner's own test checkout from the workspace
    const test = await call("POST", `${base}/${acct}/create-checkout-session`, { token: owner.token, body: { price_id: once.id, success_url: `${shop}?checkout_status=success`, cancel_url: `${shop}?checkout_status=canceled` } });
    expect(test.status).toBe(200);
    expect(test.body.checkout_url).toMatch(/\/checkout\//);

    // bad input changes nothing: a price of another account, a foreign return address, a bad body
    const foreign = await sdk.prices.create({ product_data: { name: "Not theirs" }, unit_amount: 100, currency: "usd" });
    const stray = await call("POST", `/api/integrations/stripe/${acct}/create-checkout-session`, { token: buyer.token, body: { price_id: foreign.id, success_url: shop, cancel_url: shop } });
    expect(stray.status).toBe(404);
    expect((await call("POST", `/api/integrations/stripe/${acct}/create-checkout-session`, { token: buyer.token, body: { price_id: once.id, quantity: 0, success_url: shop, cancel_url: shop } })).status).toBe(400);
    expect((await call("POST", `${base}/${acct}/create-account-link`, { token: owner.token, body: { return_url: "https://evil.example/integrations/stripe" } })).status).toBe(400);

    const deleted = await call("DELETE", `${base}/${acct}/delete-account`, { token: owner.token });
    expect(deleted.body).toEqual({ deleted: true, stripe_account_id: acct });
    await expect(sdk.accounts.retrieve(acct)).rejects.toMatchObject({ statusCode: 404 });
    expect((await call("GET", `${base}/get-account`, { token: owner.token })).body).toEqual({ account: null });
    expect((await call("GET", `/api/apps/${appId}`, { token: owner.token })).body.installable_integrations.StripeIntegration).toBeUndefined();
    expect((await call("POST", `/api/integrations/stripe/${acct}/create-checkout-session`, { token: buyer.token, body: { price_id: once.id, success_url: shop, cancel_url: shop } })).status).toBe(404);
  }, 60_000);

  it("disconnecting the app (delete-integration) stops its checkouts", async () => {
    const acct: string = (await call("POST", `${base}/get-or-create-account`, { token: owner.token, body: { account_type: "standard" } })).body.stripe_account_id;
    expect((await standIn().sdk.accounts.retrieve(acct)).type).toBe("standard");
    expect((await call("POST", `/api/apps/${appId}/install-integration/StripeIntegration/${acct}`, { token: owner.token })).status).toBe(200);
    const removed = await call("POST", `/api/apps/${appId}/delete-integration/StripeIntegration/${acct}`, { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.installable_integrations.StripeIntegration).toBeUndefined();
    const after = await call("POST", `/api/integrations/stripe/${acct}/create-checkout-session`, { token: owner.token, headers: { "x-app-id": appId }, body: { price_id: "price_x", success_url: "http://a.test/", cancel_url: "http://a.test/" } });
    expect(after.status).toBe(404);
    expect((await call("GET", `${base}/get-account`, { token: owner.token })).body.account.connected_app_ids).toEqual([]);
    expect((await call("DELETE", `${base}/${acct}/delete-account`, { token: owner.token })).status).toBe(200);
  }, 30_000);
});

describe("who may use payments", () => {
  it("Free and Starter owners are refused with the plan's words, and nothing is made at Stripe", async () => {
    const free = await signedIn("payments-free");
    for (const tier of ["free", "starter"]) {
      expect((await setTier(free.user.id, tier)).status).toBe(200);
      const refused = await call("POST", `${base}/get-or-create-account`, { token: free.token, body: {} });
      expect(refused.status).toBe(402);
      expect(refused.body.detail).toBe("Payments need the Builder plan or higher");
      expect((await call("GET", `${base}/get-account`, { token: free.token })).status).toBe(402);
    }
    const mine = (await standIn().sdk.accounts.list({ limit: 100 })).data.filter((a) => a.email === free.email);
    expect(mine).toEqual([]);
  });

  it("a stranger cannot use, connect or sell from another owner's account, and an app's user can only buy through a connected app they may use", async () => {
    const acct: string = (await call("POST", `${base}/get-or-create-account`, { token: owner.token, body: {} })).body.stripe_account_id;
    const stranger = await signedIn("payments-stranger");
    expect((await setTier(stranger.user.id, "builder")).status).toBe(200);
    for (const [method, path] of [
      ["POST", `${base}/${acct}/create-account-link`],
      ["GET", `${base}/${acct}/check-account-status`],
      ["POST", `${base}/${acct}/refresh-product-catalog`],
      ["GET", `${base}/${acct}/connect-to-app/${appId}`],
      ["DELETE", `${base}/${acct}/delete-account`],
    ] as const) {
      expect((await call(method, path, { token: stranger.token, body: method === "POST" ? {} : undefined })).status, path).toBe(404);
    }
    expect((await call("GET", `${base}/get-account`, { token: stranger.token })).body).toEqual({ account: null });
    // a stranger's own app cannot take the owner's account
    const theirs = (await builtApp(stranger.token, "A to-do list")).id;
    expect((await call("POST", `/api/apps/${theirs}/install-integration/StripeIntegration/${acct}`, { token: stranger.token })).status).toBe(404);

    // a private app admits only its invited users to its checkout
    expect((await call("POST", `/api/apps/${appId}/install-integration/StripeIntegration/${acct}`, { token: owner.token })).status).toBe(200);
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "private_with_login" } })).status).toBe(200);
    const body = { price_id: "price_unknown", success_url: "http://a.test/", cancel_url: "http://a.test/" };
    const checkout = (token?: string, app = appId) => call("POST", `/api/integrations/stripe/${acct}/create-checkout-session`, { token, headers: { "x-app-id": app }, body });
    expect((await checkout(undefined)).status).toBe(403);
    expect((await checkout(stranger.token)).status).toBe(403);
    expect((await checkout(stranger.token, theirs)).status).toBe(404);
    // the owner gets past the door, to the account's own state: not onboarded yet
    const past = await checkout(owner.token);
    expect(past.status).toBe(409);
    expect(past.body.detail).toBe("This Stripe account cannot take payments yet: finish its onboarding in Payments setup");
    expect((await call("DELETE", `${base}/${acct}/delete-account`, { token: owner.token })).status).toBe(200);
  }, 60_000);
});
