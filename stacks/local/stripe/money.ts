import type { StripeObject } from "./store.ts";

const ZERO_DECIMAL = new Set(["bif", "clp", "djf", "gnf", "jpy", "kmf", "krw", "mga", "pyg", "rwf", "ugx", "vnd", "vuv", "xaf", "xof", "xpf"]);

/** "$100.00" from 10000 and "usd" (amounts are in the currency's smallest unit, as in Stripe). */
export function formatAmount(amount: number, currency: string): string {
  const major = ZERO_DECIMAL.has(currency.toLowerCase()) ? amount : amount / 100;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(major);
}

/** "$100.00 / month", "$100.00 / 3 months", or "$20.00" for a one-time price. */
export function priceLabel(price: StripeObject, quantity = 1): string {
  const amount = formatAmount(price.unit_amount * quantity, price.currency);
  const recurring = price.recurring;
  if (!recurring) return amount;
  return recurring.interval_count === 1 ? `${amount} / ${recurring.interval}` : `${amount} / ${recurring.interval_count} ${recurring.interval}s`;
}

/** "12 Mar 2026", as Stripe words its proration lines. */
export function shortDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}
