/**
 * THE route table. The SST HTTP API (stacks/api.ts), the local gateway
 * (stacks/local/http-gateway.ts) and every Hono call group (functions/http/group.ts)
 * are built from it; nothing else lists routes.
 *
 * Keys use API Gateway's route-key syntax: "METHOD /path/{param}".
 * `group` names the Lambda (functions/http/<group>.ts exports `handler`),
 * `op` names the operation inside that group, `access` says who may call it
 * and is enforced before the operation runs.
 */

export type Access =
  /** anyone, no credentials read */
  | "public"
  /** a signed-in platform user (bearer token or api_key header) */
  | "user"
  /** a platform user whose platform_role contains "admin" */
  | "admin"
  /**
   * a generated app's API, `{id}` being the app: the caller (builder, app user or visitor,
   * functions/core/app-users/caller.ts) is identified and the app's visibility enforced
   */
  | "app";

export interface RouteDef {
  group: string;
  op: string;
  access: Access;
  /** exists only when the stack runs on one machine (answers 404 elsewhere) */
  localOnly?: true;
  /** also takes the API key as an `api_key` query parameter (a download link the browser opens) */
  apiKeyQuery?: true;
  /** what each kind of caller gets: a new route states it, and the authorization matrix test holds it to that */
  who: Who;
}

/** Who calls a route in the authorization matrix (test/api/authorization-matrix.test.ts), against a private_with_login app. */
export type Role =
  /** no credentials */
  | "anonymous"
  /** a signed-in platform user who is not the app's owner */
  | "stranger"
  /** the platform user who created the app */
  | "owner"
  /** a user the owner invited into the app, with that app's runtime token */
  | "member"
  /** a signed-in user of another app, with that app's runtime token */
  | "otherAppMember"
  /** a platform admin */
  | "admin";

/** "allowed": the call gets past authorization (any answer but 401, 403 or a 5xx); otherwise the refusal it must answer. */
export type Outcome = "allowed" | 401 | 403 | 404;
export type Who = Readonly<Record<Role, Outcome>>;

/** The expectations rows share; `who` on each row says which (a row may spell out its own). */
export const who = {
  anyone: { anonymous: "allowed", stranger: "allowed", owner: "allowed", member: "allowed", otherAppMember: "allowed", admin: "allowed" },
  /** any platform user, for their own things; an app's runtime token is another audience */
  signedIn: { anonymous: 401, stranger: "allowed", owner: "allowed", member: 401, otherAppMember: 401, admin: "allowed" },
  /** the owner of the app (or account) in the path, or a platform admin */
  owner: { anonymous: 401, stranger: 403, owner: "allowed", member: 401, otherAppMember: 401, admin: "allowed" },
  admin: { anonymous: 401, stranger: 403, owner: 403, member: 401, otherAppMember: 401, admin: "allowed" },
  /** a private app's API: its builders and the users it invited */
  appUsers: { anonymous: 403, stranger: 403, owner: "allowed", member: "allowed", otherAppMember: 401, admin: "allowed" },
  /** a private app's API for its managers (builders, app admins); a plain member is refused */
  appAdmins: { anonymous: 403, stranger: 403, owner: "allowed", member: 403, otherAppMember: 401, admin: "allowed" },
  /** the app's draft (the preview's files): its builders only */
  appEditors: { anonymous: 403, stranger: 403, owner: "allowed", member: 403, otherAppMember: 401, admin: "allowed" },
  /** another app user, by id: managers only, and a plain member cannot tell that user exists */
  appUserAdmins: { anonymous: 403, stranger: 403, owner: "allowed", member: 404, otherAppMember: 401, admin: "allowed" },
  /** a pending catalogue item's owner ("owner" made it); others cannot tell it exists, and a platform admin may see it but not change it */
  catalogOwner: { anonymous: 401, stranger: 404, owner: "allowed", member: 401, otherAppMember: 401, admin: 403 },
  /** a pending catalogue item: its owner and platform admins see it (and may vote), others cannot tell it exists */
  catalogViewer: { anonymous: 401, stranger: 404, owner: "allowed", member: 401, otherAppMember: 401, admin: "allowed" },
  /** the caller's own payments account in the path: anyone else's (a platform admin's too) cannot tell it exists */
  paymentsAccount: { anonymous: 401, stranger: 404, owner: "allowed", member: 401, otherAppMember: 401, admin: 404 },
  /** an app user's own account (change password); a builder has no password in the app */
  appMember: { anonymous: 403, stranger: 403, owner: 403, member: "allowed", otherAppMember: 401, admin: 403 },
  /** a support ticket ("owner" opened it): its creator and platform admins; anyone else cannot tell it exists */
  ticket: { anonymous: 401, stranger: 404, owner: "allowed", member: 401, otherAppMember: 401, admin: "allowed" },
} as const satisfies Record<string, Who>;

export const routes = {
  "GET /api/health": { group: "health", op: "health", access: "public", who: who.anyone },

  "GET /api/auth/login": { group: "auth", op: "login", access: "public", who: who.anyone },
  "POST /api/auth/exchange": { group: "auth", op: "exchange", access: "public", who: who.anyone },
  "GET /api/auth/methods": { group: "auth", op: "methods", access: "public", who: who.anyone },
  /** a team's Kiln only (`npm run team`); 404 elsewhere */
  "POST /api/auth/password/sign-up": { group: "auth", op: "passwordSignUp", access: "public", who: who.anyone },
  "POST /api/auth/password/sign-in": { group: "auth", op: "passwordSignIn", access: "public", who: who.anyone },
  "POST /api/auth/password/verify": { group: "auth", op: "passwordVerify", access: "public", who: who.anyone },
  "POST /api/auth/password/reset-request": { group: "auth", op: "passwordResetRequest", access: "public", who: who.anyone },
  "POST /api/auth/password/reset": { group: "auth", op: "passwordReset", access: "public", who: who.anyone },
  /** a team's Kiln with single sign-on configured (OIDC_ISSUER) only; 404 elsewhere */
  "GET /api/auth/oidc/start": { group: "auth", op: "oidcStart", access: "public", who: who.anyone },
  "GET /api/auth/oidc/callback": { group: "auth", op: "oidcCallback", access: "public", who: who.anyone },
  "GET /api/auth/me": { group: "auth", op: "me", access: "user", who: who.signedIn },
  "POST /api/auth/regenerate_api_key": { group: "auth", op: "regenerateApiKey", access: "user", who: who.signedIn },
  "POST /api/auth/{id}/update-user": { group: "auth", op: "updateUser", access: "user", who: who.owner },
  "GET /api/auth/list-users": { group: "auth", op: "listUsers", access: "admin", who: who.admin },

  "GET /api/apps": { group: "apps", op: "list", access: "user", who: who.signedIn },
  "POST /api/apps": { group: "apps", op: "create", access: "user", who: who.signedIn },
  "GET /api/apps/schema": { group: "apps", op: "schema", access: "user", who: who.signedIn },
  "GET /api/apps/{id}": { group: "apps", op: "get", access: "user", who: who.owner },
  "PUT /api/apps/{id}": { group: "apps", op: "update", access: "user", who: who.owner },
  "DELETE /api/apps/{id}": { group: "apps", op: "remove", access: "user", who: who.owner },
  "POST /api/apps/{id}/metadata/update-logo": { group: "apps", op: "updateLogo", access: "user", who: who.owner },
  "POST /api/apps/{id}/block": { group: "apps", op: "block", access: "admin", who: who.admin },
  "GET /api/app-suggestions": { group: "apps", op: "homeSuggestions", access: "user", who: who.signedIn },

  // The matrix app is private: only its owner (Create Copy) or an admin; a public remixable app is open to every signed-in user.
  "GET /api/apps/{id}/remix/requirements": { group: "remix", op: "requirements", access: "user", who: who.owner },
  "POST /api/apps/{id}/remix": { group: "remix", op: "create", access: "user", who: who.owner },

  "GET /api/integration-catalog-items/catalog": { group: "catalog", op: "list", access: "user", who: who.signedIn },
  "GET /api/integration-catalog-items/catalog/{id}": { group: "catalog", op: "get", access: "user", who: who.signedIn },
  "POST /api/integration-catalog-items/catalog": { group: "catalog", op: "create", access: "user", who: who.signedIn },
  "PUT /api/integration-catalog-items/catalog/{id}": { group: "catalog", op: "update", access: "user", who: who.catalogOwner },
  "POST /api/integration-catalog-items/catalog/{id}/visibility": { group: "catalog", op: "visibility", access: "user", who: who.catalogOwner },
  "POST /api/integration-catalog-items/catalog/{id}/invite": { group: "catalog", op: "invite", access: "user", who: who.catalogOwner },
  "POST /api/integration-catalog-items/catalog/{id}/archive": { group: "catalog", op: "archive", access: "user", who: who.catalogOwner },
  "POST /api/integration-catalog-items/catalog/{id}/upvote": { group: "catalog", op: "upvote", access: "user", who: who.catalogViewer },
  "POST /api/integration-catalog-items/catalog/{id}/approve": { group: "catalog", op: "approve", access: "admin", who: who.admin },

  "GET /api/apps/{id}/secrets": { group: "secrets", op: "list", access: "user", who: who.owner },
  "PUT /api/apps/{id}/secrets": { group: "secrets", op: "update", access: "user", who: who.owner },
  "DELETE /api/apps/{id}/secrets/{name}": { group: "secrets", op: "remove", access: "user", who: who.owner },
  "GET /api/secrets/existing": { group: "secrets", op: "existing", access: "user", who: who.signedIn },

  "GET /api/apps/{id}/chat/messages": { group: "chat", op: "messages", access: "user", who: who.owner },
  "POST /api/apps/{id}/chat/message": { group: "chat", op: "send", access: "user", who: who.owner },
  "POST /api/apps/{id}/chat/message/{msgId}/undo": { group: "chat", op: "undo", access: "user", who: who.owner },
  "POST /api/apps/{id}/chat/stop": { group: "chat", op: "stop", access: "user", who: who.owner },
  "POST /api/apps/{id}/chat/generate-suggestions": { group: "chat", op: "suggestions", access: "user", who: who.owner },
  "POST /api/feedback": { group: "chat", op: "feedback", access: "user", who: who.signedIn },

  "GET /api/apps/{id}/app-checkpoints": { group: "checkpoints", op: "list", access: "user", who: who.owner },
  "GET /api/apps/{id}/app-checkpoints/{cp}/file-tree": { group: "checkpoints", op: "fileTree", access: "user", who: who.owner },
  "POST /api/apps/{id}/app-checkpoints/{cp}/load": { group: "checkpoints", op: "load", access: "user", who: who.owner },
  "GET /api/apps/{id}/chat/message/{msgId}/changes": { group: "checkpoints", op: "messageChanges", access: "user", who: who.owner },

  "POST /api/files": { group: "files", op: "upload", access: "user", who: who.signedIn },
  "POST /api/files/upload-url": { group: "files", op: "uploadUrl", access: "user", who: who.signedIn },
  "GET /api/files/{fileId}": { group: "files", op: "download", access: "public", who: who.anyone },

  "GET /api/apps/{id}/runtime/files": { group: "runtime", op: "files", access: "app", who: who.appEditors },

  "POST /api/apps/{id}/coding/write": { group: "coding", op: "write", access: "user", who: who.owner },

  // Export (spec 02 §2, §4, §7): the ZIP download (the owner's API key in the query) and the GitHub repository.
  "GET /api/apps/{id}/coding/export-to-zip": { group: "export", op: "zip", access: "user", apiKeyQuery: true, who: who.owner },
  "GET /api/apps/{id}/coding/github": { group: "export", op: "githubStatus", access: "user", who: who.owner },
  "POST /api/apps/{id}/coding/export-to-github": { group: "export", op: "toGitHub", access: "user", who: who.owner },
  "POST /api/apps/{id}/coding/update-github-repo": { group: "export", op: "updateGitHub", access: "user", who: who.owner },
  "POST /api/apps/{id}/coding/invite-collaborator": { group: "export", op: "invite", access: "user", who: who.owner },
  "POST /api/apps/{id}/coding/search-github-users": { group: "export", op: "searchUsers", access: "user", who: who.owner },

  "POST /api/apps/{id}/deploy": { group: "publish", op: "deploy", access: "user", who: who.owner },
  // The security scan (issue 24 §3, functions/core/security/): the owner's; POST answers at once, the scan runs as a job.
  "POST /api/apps/{id}/security-scan": { group: "security", op: "start", access: "user", who: who.owner },
  "GET /api/apps/{id}/security-scan": { group: "security", op: "get", access: "user", who: who.owner },
  "POST /api/apps/{id}/security-scan/fix-all": { group: "security", op: "fixAll", access: "user", who: who.owner },
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/ignore": { group: "security", op: "ignore", access: "user", who: who.owner },
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/restore": { group: "security", op: "restore", access: "user", who: who.owner },
  "GET /api/apps/public/prod/by-slug/{slug}": { group: "publish", op: "bySlug", access: "public", who: who.appUsers },
  "GET /api/apps/public/prod/by-id/{id}": { group: "publish", op: "byId", access: "app", who: who.appUsers },
  "GET /api/apps/public/prod/domain/{domain}": { group: "publish", op: "byDomain", access: "public", who: who.anyone },

  // Custom domains (spec 02 §7): the id is a domain's; its app's owner (or an admin) manages it, on a plan with custom domains.
  "GET /api/custom-domains": { group: "domains", op: "list", access: "user", who: who.owner },
  "POST /api/custom-domains": { group: "domains", op: "create", access: "user", who: who.owner },
  "POST /api/custom-domains/{id}/verify": { group: "domains", op: "verify", access: "user", who: who.owner },
  "POST /api/custom-domains/{id}/status": { group: "domains", op: "status", access: "user", who: who.owner },
  "POST /api/custom-domains/{id}/unlink": { group: "domains", op: "unlink", access: "user", who: who.owner },
  "POST /api/custom-domains/{id}/link": { group: "domains", op: "link", access: "user", who: who.owner },
  "DELETE /api/custom-domains/{id}": { group: "domains", op: "remove", access: "user", who: who.owner },
  "POST /api/apps/buy_domain/start": { group: "domains", op: "buyStart", access: "user", who: who.owner },
  // what the local DNS stand-in answers for a name (stacks/local/dns): tests and `npm start` make a domain verify or fail
  "PUT /api/local/dns/{domain}": { group: "domains", op: "localDns", access: "public", localOnly: true, who: who.anyone },

  // Backend functions (spec 02 §4, §7): the owner's tools, and the call generated apps make through the SDK.
  "POST /api/apps/{id}/activate-backend-functions": { group: "backend", op: "activate", access: "user", who: who.owner },
  "GET /api/apps/{id}/functions": { group: "backend", op: "list", access: "user", who: who.owner },
  "GET /api/apps/{id}/functions/{name}/logs": { group: "backend", op: "logs", access: "user", who: who.owner },
  "POST /api/apps/{id}/coding/redeploy-function/{name}": { group: "backend", op: "redeploy", access: "user", who: who.owner },
  "POST /api/apps/{id}/functions/{name}": { group: "backend", op: "invoke", access: "app", who: who.appUsers },

  // Installable integrations (spec 01 §7, spec 03 §7.12): a catalogue package installed into an app.
  "POST /api/apps/{id}/install-integration/{pkg}/{ref}": { group: "integrations", op: "install", access: "user", who: who.owner },
  "POST /api/apps/{id}/delete-integration/{pkg}/{ref}": { group: "integrations", op: "uninstall", access: "user", who: who.owner },
  "GET /api/apps/{id}/integration-endpoints/schema": { group: "integrations", op: "schema", access: "app", who: who.appUsers },
  "POST /api/apps/{id}/integration-endpoints/Core/{name}": { group: "integrations", op: "core", access: "app", who: who.appUsers },
  "POST /api/apps/{id}/integration-endpoints/installable/{pkg}/integration-endpoints/{name}": { group: "integrations", op: "installable", access: "app", who: who.appUsers },

  // Payments for apps (spec 02 §7 payments provider): the owner's own Stripe Connect account (functions/core/payments/payments.ts).
  "POST /api/integrations/StripeIntegration/get-or-create-account": { group: "payments", op: "getOrCreate", access: "user", who: who.signedIn },
  "GET /api/integrations/StripeIntegration/get-account": { group: "payments", op: "get", access: "user", who: who.signedIn },
  "POST /api/integrations/StripeIntegration/{account}/create-account-link": { group: "payments", op: "accountLink", access: "user", who: who.paymentsAccount },
  "POST /api/integrations/StripeIntegration/{account}/create-dashboard-link": { group: "payments", op: "dashboardLink", access: "user", who: who.paymentsAccount },
  "GET /api/integrations/StripeIntegration/{account}/check-account-status": { group: "payments", op: "status", access: "user", who: who.paymentsAccount },
  "POST /api/integrations/StripeIntegration/{account}/refresh-product-catalog": { group: "payments", op: "refreshCatalog", access: "user", who: who.paymentsAccount },
  "GET /api/integrations/StripeIntegration/{account}/connect-to-app/{appId}": { group: "payments", op: "connection", access: "user", who: who.paymentsAccount },
  "POST /api/integrations/StripeIntegration/{account}/create-checkout-session": { group: "payments", op: "ownerCheckout", access: "user", who: who.paymentsAccount },
  "DELETE /api/integrations/StripeIntegration/{account}/delete-account": { group: "payments", op: "remove", access: "user", who: who.paymentsAccount },
  // spec 03 §7.8: a generated app's checkout. The path names no app: the handler resolves the app the account is connected to and admits its caller as "app" routes do.
  "POST /api/integrations/stripe/{account_id}/create-checkout-session": { group: "payments", op: "appCheckout", access: "public", who: who.appUsers },

  "POST /api/app-logs/{id}/log-user-in-app/{page}": { group: "app-logs", op: "visit", access: "app", who: who.appUsers },
  "GET /api/app-logs/{id}": { group: "app-logs", op: "list", access: "user", who: who.owner },
  "GET /api/app-logs/{id}/stats": { group: "app-logs", op: "stats", access: "user", who: who.owner },
  "POST /api/apps/{id}/analytics/track/batch": { group: "app-logs", op: "trackBatch", access: "public", who: who.anyone },

  "GET /api/usage-logs/current-usage": { group: "usage", op: "current", access: "user", who: who.signedIn },
  "GET /api/usage-logs/stats": { group: "usage", op: "stats", access: "user", who: who.signedIn },
  "GET /api/usage-logs/current-integration-usage": { group: "usage", op: "currentIntegrations", access: "user", who: who.signedIn },
  "GET /api/usage-logs/user-stats/{id}": { group: "usage", op: "userStats", access: "user", who: who.owner },

  "GET /api/billing/stats": { group: "billing", op: "stats", access: "user", who: who.signedIn },
  "POST /api/billing/create-checkout-session/{planId}": { group: "billing", op: "checkout", access: "user", who: who.signedIn },
  "POST /api/billing/create-portal-session": { group: "billing", op: "portal", access: "user", who: who.signedIn },
  "POST /api/billing/update-subscription/{planId}": { group: "billing", op: "updateSubscription", access: "user", who: who.signedIn },
  "DELETE /api/billing/cancel-schedule": { group: "billing", op: "cancelSchedule", access: "user", who: who.signedIn },
  // Stripe's deliveries: no platform credentials, the signature is the credential (a forged one is a 400).
  "POST /api/billing/webhook": { group: "billing", op: "webhook", access: "public", who: who.anyone },

  "POST /api/credits/add-coupon-code/{code}": { group: "credits", op: "redeemCoupon", access: "user", who: who.signedIn },
  "GET /api/credits/coupon-codes": { group: "credits", op: "listCoupons", access: "admin", who: who.admin },
  "POST /api/credits/create-coupon-code": { group: "credits", op: "createCoupon", access: "admin", who: who.admin },
  "POST /api/credits/add-bonus-credits": { group: "credits", op: "addBonus", access: "admin", who: who.admin },
  "GET /api/credits/{id}/bonus-credits": { group: "credits", op: "listBonus", access: "admin", who: who.admin },
  "DELETE /api/credits/{id}/bonus-credits/{bonusId}": { group: "credits", op: "removeBonus", access: "admin", who: who.admin },

  "POST /api/apps/{id}/auth/register": { group: "appauth", op: "register", access: "public", who: who.anyone },
  "POST /api/apps/{id}/auth/verify-otp": { group: "appauth", op: "verifyOtp", access: "public", who: who.anyone },
  "POST /api/apps/{id}/auth/resend-otp": { group: "appauth", op: "resendOtp", access: "public", who: who.anyone },
  "POST /api/apps/{id}/auth/login": { group: "appauth", op: "login", access: "public", who: who.anyone },
  "POST /api/apps/{id}/auth/reset-password-request": { group: "appauth", op: "resetRequest", access: "public", who: who.anyone },
  "POST /api/apps/{id}/auth/reset-password": { group: "appauth", op: "resetPassword", access: "public", who: who.anyone },
  "POST /api/apps/{id}/auth/change-password": { group: "appauth", op: "changePassword", access: "app", who: who.appMember },
  "GET /api/apps/{id}/auth/token": { group: "appauth", op: "token", access: "user", who: who.owner },
  "GET /api/apps/public/prod/public-settings/by-id/{id}": { group: "appauth", op: "publicSettings", access: "app", who: who.appUsers },
  "GET /api/apps/public/login-info/by-slug/{slug}": { group: "appauth", op: "loginInfoBySlug", access: "public", who: who.anyone },
  "GET /api/apps/public/login-info/by-id/{id}": { group: "appauth", op: "loginInfoById", access: "public", who: who.anyone },
  "GET /api/apps/auth/login": { group: "appauth", op: "googleLogin", access: "public", who: who.anyone },
  "GET /api/apps/auth/callback": { group: "appauth", op: "googleCallback", access: "public", who: who.anyone },
  "GET /api/apps/auth/popup-done": { group: "appauth", op: "popupDone", access: "public", who: who.anyone },
  "GET /api/apps/auth/logout": { group: "appauth", op: "logout", access: "public", who: who.anyone },

  // `me` before `{uid}`: within the group Hono tries routes in this order.
  "GET /api/apps/{id}/entities/User/me": { group: "appusers", op: "me", access: "app", who: who.appUsers },
  "PUT /api/apps/{id}/entities/User/me": { group: "appusers", op: "updateMe", access: "app", who: who.appUsers },
  "GET /api/apps/{id}/entities/User": { group: "appusers", op: "list", access: "app", who: who.appUsers },
  "GET /api/apps/{id}/entities/User/{uid}": { group: "appusers", op: "get", access: "app", who: who.appUserAdmins },
  "PUT /api/apps/{id}/entities/User/{uid}": { group: "appusers", op: "update", access: "app", who: who.appUserAdmins },
  "DELETE /api/apps/{id}/entities/User/{uid}": { group: "appusers", op: "remove", access: "app", who: who.appUserAdmins },
  "POST /api/apps/{id}/users/invite-user": { group: "appusers", op: "invite", access: "app", who: who.appAdmins },
  "POST /api/apps/{id}/runtime/users/invite-user": { group: "appusers", op: "invite", access: "app", who: who.appAdmins },

  // The entity API (reference §2). Literal paths before `{rid}`: within the group Hono tries routes in this order.
  "GET /api/apps/{id}/entities/{entity}": { group: "entities", op: "list", access: "app", who: who.appUsers },
  "POST /api/apps/{id}/entities/{entity}": { group: "entities", op: "create", access: "app", who: who.appUsers },
  "DELETE /api/apps/{id}/entities/{entity}": { group: "entities", op: "removeMany", access: "app", who: who.appUsers },
  "GET /api/apps/{id}/entities/{entity}/v2/list": { group: "entities", op: "page", access: "app", who: who.appUsers },
  "GET /api/apps/{id}/entities/{entity}/count": { group: "entities", op: "count", access: "app", who: who.appUsers },
  "GET /api/apps/{id}/entities/{entity}/schema": { group: "entities", op: "schema", access: "app", who: who.appUsers },
  "POST /api/apps/{id}/entities/{entity}/bulk": { group: "entities", op: "bulkCreate", access: "app", who: who.appUsers },
  "PUT /api/apps/{id}/entities/{entity}/bulk": { group: "entities", op: "bulkUpdate", access: "app", who: who.appUsers },
  "PATCH /api/apps/{id}/entities/{entity}/update-many": { group: "entities", op: "updateMany", access: "app", who: who.appUsers },
  "POST /api/apps/{id}/entities/{entity}/upsert": { group: "entities", op: "upsert", access: "app", who: who.appUsers },
  "POST /api/apps/{id}/entities/{entity}/import": { group: "entities", op: "import", access: "app", who: who.appUsers },
  "POST /api/apps/{id}/entities/{entity}/aggregate": { group: "entities", op: "aggregate", access: "app", who: who.appUsers },
  "GET /api/apps/{id}/entities/{entity}/{rid}": { group: "entities", op: "get", access: "app", who: who.appUsers },
  "PUT /api/apps/{id}/entities/{entity}/{rid}": { group: "entities", op: "update", access: "app", who: who.appUsers },
  "DELETE /api/apps/{id}/entities/{entity}/{rid}": { group: "entities", op: "remove", access: "app", who: who.appUsers },

  // Support desk (spec 03 §7.9–7.11): a user's tickets (admins reply there too, is_admin_message), the admins' inbox, the documentation.
  "GET /api/support/conversations": { group: "support", op: "list", access: "user", who: who.signedIn },
  "POST /api/support/conversations": { group: "support", op: "create", access: "user", who: who.signedIn },
  "GET /api/support/conversations/{id}": { group: "support", op: "get", access: "user", who: who.ticket },
  "POST /api/support/conversations/{id}/messages": { group: "support", op: "postMessage", access: "user", who: who.ticket },
  "PUT /api/support/conversations/{id}/notifications": { group: "support", op: "notifications", access: "user", who: who.ticket },
  // `resolve-many` before `{id}`: within the group Hono tries routes in this order.
  "GET /api/support/admin": { group: "supportadmin", op: "inbox", access: "admin", who: who.admin },
  "PATCH /api/support/admin/resolve-many": { group: "supportadmin", op: "resolveMany", access: "admin", who: who.admin },
  "GET /api/support/admin/{id}": { group: "supportadmin", op: "detail", access: "admin", who: who.admin },
  "PATCH /api/support/admin/{id}/status": { group: "supportadmin", op: "status", access: "admin", who: who.admin },
  "PATCH /api/support/admin/{id}/change_ticket_status": { group: "supportadmin", op: "changeTicketStatus", access: "admin", who: who.admin },
  "PATCH /api/support/admin/{id}/assign": { group: "supportadmin", op: "assign", access: "admin", who: who.admin },
  "PATCH /api/support/admin/{id}/internal_categories": { group: "supportadmin", op: "internalCategories", access: "admin", who: who.admin },
  "DELETE /api/support/admin/{id}/messages": { group: "supportadmin", op: "deleteMessage", access: "admin", who: who.admin },
  "POST /api/support/admin/{id}/messages/polish": { group: "supportadmin", op: "polish", access: "admin", who: who.admin },
  "POST /api/support/admin/{id}/draft": { group: "supportadmin", op: "draft", access: "admin", who: who.admin },
  "GET /api/docs/articles": { group: "docs", op: "listArticles", access: "admin", who: who.admin },
  "POST /api/docs/articles": { group: "docs", op: "createArticle", access: "admin", who: who.admin },
  "PUT /api/docs/articles/{id}": { group: "docs", op: "updateArticle", access: "admin", who: who.admin },
  "DELETE /api/docs/articles/{id}": { group: "docs", op: "removeArticle", access: "admin", who: who.admin },
  "GET /api/docs/agent": { group: "docs", op: "agent", access: "admin", who: who.admin },
  "PUT /api/docs/agent": { group: "docs", op: "updateAgent", access: "admin", who: who.admin },
  // Model providers (issue 23): admins configure them in the admin portal; keys are write-only, the environment wins over what is saved.
  "GET /api/admin/model-providers": { group: "providers", op: "list", access: "admin", who: who.admin },
  "PUT /api/admin/model-providers/{kind}": { group: "providers", op: "save", access: "admin", who: who.admin },
  "DELETE /api/admin/model-providers/{kind}": { group: "providers", op: "remove", access: "admin", who: who.admin },
  "POST /api/admin/model-providers/{kind}/test": { group: "providers", op: "test", access: "admin", who: who.admin },
  "PUT /api/admin/model-default": { group: "providers", op: "setDefault", access: "admin", who: who.admin },

  "GET /api/auth/users/{id}": { group: "admin", op: "getUser", access: "admin", who: who.admin },
  // Platform analytics (spec 03 §7.4, base /admin/analytics): the Statistics tab's totals, user growth and top users, and the analytics page.
  "GET /api/admin/analytics/overall": { group: "admin", op: "overall", access: "admin", who: who.admin },
  "GET /api/admin/analytics/user-analytics": { group: "admin", op: "userAnalytics", access: "admin", who: who.admin },
  "GET /api/admin/analytics/top-users": { group: "admin", op: "topUsers", access: "admin", who: who.admin },
  "GET /api/admin/analytics/usage-by-date": { group: "admin", op: "usageByDate", access: "admin", who: who.admin },
  "GET /api/admin/analytics/tokens-by-user": { group: "admin", op: "tokensByUser", access: "admin", who: who.admin },
  "GET /api/admin/analytics/trending-apps": { group: "admin", op: "trendingApps", access: "admin", who: who.admin },
  // spec 03 §7.4 names this path too: the trending grid any signed-in user sees, {trending_apps}, public apps only
  "GET /api/apps/public/trending": { group: "admin", op: "publicTrending", access: "user", who: who.signedIn },

  "GET /api/local/identity": { group: "local", op: "identityPage", access: "public", localOnly: true, who: who.anyone },
  "POST /api/local/identity": { group: "local", op: "identitySubmit", access: "public", localOnly: true, who: who.anyone },
  "POST /api/local/token": { group: "local", op: "token", access: "public", localOnly: true, who: who.anyone },
  "GET /api/local/outbox": { group: "local", op: "outbox", access: "admin", localOnly: true, who: who.admin },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routes;
export type Group = (typeof routes)[RouteKey]["group"];
export type OpsOf<G extends Group> = Extract<(typeof routes)[RouteKey], { group: G }>["op"];

/** WebSocket API route keys; all served by functions/sockets/builder.ts. */
export const socketRoutes = ["$connect", "$disconnect", "hello", "join", "leave"] as const;
export type SocketRoute = (typeof socketRoutes)[number];

/**
 * Route keys of generated apps' WebSocket API (socket.io at /ws-user-apps/socket.io/), all
 * served by functions/sockets/app.ts. Socket.io frames are not JSON objects with an
 * `action`, so every frame arrives on $default.
 */
export const appSocketRoutes = ["$connect", "$disconnect", "$default"] as const;

/** Scheduled jobs: EventBridge in the cloud, the local ticker on one machine. */
export const crons = {
  pruneConnections: { schedule: "rate(5 minutes)", everyMs: 5 * 60_000 },
  /** the server's heartbeat to generated apps' sockets (functions/core/realtime/socket-io.ts: within their 10-minute window) */
  pingAppSockets: { schedule: "rate(4 minutes)", everyMs: 4 * 60_000 },
  /** ends AI turns whose worker died, once past their deadline (functions/core/chat/turns.ts) */
  sweepTurns: { schedule: "rate(1 minute)", everyMs: 60_000 },
  /** starts the next credit period of users whose period has ended (functions/core/billing/credit-periods.ts) */
  rollCreditPeriods: { schedule: "rate(15 minutes)", everyMs: 15 * 60_000 },
  /** looks up in DNS again the custom domains still waiting for it (functions/core/domains/domains.ts) */
  recheckDomains: { schedule: "rate(10 minutes)", everyMs: 10 * 60_000 },
} as const;
export type CronName = keyof typeof crons;

/** Kinds of asynchronous work run by functions/jobs/worker.ts. */
export const jobs = ["welcome-email", "ai-turn", "chat-suggestions", "socket-open", "ping-sockets"] as const;
export type JobName = (typeof jobs)[number];

export function routeParts(key: string): { method: string; path: string } {
  const [method, path] = key.split(" ");
  return { method, path };
}

/** "/api/auth/{id}/update-user" -> "/api/auth/:id/update-user" (Hono's syntax). */
export function honoPath(path: string): string {
  return path.replace(/\{([^}+]+)\+\}/g, "*").replace(/\{([^}]+)\}/g, ":$1");
}

export function routesOf(group: string): [RouteKey, RouteDef][] {
  return (Object.entries(routes) as [RouteKey, RouteDef][]).filter(([, r]) => r.group === group);
}

export const groups = [...new Set(Object.values(routes).map((r) => r.group))] as Group[];
