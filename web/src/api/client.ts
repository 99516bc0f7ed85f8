import type * as z from "zod";
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

interface CallOptions<S extends z.ZodType> {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** The answer's schema (from schemas/): the answer is parsed, never trusted. */
  schema: S;
}

/**
 * Every call to /api: bearer token, X-Socket-Id (so our own updates are not echoed
 * back over the socket) and X-Origin-URL. Any 401 logs out to /login?from_url=…
 */
export async function call<S extends z.ZodType>(path: string, options: CallOptions<S>): Promise<z.infer<S>> {
  const headers: Record<string, string> = { "X-Origin-URL": window.location.href };
  const token = session.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (realtime.sid) headers["X-Socket-Id"] = realtime.sid;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const query = options.query
    ? `?${new URLSearchParams(Object.entries(options.query).filter(([, v]) => v !== undefined) as [string, string][])}`
    : "";

  const response = await fetch(`/api${path}${query}`, {
    method: options.method ?? "GET",
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
