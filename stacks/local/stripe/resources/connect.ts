import { invalid } from "../errors.ts";
import { newId, randomChars } from "../ids.ts";
import { nowSeconds } from "../clock.ts";
import { page } from "../listing.ts";
import { metadata, oneOf, text } from "../params.ts";
import { api, type Context, type Route } from "../route.ts";
import type { Entry, Store } from "../store.ts";

const DUE = ["external_account", "tos_acceptance.date", "tos_acceptance.ip"];
const LINK_LIFETIME = 300;

function requirements(due: string[]) {
  return {
    alternatives: [],
    current_deadline: null,
    currently_due: due,
    disabled_reason: due.length ? "requirements.past_due" : null,
    errors: [],
    eventually_due: due,
    past_due: due,
    pending_verification: [],
  };
}

/** Connected accounts live on the platform; `Stripe-Account: <id>` then scopes other calls to one of them. */
function create(ctx: Context) {
  const p = ctx.params;
  const type = oneOf(p, "type", ["custom", "express", "standard"] as const) ?? "standard";
  const id = newId("acct").slice(0, 21);
  const entry = ctx.store.insert("account", null, {
    id,
    object: "account",
    business_profile: { mcc: null, name: null, product_description: null, support_address: null, support_email: null, support_phone: null, support_url: null, url: null },
    business_type: null,
    capabilities: { card_payments: "inactive", transfers: "inactive" },
    charges_enabled: false,
    country: text(p, "country") ?? "US",
    created: nowSeconds(),
    default_currency: "usd",
    details_submitted: false,
    email: text(p, "email") ?? null,
    external_accounts: { object: "list", data: [], has_more: false, url: `/v1/accounts/${id}/external_accounts` },
    future_requirements: requirements([]),
    metadata: metadata(p, {}),
    payouts_enabled: false,
    requirements: requirements(DUE),
    settings: null,
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type,
  });
  return ctx.store.view(entry.obj.id);
}

/** The onboarding page's "Complete onboarding": the account can take charges and payouts; `account.updated` follows. */
export function completeOnboarding(store: Store, account: Entry): void {
  const previous = store.change(account, (obj) => {
    Object.assign(obj, { details_submitted: true, charges_enabled: true, payouts_enabled: true, requirements: requirements([]) });
    obj.capabilities = { card_payments: "active", transfers: "active" };
    obj.tos_acceptance = { date: nowSeconds(), ip: "127.0.0.1", user_agent: "Stripe stand-in" };
  });
  if (previous) store.emit("account.updated", account, previous, account.obj.id);
}

function createLink(ctx: Context) {
  const p = ctx.params;
  const account = ctx.store.find("account", text(p, "account", true), null, "account");
  const type = oneOf(p, "type", ["account_onboarding", "account_update"] as const);
  if (!type) throw invalid("Missing required param: type.", "type");
  const now = nowSeconds();
  const token = `acctlink_${randomChars(24)}`;
  const url = `${ctx.base}/connect/onboarding/${token}`;
  ctx.store.insert(
    "account_link",
    null,
    { id: token, object: "account_link", created: now, expires_at: now + LINK_LIFETIME, url },
    { account: account.obj.id, refreshUrl: text(p, "refresh_url") ?? null, returnUrl: text(p, "return_url") ?? null, used: false },
  );
  return { object: "account_link", created: now, expires_at: now + LINK_LIFETIME, url };
}

export const connectRoutes: Route[] = [
  api("POST", "/v1/accounts", create),
  api("GET", "/v1/accounts/:id", (ctx) => ctx.store.view(ctx.store.find("account", ctx.path.id, null).obj.id)),
  api("DELETE", "/v1/accounts/:id", (ctx) => {
    const account = ctx.store.find("account", ctx.path.id, null);
    account.internal.removed = true;
    ctx.store.changed();
    return { id: account.obj.id, object: "account", deleted: true };
  }),
  api("GET", "/v1/accounts", (ctx) => page(ctx.store, ctx.store.all("account", null), ctx.params, "/v1/accounts")),
  api("POST", "/v1/account_links", createLink),
];
