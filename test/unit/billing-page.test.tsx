// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Outlet, RouterProvider, createMemoryHistory, createRootRouteWithContext, createRoute, createRouter } from "@tanstack/react-router";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type JsonBodyType, delay } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SubscriptionTier } from "../../schemas/user";
import { Header } from "../../web/src/components/Header";
import { Toaster, toaster } from "../../web/src/components/ui/toaster";
import type { RouterContext } from "../../web/src/routes/__root";
import { Route as BillingRoute } from "../../web/src/routes/_app/billing";
import { system } from "../../web/src/theme";
import { ACTIVATION_TIMING } from "../../web/src/components/billing/usePurchaseActivation";
import { stats, usage, user } from "./billing-fixtures";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The /billing page through its real route (loader, search, error screen) against /api answered by msw (spec 03 §2.2, §4, §5, §8). */

const world = {
  tier: "free" as SubscriptionTier,
  schedule: null as SubscriptionTier | null,
  pastDue: false,
  /** the subscription is set to end at the period's close (Cancel plan in the portal, or a downgrade to Free) */
  ending: false,
  extra: 0,
  /** answers for the calls a test makes fail */
  fail: {} as Record<string, () => Response>,
  calls: [] as string[],
};

const answer = (key: string, ok: () => JsonBodyType) => {
  world.calls.push(key);
  return world.fail[key]?.() ?? HttpResponse.json(ok());
};
const detail = (status: number, text: string) => () => HttpResponse.json({ detail: text, message: text }, { status });

const server = setupServer(
  http.get("*/api/auth/me", () => answer("GET me", () => user(world.tier))),
  http.get("*/api/billing/stats", () =>
    answer("GET stats", () => ({ ...stats(world.tier, world.schedule), ...(world.ending ? { subscription_schedule_id: null, subscription_schedule_tier: "free" } : {}) })),
  ),
  http.get("*/api/usage-logs/current-usage", () => answer("GET usage", () => usage({ tier: world.tier, past_due: world.pastDue, extra_credits: world.extra }))),
  http.get("*/api/usage-logs/current-integration-usage", () => answer("GET integrations", () => ({ usage: 460, limit: 500 }))),
  http.post("*/api/billing/create-checkout-session/:planId", ({ params }) => answer(`POST checkout ${params.planId}`, () => ({ sessionId: "cs_1", url: "http://stripe.localhost/pay/cs_1" }))),
  http.post("*/api/billing/create-portal-session", () => answer("POST portal", () => ({ url: "http://stripe.localhost/portal" }))),
  http.post("*/api/billing/update-subscription/:planId", ({ params }) =>
    answer(`POST update ${params.planId}`, () => {
      const to = params.planId === "price_starter" ? "starter" : params.planId === "price_free" ? "free" : "elite";
      return { subscription: { is_downgrade: to !== "elite", tier: to, effective_date: "2026-04-01T00:00:00.000Z" } };
    }),
  ),
  http.delete("*/api/billing/cancel-schedule", () => answer("DELETE schedule", () => ({ cancelled: true }))),
  http.post("*/api/credits/add-coupon-code/:code", async ({ params }) => {
    await delay(50);
    return answer(`POST coupon ${params.code}`, () => ({ num_messages: 50, message: "ok" }));
  }),
);

const root = createRootRouteWithContext<RouterContext>()({ component: Outlet });
const layout = createRoute({
  getParentRoute: () => root,
  id: "_app",
  component: () => (
    <>
      <Header user={user(world.tier)} />
      <Outlet />
    </>
  ),
});
// mounted the way web/src/routeTree.gen.ts mounts it (whose options type leaves id and path out, hence its cast too)
const tree = root.addChildren([layout.addChildren([BillingRoute.update({ id: "/billing", path: "/billing", getParentRoute: () => layout } as never)])]);

/** The query cache of the page shown last: a test pushes into it what the user's room would. */
let queryClient: QueryClient;

function show(path = "/billing") {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createRouter({ routeTree: tree, context: { queryClient }, history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return router;
}

const card = (key: string) => screen.findByTestId(`plan-card-${key}`);
const toastText = async (text: string) => (await screen.findByText(text, { exact: false }, { timeout: 3000 })).closest("[data-testid=toast]")?.textContent;

beforeAll(() => {
  polyfillJsdom();
  server.listen({ onUnhandledRequest: "error" });
});
beforeEach(() => {
  Object.assign(world, { tier: "free", schedule: null, pastDue: false, ending: false, extra: 0, fail: {}, calls: [] });
});
afterEach(() => {
  cleanup();
  act(() => toaster.remove());
  delete window.kilnTracking;
});
afterAll(() => server.close());

describe("Billing view: plan cards (spec 03 §2.2, §4)", () => {
  it("a Free user: Free is Current without Manage Payments, every other card offers Subscribe, which starts checkout with the plan's price id", async () => {
    show();
    const free = await card("free");
    expect(within(free).getByTestId("current-badge").textContent).toBe("Current");
    expect(within(free).queryByTestId("manage-payments")).toBeNull();
    expect(within(free).getByTestId("plan-messages").textContent).toBe("25 messages a month, 7 a day");
    expect(within(free).getByTestId("plan-integration-credits").textContent).toBe("500 integration credits a month");

    const pro = await card("pro");
    expect(within(pro).getByTestId("plan-name").textContent).toBe("Pro");
    expect(within(pro).getByTestId("plan-price").textContent).toBe("$100");
    expect(pro.textContent).toContain("/month");
    expect(within(pro).getByTestId("plan-features").textContent).toBe("Backend functionsPriority support");
    for (const key of ["starter", "builder", "pro", "elite", "enterprise"]) expect(within(await card(key)).getByTestId("plan-action").textContent).toBe("Subscribe");
    expect(screen.getByTestId("plan-cards").querySelectorAll("[data-testid^=plan-card-]").length).toBe(6);

    fireEvent.click(within(pro).getByTestId("plan-action"));
    await waitFor(() => expect(world.calls).toContain("POST checkout price_pro"));
  });

  it("the Elite family is one card whose selector picks elite, elite_2 or elite_3", async () => {
    show();
    const elite = await card("elite");
    const select = within(elite).getByTestId("elite-select") as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(["elite", "elite_2", "elite_3"]);
    expect(within(elite).getByTestId("plan-price").textContent).toBe("$200");
    fireEvent.change(select, { target: { value: "elite_3" } });
    expect(within(elite).getByTestId("plan-price").textContent).toBe("$750.50");
    expect(within(elite).getByTestId("plan-messages").textContent).toBe("5,000 messages a month");
    fireEvent.click(within(elite).getByTestId("plan-action"));
    await waitFor(() => expect(world.calls).toContain("POST checkout price_elite_3"));
  });

  it("a Pro user: Current with Manage Payments (the portal), higher cards Upgrade, lower ones and Free Downgrade", async () => {
    world.tier = "pro";
    show();
    const pro = await card("pro");
    expect(within(pro).getByTestId("current-badge")).toBeTruthy();
    expect(within(await card("elite")).getByTestId("plan-action").textContent).toBe("Upgrade");
    expect(within(await card("enterprise")).getByTestId("plan-action").textContent).toBe("Upgrade");
    expect(within(await card("builder")).getByTestId("plan-action").textContent).toBe("Downgrade");
    expect(within(await card("starter")).getByTestId("plan-action").textContent).toBe("Downgrade");
    expect(within(await card("free")).getByTestId("plan-action").textContent).toBe("Downgrade");
    fireEvent.click(within(pro).getByTestId("manage-payments"));
    await waitFor(() => expect(world.calls).toContain("POST portal"));
  });

  it("an elite_2 user sees the Elite card set to elite_2 and Current; elite_3 on it is an upgrade, elite a downgrade", async () => {
    world.tier = "elite_2";
    show();
    const elite = await card("elite");
    expect((within(elite).getByTestId("elite-select") as HTMLSelectElement).value).toBe("elite_2");
    expect(within(elite).getByTestId("current-badge")).toBeTruthy();
    fireEvent.change(within(elite).getByTestId("elite-select"), { target: { value: "elite_3" } });
    expect(within(elite).getByTestId("plan-action").textContent).toBe("Upgrade");
    fireEvent.change(within(elite).getByTestId("elite-select"), { target: { value: "elite" } });
    expect(within(elite).getByTestId("plan-action").textContent).toBe("Downgrade");
  });

  it("an upgrade asks first ('applied immediately with a prorated charge'), then says 'Subscription Updated' … 'upgraded successfully'", async () => {
    world.tier = "pro";
    show();
    fireEvent.click(within(await card("elite")).getByTestId("plan-action"));
    const dialog = await screen.findByTestId("plan-change-dialog");
    expect(dialog.textContent).toContain("Upgrade to Elite?");
    expect(dialog.textContent).toContain("applied immediately with a prorated charge");
    expect(world.calls.some((c) => c.startsWith("POST update"))).toBe(false);
    fireEvent.click(within(dialog).getByTestId("plan-change-confirm"));
    const text = await toastText("Subscription Updated");
    expect(text).toContain("upgraded successfully");
    expect(world.calls).toContain("POST update price_elite");
  });

  it("a downgrade asks first ('effective at the end of the billing cycle'), then says it is 'scheduled to downgrade at the end of your billing cycle'", async () => {
    world.tier = "pro";
    show();
    fireEvent.click(within(await card("starter")).getByTestId("plan-action"));
    const dialog = await screen.findByTestId("plan-change-dialog");
    expect(dialog.textContent).toContain("Downgrade to Starter?");
    expect(dialog.textContent).toContain("effective at the end of the billing cycle");
    fireEvent.click(within(dialog).getByTestId("plan-change-confirm"));
    const text = await toastText("Subscription Updated");
    expect(text).toContain("scheduled to downgrade at the end of your billing cycle");
  });

  it("a downgrade to Free from the Free card asks first (the subscription ends, effective at the end of the billing cycle), then asks the server", async () => {
    world.tier = "pro";
    show();
    fireEvent.click(within(await card("free")).getByTestId("plan-action"));
    const dialog = await screen.findByTestId("plan-change-dialog");
    expect(dialog.textContent).toContain("Downgrade to Free?");
    expect(dialog.textContent).toContain("You keep Pro until the end of the billing cycle; then your subscription ends, and the downgrade to Free is effective at the end of the billing cycle.");
    expect(world.calls.some((c) => c.startsWith("POST update"))).toBe(false);
    fireEvent.click(within(dialog).getByTestId("plan-change-confirm"));
    expect(await toastText("Subscription Updated")).toContain("scheduled to downgrade at the end of your billing cycle");
    expect(world.calls).toContain("POST update price_free");
  });

  it("a refused update shows the server's detail, else 'Failed to update subscription. Please try again later.'", async () => {
    world.tier = "pro";
    world.fail["POST update price_elite"] = detail(400, "Your card was declined");
    world.fail["POST update price_starter"] = () => new HttpResponse("gateway down", { status: 502 });
    show();
    fireEvent.click(within(await card("elite")).getByTestId("plan-action"));
    fireEvent.click(within(await screen.findByTestId("plan-change-dialog")).getByTestId("plan-change-confirm"));
    await toastText("Your card was declined");
    await waitFor(() => expect(screen.queryByTestId("plan-change-dialog")).toBeNull());
    fireEvent.click(within(await card("starter")).getByTestId("plan-action"));
    fireEvent.click(within(await screen.findByTestId("plan-change-dialog")).getByTestId("plan-change-confirm"));
    await toastText("Failed to update subscription. Please try again later.");
  });

  it("failed checkout and portal calls say so in the spec's words", async () => {
    world.fail["POST checkout price_pro"] = detail(500, "boom");
    show();
    fireEvent.click(within(await card("pro")).getByTestId("plan-action"));
    await toastText("Failed to create checkout session. Please try again later.");
    cleanup();
    world.tier = "pro";
    world.fail["POST portal"] = detail(500, "boom");
    show();
    fireEvent.click(within(await card("pro")).getByTestId("manage-payments"));
    await toastText("Failed to open subscription management. Please try again later.");
  });

  it("a pending schedule shows the scheduled tier with 'Cancel Change'; cancelling says so; plan changes wait for it", async () => {
    world.tier = "pro";
    world.schedule = "starter";
    show();
    const notice = await screen.findByTestId("pending-change-notice");
    expect(notice.textContent).toContain("Your plan changes to Starter at the end of your billing cycle.");
    expect(within(await card("elite")).getByTestId("plan-blocked").textContent).toBe("Cancel the pending change first.");
    fireEvent.click(within(notice).getByTestId("cancel-change"));
    await toastText("Subscription schedule cancelled successfully");
    expect(world.calls).toContain("DELETE schedule");
  });

  it("a failed cancel says 'Failed to cancel subscription schedule. Please try again later.'", async () => {
    world.tier = "pro";
    world.schedule = "starter";
    world.fail["DELETE schedule"] = detail(500, "boom");
    show();
    fireEvent.click(within(await screen.findByTestId("pending-change-notice")).getByTestId("cancel-change"));
    await toastText("Failed to cancel subscription schedule. Please try again later.");
  });

  it("a subscription set to end (Cancel plan in Manage Payments) shows the change to Free with 'Cancel Change'; plan changes wait for it", async () => {
    world.tier = "pro";
    world.ending = true;
    show();
    const notice = await screen.findByTestId("pending-change-notice");
    expect(notice.textContent).toContain("Your plan changes to Free at the end of your billing cycle.");
    expect(notice.textContent).toContain("Your subscription ends then and is not renewed.");
    expect(within(await card("elite")).getByTestId("plan-blocked").textContent).toBe("Cancel the pending change first.");
    fireEvent.click(within(notice).getByTestId("cancel-change"));
    await toastText("Subscription schedule cancelled successfully");
    expect(world.calls).toContain("DELETE schedule");
  });

  it("follows the account: when the user's room pushes a change from Stripe's webhook, the notice appears without a reload", async () => {
    world.tier = "pro";
    show();
    await card("pro");
    expect(screen.queryByTestId("pending-change-notice")).toBeNull();
    world.ending = true; // Cancel plan in the portal, in another tab
    act(() => queryClient.setQueryData(["me"], { ...user("pro"), subscription_schedule_tier: "free" }));
    expect((await screen.findByTestId("pending-change-notice", {}, { timeout: 3000 })).textContent).toContain("Your plan changes to Free");
  });

  it("no schedule, no notice", async () => {
    world.tier = "pro";
    show();
    await card("pro");
    expect(screen.queryByTestId("pending-change-notice")).toBeNull();
  });
});

describe("'Have a coupon code?' (spec 03 §5, §8)", () => {
  it("is hidden until opened; Apply waits for a trimmed code and for the request; success says '{N} credits added to your account!' and refetches usage", async () => {
    show();
    const toggle = await screen.findByTestId("coupon-toggle");
    expect(toggle.textContent).toContain("Have a coupon code?");
    expect(screen.getByTestId("coupon-form").closest("[hidden]")).not.toBeNull();
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByTestId("coupon-form").closest("[hidden]")).toBeNull());
    const input = screen.getByTestId("coupon-input");
    const apply = screen.getByTestId("coupon-apply") as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "   " } });
    expect(apply.disabled).toBe(true);
    fireEvent.change(input, { target: { value: "  WELCOME50 " } });
    expect(apply.disabled).toBe(false);
    const usageCalls = world.calls.filter((c) => c === "GET usage").length;
    fireEvent.click(apply);
    await waitFor(() => expect(apply.disabled).toBe(true));
    expect(await toastText("50 credits added to your account!")).toBe("50 credits added to your account!");
    expect(world.calls).toContain("POST coupon WELCOME50");
    await waitFor(() => expect(world.calls.filter((c) => c === "GET usage").length).toBeGreaterThan(usageCalls));
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("a refused code shows the server's detail, else 'Failed to apply coupon code. Please try again.'", async () => {
    world.fail["POST coupon USED"] = detail(400, "You have already used this coupon code");
    world.fail["POST coupon DOWN"] = () => new HttpResponse(null, { status: 503 });
    show();
    fireEvent.click(await screen.findByTestId("coupon-toggle"));
    fireEvent.change(screen.getByTestId("coupon-input"), { target: { value: "USED" } });
    fireEvent.click(screen.getByTestId("coupon-apply"));
    await toastText("You have already used this coupon code");
    fireEvent.change(screen.getByTestId("coupon-input"), { target: { value: "DOWN" } });
    fireEvent.click(screen.getByTestId("coupon-apply"));
    await toastText("Failed to apply coupon code. Please try again.");
  });
});

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

describe("Usage view (spec 03 §2.2)", () => {
  it("'View Usage' shows usage against limits, extra credits, the credit period and the daily chart; 'See Pricing' goes back", async () => {
    world.extra = 40;
    show();
    const toggle = await screen.findByTestId("billing-view-toggle");
    expect(toggle.textContent).toBe("View Usage");
    fireEvent.click(toggle);
    expect(toggle.textContent).toBe("See Pricing");
    const monthly = await screen.findByTestId("usage-monthly");
    expect(within(monthly).getByTestId("usage-amount").textContent).toBe("1 / 25");
    expect(within(monthly).getByTestId("usage-remaining").textContent).toBe("24 remaining");
    expect(within(screen.getByTestId("usage-daily")).getByTestId("usage-amount").textContent).toBe("1 / 7");
    const integrations = await screen.findByTestId("usage-integrations");
    expect(within(integrations).getByTestId("usage-fill").dataset.tone).toBe("red");
    expect(screen.getByTestId("extra-credits").textContent).toContain("40");
    expect(screen.getByTestId("credit-period").textContent).toContain("Mar 1, 2026 – Mar 31, 2026");
    expect(screen.getByTestId("credit-period").textContent).toContain("Next period starts Apr 1, 2026");
    // the period's 31 days, Mar 1 to Mar 31
    const chart = screen.getByTestId("daily-usage-chart");
    const bars = () => [...chart.querySelectorAll("svg rect[data-testid^='bar.item.messages.']")].map((r) => Number(r.getAttribute("height")));
    await waitFor(() => expect(bars()).toHaveLength(31));
    // 3, 5 and 1 messages on a 0–5 scale 210 px tall; every other day 0
    expect(bars().slice(0, 4)).toEqual([126, 210, 42, 0]);
    expect(bars().slice(3).every((h) => h === 0)).toBe(true);
    expect(chart.querySelector("svg")?.getAttribute("aria-label")).toBe("Messages per day");
    expect(chart.textContent).toContain("Mar 1");
    expect(chart.textContent).toContain("Mar 31");
    fireEvent.click(toggle);
    expect(await card("free")).toBeTruthy();
  });
});

describe("Header", () => {
  it("lists Billing in the avatar menu and the mobile drawer once /billing exists", async () => {
    show();
    await card("free");
    fireEvent.click(screen.getByTestId("avatar-menu"));
    expect((await screen.findByRole("menuitem", { name: "Billing" })).textContent).toBe("Billing");
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("navigation", { name: "Mobile" });
    expect(within(drawer).getByText("Billing").getAttribute("href")).toBe("/billing");
  });
});
