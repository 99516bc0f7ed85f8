// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import type { AppStats } from "../../schemas/app-logs";
import { AnalyticsView } from "../../web/src/components/workspace/analytics/AnalyticsView";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The Analytics view's own rules (spec 02 §9): top users show 5 unless expanded; ≤1 date point is "Not enough data". */

beforeAll(polyfillJsdom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const app = { id: "app1" } as App;

function show(stats: AppStats) {
  const fetch = vi.fn(async (_url: string) => new Response(JSON.stringify(stats), { status: 200, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <AnalyticsView app={app} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return fetch;
}

const base: AppStats = { unique_users_count: 0, top_pages: [], top_users: [], users_per_date: [], visits_counted: 0, truncated: false };
const day = (date: string) => ({ date, unique_users: 2, total_visits: 3 });

describe("AnalyticsView", () => {
  it("shows 'Not enough data' with one date point, and the chart with two", async () => {
    show({ ...base, users_per_date: [day("2026-11-01")] });
    await screen.findByText("Not enough data");
    expect(screen.queryByTestId("analytics-chart")).toBeNull();
    cleanup();

    show({ ...base, users_per_date: [day("2026-11-01"), day("2026-11-02")] });
    await screen.findByTestId("analytics-chart");
    expect(screen.queryByText("Not enough data")).toBeNull();
  });

  it("shows the top 5 users until expanded", async () => {
    const top_users = Array.from({ length: 7 }, (_, i) => ({ email: `u${i}@x.test`, visits: 10 - i }));
    show({ ...base, unique_users_count: 7, top_users });
    await screen.findByText("u0@x.test");
    expect(screen.queryByText("u5@x.test")).toBeNull();
    fireEvent.click(screen.getByTestId("analytics-users-toggle"));
    await screen.findByText("u6@x.test");
    expect(screen.getByTestId("analytics-unique-users").textContent).toBe("7");
  });

  it("sends the filters as the stats query", async () => {
    const fetch = show(base);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    fireEvent.change(screen.getByTestId("analytics-filter-date_from"), { target: { value: "2026-11-01" } });
    const page = screen.getByTestId("analytics-filter-page_name");
    fireEvent.change(page, { target: { value: "Home" } });
    fireEvent.blur(page);
    await waitFor(() => expect(String(fetch.mock.calls.at(-1)![0])).toBe("/api/app-logs/app1/stats?date_from=2026-11-01&page_name=Home"));
  });
});
