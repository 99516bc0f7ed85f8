import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import qs from "qs";
import { StripeError } from "./errors.ts";
import { newId } from "./ids.ts";
import { nowSeconds } from "./clock.ts";
import { expand, expandPaths } from "./listing.ts";
import { match, type Context, type Route } from "./route.ts";
import type { Params } from "./params.ts";
import type { Store } from "./store.ts";
import { errorPage } from "./pages.ts";

const MAX_BODY = 1_000_000;
const QS_OPTIONS = { depth: 10, arrayLimit: 1000, parameterLimit: 10_000 } as const;

export interface ServerOptions {
  store: Store;
  routes: Route[];
  secretKey: string;
  base: () => string;
  log: (line: string) => void;
}

/** The HTTP front: reads bracket-notation forms, checks the key and `Stripe-Account`, replays idempotent POSTs. */
export function createStandInServer(options: ServerOptions): Server {
  return createServer((req, res) => {
    handle(options, req, res).catch((error) => {
      options.log(`stripe stand-in: ${req.method} ${req.url} failed: ${error instanceof Error ? error.stack : error}`);
      if (!res.headersSent) send(res, 500, { error: { type: "api_error", message: "The Stripe stand-in failed to answer." } });
    });
  });
}

async function handle(options: ServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { store, routes } = options;
  const url = new URL(req.url ?? "/", "http://stand-in");
  const method = req.method ?? "GET";
  const found = match(routes, method, url.pathname);
  if (!found) {
    const message = `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`;
    return send(res, 404, new StripeError(404, message).body());
  }
  const raw = await readBody(req);
  if (raw === null) return send(res, 413, new StripeError(413, "Request body too large.").body());
  const params: Params = { ...qs.parse(url.search.slice(1), QS_OPTIONS), ...qs.parse(raw, QS_OPTIONS) };
  const ctx: Context = { store, params, path: found.path, account: null, base: options.base(), origin: header(req, "origin") };
  const { route } = found;

  if (route.kind === "page") {
    try {
      const reply = route.handle(ctx);
      if ("redirect" in reply) {
        res.writeHead(303, { location: reply.redirect });
        res.end();
      } else {
        res.writeHead(reply.status ?? 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
        res.end(reply.html);
      }
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      res.writeHead(error.status, { "content-type": "text/html; charset=utf-8" });
      res.end(errorPage(error.message));
    }
    return;
  }

  const denied = authenticate(req, options.secretKey);
  if (denied) return send(res, 401, denied.body());
  const account = header(req, "stripe-account");
  if (account) {
    const entry = store.entry(account);
    if (!entry || entry.kind !== "account" || entry.internal.removed) {
      const message = `The provided key '${mask(options.secretKey)}' does not have access to account '${account}' (or that account does not exist). Application access may have been revoked.`;
      return send(res, 403, new StripeError(403, message, { type: "invalid_request_error", code: "account_invalid" }).body());
    }
    ctx.account = account;
  }

  const idempotencyKey = method === "POST" ? header(req, "idempotency-key") : null;
  const memoKey = idempotencyKey ? `${account ?? ""}:${idempotencyKey}` : null;
  const fingerprint = `${method} ${url.pathname} ${raw}`;
  const remembered = memoKey ? store.data.idempotency[memoKey] : undefined;
  if (remembered) {
    if (remembered.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`;
      return send(res, 400, new StripeError(400, message, { type: "idempotency_error" }).body());
    }
    return send(res, remembered.status, remembered.body, { "idempotent-replayed": "true" });
  }

  const requestId = newId("req");
  store.request = { id: requestId, idempotency_key: idempotencyKey };
  let status = 200;
  let body: unknown;
  try {
    const result = route.handle(ctx);
    expand(store, result, expandPaths(params), ctx.account);
    body = result;
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    status = error.status;
    body = error.body();
  } finally {
    store.request = null;
  }
  if (memoKey) store.remember(memoKey, { account, fingerprint, status, body, created: nowSeconds() });
  send(res, status, body, { "request-id": requestId });
}

function authenticate(req: IncomingMessage, secretKey: string): StripeError | null {
  const auth = header(req, "authorization");
  let key: string | null = null;
  if (auth?.startsWith("Bearer ")) key = auth.slice(7).trim();
  else if (auth?.startsWith("Basic ")) key = Buffer.from(auth.slice(6), "base64").toString().split(":")[0];
  if (!key) {
    return new StripeError(
      401,
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    );
  }
  if (key !== secretKey) return new StripeError(401, `Invalid API Key provided: ${mask(key)}`, { code: "api_key_invalid" });
  return null;
}

function mask(key: string): string {
  return key.length <= 12 ? "*".repeat(key.length) : `${key.slice(0, 8)}${"*".repeat(key.length - 12)}${key.slice(-4)}`;
}

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === "string" && value !== "" ? value : null;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > MAX_BODY ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}
