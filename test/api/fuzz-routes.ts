import type { RouteKey } from "../../lib/routes";

// Which write routes the fuzz test (fuzz.test.ts) sends no body, and which may accept names the caller defines.

/** Write routes that read no body: a body sent to them is ignored, so there is nothing to fuzz. */
export const noBody: RouteKey[] = [
  "POST /api/auth/regenerate_api_key",
  "DELETE /api/apps/{id}",
  "DELETE /api/apps/{id}/secrets/{name}",
  "POST /api/apps/{id}/chat/message/{msgId}/undo",
  "POST /api/apps/{id}/chat/stop",
  "POST /api/apps/{id}/chat/generate-suggestions",
  "POST /api/apps/{id}/security-scan",
  "POST /api/apps/{id}/security-scan/fix-all",
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/ignore",
  "POST /api/apps/{id}/security-scan/findings/{finding_id}/restore",
  "POST /api/app-logs/{id}/log-user-in-app/{page}",
  "DELETE /api/apps/{id}/entities/User/{uid}",
  "DELETE /api/apps/{id}/entities/{entity}/{rid}",
  "POST /api/billing/create-checkout-session/{planId}",
  "POST /api/billing/create-portal-session",
  "POST /api/billing/update-subscription/{planId}",
  "DELETE /api/billing/cancel-schedule",
  "POST /api/credits/add-coupon-code/{code}",
  "DELETE /api/credits/{id}/bonus-credits/{bonusId}",
  "POST /api/integration-catalog-items/catalog/{id}/archive",
  "POST /api/integration-catalog-items/catalog/{id}/approve",
  "POST /api/apps/{id}/activate-backend-functions",
  "POST /api/apps/{id}/coding/redeploy-function/{name}",
  "POST /api/apps/{id}/coding/export-to-github",
  "POST /api/apps/{id}/coding/update-github-repo",
  "POST /api/apps/{id}/install-integration/{pkg}/{ref}",
  "POST /api/apps/{id}/delete-integration/{pkg}/{ref}",
  "POST /api/custom-domains/{id}/verify",
  "POST /api/custom-domains/{id}/status",
  "POST /api/custom-domains/{id}/unlink",
  "POST /api/custom-domains/{id}/link",
  "DELETE /api/custom-domains/{id}",
  "POST /api/integrations/StripeIntegration/{account}/refresh-product-catalog",
  "POST /api/integrations/StripeIntegration/{account}/create-dashboard-link",
  "DELETE /api/integrations/StripeIntegration/{account}/delete-account",
  "POST /api/support/admin/{id}/draft",
  "DELETE /api/docs/articles/{id}",
  "DELETE /api/admin/model-providers/{kind}",
  "POST /api/admin/model-providers/{kind}/test",
];

/**
 * Routes whose body carries names the caller defines (records, filters, user fields) or that
 * accept keys they do not name (the SDK's auth and integration bodies): an internal attribute
 * name there may be accepted, but must never leave the caller's own data.
 */
export const openBodies: RouteKey[] = [
  "PUT /api/apps/{id}/secrets",
  "POST /api/apps/{id}/integration-endpoints/Core/{name}",
  // a backend function's payload: any JSON, the function's own to read
  "POST /api/apps/{id}/functions/{name}",
  "POST /api/apps/{id}/auth/register",
  "POST /api/apps/{id}/auth/verify-otp",
  "POST /api/apps/{id}/auth/resend-otp",
  "POST /api/apps/{id}/auth/login",
  "POST /api/apps/{id}/auth/reset-password-request",
  "POST /api/apps/{id}/auth/reset-password",
  "POST /api/apps/{id}/auth/change-password",
  "PUT /api/apps/{id}/entities/User/me",
  "PUT /api/apps/{id}/entities/User/{uid}",
  "POST /api/apps/{id}/users/invite-user",
  "POST /api/apps/{id}/runtime/users/invite-user",
  "POST /api/apps/{id}/entities/{entity}",
  "DELETE /api/apps/{id}/entities/{entity}",
  "POST /api/apps/{id}/entities/{entity}/bulk",
  "PUT /api/apps/{id}/entities/{entity}/bulk",
  "PATCH /api/apps/{id}/entities/{entity}/update-many",
  "POST /api/apps/{id}/entities/{entity}/upsert",
  "POST /api/apps/{id}/entities/{entity}/aggregate",
  "PUT /api/apps/{id}/entities/{entity}/{rid}",
  "POST /api/apps/{id}/analytics/track/batch",
  "POST /api/local/identity",
];
