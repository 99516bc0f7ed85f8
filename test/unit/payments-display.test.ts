import { describe, expect, it } from "vitest";
import { priceLabel } from "../../schemas/payments";
import { checkoutCode, shortId } from "../../web/src/components/payments/checkoutCode";

describe("the workspace's product catalog (spec 02 §2 Payments)", () => {
  it("shows a price as unit_amount/100 in its currency, USD when it names none", () => {
    expect(priceLabel({ unit_amount: 2450, currency: "eur", recurring: null })).toBe("€24.50");
    expect(priceLabel({ unit_amount: 1999, currency: "", recurring: null })).toBe("$19.99");
    expect(priceLabel({ unit_amount: null, currency: "usd", recurring: null })).toBe("$0.00");
    expect(priceLabel({ unit_amount: 900, currency: "usd", recurring: { interval: "month", interval_count: 1 } })).toBe("$9.00 / month");
    expect(priceLabel({ unit_amount: 12000, currency: "gbp", recurring: { interval: "year", interval_count: 2 } })).toBe("£120.00 every 2 years");
  });

  it("cuts checkout button ids to 10 characters", () => {
    expect(shortId("price_1AbCdEfGhIj")).toBe("price_1AbC…");
    expect(shortId("price_1")).toBe("price_1");
  });

  it("the checkout code posts to the account's create-checkout-session with both return statuses and warns inside a frame", () => {
    const code = checkoutCode("acct_123", "app42", "price_9");
    expect(code).toContain('fetch("/api/integrations/stripe/acct_123/create-checkout-session"');
    expect(code).toContain('"X-App-Id": "app42"');
    expect(code).toContain('priceId = "price_9"');
    expect(code).toContain("checkout_status=success");
    expect(code).toContain("checkout_status=canceled");
    expect(code).toContain('window.open(checkout_url, "_blank")');
    expect(code).toContain("if (window.self !== window.top)");
  });
});
