/**
 * THE route table. The SST HTTP API (stacks/api.ts), the local gateway
 * (stacks/local/http-gateway.ts) and every Hono call group (functions/http.ts)
 * are built from it; nothing else lists routes.
 *
 * Keys use API Gateway's route-key syntax: "METHOD /path/{param}".
 * `group` names the Lambda (functions/<group>.ts exports `handler`),
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
   * functions/core/app-caller.ts) is identified and the app's visibility enforced
   */
  | "app"
  /** like "app", but visibility is left to the operation (sign-in, registration, public settings) */
  | "app_public";

export interface RouteDef {
  group: string;
  op: string;
  access: Access;
  /** exists only when the stack runs on one machine (answers 404 elsewhere) */
  localOnly?: true;
}

export const routes = {
  "GET /api/health": { group: "health", op: "health", access: "public" },

  "GET /api/auth/login": { group: "auth", op: "login", access: "public" },
  "POST /api/auth/exchange": { group: "auth", op: "exchange", access: "public" },
  "GET /api/auth/me": { group: "auth", op: "me", access: "user" },
  "POST /api/auth/regenerate_api_key": { group: "auth", op: "regenerateApiKey", access: "user" },
  "POST /api/auth/{id}/update-user": { group: "auth", op: "updateUser", access: "user" },
  "GET /api/auth/list-users": { group: "auth", op: "listUsers", access: "admin" },

  "GET /api/apps": { group: "apps", op: "list", access: "user" },
  "POST /api/apps": { group: "apps", op: "create", access: "user" },
  "GET /api/apps/schema": { group: "apps", op: "schema", access: "user" },
  "GET /api/apps/{id}": { group: "apps", op: "get", access: "user" },
  "PUT /api/apps/{id}": { group: "apps", op: "update", access: "user" },
  "DELETE /api/apps/{id}": { group: "apps", op: "remove", access: "user" },
  "POST /api/apps/{id}/metadata/update-logo": { group: "apps", op: "updateLogo", access: "user" },
  "POST /api/apps/{id}/block": { group: "apps", op: "block", access: "admin" },
  "GET /api/app-suggestions": { group: "apps", op: "homeSuggestions", access: "user" },

  "GET /api/integration-catalog-items/catalog": { group: "catalog", op: "list", access: "user" },
  "GET /api/integration-catalog-items/catalog/{id}": { group: "catalog", op: "get", access: "user" },

  "GET /api/apps/{id}/secrets": { group: "secrets", op: "list", access: "user" },
  "PUT /api/apps/{id}/secrets": { group: "secrets", op: "update", access: "user" },
  "DELETE /api/apps/{id}/secrets/{name}": { group: "secrets", op: "remove", access: "user" },
  "GET /api/secrets/existing": { group: "secrets", op: "existing", access: "user" },

  "GET /api/apps/{id}/chat/messages": { group: "chat", op: "messages", access: "user" },
  "POST /api/apps/{id}/chat/message": { group: "chat", op: "send", access: "user" },
  "POST /api/apps/{id}/chat/message/{msgId}/undo": { group: "chat", op: "undo", access: "user" },
  "POST /api/apps/{id}/chat/stop": { group: "chat", op: "stop", access: "user" },
  "POST /api/apps/{id}/chat/generate-suggestions": { group: "chat", op: "suggestions", access: "user" },
  "POST /api/feedback": { group: "chat", op: "feedback", access: "user" },

  "GET /api/apps/{id}/app-checkpoints": { group: "checkpoints", op: "list", access: "user" },
  "GET /api/apps/{id}/app-checkpoints/{cp}/file-tree": { group: "checkpoints", op: "fileTree", access: "user" },
  "POST /api/apps/{id}/app-checkpoints/{cp}/load": { group: "checkpoints", op: "load", access: "user" },
  "GET /api/apps/{id}/chat/message/{msgId}/changes": { group: "checkpoints", op: "messageChanges", access: "user" },

  "POST /api/files": { group: "files", op: "upload", access: "user" },
  "GET /api/files/{fileId}": { group: "files", op: "download", access: "public" },

  "GET /api/apps/{id}/runtime/files": { group: "runtime", op: "files", access: "app" },

  "POST /api/apps/{id}/coding/write": { group: "coding", op: "write", access: "user" },

  "POST /api/apps/{id}/deploy": { group: "publish", op: "deploy", access: "user" },
  "GET /api/apps/public/prod/by-slug/{slug}": { group: "publish", op: "bySlug", access: "public" },
  "GET /api/apps/public/prod/by-id/{id}": { group: "publish", op: "byId", access: "app" },
  "GET /api/apps/public/prod/domain/{domain}": { group: "publish", op: "byDomain", access: "public" },

  "GET /api/apps/{id}/integration-endpoints/schema": { group: "integrations", op: "schema", access: "app" },
  "POST /api/apps/{id}/integration-endpoints/Core/{name}": { group: "integrations", op: "core", access: "app" },
  "POST /api/apps/{id}/integration-endpoints/installable/{pkg}/integration-endpoints/{name}": { group: "integrations", op: "installable", access: "app" },

  "POST /api/app-logs/{id}/log-user-in-app/{page}": { group: "app-logs", op: "visit", access: "app" },
  "GET /api/app-logs/{id}": { group: "app-logs", op: "list", access: "user" },
  "GET /api/app-logs/{id}/stats": { group: "app-logs", op: "stats", access: "user" },
  "POST /api/apps/{id}/analytics/track/batch": { group: "app-logs", op: "trackBatch", access: "public" },

  "GET /api/usage-logs/current-usage": { group: "usage", op: "current", access: "user" },
  "GET /api/usage-logs/stats": { group: "usage", op: "stats", access: "user" },
  "GET /api/usage-logs/current-integration-usage": { group: "usage", op: "currentIntegrations", access: "user" },

  "POST /api/apps/{id}/auth/register": { group: "appauth", op: "register", access: "public" },
  "POST /api/apps/{id}/auth/verify-otp": { group: "appauth", op: "verifyOtp", access: "public" },
  "POST /api/apps/{id}/auth/resend-otp": { group: "appauth", op: "resendOtp", access: "public" },
  "POST /api/apps/{id}/auth/login": { group: "appauth", op: "login", access: "public" },
  "POST /api/apps/{id}/auth/reset-password-request": { group: "appauth", op: "resetRequest", access: "public" },
  "POST /api/apps/{id}/auth/reset-password": { group: "appauth", op: "resetPassword", access: "public" },
  "POST /api/apps/{id}/auth/change-password": { group: "appauth", op: "changePassword", access: "app" },
  "GET /api/apps/{id}/auth/token": { group: "appauth", op: "token", access: "user" },
  "GET /api/apps/public/prod/public-settings/by-id/{id}": { group: "appauth", op: "publicSettings", access: "app" },
  "GET /api/apps/public/login-info/by-slug/{slug}": { group: "appauth", op: "loginInfoBySlug", access: "public" },
  "GET /api/apps/public/login-info/by-id/{id}": { group: "appauth", op: "loginInfoById", access: "public" },
  "GET /api/apps/auth/login": { group: "appauth", op: "googleLogin", access: "public" },
  "GET /api/apps/auth/callback": { group: "appauth", op: "googleCallback", access: "public" },
  "GET /api/apps/auth/popup-done": { group: "appauth", op: "popupDone", access: "public" },
  "GET /api/apps/auth/logout": { group: "appauth", op: "logout", access: "public" },

  // `me` before `{uid}`: within the group Hono tries routes in this order.
  "GET /api/apps/{id}/entities/User/me": { group: "appusers", op: "me", access: "app" },
  "PUT /api/apps/{id}/entities/User/me": { group: "appusers", op: "updateMe", access: "app" },
  "GET /api/apps/{id}/entities/User": { group: "appusers", op: "list", access: "app" },
  "GET /api/apps/{id}/entities/User/{uid}": { group: "appusers", op: "get", access: "app" },
  "PUT /api/apps/{id}/entities/User/{uid}": { group: "appusers", op: "update", access: "app" },
  "DELETE /api/apps/{id}/entities/User/{uid}": { group: "appusers", op: "remove", access: "app" },
  "POST /api/apps/{id}/users/invite-user": { group: "appusers", op: "invite", access: "app" },
  "POST /api/apps/{id}/runtime/users/invite-user": { group: "appusers", op: "invite", access: "app" },

  // The entity API (reference §2). Literal paths before `{rid}`: within the group Hono tries routes in this order.
  "GET /api/apps/{id}/entities/{entity}": { group: "entities", op: "list", access: "app" },
  "POST /api/apps/{id}/entities/{entity}": { group: "entities", op: "create", access: "app" },
  "DELETE /api/apps/{id}/entities/{entity}": { group: "entities", op: "removeMany", access: "app" },
  "GET /api/apps/{id}/entities/{entity}/v2/list": { group: "entities", op: "page", access: "app" },
  "GET /api/apps/{id}/entities/{entity}/count": { group: "entities", op: "count", access: "app" },
  "GET /api/apps/{id}/entities/{entity}/schema": { group: "entities", op: "schema", access: "app" },
  "POST /api/apps/{id}/entities/{entity}/bulk": { group: "entities", op: "bulkCreate", access: "app" },
  "PUT /api/apps/{id}/entities/{entity}/bulk": { group: "entities", op: "bulkUpdate", access: "app" },
  "PATCH /api/apps/{id}/entities/{entity}/update-many": { group: "entities", op: "updateMany", access: "app" },
  "POST /api/apps/{id}/entities/{entity}/upsert": { group: "entities", op: "upsert", access: "app" },
  "POST /api/apps/{id}/entities/{entity}/import": { group: "entities", op: "import", access: "app" },
  "POST /api/apps/{id}/entities/{entity}/aggregate": { group: "entities", op: "aggregate", access: "app" },
  "GET /api/apps/{id}/entities/{entity}/{rid}": { group: "entities", op: "get", access: "app" },
  "PUT /api/apps/{id}/entities/{entity}/{rid}": { group: "entities", op: "update", access: "app" },
  "DELETE /api/apps/{id}/entities/{entity}/{rid}": { group: "entities", op: "remove", access: "app" },

  "GET /api/local/identity": { group: "local", op: "identityPage", access: "public", localOnly: true },
  "POST /api/local/identity": { group: "local", op: "identitySubmit", access: "public", localOnly: true },
  "POST /api/local/token": { group: "local", op: "token", access: "public", localOnly: true },
  "GET /api/local/outbox": { group: "local", op: "outbox", access: "admin", localOnly: true },
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof routes;
export type Group = (typeof routes)[RouteKey]["group"];
export type OpsOf<G extends Group> = Extract<(typeof routes)[RouteKey], { group: G }>["op"];

/** WebSocket API route keys; all served by functions/realtime.ts. */
export const socketRoutes = ["$connect", "$disconnect", "hello", "join", "leave"] as const;
export type SocketRoute = (typeof socketRoutes)[number];

/**
 * Route keys of generated apps' WebSocket API (socket.io at /ws-user-apps/socket.io/), all
 * served by functions/app-socket.ts. Socket.io frames are not JSON objects with an
 * `action`, so every frame arrives on $default.
 */
export const appSocketRoutes = ["$connect", "$disconnect", "$default"] as const;

/** Scheduled jobs: EventBridge in the cloud, the local ticker on one machine. */
export const crons = {
  pruneConnections: { schedule: "rate(5 minutes)", everyMs: 5 * 60_000 },
  /** the server's heartbeat to generated apps' sockets (functions/core/socket-io.ts: within their 10-minute window) */
  pingAppSockets: { schedule: "rate(4 minutes)", everyMs: 4 * 60_000 },
  /** ends AI turns whose worker died, once past their deadline (functions/core/turns.ts) */
  sweepTurns: { schedule: "rate(1 minute)", everyMs: 60_000 },
} as const;
export type CronName = keyof typeof crons;

/** Kinds of asynchronous work run by functions/worker.ts. */
export const jobs = ["welcome-email", "ai-turn", "chat-suggestions", "socket-open"] as const;
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
