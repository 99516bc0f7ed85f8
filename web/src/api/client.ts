import type * as z from "zod";
import { type RouteKey, routeParts } from "../../../lib/routes";
import { ErrorBody } from "../../../schemas/errors";
import { session } from "../auth/session";
import { realtime } from "../realtime/socket";

/** A failed call, carrying the server's `detail` text for the spec's "Failed to …: {detail}" messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly body: unknown,
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

/** The server's detail when there is one, else the error's own message. */
export function detailOf(err: unknown): string {
  if (err instanceof ApiError) return err.detail;
  return err instanceof Error ? err.message : String(err);
}

/** The server's own message when it answered one (an error body), else the spec's fallback line. */
export function messageOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && ErrorBody.safeParse(err.body).success && err.detail ? err.detail : fallback;
}

/** The `{name}`s in a route key's path: "GET /api/apps/{id}/secrets/{name}" -> "id" | "name". */
export type ParamsOf<K extends string> = K extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamsOf<Rest> : never;

/** A route's path parameters: required, each by name, when its path has any; none otherwise. */
export type PathParams<K extends RouteKey> = [ParamsOf<K>] extends [never] ? { params?: never } : { params: Record<ParamsOf<K>, string> };

/** "POST /api/apps/{id}/deploy" with {id: "a b"} -> "/api/apps/a%20b/deploy": every request's path comes from lib/routes.ts. */
export function apiPath<K extends RouteKey>(key: K, ...[params]: [ParamsOf<K>] extends [never] ? [] : [Record<ParamsOf<K>, string>]): string {
  return filled(key, params);
}

function filled(key: RouteKey, params: Partial<Record<string, string>> = {}): string {
  return routeParts(key).path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}

type CallOptions<K extends RouteKey, S extends z.ZodType> = PathParams<K> & {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** The answer's schema (from schemas/): the answer is parsed, never trusted. */
  schema: S;
};

/**
 * Every call to /api, named by its row in lib/routes.ts (method and path come from the key):
 * bearer token, X-Socket-Id (so our own updates are not echoed back over the socket) and
 * X-Origin-URL. Any 401 logs out to /login?from_url=…
 */
export async function call<K extends RouteKey, S extends z.ZodType>(key: K, options: CallOptions<K, S>): Promise<z.infer<S>> {
  const headers: Record<string, string> = { "X-Origin-URL": window.location.href };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (realtime.sid) headers["X-Socket-Id"] = realtime.sid;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).filter(([, v]) => v !== undefined) as [string, string][])}`
    : "";

  const response = await fetch(`${filled(key, options.params)}${query}`, {
    method: routeParts(key).method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.status === 401) {
    session.logout();
    throw new ApiError(401, "Your session has ended. Please sign in again.", json);
  }
  if (!response.ok) {
    const parsed = ErrorBody.safeParse(json);
    throw new ApiError(response.status, parsed.success ? parsed.data.detail : response.statusText || `HTTP ${response.status}`, json);
  }
  return options.schema.parse(json);
}
