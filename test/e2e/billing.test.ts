import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { payCheckout, renew } from "../api/stripe-helpers";
import { apiCall as call, toastSaying, tokenFor, uniqueEmail, useBrowser, webUrl } from "./browser";

/**
 * The billing page in a real browser against the whole local stack and its Stripe stand-in (spec 03 §2.2, §4, §5):
 * hosted checkout, the signed webhook, plan changes, a coupon and a past-due subscription.
 */

const browser = useBrowser();


async function onBilling(email: string): Promise<Page> {
  const page = await browser.signedIn(email, "/billing");
  await page.waitForURL(`${webUrl()}/billing`);
  await page.getByTestId("plan-cards").waitFor();
  return page;
}

const card = (page: Page, key: string) => page.getByTestId(`plan-card-${key}`);

/** A new user on Pro through the API, the hosted checkout and the webhook: answers the e-mail and token. */
async function proSubscriber(label: string) {
  const email = uniqueEmail(label);
  const token = await tokenFor(email);
  const pro = (await call("GET", "/api/billing/stats", { token })).body.pricing.pro;
  const checkout = await call("POST", `/api/billing/create-checkout-session/${pro.id}`, { token });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await payCheckout(checkout.body.url);
  await expect.poll(async () => (await call("GET", "/api/auth/me", { token })).body.subscription_tier, { timeout: 15_000 }).toBe("pro");
  return { email, token };
}

/** The pending-change notice's Cancel Change, and the notice gone. */
async function cancelPendingChange(page: Page) {
  const notice = page.getByTestId("pending-change-notice");
  await notice.getByTestId("cancel-change").click();
  await toastSaying(page, "Subscription schedule cancelled successfully");
  await notice.waitFor({ state: "detached" });
}

describe("/billing", () => {
  it("a Free user subscribes to Pro through the hosted checkout, then schedules a downgrade to Starter and cancels it", async () => {
    const page = await onBilling(uniqueEmail("billing-subscribe"));
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("menuitem", { name: "Billing" }).waitFor();
    await page.keyboard.press("Escape");

    await card(page, "free").getByTestId("current-badge").waitFor();
    expect(await card(page, "pro").getByTestId("plan-action").innerText()).toBe("Subscribe");
    await card(page, "pro").getByTestId("plan-action").click();
    await page.waitForURL(/\/checkout\//);
    await page.getByTestId("standin-pay").click();

    // back with success=true: the flag is dropped and the page waits for the webhook
    await page.waitForURL(`${webUrl()}/billing`);
    await card(page, "pro").getByTestId("current-badge").waitFor();
    await toastSaying(page, "Your new plan is active");
    expect(await card(page, "pro").getByTestId("manage-payments").innerText()).toBe("Manage Payments");
    expect(await card(page, "elite").getByTestId("plan-action").innerText()).toBe("Upgrade");
    expect(await page.getByTestId("current-plan").innerText()).toBe("You are on the Pro plan.");

    await card(page, "starter").getByTestId("plan-action").click();
    const dialog = page.getByTestId("plan-change-dialog");
    expect(await dialog.innerText()).toContain("effective at the end of the billing cycle");
    await dialog.getByTestId("plan-change-confirm").click();
    expect(await toastSaying(page, "Subscription Updated")).toContain("scheduled to downgrade at the end of your billing cycle");
    // the page reloads after 2 s and shows the pending change
    const notice = page.getByTestId("pending-change-notice");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("Your plan changes to Starter at the end of your billing cycle.");
    expect(await card(page, "pro").getByTestId("current-badge").innerText()).toBe("Current");

    await cancelPendingChange(page);
    await card(page, "pro").getByTestId("current-badge").waitFor();
    expect(await card(page, "starter").getByTestId("plan-action").innerText()).toBe("Downgrade");
  });

  it("Cancel plan in Manage Payments shows the pending change to Free; Cancel Change keeps the plan; the Free card downgrades after a confirmation", async () => {
    const { email } = await proSubscriber("billing-to-free");
    const page = await onBilling(email);
    await card(page, "pro").getByTestId("manage-payments").click();
    await page.waitForURL(/\/portal\//);
    await page.getByTestId("standin-cancel").click();
    await page.getByTestId("standin-notice").waitFor();
    await page.getByTestId("standin-return").click();
    await page.waitForURL(`${webUrl()}/billing`);
    const notice = page.getByTestId("pending-change-notice");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("Your plan changes to Free at the end of your billing cycle.");
    expect(await card(page, "free").getByTestId("plan-blocked").innerText()).toBe("Cancel the pending change first.");
    await cancelPendingChange(page);

    await card(page, "free").getByTestId("plan-action").click();
    const dialog = page.getByTestId("plan-change-dialog");
    expect(await dialog.innerText()).toContain("then your subscription ends, and the downgrade to Free is effective at the end of the billing cycle");
    await dialog.getByTestId("plan-change-confirm").click();
    expect(await toastSaying(page, "Subscription Updated")).toContain("scheduled to downgrade at the end of your billing cycle");
    await notice.waitFor();
    expect(await notice.innerText()).toContain("Your plan changes to Free at the end of your billing cycle.");
    expect(await page.getByTestId("current-plan").innerText()).toBe("You are on the Pro plan.");
  });

  it("a user redeems a coupon an admin created and sees the credits added", async () => {
    const admin = await tokenFor("admin@kiln.local");
    const code = `E2E${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const created = await call("POST", "/api/credits/create-coupon-code", { token: admin, body: { code, num_messages: 15, max_number_of_people: 3 } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const page = await onBilling(uniqueEmail("billing-coupon"));
    expect(await page.getByTestId("coupon-input").isVisible()).toBe(false);
    await page.getByTestId("coupon-toggle").click();
    const apply = page.getByTestId("coupon-apply");
    expect(await apply.isDisabled()).toBe(true);
    await page.getByTestId("coupon-input").fill(`  ${code.toLowerCase()} `);
    await apply.click();
    expect(await toastSaying(page, "credits added to your account!")).toBe("15 credits added to your account!");

    await page.getByTestId("billing-view-toggle").click();
    expect(await page.getByTestId("billing-view-toggle").innerText()).toBe("See Pricing");
    await expect.poll(() => page.getByTestId("extra-credits").innerText()).toContain("15");

    await page.getByTestId("coupon-toggle").waitFor({ state: "detached" });
    await page.getByTestId("billing-view-toggle").click();
    await page.getByTestId("coupon-toggle").click();
    await page.getByTestId("coupon-input").fill(code);
    await page.getByTestId("coupon-apply").click();
    await toastSaying(page, "You have already used this coupon code");

    // account settings show the plan and the extra credits, and 'Go to Billing' leads back here
    await page.goto("/user-settings");
    const summary = page.getByTestId("plan-summary");
    await expect.poll(() => summary.innerText()).toContain("15 extra credits");
    await summary.getByTestId("go-to-billing").click();
    await page.waitForURL(`${webUrl()}/billing`);
  });

  it("a past-due subscriber sees 'Subscription payment overdue' and Free-plan limits", async () => {
    const { email, token } = await proSubscriber("billing-pastdue");
    const subscription = (await call("GET", "/api/auth/me", { token })).body.stripe_subscription_id as string;
    await renew(subscription, { fail: true });
    await expect.poll(async () => (await call("GET", "/api/usage-logs/current-usage", { token })).body.past_due, { timeout: 15_000 }).toBe(true);

    const page = await onBilling(email);
    const banner = page.getByTestId("past-due-banner");
    expect(await banner.innerText()).toContain("Subscription payment overdue");
    expect(await banner.innerText()).toContain("You are limited to Free plan usage until you update your payment method.");
    expect(await card(page, "elite").getByTestId("plan-blocked").innerText()).toBe("Update your payment method first.");
    await page.getByTestId("billing-view-toggle").click();
    expect(await page.getByTestId("usage-monthly").getByTestId("usage-amount").innerText()).toBe("0 / 25");
    expect(await page.getByTestId("usage-daily").getByTestId("usage-amount").innerText()).toBe("0 / 7");

    await page.goto("/");
    expect(await page.getByTestId("usage-banner").innerText()).toContain("Subscription payment overdue");
    expect(await page.getByTestId("send-cost").innerText()).toBe("1 credit · 7 left today, 25 this month");
  });
});
