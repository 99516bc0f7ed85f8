import * as z from "zod";

/**
 * Installable integrations (spec 03 §7.12): packages from the catalogue that an app installs,
 * called by its code as `base44.integrations.<Package>.<Endpoint>(params)` — POST
 * /api/apps/{id}/integration-endpoints/installable/{Package}/integration-endpoints/{Endpoint}.
 * Each endpoint runs in the function sandbox with the app's secrets.
 */

/** Spec 03 §6 / issue 11: what installing says on a plan without backend functions. */
export const PACKAGE_NEEDS_BACKEND_FUNCTIONS = "This integration requires backend functions, a feature available only on Builder tier and above.";

export const PackageName = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, "Unknown integration package");
/** The second path segment of install/delete: the catalogue item the package comes from. */
export const InstallRef = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "Unknown integration");

const Url = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const E164 = z.string().regex(/^\+[1-9]\d{6,14}$/, "must be a phone number in E.164 form (+ and digits)");

export const SlackPostMessage = z.object({
  text: z.string().trim().min(1, "text is required").max(3000),
  blocks: z.array(z.record(z.string(), z.unknown())).max(50).optional(),
});
export const ResendSendEmail = z.object({
  from: z.string().trim().min(3).max(320).describe('a sender on a domain verified in Resend, e.g. "Shop <orders@example.com>"'),
  to: z.union([z.email(), z.array(z.email()).min(1).max(50)]),
  subject: z.string().trim().min(1, "subject is required").max(500),
  html: z.string().max(200_000).optional(),
  text: z.string().max(200_000).optional(),
});
export const TwilioSendSms = z.object({ to: E164, from: E164, body: z.string().trim().min(1, "body is required").max(1600) });
export const OpenAIChatCompletion = z.object({
  prompt: z.string().trim().min(1, "prompt is required").max(100_000),
  system: z.string().max(20_000).optional(),
  model: z.string().regex(/^[a-z0-9.:-]{1,64}$/).default("gpt-4o-mini"),
});
export const GoogleMapsGeocode = z.object({ address: z.string().trim().min(1, "address is required").max(500) });
export const StripeCreateCheckoutSession = z.object({
  mode: z.enum(["payment", "subscription"]).default("payment"),
  price_id: z.string().regex(/^price_[A-Za-z0-9]+$/).optional(),
  amount: z.number().int().min(50).max(99_999_999).optional().describe("in cents, with name, when there is no price_id"),
  currency: z.string().regex(/^[a-z]{3}$/).default("usd"),
  name: z.string().trim().max(200).optional(),
  quantity: z.number().int().min(1).max(999).default(1),
  success_url: Url,
  cancel_url: Url,
});
export const TeamWebhookPost = z.object({ payload: z.record(z.string(), z.unknown()) });

/** What an installed package is, as the app keeps it (App.installable_integrations, keyed by package name). */
export const InstalledPackage = z.object({
  catalog_item_id: z.string(),
  installed_date: z.string(),
  /** the owner's Stripe Connect account, for the StripeIntegration package (functions/core/payments/payments.ts) */
  account_id: z.string().optional(),
});
export type InstalledPackage = z.infer<typeof InstalledPackage>;

/** POST install-integration's answer: the package and the secrets it still needs (the chat asks for them). */
export const InstallResult = z.object({
  package_name: z.string(),
  installable_integrations: z.record(z.string(), InstalledPackage),
  missing_secrets: z.array(z.string()),
});
export type InstallResult = z.infer<typeof InstallResult>;
