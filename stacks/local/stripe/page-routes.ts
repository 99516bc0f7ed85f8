import { StripeError, missing } from "./errors.ts";
import { nowSeconds } from "./clock.ts";
import { formatAmount, priceLabel, shortDate } from "./money.ts";
import { checkoutPage, errorPage, onboardingPage, portalPage, type PortalView } from "./pages.ts";
import { text } from "./params.ts";
import { page, type Context, type PageReply, type Route } from "./route.ts";
import type { Entry, Store } from "./store.ts";
import { currentSession, lineItems, payCheckout } from "./resources/checkout.ts";
import { completeOnboarding } from "./resources/connect.ts";
import { updateSubscription } from "./resources/subscriptions.ts";
import { payOpenInvoice, renew } from "./renewal.ts";

function merchant(store: Store, account: string | null): string {
  const acct = account ? store.entry(account)?.obj : null;
  return acct ? (acct.business_profile?.name ?? acct.email ?? acct.id) : "Kiln";
}

function renderCheckout(store: Store, session: Entry, declined = false, error: string | null = null): PageReply {
  const s = session.obj;
  const email = s.customer ? (store.entry(s.customer)?.obj.email ?? null) : s.customer_email;
  const lines = lineItems(store, session).map((l) => ({
    name: l.description ?? l.price.nickname ?? l.price.id,
    price: priceLabel(l.price),
    quantity: l.quantity,
    amount: formatAmount(l.amount_total, l.currency),
  }));
  const html = checkoutPage({
    id: s.id,
    status: s.status,
    mode: s.mode,
    merchant: merchant(store, session.account),
    lines,
    total: formatAmount(s.amount_total, s.currency),
    email,
    cancelUrl: s.cancel_url,
    successUrl: s.success_url,
    declined,
    error,
  });
  return { status: error ? 400 : 200, html };
}

function postCheckout(ctx: Context): PageReply {
  const session = currentSession(ctx.store, ctx.path.id, undefined);
  if (session.obj.status !== "open") return renderCheckout(ctx.store, session);
  if (ctx.params.action === "decline") return renderCheckout(ctx.store, session, true);
  try {
    payCheckout(ctx.store, session, text(ctx.params, "email"));
  } catch (error) {
    if (error instanceof StripeError) return renderCheckout(ctx.store, session, false, error.message);
    throw error;
  }
  return { redirect: session.obj.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.obj.id) };
}

const NOTICES: Record<string, string> = {
  "fix-payment": "Payment method updated.",
  paid: "Payment method updated. The overdue invoice was paid.",
  cancel: "Your plan will be canceled at the end of the billing period.",
  renew: "Renewed: a new billing period started and its invoice was paid.",
  "renew-fail": "Renewal failed: the card was declined and the subscription is past due.",
  ended: "The subscription ended.",
};

function portalSession(ctx: Context): Entry {
  const session = ctx.store.entry(ctx.path.id);
  if (!session || session.kind !== "billing_portal.session") throw missing("billing portal session", ctx.path.id);
  return session;
}

function customerSubscriptions(store: Store, session: Entry): Entry[] {
  const all = store.all("subscription", session.account, (e) => e.obj.customer === session.obj.customer);
  const live = all.filter((e) => e.obj.status !== "canceled");
  return live.length ? live : all.slice(0, 1);
}

function pendingChange(store: Store, sub: Entry): string | null {
  const schedule = sub.obj.schedule ? store.entry(sub.obj.schedule) : undefined;
  if (!schedule || schedule.obj.status !== "active") return null;
  const current = schedule.obj.phases[schedule.internal.phaseIndex ?? 0];
  const next = schedule.obj.phases[(schedule.internal.phaseIndex ?? 0) + 1];
  if (next) {
    const price = store.view(next.items[0].price);
    return `Scheduled change: ${price.nickname ?? price.id} (${priceLabel(price)}) from ${shortDate(next.start_date)}`;
  }
  return schedule.obj.end_behavior === "cancel" ? `Scheduled to end on ${shortDate(current.end_date)}` : null;
}

function renderPortal(ctx: Context, session: Entry, error: string | null = null): PageReply {
  const { store } = ctx;
  const customer = store.entry(session.obj.customer)?.obj;
  const subscriptions: PortalView["subscriptions"] = customerSubscriptions(store, session).map((sub) => {
    const view = store.view(sub.obj.id);
    const item = view.items.data[0];
    const product = store.entry(item.price.product)?.obj;
    return {
      id: view.id,
      plan: item.price.nickname ?? product?.name ?? item.price.id,
      price: priceLabel(item.price, item.quantity),
      status: view.status,
      periodEnd: shortDate(item.current_period_end),
      ending: view.cancel_at_period_end,
      pending: pendingChange(store, sub),
    };
  });
  const done = text(ctx.params, "done");
  const html = portalPage({
    id: session.obj.id,
    email: customer?.email ?? null,
    returnUrl: session.obj.return_url,
    notice: done && Object.hasOwn(NOTICES, done) ? NOTICES[done] : null,
    error,
    subscriptions,
  });
  return { status: error ? 400 : 200, html };
}

function postPortal(ctx: Context): PageReply {
  const { store } = ctx;
  const session = portalSession(ctx);
  const sub = store.find("subscription", text(ctx.params, "subscription"), session.account, "subscription");
  if (sub.obj.customer !== session.obj.customer) throw missing("subscription", sub.obj.id);
  const action = text(ctx.params, "action");
  let done: string;
  try {
    if (action === "fix-payment") done = payOpenInvoice(store, sub) ? "paid" : "fix-payment";
    else if (action === "cancel") {
      updateSubscription(store, sub, { cancel_at_period_end: "true" });
      done = "cancel";
    } else if (action === "renew" || action === "renew-fail") {
      renew(store, sub, action === "renew-fail");
      done = sub.obj.status === "canceled" ? "ended" : action;
    } else return renderPortal(ctx, session, "Unknown action.");
  } catch (error) {
    if (error instanceof StripeError) return renderPortal(ctx, session, error.message);
    throw error;
  }
  return { redirect: `/portal/${session.obj.id}?done=${done}` };
}

function accountLink(ctx: Context): Entry {
  const link = ctx.store.entry(ctx.path.token);
  if (!link || link.kind !== "account_link") throw missing("account link", ctx.path.token);
  return link;
}

function renderOnboarding(store: Store, link: Entry): PageReply {
  const account = store.entry(link.internal.account);
  const expired = link.internal.used || link.obj.expires_at <= nowSeconds() || !account || account.internal.removed;
  return {
    html: onboardingPage({ token: link.obj.id, account: link.internal.account, email: account?.obj.email ?? null, expired, refreshUrl: link.internal.refreshUrl }),
  };
}

/**
 * A form post another site's page makes (a browser sends its Origin) changes nothing: a page elsewhere
 * could otherwise pay a checkout, cancel a plan or finish onboarding in the visitor's name. Scripts
 * send no Origin and are let through, as on the REST API.
 */
function sameSite(handler: (ctx: Context) => PageReply): (ctx: Context) => PageReply {
  return (ctx) =>
    ctx.origin === null || ctx.origin === new URL(ctx.base).origin
      ? handler(ctx)
      : { status: 403, html: errorPage("This form was posted from another site, so nothing was changed.") };
}

export const pageRoutes: Route[] = [
  page("GET", "/checkout/:id", (ctx) => renderCheckout(ctx.store, currentSession(ctx.store, ctx.path.id, undefined))),
  page("POST", "/checkout/:id", sameSite(postCheckout)),
  page("GET", "/portal/:id", (ctx) => renderPortal(ctx, portalSession(ctx))),
  page("POST", "/portal/:id", sameSite(postPortal)),
  page("GET", "/connect/onboarding/:token", (ctx) => renderOnboarding(ctx.store, accountLink(ctx))),
  page("POST", "/connect/onboarding/:token", sameSite((ctx) => {
    const link = accountLink(ctx);
    const account = ctx.store.entry(link.internal.account);
    if (link.internal.used || link.obj.expires_at <= nowSeconds() || !account || account.internal.removed) return renderOnboarding(ctx.store, link);
    link.internal.used = true;
    completeOnboarding(ctx.store, account);
    return { redirect: link.internal.returnUrl ?? `/connect/onboarding/${link.obj.id}` };
  })),
];
