/**
 * `npm run stripe:seed`: write Kiln's eight plans into a real Stripe account as prices
 * (STRIPE_SECRET_KEY in the environment), the way the local stack seeds its Stripe stand-in.
 * Plans that already exist (by nickname) are left alone, so it can run again safely.
 */
const key = process.env.STRIPE_SECRET_KEY;
if (!key) {
  console.error("Set STRIPE_SECRET_KEY (sk_test_… or sk_live_…) to the account the plans go into.");
  process.exit(1);
}
process.env.SST_RESOURCE_Stripe = JSON.stringify({ type: "sst.sst.Linkable", secretKey: key, webhookSecret: "", host: null, port: null, protocol: null, local: false });

const { ensurePlanCatalog } = await import("../functions/core/billing/plan-catalog.ts");
const created = await ensurePlanCatalog();
console.log(created ? `Created ${created} plan(s) in Stripe.` : "Every plan already exists in Stripe; nothing to do.");

export {};
