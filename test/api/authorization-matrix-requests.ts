import { expect } from "vitest";
import type { Role, RouteKey } from "../../lib/routes";
import { apiUrl, call, uniqueEmail, waitForApp } from "./helpers";

/**
 * What test/api/authorization-matrix.test.ts calls each route with, and what an allowed
 * caller then gets: the per-route request table, over the fixture its beforeAll builds.
 */

export interface Request {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface Fixture {
  appId: string;
  slug: string;
  entity: string;
  recordId: string;
  /** an app user other than the member, for the by-id routes */
  userId: string;
  checkpointId: string;
  userMessageId: string;
  assistantMessageId: string;
  secretName: string;
  fileId: string;
  catalogId: string;
  /** a pending catalogue item the owner made */
  ownCatalogId: string;
  ownerUserId: string;
}

let f: Fixture;
/** A record of the app's first entity with its required fields filled. */
let recordOf: (label: string) => Record<string, string>;
export const tokens = {} as Record<Role, string | undefined>;

/** Hands the table the fixture the test built (the same object: a later change to it is seen here). */
export function useFixture(fixture: Fixture, records: typeof recordOf) {
  f = fixture;
  recordOf = records;
}

/** An owner-made record / invited user / app, so an allowed destructive call never spends the shared fixture. */
export const fresh = {
  record: async () => (await call("POST", `/api/apps/${f.appId}/entities/${f.entity}`, { token: tokens.owner, body: recordOf("fresh") })).body.id as string,
  appUser: async () => (await call("POST", `/api/apps/${f.appId}/users/invite-user`, { token: tokens.owner, body: { user_email: uniqueEmail("target"), role: "user" } })).body.id as string,
  app: async () => (await call("POST", "/api/apps", { token: tokens.owner, body: { user_description: "A to-do list" } })).body.id as string,
  catalogItem: async () => (await call("POST", "/api/integration-catalog-items/catalog", { token: tokens.owner, body: catalogItemBody })).body.id as string,
};
const catalogItemBody = { name: "Matrix integration", description: "An integration the matrix owns", prompt: "Call the matrix service from a backend function with the key in MATRIX_KEY." };
/** The owner's payments account, connected to the app: made once on the Builder plan, which the owner then leaves (its routes answer the owner 402, past authorization). */
let paymentsAccount: Promise<string> | undefined;
const ownPaymentsAccount = () =>
  (paymentsAccount ??= (async () => {
    const tier = (subscription_tier: string) => call("POST", `/api/auth/${f.ownerUserId}/update-user`, { token: tokens.admin, body: { subscription_tier } });
    expect((await tier("builder")).status).toBe(200);
    const account = (await call("POST", "/api/integrations/StripeIntegration/get-or-create-account", { token: tokens.owner, body: {} })).body.stripe_account_id as string;
    expect((await call("POST", `/api/apps/${f.appId}/install-integration/StripeIntegration/${account}`, { token: tokens.owner })).status).toBe(200);
    expect((await tier("free")).status).toBe(200);
    return account;
  })());
const paymentsRequest = async (body?: unknown): Promise<Request> => ({ params: { account: await ownPaymentsAccount(), appId: f.appId }, body });
/** A custom domain of the matrix app: its owner moves to Builder to add it (custom domains need that plan), then back to Free. */
async function newDomain(): Promise<string> {
  const setTier = (tier: string) => call("POST", `/api/auth/${f.ownerUserId}/update-user`, { token: tokens.admin, body: { subscription_tier: tier } });
  await setTier("builder");
  const res = await call("POST", "/api/custom-domains", { token: tokens.owner, body: { domain: `matrix-${Math.random().toString(36).slice(2, 10)}.example.test`, app_id: f.appId } });
  await setTier("free");
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}
let sharedDomain: Promise<string> | undefined;
/** A domain's own route: the shared domain, or a fresh one for an allowed delete. */
const domainFor = async (fresh: boolean) => ({ params: { id: fresh ? await newDomain() : await (sharedDomain ??= newDomain()) } });
/** A catalogue item's own route: the owner's pending item for whoever is refused, a fresh one for an allowed destructive call. */
const catalogItemFor = async (allowed: boolean) => ({ params: { id: allowed ? await fresh.catalogItem() : f.ownCatalogId } });

/** A fresh app of the owner's once its first turn is done (Fix All refuses an app the assistant is still building). */
async function readyApp(): Promise<string> {
  const id = await fresh.app();
  await waitForApp(tokens.owner!, id);
  return id;
}
/** A fresh secret of the matrix app, for an allowed delete. */
async function freshSecret(): Promise<string> {
  const name = `MATRIX_GONE_${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  expect((await call("PUT", `/api/apps/${f.appId}/secrets`, { token: tokens.owner, body: { [name]: "value" } })).status).toBe(200);
  return name;
}
/** A fresh bonus grant of the owner's, for an allowed delete. */
async function freshBonus(): Promise<string> {
  const res = await call("POST", "/api/credits/add-bonus-credits", { token: tokens.admin, body: { user_id: f.ownerUserId, num_messages: 1, reason: "matrix" } });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.id as string;
}
/** A fresh help article, for an allowed update or delete. */
async function freshArticle(): Promise<string> {
  const res = await call("POST", "/api/docs/articles", { token: tokens.admin, body: { title: "Matrix article", content: "Written by the matrix." } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** A support ticket the owner opened (made once): the creator's and admins' routes are tried against it. */
let ownTicket: Promise<string> | undefined;
const ticketRequest = async (body?: unknown): Promise<Request> => ({
  params: {
    id: await (ownTicket ??= call("POST", "/api/support/conversations", {
      token: tokens.owner,
      body: { title: "Matrix ticket", content: "The matrix needs help with its app, please.", category: "other" },
    }).then((res) => res.body.id as string)),
  },
  body,
});

/**
 * What each route is called with. Bodies that would cost credits or change the shared app
 * are schema-violating on purpose: the answer is then a 400 for whoever gets past
 * authorization, which still tells an allowed caller from a refused one.
 */
export const requests: Partial<Record<RouteKey, (role: Role, allowed: boolean) => Request | Promise<Request>>> = {
  "POST /api/auth/exchange": () => ({ body: {} }),
  "GET /api/auth/oidc/start": () => ({ query: { from_url: "/apps" } }),
  "GET /api/auth/oidc/callback": () => ({ query: { code: "not-a-code", state: "not-a-state" } }),
  "POST /api/auth/{id}/update-user": () => ({ params: { id: f.ownerUserId }, body: { full_name: "Matrix Owner" } }),
  "POST /api/apps": () => ({ body: {} }),
  "PUT /api/apps/{id}": () => ({ body: { is_starred: true } }),
  "DELETE /api/apps/{id}": async (_, allowed) => (allowed ? { params: { id: await fresh.app() } } : {}),
  "POST /api/apps/{id}/metadata/update-logo": () => ({ body: { logo_url: "https://example.com/logo.png" } }),
  "POST /api/apps/{id}/block": () => ({ body: { is_blocked: false } }),
  // refused by the schema once past authorization: no copy is made
  "POST /api/apps/{id}/remix": () => ({ body: { with_chat_history: "yes" } }),
  "GET /api/integration-catalog-items/catalog/{id}": () => ({ params: { id: f.catalogId } }),
  "POST /api/integration-catalog-items/catalog": () => ({ body: {} }),
  "PUT /api/integration-catalog-items/catalog/{id}": () => ({ params: { id: f.ownCatalogId }, body: { description: "Still the matrix's" } }),
  "POST /api/integration-catalog-items/catalog/{id}/visibility": () => ({ params: { id: f.ownCatalogId }, body: { is_private: true } }),
  "POST /api/integration-catalog-items/catalog/{id}/invite": () => ({ params: { id: f.ownCatalogId }, body: { email: uniqueEmail("catalog-admin") } }),
  "POST /api/integration-catalog-items/catalog/{id}/archive": (_, allowed) => catalogItemFor(allowed),
  "POST /api/integration-catalog-items/catalog/{id}/upvote": () => ({ params: { id: f.ownCatalogId }, body: {} }),
  "POST /api/integration-catalog-items/catalog/{id}/approve": (_, allowed) => catalogItemFor(allowed),
  "PUT /api/apps/{id}/secrets": () => ({ body: { [f.secretName]: "s3cret value" } }),
  "POST /api/apps/{id}/chat/message": () => ({ body: {} }),
  "POST /api/apps/{id}/chat/message/{msgId}/undo": () => ({ params: { msgId: f.userMessageId } }),
  "POST /api/feedback": () => ({ body: { feedback_url: "http://localhost/", tag: "Nothing wrong" } }),
  "POST /api/apps/{id}/app-checkpoints/{cp}/load": () => ({ body: {} }),
  "GET /api/apps/{id}/chat/message/{msgId}/changes": () => ({ params: { msgId: f.assistantMessageId } }),
  "POST /api/files": () => ({ body: {} }),
  "POST /api/files/upload-url": () => ({ body: { name: "matrix.png", size: 1024 } }),
  "POST /api/apps/{id}/coding/write": () => ({ body: {} }),
  "POST /api/apps/{id}/coding/invite-collaborator": () => ({ body: {} }),
  "POST /api/apps/{id}/coding/search-github-users": () => ({ body: {} }),
  "POST /api/apps/{id}/integration-endpoints/Core/{name}": () => ({ params: { name: "SendEmail" }, body: {} }),
  "POST /api/apps/{id}/integration-endpoints/installable/{pkg}/integration-endpoints/{name}": () => ({ params: { pkg: "slack", name: "post" }, body: {} }),
  "GET /api/apps/{id}/functions/{name}/logs": () => ({ params: { name: "matrixFn" } }),
  "POST /api/apps/{id}/coding/redeploy-function/{name}": () => ({ params: { name: "matrixFn" } }),
  "POST /api/apps/{id}/functions/{name}": () => ({ params: { name: "matrixFn" }, body: { x: 1 } }),
  "POST /api/apps/{id}/install-integration/{pkg}/{ref}": () => ({ params: { pkg: "Slack", ref: "slack-notifications" } }),
  "POST /api/apps/{id}/delete-integration/{pkg}/{ref}": () => ({ params: { pkg: "Slack", ref: "slack-notifications" } }),
  // schema-violating: an allowed caller gets a 400 and no account is made
  "POST /api/integrations/StripeIntegration/get-or-create-account": () => ({ body: { account_type: "custom" } }),
  "POST /api/integrations/StripeIntegration/{account}/create-account-link": () => paymentsRequest({}),
  "POST /api/integrations/StripeIntegration/{account}/create-dashboard-link": () => paymentsRequest(),
  "GET /api/integrations/StripeIntegration/{account}/check-account-status": () => paymentsRequest(),
  "POST /api/integrations/StripeIntegration/{account}/refresh-product-catalog": () => paymentsRequest(),
  "GET /api/integrations/StripeIntegration/{account}/connect-to-app/{appId}": () => paymentsRequest(),
  "POST /api/integrations/StripeIntegration/{account}/create-checkout-session": () => paymentsRequest({}),
  "DELETE /api/integrations/StripeIntegration/{account}/delete-account": () => paymentsRequest(),
  "POST /api/integrations/stripe/{account_id}/create-checkout-session": async () => ({ params: { account_id: await ownPaymentsAccount() }, headers: { "x-app-id": f.appId }, body: {} }),
  "POST /api/apps/{id}/analytics/track/batch": () => ({ body: { events: [] } }),
  "POST /api/apps/{id}/auth/register": () => ({ body: {} }),
  "POST /api/apps/{id}/auth/verify-otp": () => ({ body: {} }),
  "POST /api/apps/{id}/auth/resend-otp": () => ({ body: {} }),
  "POST /api/apps/{id}/auth/login": () => ({ body: {} }),
  "POST /api/apps/{id}/auth/reset-password-request": () => ({ body: {} }),
  "POST /api/apps/{id}/auth/reset-password": () => ({ body: {} }),
  "POST /api/apps/{id}/auth/change-password": () => ({ body: {} }),
  "GET /api/apps/auth/login": () => ({ query: { app_id: f.appId, from_url: `http://${f.slug}.localhost:${new URL(apiUrl()).port}/` } }),
  "GET /api/apps/auth/callback": () => ({ query: { state: "not-a-state" } }),
  "PUT /api/apps/{id}/entities/User/me": () => ({ body: {} }),
  "PUT /api/apps/{id}/entities/User/{uid}": () => ({ body: { full_name: "Renamed" } }),
  "DELETE /api/apps/{id}/entities/User/{uid}": async (_, allowed) => (allowed ? { params: { uid: await fresh.appUser() } } : {}),
  "POST /api/apps/{id}/users/invite-user": () => ({ body: { user_email: uniqueEmail("invitee"), role: "user" } }),
  "POST /api/apps/{id}/runtime/users/invite-user": () => ({ body: { user_email: uniqueEmail("invitee"), role: "user" } }),
  "POST /api/apps/{id}/entities/{entity}": () => ({ body: recordOf("matrix") }),
  "DELETE /api/apps/{id}/entities/{entity}": () => ({ body: { id: "no-such-record" } }),
  "POST /api/apps/{id}/entities/{entity}/bulk": () => ({ body: [recordOf("matrix bulk")] }),
  "PUT /api/apps/{id}/entities/{entity}/bulk": () => ({ body: [{ id: f.recordId, ...recordOf("matrix bulk update") }] }),
  "PATCH /api/apps/{id}/entities/{entity}/update-many": () => ({ body: { query: { id: f.recordId }, data: { $set: recordOf("matrix many") } } }),
  "POST /api/apps/{id}/entities/{entity}/upsert": () => ({ body: { records: [{ id: f.recordId, ...recordOf("matrix upsert") }], key: "id" } }),
  "POST /api/apps/{id}/entities/{entity}/import": () => ({ body: {} }),
  "POST /api/apps/{id}/entities/{entity}/aggregate": () => ({ body: { count: true } }),
  "PUT /api/apps/{id}/entities/{entity}/{rid}": () => ({ body: recordOf("matrix update") }),
  "DELETE /api/apps/{id}/entities/{entity}/{rid}": async (_, allowed) => (allowed ? { params: { rid: await fresh.record() } } : {}),
  "POST /api/local/identity": () => ({ body: {} }),
  "POST /api/local/token": () => ({ body: {} }),
  "GET /api/usage-logs/user-stats/{id}": () => ({ params: { id: f.ownerUserId } }),
  // no such plan: an allowed caller gets past authorization to a 404, and nothing is bought
  "POST /api/billing/create-checkout-session/{planId}": () => ({ params: { planId: "price_matrix_missing" } }),
  "POST /api/billing/update-subscription/{planId}": () => ({ params: { planId: "price_matrix_missing" } }),
  "POST /api/billing/webhook": () => ({ rawBody: JSON.stringify({ id: "evt_matrix", type: "invoice.paid" }), headers: { "stripe-signature": "t=1,v1=forged" } }),
  "POST /api/credits/add-coupon-code/{code}": () => ({ params: { code: "NO-SUCH-CODE" } }),
  "POST /api/credits/create-coupon-code": () => ({ body: {} }),
  "POST /api/credits/add-bonus-credits": () => ({ body: {} }),
  "GET /api/credits/{id}/bonus-credits": () => ({ params: { id: f.ownerUserId } }),
  "DELETE /api/credits/{id}/bonus-credits/{bonusId}": async (_, allowed) => ({ params: { id: f.ownerUserId, bonusId: allowed ? await freshBonus() : "no-such-grant" } }),
  "DELETE /api/apps/{id}/secrets/{name}": async (_, allowed) => (allowed ? { params: { name: await freshSecret() } } : {}),
  // Fix All writes rules into the app's entities: an allowed caller fixes a fresh app, never the shared one
  "POST /api/apps/{id}/security-scan/fix-all": async (_, allowed) => (allowed ? { params: { id: await readyApp() } } : {}),
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/ignore": () => ({ params: { finding_id: "rls-NoSuchEntity-writable-by-anyone" } }),
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/restore": () => ({ params: { finding_id: "rls-NoSuchEntity-writable-by-anyone" } }),
  "GET /api/auth/users/{id}": () => ({ params: { id: f.ownerUserId } }),
  "GET /api/custom-domains": () => ({ query: { app_id: f.appId } }),
  // the owner is on Free: past authorization the answer is a 402, and nothing is added
  "POST /api/custom-domains": () => ({ body: { domain: "matrix-refused.example.test", app_id: f.appId } }),
  "POST /api/custom-domains/{id}/verify": () => domainFor(false),
  "POST /api/custom-domains/{id}/status": () => domainFor(false),
  "POST /api/custom-domains/{id}/unlink": () => domainFor(false),
  "POST /api/custom-domains/{id}/link": () => domainFor(false),
  "DELETE /api/custom-domains/{id}": (_, allowed) => domainFor(allowed),
  "POST /api/apps/buy_domain/start": () => ({ body: { appId: f.appId, appName: "Matrix" } }),
  "PUT /api/local/dns/{domain}": () => ({ body: { a: ["127.0.0.1"] } }),
  // support: the owner's ticket; bodies the schema refuses once past authorization, so the ticket stays as it is
  "POST /api/support/conversations": () => ({ body: {} }),
  "GET /api/support/conversations/{id}": () => ticketRequest(),
  "POST /api/support/conversations/{id}/messages": () => ticketRequest({}),
  "PUT /api/support/conversations/{id}/notifications": () => ticketRequest({}),
  "GET /api/support/admin/{id}": () => ticketRequest(),
  "PATCH /api/support/admin/{id}/status": () => ticketRequest({}),
  "PATCH /api/support/admin/{id}/assign": () => ticketRequest({}),
  "DELETE /api/support/admin/{id}/messages": () => ticketRequest({}),
  "POST /api/support/admin/{id}/messages/polish": () => ticketRequest({ text: "thanks, we are looking at it" }),
  "POST /api/support/admin/{id}/draft": () => ticketRequest(),
  "POST /api/docs/articles": () => ({ body: {} }),
  "PUT /api/docs/articles/{id}": async (_, allowed) => ({ params: { id: allowed ? await freshArticle() : "no-such-article" }, body: { title: "Matrix article", content: "Rewritten by the matrix." } }),
  "DELETE /api/docs/articles/{id}": async (_, allowed) => ({ params: { id: allowed ? await freshArticle() : "no-such-article" } }),
  "PUT /api/docs/agent": () => ({ body: {} }),
  // model providers: the shared stack's settings stay as they are (Google needs a key; nothing is saved for Bedrock; Google is not configured, so the test calls nothing)
  "PUT /api/admin/model-providers/{kind}": () => ({ params: { kind: "google" }, body: {} }),
  "DELETE /api/admin/model-providers/{kind}": () => ({ params: { kind: "bedrock" } }),
  "POST /api/admin/model-providers/{kind}/test": () => ({ params: { kind: "google" } }),
  "PUT /api/admin/model-default": () => ({ body: {} }),
};

/**
 * The one status other than a 2xx that a caller past authorization gets from a route, and why;
 * every other allowed call must succeed. Each is a refusal the handler gives after authorizing:
 * a body the schema refuses on purpose (so nothing costs credits or changes the shared app), a
 * plan the Free owner lacks, or a named thing that does not exist — never the caller's own
 * resource hidden from them (the fixture holds those, and those routes must answer 2xx).
 */
export const pastAuthorization: Partial<Record<RouteKey, 400 | 402 | 404>> = {
  // bodies the schema refuses
  "POST /api/auth/exchange": 400,
  "POST /api/apps": 400,
  "POST /api/apps/{id}/remix": 400,
  "POST /api/integration-catalog-items/catalog": 400,
  "POST /api/apps/{id}/chat/message": 400,
  "POST /api/files": 400,
  "POST /api/apps/{id}/coding/write": 400,
  "POST /api/apps/{id}/integration-endpoints/Core/{name}": 400,
  "POST /api/integrations/StripeIntegration/get-or-create-account": 400,
  "POST /api/integrations/stripe/{account_id}/create-checkout-session": 400,
  "POST /api/credits/create-coupon-code": 400,
  "POST /api/credits/add-bonus-credits": 400,
  "POST /api/apps/{id}/auth/register": 400,
  "POST /api/apps/{id}/auth/login": 400,
  "POST /api/apps/{id}/auth/verify-otp": 400,
  "POST /api/apps/{id}/auth/resend-otp": 400,
  "POST /api/apps/{id}/auth/reset-password-request": 400,
  "POST /api/apps/{id}/auth/reset-password": 400,
  "POST /api/apps/{id}/auth/change-password": 400,
  "POST /api/local/identity": 400,
  "POST /api/local/token": 400,
  "POST /api/apps/{id}/entities/{entity}/import": 400,
  "POST /api/support/conversations": 400,
  "POST /api/support/conversations/{id}/messages": 400,
  "PUT /api/support/conversations/{id}/notifications": 400,
  "PATCH /api/support/admin/resolve-many": 400,
  "PATCH /api/support/admin/{id}/status": 400,
  "PATCH /api/support/admin/{id}/change_ticket_status": 400,
  "PATCH /api/support/admin/{id}/assign": 400,
  "PATCH /api/support/admin/{id}/internal_categories": 400,
  "DELETE /api/support/admin/{id}/messages": 400,
  "POST /api/docs/articles": 400,
  "PUT /api/docs/agent": 400,
  "PUT /api/admin/model-providers/{kind}": 400,
  "PUT /api/admin/model-default": 400,
  // a forged signature, a made-up sign-in state, a portal with nothing to manage, functions not activated, no model for polish
  "POST /api/billing/webhook": 400,
  "POST /api/support/admin/{id}/messages/polish": 400,
  "GET /api/apps/auth/callback": 400,
  "POST /api/billing/create-portal-session": 400,
  "POST /api/apps/{id}/coding/redeploy-function/{name}": 400,
  // no scan of the matrix app has such a finding to ignore, and none is ignored to restore
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/ignore": 404,
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/restore": 404,
  // the owner is on Free: these need the Builder plan
  "GET /api/apps/{id}/coding/export-to-zip": 402,
  "POST /api/apps/{id}/coding/export-to-github": 402,
  "POST /api/apps/{id}/coding/update-github-repo": 402,
  "POST /api/apps/{id}/coding/invite-collaborator": 402,
  "POST /api/apps/{id}/coding/search-github-users": 402,
  "POST /api/custom-domains": 402,
  "POST /api/custom-domains/{id}/verify": 402,
  "POST /api/custom-domains/{id}/status": 402,
  "POST /api/custom-domains/{id}/unlink": 402,
  "POST /api/custom-domains/{id}/link": 402,
  "POST /api/apps/buy_domain/start": 402,
  "POST /api/apps/{id}/activate-backend-functions": 402,
  "POST /api/apps/{id}/install-integration/{pkg}/{ref}": 402,
  "GET /api/integrations/StripeIntegration/get-account": 402,
  "POST /api/integrations/StripeIntegration/{account}/create-account-link": 402,
  "POST /api/integrations/StripeIntegration/{account}/create-dashboard-link": 402,
  "GET /api/integrations/StripeIntegration/{account}/check-account-status": 402,
  "POST /api/integrations/StripeIntegration/{account}/refresh-product-catalog": 402,
  "GET /api/integrations/StripeIntegration/{account}/connect-to-app/{appId}": 402,
  "POST /api/integrations/StripeIntegration/{account}/create-checkout-session": 402,
  "DELETE /api/integrations/StripeIntegration/{account}/delete-account": 402,
  // named things that do not exist: a plan, a coupon, a scheduled change, an uninstalled package, a function of an app without functions
  "DELETE /api/admin/model-providers/{kind}": 404,
  "POST /api/billing/create-checkout-session/{planId}": 404,
  "POST /api/billing/update-subscription/{planId}": 404,
  "DELETE /api/billing/cancel-schedule": 404,
  "POST /api/credits/add-coupon-code/{code}": 404,
  "POST /api/apps/{id}/delete-integration/{pkg}/{ref}": 404,
  "POST /api/apps/{id}/integration-endpoints/installable/{pkg}/integration-endpoints/{name}": 404,
  "POST /api/apps/{id}/functions/{name}": 404,
  // a team's Kiln only (`npm run team`, test/api/team-mode.test.ts): the shared stack is `npm start`'s
  "POST /api/auth/password/sign-up": 404,
  "POST /api/auth/password/sign-in": 404,
  "POST /api/auth/password/verify": 404,
  // single sign-on: a team's Kiln with OIDC_ISSUER only (test/api/team-oidc.test.ts)
  "GET /api/auth/oidc/start": 404,
  "GET /api/auth/oidc/callback": 404,
  "POST /api/auth/password/reset-request": 404,
  "POST /api/auth/password/reset": 404,
};

/** Path parameters every route gets unless its request names its own. */
export const defaultParams = (): Record<string, string> => ({
  id: f.appId,
  slug: f.slug,
  entity: f.entity,
  rid: f.recordId,
  uid: f.userId,
  cp: f.checkpointId,
  msgId: f.userMessageId,
  name: f.secretName,
  fileId: f.fileId,
  domain: `${f.slug}.localhost`,
  page: "Home",
});
