/** The stand-in's hosted pages: plain HTML, each labelled as a local development stand-in. */

export function escape(value: unknown): string {
  return String(value ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f6f7f9;color:#1a1f36}
.label{background:#fff4d6;border-bottom:1px solid #e8c66a;padding:10px 20px;font-size:14px}
main{max-width:520px;margin:32px auto;background:#fff;border-radius:8px;padding:24px 28px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:20px;margin:0 0 16px}table{width:100%;border-collapse:collapse;margin:8px 0 16px}
td{padding:6px 0;border-bottom:1px solid #eee}td.amount{text-align:right}
label{display:block;font-size:13px;margin:12px 0 4px;color:#555}input{width:100%;box-sizing:border-box;padding:8px;font-size:15px}
button{padding:10px 16px;font-size:15px;border-radius:6px;border:1px solid #635bff;cursor:pointer;margin:16px 8px 0 0}
button.primary{background:#635bff;color:#fff}button.secondary{background:#fff;color:#635bff}
.declined{color:#c0123c;font-weight:600;margin:12px 0}.notice{color:#0a7d3b;margin:12px 0}.muted{color:#697386;font-size:14px}
.plan{border:1px solid #e3e8ee;border-radius:6px;padding:12px 16px;margin:12px 0}
main.wide{max-width:820px}select,textarea{width:100%;box-sizing:border-box;padding:8px;font-size:15px}
h2{font-size:16px;margin:24px 0 8px}.badge{background:#fff4d6;border:1px solid #e8c66a;border-radius:4px;padding:1px 6px;font-size:12px;margin-left:6px}
.archived{opacity:.6}code{font-size:12px;color:#697386}`;

/** `wide` widens the card (the dashboard's tables); `head` adds tags to <head> (trusted markup only). */
export function layout(title: string, label: string, body: string, options: { wide?: boolean; head?: string } = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style>${options.head ?? ""}</head>
<body><div class="label" data-testid="standin-label">${escape(label)}</div><main${options.wide ? ' class="wide"' : ""}>${body}</main></body></html>`;
}

export function errorPage(message: string): string {
  return layout("Stripe stand-in", "Stripe stand-in, development only.", `<h1>${escape(message)}</h1>`);
}

export const CHECKOUT_LABEL = "Local checkout — Stripe stand-in, development only. No card is charged.";
export const PORTAL_LABEL = "Local billing portal — Stripe stand-in, development only. No card is charged.";
export const ONBOARDING_LABEL = "Local Connect onboarding — Stripe stand-in, development only.";

export interface CheckoutView {
  id: string;
  status: "open" | "complete" | "expired";
  mode: "payment" | "subscription";
  merchant: string;
  lines: Array<{ name: string; price: string; quantity: number; amount: string }>;
  total: string;
  email: string | null;
  cancelUrl: string | null;
  successUrl: string | null;
  declined: boolean;
  error: string | null;
}

export function checkoutPage(view: CheckoutView): string {
  const back = view.cancelUrl ? `<p><a href="${escape(view.cancelUrl)}" data-testid="standin-back">Back</a></p>` : "";
  if (view.status !== "open") {
    const done = view.status === "complete" ? "This checkout session is complete." : "This checkout session has expired.";
    return layout("Checkout", CHECKOUT_LABEL, `<h1>${done}</h1>${back}`);
  }
  const rows = view.lines
    .map((l) => `<tr><td>${escape(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ""}</td><td class="amount">${escape(l.price)}</td></tr>`)
    .join("");
  const email = view.email
    ? `<label>E-mail</label><div data-testid="standin-email">${escape(view.email)}</div>`
    : `<label for="email">E-mail</label><input id="email" name="email" type="email" required data-testid="standin-email-input">`;
  const payLabel = view.mode === "subscription" ? "Subscribe" : `Pay ${view.total}`;
  return layout(
    "Checkout",
    CHECKOUT_LABEL,
    `<h1>${escape(view.merchant)}</h1>
<table>${rows}<tr><td><strong>Total due today</strong></td><td class="amount"><strong>${escape(view.total)}</strong></td></tr></table>
${view.declined ? `<div class="declined" role="alert" data-testid="standin-declined">Your card was declined.</div>` : ""}
${view.error ? `<div class="declined" role="alert">${escape(view.error)}</div>` : ""}
<form method="post" action="/checkout/${escape(view.id)}">
${email}
<label for="card">Card number (test card)</label><input id="card" name="card" value="4242 4242 4242 4242" data-testid="standin-card">
<button class="primary" type="submit" name="action" value="pay" data-testid="standin-pay">${escape(payLabel)}</button>
<button class="secondary" type="submit" name="action" value="decline" formnovalidate data-testid="standin-decline">Decline card</button>
</form>${view.declined ? back : ""}`,
  );
}

export interface PortalView {
  id: string;
  email: string | null;
  returnUrl: string | null;
  notice: string | null;
  error: string | null;
  subscriptions: Array<{ id: string; plan: string; price: string; status: string; periodEnd: string; ending: boolean; pending: string | null }>;
}

export function portalPage(view: PortalView): string {
  const plans = view.subscriptions.length
    ? view.subscriptions.map((s) => subscriptionCard(view.id, s)).join("")
    : `<p class="muted" data-testid="standin-no-subscription">No subscription.</p>`;
  const back = view.returnUrl ? `<p><a href="${escape(view.returnUrl)}" data-testid="standin-return">Return to Kiln</a></p>` : "";
  return layout(
    "Billing portal",
    PORTAL_LABEL,
    `<h1>Billing</h1><p class="muted">${escape(view.email ?? "")}</p>
${view.notice ? `<div class="notice" role="status" data-testid="standin-notice">${escape(view.notice)}</div>` : ""}
${view.error ? `<div class="declined" role="alert" data-testid="standin-error">${escape(view.error)}</div>` : ""}
${plans}${back}`,
  );
}

function subscriptionCard(portalId: string, s: PortalView["subscriptions"][number]): string {
  const button = (action: string, text: string, testId: string) =>
    `<button class="secondary" type="submit" name="action" value="${action}" data-testid="${testId}">${text}</button>`;
  return `<div class="plan" data-testid="standin-subscription">
<div><strong data-testid="standin-plan">${escape(s.plan)}</strong> · <span data-testid="standin-price">${escape(s.price)}</span></div>
<div class="muted">Status: <span data-testid="standin-status">${escape(s.status)}</span> · ${s.ending ? "Ends" : "Current period ends"} <span data-testid="standin-period-end">${escape(s.periodEnd)}</span></div>
${s.pending ? `<div class="muted" data-testid="standin-pending">${escape(s.pending)}</div>` : ""}
<form method="post" action="/portal/${escape(portalId)}"><input type="hidden" name="subscription" value="${escape(s.id)}">
${button("fix-payment", "Update payment method", "standin-fix-payment")}
${s.ending || s.status === "canceled" ? "" : button("cancel", "Cancel plan", "standin-cancel")}
${s.status === "canceled" ? "" : button("renew", "Simulate renewal", "standin-renew") + button("renew-fail", "Simulate failed renewal", "standin-renew-fail")}
</form></div>`;
}

export function onboardingPage(view: { token: string; account: string; email: string | null; expired: boolean; refreshUrl: string | null }): string {
  if (view.expired) {
    const refresh = view.refreshUrl ? `<p><a href="${escape(view.refreshUrl)}" data-testid="standin-refresh">Start again</a></p>` : "";
    return layout("Onboarding", ONBOARDING_LABEL, `<h1>This onboarding link has expired or was already used.</h1>${refresh}`);
  }
  return layout(
    "Onboarding",
    ONBOARDING_LABEL,
    `<h1>Set up payouts</h1><p class="muted">Account <span data-testid="standin-account">${escape(view.account)}</span>${view.email ? ` · ${escape(view.email)}` : ""}</p>
<p>No details are collected: completing onboarding here marks the account as able to take charges and receive payouts.</p>
<form method="post" action="/connect/onboarding/${escape(view.token)}">
<button class="primary" type="submit" data-testid="standin-onboard">Complete onboarding</button></form>`,
  );
}
