import { describe, expect, it } from "vitest";
import { press, standIn } from "../api/stripe-helpers";
import { apiCall as call, launch, newContext, ownerWithBuiltApp, signInOnApp, uniqueEmail, useBrowser, webUrl } from "./browser";
import { shopPage } from "./published-app";

/**
 * Payments for apps finished in a browser on one machine (issue 21): the owner opens the Stripe
 * stand-in's local dashboard from the app's Payments view, adds a product there, publishes, and a
 * customer of the published app buys it through the stand-in's hosted checkout.
 */

const browser = useBrowser();

describe("the stand-in's local Stripe dashboard", () => {
  it("the owner adds a product in the dashboard from the Payments view; a customer of the published app buys it and the sale is recorded", async () => {
    const owner = await ownerWithBuiltApp("payments-dashboard", "builder", "A shop that sells handmade bowls");
    const base = "/api/integrations/StripeIntegration";
    const account: string = (await call("POST", `${base}/get-or-create-account`, { token: owner.token, body: {} })).body.stripe_account_id;
    await press((await call("POST", `${base}/${account}/create-account-link`, { token: owner.token, body: {} })).body.account_link_url, "standin-onboard");
    expect((await call("POST", `/api/apps/${owner.appId}/install-integration/StripeIntegration/${account}`, { token: owner.token })).status).toBe(200);

    // the Payments view's "Stripe dashboard" opens the stand-in's labelled dashboard for this account, with its seeded test product
    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/workspace/payments`);
    await page.getByTestId("payments-no-products").waitFor();
    const [dashboard] = await Promise.all([page.context().waitForEvent("page"), page.getByTestId("payments-dashboard-link").click()]);
    await dashboard.waitForURL(/\/dashboard\/dashsess_/);
    expect(await dashboard.getByTestId("standin-label").innerText()).toContain("Local Stripe dashboard — Stripe stand-in, development only.");
    expect(await dashboard.getByTestId("standin-dashboard-account").innerText()).toBe(account);
    const seeded = dashboard.getByTestId("standin-product").filter({ has: dashboard.getByTestId("standin-test-product") });
    expect(await seeded.getByTestId("standin-product-name").innerText()).toBe("Test product");
    expect(await seeded.getByTestId("standin-price").innerText()).toBe("$10.00");

    // add a product with a one-time price through the form
    await dashboard.getByTestId("standin-product-name-input").fill("Glazed bowl");
    await dashboard.getByTestId("standin-product-description-input").fill("Stoneware, 15 cm");
    await dashboard.getByTestId("standin-amount-input").fill("12.50");
    await dashboard.getByTestId("standin-currency-input").selectOption("usd");
    await dashboard.getByTestId("standin-billing-input").selectOption("one_time");
    await dashboard.getByTestId("standin-create-product").click();
    await dashboard.getByTestId("standin-notice").filter({ hasText: "Product added." }).waitFor();
    const bowlCard = dashboard.getByTestId("standin-product").filter({ hasText: "Glazed bowl" });
    expect(await bowlCard.getByTestId("standin-price").innerText()).toBe("$12.50");

    // Refresh Products in Kiln reads it through the Stripe API
    await page.getByTestId("payments-view-refresh").click();
    await page.getByTestId("payments-products").getByText("Glazed bowl").waitFor();
    const catalog = (await call("GET", `${base}/get-account`, { token: owner.token })).body.account.product_catalog as Array<{ id: string; name: string; prices: Array<{ id: string }> }>;
    const bowl = catalog.find((p) => p.name === "Glazed bowl")!;
    const priceId = bowl.prices[0].id;
    expect(await page.getByTestId(`payments-price-${priceId}`).getByTestId("payments-price-amount").innerText()).toBe("$12.50");

    // publish a page that sells it; a customer buys it on the published app through the hosted checkout
    const written = await call("POST", `/api/apps/${owner.appId}/coding/write`, { token: owner.token, body: { file_path: "pages/Shop", content: shopPage(account, owner.appId, priceId, "bowl") } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const buyer = uniqueEmail("payments-dashboard-buyer");
    expect((await call("POST", `/api/apps/${owner.appId}/users/invite-user`, { token: owner.token, body: { user_email: buyer, role: "user" } })).status).toBe(200);
    expect((await call("POST", `/api/apps/${owner.appId}/deploy`, { token: owner.token })).status).toBe(200);
    const slug: string = (await call("GET", `/api/apps/${owner.appId}`, { token: owner.token })).body.slug;
    const origin = `http://${slug}.localhost:${new URL(webUrl()).port}`;

    const customerBrowser = await launch();
    try {
      const shop = await (await newContext(customerBrowser)).newPage();
      await signInOnApp(shop, origin, buyer, "/Shop");
      const buy = shop.getByRole("button", { name: "Buy a bowl" });
      await buy.waitFor();
      const [checkout] = await Promise.all([shop.context().waitForEvent("page"), buy.click()]);
      await checkout.waitForURL(/\/checkout\//);
      expect(await checkout.getByTestId("standin-label").innerText()).toContain("Local checkout — Stripe stand-in");
      expect(await checkout.locator("table").innerText()).toContain("Glazed bowl");
      expect(await checkout.getByTestId("standin-pay").innerText()).toContain("Pay $12.50");
      await checkout.getByTestId("standin-pay").click();
      await checkout.waitForURL(`${origin}/Shop?checkout_status=success`);
      await expect.poll(() => checkout.getByTestId("checkout-status").innerText(), { timeout: 60_000 }).toBe("success");
    } finally {
      await customerBrowser.close();
    }

    // the sale is recorded on the account with what Kiln attached to the checkout: the app and its user
    const sessions = await standIn().sdk.checkout.sessions.list({ status: "complete", limit: 10 }, { stripeAccount: account });
    expect(sessions.data.map((s) => [s.amount_total, s.currency, s.payment_status, s.customer_details?.email, s.metadata])).toEqual([
      [1250, "usd", "paid", buyer, { kiln_app_id: owner.appId, kiln_app_user: buyer }],
    ]);
    // and the owner's dashboard shows it
    await dashboard.reload();
    const sale = dashboard.getByTestId("standin-payment");
    expect(await sale.getByTestId("standin-payment-email").innerText()).toBe(buyer);
    expect(await sale.getByTestId("standin-payment-items").innerText()).toBe("Glazed bowl");
    expect(await sale.getByTestId("standin-payment-amount").innerText()).toBe("$12.50");
  }, 180_000);
});
