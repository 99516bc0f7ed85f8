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

  "POST /api/apps/{id}/coding/write": { group: "coding", op: "write", access: "user" },

  "POST /api/apps/{id}/deploy": { group: "publish", op: "deploy", access: "user" },
  "GET /api/apps/public/prod/by-slug/{slug}": { group: "publish", op: "bySlug", access: "public" },
  "GET /api/apps/public/prod/by-id/{id}": { group: "publish", op: "byId", access: "app" },
  "GET /api/apps/public/prod/domain/{domain}": { group: "publish", op: "byDomain", access: "public" },

  "GET /api/usage-logs/current-usage": { group: "usage", op: "current", access: "user" },
  "GET /api/usage-logs/stats": { group: "usage", op: "stats", access: "user" },

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

/** Scheduled jobs: EventBridge in the cloud, the local ticker on one machine. */
export const crons = {
  pruneConnections: { schedule: "rate(5 minutes)", everyMs: 5 * 60_000 },
} as const;
export type CronName = keyof typeof crons;

/** Kinds of asynchronous work run by functions/worker.ts. */
export const jobs = ["welcome-email", "ai-turn", "chat-suggestions"] as const;
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
