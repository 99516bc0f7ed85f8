import * as z from "zod";
import { DEFAULT_CURRENCY, formatMoney } from "./money";

/**
 * Payments for apps (spec 02 §2 Payments, §3 payments account / product / price, §7 payments
 * provider; spec 03 §7.8): the owner's Stripe Connect account, its product catalogue, and the
 * checkout a generated app starts for its own users on that account.
 */

/** The package name an app keeps its connection under (App.installable_integrations.StripeIntegration). */
export const PAYMENTS_PACKAGE = "StripeIntegration";

export const StripeAccountId = z.string().regex(/^acct_[A-Za-z0-9]{1,64}$/, "Unknown Stripe account");
export const AccountType = z.enum(["express", "standard"]);
export type AccountType = z.infer<typeof AccountType>;

const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2048);

/** POST get-or-create-account. */
export const CreateAccountBody = z.strictObject({ account_type: AccountType.default("express") });
/** POST /{account}/create-account-link: where onboarding returns to (Kiln's own /integrations/stripe). */
export const AccountLinkBody = z.strictObject({ return_url: HttpUrl.optional() });
/** POST /{account}/create-checkout-session: `success_url`/`cancel_url` carry checkout_status=success|canceled (spec 02 §7). */
export const CheckoutBody = z.strictObject({
  price_id: z.string().regex(/^price_[A-Za-z0-9]{1,64}$/, "must be a Stripe price id (price_…)"),
  quantity: z.number().int().min(1).max(999).default(1),
  success_url: HttpUrl,
  cancel_url: HttpUrl,
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

export const Price = z.object({
  id: z.string(),
  /** in cents (the smallest unit of the currency) */
  unit_amount: z.number().nullable(),
  currency: z.string(),
  recurring: z.object({ interval: z.string(), interval_count: z.number() }).nullable(),
});
export type Price = z.infer<typeof Price>;

export const Product = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  images: z.array(z.string()),
  prices: z.array(Price),
});
export type Product = z.infer<typeof Product>;

export const PaymentsAccount = z.object({
  id: z.string(),
  stripe_account_id: z.string(),
  account_type: AccountType,
  created_by: z.string(),
  created_date: z.string(),
  product_catalog: z.array(Product),
  catalog_refreshed_at: z.string().nullable(),
  /** the apps this account takes payments for (each keeps it as its StripeIntegration) */
  connected_app_ids: z.array(z.string()),
});
export type PaymentsAccount = z.infer<typeof PaymentsAccount>;

/** GET get-account: the caller's account, or null before one is made. */
export const AccountAnswer = z.object({ account: PaymentsAccount.nullable() });
export type AccountAnswer = z.infer<typeof AccountAnswer>;

export const AccountStatus = z.object({
  stripe_account_id: z.string(),
  is_complete: z.boolean(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  currently_due: z.array(z.string()),
});
export type AccountStatus = z.infer<typeof AccountStatus>;

export const AccountLink = z.object({ account_link_url: z.string() });
export type AccountLink = z.infer<typeof AccountLink>;
/** POST /{account}/create-dashboard-link: where the owner manages products and prices (a single-use link when Stripe makes one). */
export const DashboardLink = z.object({ dashboard_url: z.string() });
export type DashboardLink = z.infer<typeof DashboardLink>;

/** GET /{account}/connect-to-app/{appId}: whether the app takes payments with this account. */
export const AppConnection = z.object({ app_id: z.string(), app_name: z.string(), stripe_account_id: z.string(), connected: z.boolean() });
export type AppConnection = z.infer<typeof AppConnection>;

export const CheckoutAnswer = z.object({ checkout_url: z.string(), session_id: z.string() });
export type CheckoutAnswer = z.infer<typeof CheckoutAnswer>;

export const AccountDeleted = z.object({ deleted: z.literal(true), stripe_account_id: z.string() });
export type AccountDeleted = z.infer<typeof AccountDeleted>;

/** A price as the workspace shows it: unit_amount/100 in its currency, USD when it names none (spec 02 §2). */
export function priceLabel(price: Pick<Price, "unit_amount" | "currency" | "recurring">): string {
  const currency = /^[A-Za-z]{3}$/.test(price.currency) ? price.currency.toUpperCase() : DEFAULT_CURRENCY;
  const amount = formatMoney((price.unit_amount ?? 0) / 100, currency, "en-US");
  if (!price.recurring) return amount;
  const { interval, interval_count } = price.recurring;
  return interval_count > 1 ? `${amount} every ${interval_count} ${interval}s` : `${amount} / ${interval}`;
}
