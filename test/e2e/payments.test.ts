import { describe, expect, it } from "vitest";
import { press, standIn } from "../api/stripe-helpers";
import { apiCall as call, launch, newContext, signInOnApp, toastSaying, tokenFor, uniqueEmail, untilBuilt, useBrowser, webUrl } from "./browser";
import { shopPage } from "./published-app";

/**
 * Payments for apps in Chromium against the whole local stack and its Stripe stand-in (spec 02 §2
 * Payments and the /integrations/stripe wizard, §4, §6; spec 03 §4): the four steps with Stripe's
 * (stand-in's) onboarding page, the product catalogue, connecting an app and its workspace view.
 */

const browser = useBrowser();

async function builderWithApp(label: string) {
  const email = uniqueEmail(label);
  const token = await tokenFor(email);
  const me = await call("GET", "/api/auth/me", { token });
  expect((await call("POST", `/api/auth/${me.body.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: "builder" } })).status).toBe(200);
  const app = await call("POST", "/api/apps", { token, body: { user_description: "A shop that sells handmade mugs" } });
  expect(app.status).toBe(201);
  return { email, token, appId: app.body.id as string };
}

const stepOf = async (page: import("playwright-core").Page) => Number(await page.getByTestId("payments-wizard").getAttribute("data-step"));

describe("/integrations/stripe", () => {
  it("creates an express account, onboards on Stripe's page and comes back, refreshes products, connects an app, shows its Payments view, and deletes the account", async () => {
    const owner = await builderWithApp("payments-wizard");
    const page = await browser.signedIn(owner.email, "/integrations/stripe");
    await page.waitForURL(`${webUrl()}/integrations/stripe`);
    await page.getByTestId("payments-create-card").waitFor();
    expect(await page.getByTestId("payments-step-0").getAttribute("aria-current")).toBe("step");
    expect(await page.getByTestId("payments-steps").innerText()).toMatch(/Create Account[\s\S]*Verify Account[\s\S]*Product Catalog[\s\S]*Complete/);
    expect(await page.getByTestId("payments-type-express").locator("input").isChecked()).toBe(true);
    expect(await page.getByTestId("payments-type-standard").locator("input").isChecked()).toBe(false);

    await page.getByTestId("payments-create").click();
    await toastSaying(page, "Stripe account created successfully");
    await page.getByTestId("payments-status-incomplete").waitFor();
    expect(await stepOf(page)).toBe(1);
    await page.getByTestId("payments-delete-card").waitFor();
    const account: string = (await call("GET", "/api/integrations/StripeIntegration/get-account", { token: owner.token })).body.account.stripe_account_id;
    expect(await page.getByTestId("payments-status-card").innerText()).toContain(account);

    // Stripe's onboarding (the stand-in's local page) returns to /integrations/stripe, where the account loads at step 1
    await page.getByTestId("payments-onboard").click();
    await page.getByText("Local Connect onboarding — Stripe stand-in").waitFor();
    await page.getByTestId("standin-onboard").click();
    await page.waitForURL(`${webUrl()}/integrations/stripe`);
    await page.getByTestId("payments-status-complete").waitFor();
    expect(await stepOf(page)).toBe(1);
    await page.getByTestId("payments-status-continue").click();

    // products made in Stripe appear after Refresh Products
    await page.getByTestId("payments-no-products").waitFor();
    const { sdk } = standIn();
    const as = { stripeAccount: account };
    const mug = await sdk.products.create({ name: "Blue mug", description: "Hand thrown" }, as);
    const price = await sdk.prices.create({ product: mug.id, unit_amount: 2450, currency: "eur" }, as);
    const club = await sdk.products.create({ name: "Mug club" }, as);
    await sdk.prices.create({ product: club.id, unit_amount: 900, currency: "usd", recurring: { interval: "month" } }, as);
    await page.getByTestId("payments-refresh-products").click();
    await page.getByTestId(`payments-product-${mug.id}`).waitFor();
    expect(await page.getByTestId(`payments-price-${price.id}`).getByTestId("payments-price-amount").innerText()).toBe("€24.50");
    expect(await page.getByTestId(`payments-product-${club.id}`).innerText()).toContain("$9.00 / month");

    // Back goes one step; Continue comes again
    await page.getByTestId("payments-back").click();
    await page.getByTestId("payments-status-card").waitFor();
    await page.getByTestId("payments-status-continue").click();
    await page.getByTestId("payments-catalog-continue").click();
    expect(await stepOf(page)).toBe(3);

    await page.getByTestId("payments-tab-code").click();
    expect(await page.getByTestId("payments-code").innerText()).toContain(`/api/integrations/stripe/${account}/create-checkout-session`);
    await page.getByTestId("payments-tab-navigation").click();
    await page.getByTestId("payments-connect-app").selectOption(owner.appId);
    await page.getByTestId("payments-connect").click();
    await page.getByTestId("payments-connected").waitFor();
    const app = await call("GET", `/api/apps/${owner.appId}`, { token: owner.token });
    expect(app.body.installable_integrations.StripeIntegration.account_id).toBe(account);

    // the app's workspace now has Payments: title, alpha warning, account card, guide, products with short checkout ids
    await page.getByTestId("payments-open-workspace").click();
    await page.getByTestId("payments-view").waitFor();
    await page.getByTestId("workspace-nav-payments").waitFor();
    expect(await page.getByTestId("payments-alpha").innerText()).toContain("Payments are in alpha");
    expect(await page.getByTestId("payments-account-id").innerText()).toBe(account);
    await page.getByTestId("payments-account-active").waitFor();
    await page.getByTestId("payments-guide").waitFor();
    const checkout = page.getByTestId(`payments-checkout-${price.id}`);
    expect((await checkout.innerText()).trim()).toBe(`${price.id.slice(0, 10)}…`);
    // a test checkout opens the stand-in's hosted page in a new tab
    const [tab] = await Promise.all([page.context().waitForEvent("page"), checkout.click()]);
    await tab.waitForURL(/\/checkout\//);
    expect(await tab.getByTestId("standin-pay").innerText()).toContain("Pay €24.50");
    await tab.close();

    // delete from the wizard: back to step 0, and the app is disconnected
    await page.getByTestId("payments-setup-link").click();
    await page.getByTestId("payments-delete").click();
    await page.getByTestId("payments-delete-confirm").click();
    await page.getByTestId("payments-create-card").waitFor();
    expect(await stepOf(page)).toBe(0);
    await expect(sdk.accounts.retrieve(account)).rejects.toMatchObject({ statusCode: 404 });
    expect((await call("GET", `/api/apps/${owner.appId}`, { token: owner.token })).body.installable_integrations.StripeIntegration).toBeUndefined();
  });

  it("an invited user of the published app buys a mug through the local hosted checkout and comes back with checkout_status=success; in the preview frame the button warns to publish", async () => {
    const owner = await builderWithApp("payments-shop");
    const app = await untilBuilt(owner.token, owner.appId);
    expect(app.status.state).toBe("ready");
    const account: string = (await call("POST", "/api/integrations/StripeIntegration/get-or-create-account", { token: owner.token, body: {} })).body.stripe_account_id;
    const link = await call("POST", `/api/integrations/StripeIntegration/${account}/create-account-link`, { token: owner.token, body: {} });
    await press(link.body.account_link_url, "standin-onboard");
    const price = await standIn().sdk.prices.create({ product_data: { name: "Blue mug" }, unit_amount: 2450, currency: "usd" }, { stripeAccount: account });
    expect((await call("POST", `/api/apps/${owner.appId}/install-integration/StripeIntegration/${account}`, { token: owner.token })).status).toBe(200);
    const written = await call("POST", `/api/apps/${owner.appId}/coding/write`, { token: owner.token, body: { file_path: "pages/Shop", content: shopPage(account, owner.appId, price.id, "mug") } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const buyer = uniqueEmail("payments-buyer");
    expect((await call("POST", `/api/apps/${owner.appId}/users/invite-user`, { token: owner.token, body: { user_email: buyer, role: "user" } })).status).toBe(200);
    expect((await call("POST", `/api/apps/${owner.appId}/deploy`, { token: owner.token })).status).toBe(200);
    const origin = `http://${app.slug}.localhost:${new URL(webUrl()).port}`;

    const chromium = await launch();
    try {
      const page = await (await newContext(chromium)).newPage();
      await signInOnApp(page, origin, buyer, "/Shop");
      const buy = page.getByRole("button", { name: "Buy a mug" });
      await buy.waitFor();
      expect(await page.getByTestId("checkout-status").innerText()).toBe("none");
      const [tab] = await Promise.all([page.context().waitForEvent("page"), buy.click()]);
      await tab.waitForURL(/\/checkout\//);
      expect(await tab.getByTestId("standin-email").innerText()).toBe(buyer);
      expect(await tab.getByTestId("standin-pay").innerText()).toContain("Pay $24.50");
      await tab.getByTestId("standin-pay").click();
      await tab.waitForURL(`${origin}/Shop?checkout_status=success`);
      await expect.poll(() => tab.getByTestId("checkout-status").innerText(), { timeout: 60_000 }).toBe("success");
    } finally {
      await chromium.close();
    }

    // in the editor's preview frame the same button warns to publish and starts no checkout (spec 03 §8)
    const editor = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/preview/Shop`);
    const warned = new Promise<string>((resolve) => editor.on("dialog", (d) => void d.dismiss().then(() => resolve(d.message()))));
    const opened: string[] = [];
    editor.context().on("page", (p) => opened.push(p.url()));
    await editor.frameLocator('[data-testid="preview-frame"]').getByRole("button", { name: "Buy a mug" }).click();
    expect(await warned).toBe("Card checkout does not open inside the editor's preview. Publish your app and buy from its published page.");
    expect(opened).toEqual([]);
  }, 150_000);

  it("a Free owner sees 'Subscription Required' and Upgrade Subscription goes to /billing", async () => {
    const page = await browser.signedIn(uniqueEmail("payments-free"), "/integrations/stripe");
    const gate = page.getByTestId("payments-subscription-required");
    await gate.waitFor();
    expect(await gate.innerText()).toContain("Subscription Required");
    expect((await page.getByTestId("payments-upgrade").innerText()).trim()).toBe("Upgrade Subscription");
    await page.getByTestId("payments-upgrade").click();
    await page.waitForURL(`${webUrl()}/billing`);
  });
});

