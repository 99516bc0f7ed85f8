/**
 * The checkout example the completion step and the workspace show (spec 03 §7.8): POST
 * /api/integrations/stripe/{account_id}/create-checkout-session, then checkout_url in a new tab.
 * Inside a frame (the editor's preview) it warns to publish first (spec 03 §8).
 */
export function checkoutCode(accountId: string, appId: string | undefined, priceId = "price_..."): string {
  return `// A Buy button for one price of your Stripe product catalog
const startCheckout = async (priceId = "${priceId}") => {
  if (window.self !== window.top) {
    alert("Card checkout does not open inside the editor's preview. Publish your app and buy from its published page.");
    return;
  }
  const token = localStorage.getItem("base44_access_token");
  const page = window.location.href.split("?")[0];
  const res = await fetch("/api/integrations/stripe/${accountId}/create-checkout-session", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-App-Id": "${appId ?? "YOUR_APP_ID"}", ...(token ? { Authorization: \`Bearer \${token}\` } : {}) },
    body: JSON.stringify({
      price_id: priceId,
      quantity: 1,
      success_url: \`\${page}?checkout_status=success\`,
      cancel_url: \`\${page}?checkout_status=canceled\`,
    }),
  });
  const { checkout_url } = await res.json();
  window.open(checkout_url, "_blank");
};`;
}

/** Spec 02 §2: checkout button ids show their first 10 characters. */
export const shortId = (id: string) => (id.length > 10 ? `${id.slice(0, 10)}…` : id);
