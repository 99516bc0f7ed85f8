/**
 * Which number fields of an entity are money, and in what currency. Entity schemas (JSON
 * Schema) have no money type, so a number field is money when its `format` says so
 * ("currency" or "money") or its name does, by the words the offline engine totals on the
 * dashboard (deal value, invoice amount, product price, project budget...). `currency` on
 * the property (ISO 4217, "EUR") names the currency; US dollars otherwise.
 */

/** Field names that hold money: deal `value`, `amount`, `unit_price`, `subtotal`, `budget`, `cost`, `revenue`, `salary`. */
export const MONEY_FIELD_NAME = /(value|amount|price|total|budget|cost|revenue|salary)$/;

export const DEFAULT_CURRENCY = "USD";

/** The currency a field's values are in, or null when the field is not money. */
export function currencyOf(field: string, property: { type?: unknown; format?: unknown; currency?: unknown } | undefined): string | null {
  if (!property || (property.type !== "number" && property.type !== "integer")) return null;
  const marked = property.format === "currency" || property.format === "money";
  if (!marked && !MONEY_FIELD_NAME.test(field.toLowerCase())) return null;
  return typeof property.currency === "string" && /^[A-Za-z]{3}$/.test(property.currency) ? property.currency.toUpperCase() : DEFAULT_CURRENCY;
}

/** A money value as people read it: "$1,250.00", "€99.50". */
export function formatMoney(value: number, currency: string, locale?: string): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(value);
}
