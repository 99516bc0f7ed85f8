import { describe, expect, it } from "vitest";
import { cardAction, currentTier, dollars, featuresOf, planGroups, tierName } from "../../web/src/components/billing/plans";
import { dailySeries } from "../../web/src/components/billing/dailySeries";
import { usageMeter } from "../../web/src/components/billing/usageMeter";
import { pricing, stats } from "./billing-fixtures";

describe("usage bar (spec 03 §4): red above 90 %, yellow above 75 %, width capped at 100, remaining floored at 0", () => {
  it("is neutral up to and at 75 %, yellow just above it and at 90 %, red just above 90 %", () => {
    expect(usageMeter(0, 100).tone).toBe("neutral");
    expect(usageMeter(75, 100).tone).toBe("neutral");
    expect(usageMeter(75.1, 100).tone).toBe("yellow");
    expect(usageMeter(90, 100).tone).toBe("yellow");
    expect(usageMeter(90.1, 100).tone).toBe("red");
    expect(usageMeter(21, 25).tone).toBe("yellow"); // 84 %
    expect(usageMeter(23, 25).tone).toBe("red"); // 92 %
  });

  it("caps the width at 100 and floors what is left at 0", () => {
    expect(usageMeter(30, 25)).toEqual({ width: 100, tone: "red", remaining: 0 });
    expect(usageMeter(6.5, 7)).toEqual({ width: (6.5 / 7) * 100, tone: "red", remaining: 0.5 });
    expect(usageMeter(0, 25)).toEqual({ width: 0, tone: "neutral", remaining: 25 });
  });

  it("a zero limit is full once anything is used, empty otherwise", () => {
    expect(usageMeter(0, 0)).toEqual({ width: 0, tone: "neutral", remaining: 0 });
    expect(usageMeter(1, 0)).toEqual({ width: 100, tone: "red", remaining: 0 });
  });
});

describe("plan card state relative to the current tier (spec 03 §4)", () => {
  it("the current plan is current; a Free user subscribes to any other", () => {
    expect(cardAction("pro", "pro")).toBe("current");
    expect(cardAction("free", "free")).toBe("current");
    for (const tier of ["starter", "builder", "pro", "elite", "elite_2", "elite_3", "enterprise"] as const) expect(cardAction(tier, "free")).toBe("subscribe");
  });

  it("from a paid tier, a higher tier is an upgrade and a lower one a downgrade, in tier order", () => {
    expect(cardAction("elite", "pro")).toBe("upgrade");
    expect(cardAction("elite_2", "elite")).toBe("upgrade");
    expect(cardAction("enterprise", "elite_3")).toBe("upgrade");
    expect(cardAction("builder", "pro")).toBe("downgrade");
    expect(cardAction("elite", "elite_3")).toBe("downgrade");
    expect(cardAction("free", "starter")).toBe("downgrade");
  });

  it("groups the catalogue into cards in tier order, the Elite family as one", () => {
    const shuffled = Object.fromEntries(Object.entries(pricing).reverse());
    expect(planGroups(shuffled).map((g) => [g.key, g.plans.map((p) => p.key)])).toEqual([
      ["free", ["free"]],
      ["starter", ["starter"]],
      ["builder", ["builder"]],
      ["pro", ["pro"]],
      ["elite", ["elite", "elite_2", "elite_3"]],
      ["enterprise", ["enterprise"]],
    ]);
  });

  it("the current tier is the subscription's plan, else the account's tier", () => {
    expect(currentTier(stats("pro"), "free")).toBe("pro");
    expect(currentTier(stats("free"), "builder")).toBe("builder");
    expect(currentTier({ ...stats("free"), stripe_subscription: { plan: { id: "price_gone" } } }, "starter")).toBe("starter");
  });

  it("shows features with spaces for underscores, prices as unit_amount / 100, names from the catalogue", () => {
    expect(featuresOf(pricing.builder!)).toEqual(["backend functions", "custom domains"]);
    expect(featuresOf({ ...pricing.free!, metadata: { ...pricing.free!.metadata, features: "" } })).toEqual([]);
    expect(dollars(2000)).toBe("$20");
    expect(dollars(75050)).toBe("$750.50");
    expect(dollars(0)).toBe("$0");
    expect(dollars(200000)).toBe("$2,000");
    expect(dollars(123456)).toBe("$1,234.56");
    expect(tierName("elite_2", pricing)).toBe("Elite 2");
    expect(tierName("elite_3", {})).toBe("Elite 3");
  });
});

describe("the daily usage chart's series", () => {
  const days = [
    { _id: "2026-03-02", total_messages: 5 },
    { _id: "2026-03-04", total_messages: 0.3 },
  ];
  it("covers every day of the period, the quiet ones and those to come at 0", () => {
    const series = dailySeries(days, "2026-03-01T10:00:00.000Z", "2026-03-31T10:00:00.000Z");
    expect(series.slice(0, 5)).toEqual([
      { day: "2026-03-01", messages: 0 },
      { day: "2026-03-02", messages: 5 },
      { day: "2026-03-03", messages: 0 },
      { day: "2026-03-04", messages: 0.3 },
      { day: "2026-03-05", messages: 0 },
    ]);
    expect(series).toHaveLength(31);
    expect(series.at(-1)).toEqual({ day: "2026-03-31", messages: 0 });
  });
});
