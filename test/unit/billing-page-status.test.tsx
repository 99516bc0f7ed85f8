// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ACTIVATION_TIMING } from "../../web/src/components/billing/usePurchaseActivation";
import { card, detail, setUpBillingPage, show, toastText, world } from "./billing-page-stage";

/** The /billing page when the subscription is past due, its stats fail, and back from checkout, through the real route against /api answered by msw (spec 03 §2.2, §4, §8). */

setUpBillingPage();

describe("Past due, load failure, FAQ", () => {
  it("past due: the 'Subscription payment overdue' banner says Free-plan limits apply and opens the portal", async () => {
    world.tier = "pro";
    world.pastDue = true;
    show();
    const banner = await screen.findByTestId("past-due-banner");
    expect(banner.textContent).toContain("Subscription payment overdue");
    expect(banner.textContent).toContain("limited to Free plan usage until you update your payment method");
    expect(within(await card("elite")).getByTestId("plan-blocked").textContent).toBe("Update your payment method first.");
    expect(within(await card("starter")).getByTestId("plan-blocked").textContent).toBe("Update your payment method first.");
    fireEvent.click(within(banner).getByTestId("update-payment"));
    await waitFor(() => expect(world.calls).toContain("POST portal"));
  });

  it("no banner when paid up", async () => {
    show();
    await card("free");
    expect(screen.queryByTestId("past-due-banner")).toBeNull();
  });

  it("stats that fail to load show 'Failed to load billing information'", async () => {
    world.fail["GET stats"] = detail(500, "boom");
    show();
    expect((await screen.findByTestId("billing-load-error")).textContent).toContain("Failed to load billing information");
  });

  it("the FAQ gives the Free plan's limits from the catalogue and how credits are spent", async () => {
    show();
    const faq = await screen.findByTestId("billing-faq");
    expect(faq.textContent).toContain("7 messages per day, 25 per month, and 500 integration credits a month.");
    expect(faq.textContent).toContain("costs 1 credit; in discussion mode, where it answers without changing the app, 0.3 credits");
    expect(faq.textContent).toContain("One integration request your app makes costs 1 integration credit.");
    expect(faq.textContent).toContain("changed nothing is not charged");
    expect(faq.textContent).toContain("spent after your plan's credits run out");
    expect(faq.textContent).toContain("applied immediately, with a prorated charge");
    expect(faq.textContent).toContain("takes effect at the end of the billing cycle");
    expect(faq.textContent).toContain("While a payment is past due you are limited to Free plan usage.");
  });
});

describe("Back from checkout (success=true)", () => {
  it("tracks the purchase (value 20) and an affiliate conversion once, drops the flag, and waits for the plan to change", async () => {
    const purchase = vi.fn();
    const affiliateConversion = vi.fn();
    window.kilnTracking = { purchase, affiliateConversion };
    const router = show("/billing?success=true");
    expect((await screen.findByTestId("activation-notice")).textContent).toContain("Your new plan is being activated");
    expect(purchase).toHaveBeenCalledExactlyOnceWith({ value: 20, currency: "USD" });
    expect(affiliateConversion).toHaveBeenCalledExactlyOnceWith({ value: 20, currency: "USD" });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.href).toBe("/billing");

    world.tier = "pro"; // the webhook landed
    await waitFor(() => expect(screen.queryByTestId("activation-notice")).toBeNull(), { timeout: 5000 });
    expect(within(await card("pro")).getByTestId("current-badge")).toBeTruthy();
    await toastText("Your new plan is active");
    expect(purchase).toHaveBeenCalledTimes(1);
  });

  it("a webhook that lands after the page's patience ran out still shows the plan, without a reload", async () => {
    const usual = { ...ACTIVATION_TIMING };
    Object.assign(ACTIVATION_TIMING, { patienceMs: 300, slowPollMs: 200 });
    try {
      show("/billing?success=true");
      await waitFor(() => expect(screen.getByTestId("activation-notice").textContent).toContain("This is taking longer than usual"), { timeout: 5000 });
      world.tier = "pro"; // Stripe's retry delivered it at last
      await waitFor(() => expect(screen.queryByTestId("activation-notice")).toBeNull(), { timeout: 5000 });
      expect(screen.getByTestId("current-plan").textContent).toBe("You are on the Pro plan.");
    } finally {
      Object.assign(ACTIVATION_TIMING, usual);
    }
  }, 15_000);

  it("without the flag nothing is tracked, and with no tracker configured the page still works", async () => {
    const purchase = vi.fn();
    window.kilnTracking = { purchase };
    show();
    await card("free");
    expect(purchase).not.toHaveBeenCalled();
    expect(screen.queryByTestId("activation-notice")).toBeNull();
    cleanup();
    delete window.kilnTracking;
    show("/billing?success=true");
    expect(await screen.findByTestId("activation-notice")).toBeTruthy();
  });
});
