import { describe, expect, it } from "vitest";
import { CreditPeriods } from "../../functions/core/billing/credit-periods";
import { Plans } from "../../functions/core/billing/plans";

describe("credit periods (spec 03 §3 current_credit_period_start_date …)", () => {
  const period = { start: "2026-01-31T10:00:00.000Z", next: "2026-02-28T10:00:00.000Z", source: "subscription" as const };

  it("keeps a period that has not ended", () => {
    expect(CreditPeriods.rolled(period, new Date("2026-02-15T00:00:00Z"))).toEqual(period);
  });

  it("rolls an ended period a month at a time, past any number of missed months, and then counts monthly", () => {
    expect(CreditPeriods.rolled(period, new Date("2026-02-28T10:00:00Z"))).toEqual({ start: "2026-02-28T10:00:00.000Z", next: "2026-03-28T10:00:00.000Z", source: "monthly" });
    expect(CreditPeriods.rolled(period, new Date("2026-05-01T00:00:00Z"))).toEqual({ start: "2026-04-28T10:00:00.000Z", next: "2026-05-28T10:00:00.000Z", source: "monthly" });
  });

  it("shows the period's last moment as its end date and the next one's start", () => {
    expect(CreditPeriods.dates(period)).toEqual({
      current_credit_period_start_date: "2026-01-31T10:00:00.000Z",
      current_credit_period_end_date: "2026-02-28T09:59:59.999Z",
      next_period_start_date: "2026-02-28T10:00:00.000Z",
    });
  });
});

describe("plans are Stripe prices (spec 03 §3 Plan)", () => {
  it("keys a plan by its lower-cased nickname with spaces as underscores", () => {
    expect(Plans.keyOf("Elite 2")).toBe("elite_2");
    expect(Plans.keyOf(" Pro ")).toBe("pro");
  });

  it("reads limits from the price's metadata; no daily limit means the spec's 1,000,000", () => {
    const plan = (metadata: Record<string, string>) => ({ id: "price_1", key: "free" as const, nickname: "Free", unit_amount: 0, currency: "usd", metadata: { features: "", ...metadata } as never });
    expect(Plans.limitsOf(plan({ monthly_message_limit: "25", monthly_integration_credits: "500", daily_message_limit: "7" }))).toEqual({ daily_messages: 7, monthly_messages: 25, monthly_integration_credits: 500 });
    expect(Plans.limitsOf(plan({ monthly_message_limit: "500", monthly_integration_credits: "20000" }))).toEqual({ daily_messages: 1_000_000, monthly_messages: 500, monthly_integration_credits: 20_000 });
    expect(Plans.limitsOf(plan({ monthly_message_limit: "lots", monthly_integration_credits: "" })).monthly_messages).toBe(0);
  });

  it("orders tiers as the spec does", () => {
    expect(Plans.order).toEqual(["free", "starter", "builder", "pro", "elite", "elite_2", "elite_3", "enterprise"]);
    expect(Plans.rank("pro")).toBeGreaterThan(Plans.rank("builder"));
  });
});
