import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Outlet, RouterProvider, createMemoryHistory, createRootRouteWithContext, createRoute, createRouter } from "@tanstack/react-router";
import { act, cleanup, render, screen } from "@testing-library/react";
import { http, HttpResponse, type JsonBodyType, delay } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { SubscriptionTier } from "../../schemas/user";
import { Header } from "../../web/src/components/Header";
import { Toaster, toaster } from "../../web/src/components/ui/toaster";
import type { RouterContext } from "../../web/src/routes/__root";
import { Route as BillingRoute } from "../../web/src/routes/_app/billing";
import { system } from "../../web/src/theme";
import { stats, usage, user } from "./billing-fixtures";
import { polyfillJsdom } from "./jsdom-polyfills";

/**
 * The /billing page through its real route (loader, search, error screen) against /api answered by msw,
 * for test/unit/billing-page*.test.tsx: `world` says what the API answers, `show` renders the page.
 */

export const world = {
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
export const detail = (status: number, text: string) => () => HttpResponse.json({ detail: text, message: text }, { status });

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
export let queryClient: QueryClient;

export function show(path = "/billing") {
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

export const card = (key: string) => screen.findByTestId(`plan-card-${key}`);
export const toastText = async (text: string) => (await screen.findByText(text, { exact: false }, { timeout: 3000 })).closest("[data-testid=toast]")?.textContent;

/** The stage's hooks (msw listening, the world reset before each test, the page and its toasts gone after): call once at a test file's top level. */
export function setUpBillingPage() {
  // a successful change reloads the page 2 s later (useBillingActions.ts): those timers must not fire once jsdom is gone
  const timers = new Set<number>();
  beforeAll(() => {
    polyfillJsdom();
    server.listen({ onUnhandledRequest: "error" });
    const start = window.setTimeout.bind(window);
    window.setTimeout = ((run: TimerHandler, ms?: number, ...args: unknown[]) => {
      const id = start(run, ms, ...args);
      timers.add(id);
      return id;
    }) as typeof window.setTimeout;
  });
  beforeEach(() => {
    Object.assign(world, { tier: "free", schedule: null, pastDue: false, ending: false, extra: 0, fail: {}, calls: [] });
  });
  afterEach(() => {
    cleanup();
    act(() => toaster.remove());
    delete window.kilnTracking;
  });
  afterAll(() => {
    for (const id of timers) window.clearTimeout(id);
    server.close();
  });
}
