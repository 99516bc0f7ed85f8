/// <reference path="../.sst/platform/config.d.ts" />

/**
 * Per-stage settings, set with `npx sst secret set <Name> <value> --stage <stage>`.
 * Only what the code reads: the token signing key (linked to every function as
 * `Resource.AuthSecret`), the Google OAuth client that Cognito's Google identity
 * provider uses (stacks/auth.ts), and the e-mail sender (`Resource.Kiln.mailFrom`).
 */
export const authSecret = new sst.Secret("AuthSecret");
export const googleClientId = new sst.Secret("GoogleClientId");
export const googleClientSecret = new sst.Secret("GoogleClientSecret");

/**
 * The SES sender, e.g. `Kiln <no-reply@example.org>`: not secret, but kept per stage
 * like the rest. Its address or domain must be a verified SES identity in the
 * deployment's account and region (and SES out of its sandbox to mail anyone).
 */
export const mailFrom = new sst.Secret("MailFrom", "Kiln <no-reply@example.com>");

/**
 * Stripe (Billing, and Connect for generated apps' payments): the secret API key and the signing
 * secret of the webhook endpoint that points at `POST /api/billing/webhook`. Linked as
 * `Resource.Stripe` to the functions whose code uses Stripe (stacks/api.ts); the local stack links its Stripe stand-in the same way.
 */
export const stripeSecretKey = new sst.Secret("StripeSecretKey");
export const stripeWebhookSecret = new sst.Secret("StripeWebhookSecret");
export const stripe = new sst.Linkable("Stripe", {
  properties: { secretKey: stripeSecretKey.value, webhookSecret: stripeWebhookSecret.value, host: null, port: null, protocol: null, local: false },
});
