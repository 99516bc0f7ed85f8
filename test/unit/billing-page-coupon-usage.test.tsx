// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { card, detail, setUpBillingPage, show, toastText, world } from "./billing-page-stage";

/** The /billing page's coupon form and usage view, through the real route against /api answered by msw (spec 03 §2.2, §5, §8). */

setUpBillingPage();

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
