import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { type RouteDef, type RouteKey, groups, routeParts, routes } from "../../lib/routes";
import { API_HEADERS } from "../security-headers";

/** An API Gateway HTTP API (payload 2.0) on one machine: each request becomes the event its Lambda would get. */

type LambdaHandler = (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2 | string | object>;

interface CompiledRoute {
  key: RouteKey;
  def: RouteDef;
  method: string;
  pattern: RegExp;
  params: string[];
  rank: number[];
}

function compile(): CompiledRoute[] {
  return (Object.entries(routes) as [RouteKey, RouteDef][]).map(([key, def]) => {
    const { method, path } = routeParts(key);
    const params: string[] = [];
    const source = path
      .split("/")
      .map((part) => {
        const greedy = part.match(/^\{(.+)\+\}$/);
        if (greedy) return params.push(greedy[1]), "(.+)";
        const param = part.match(/^\{(.+)\}$/);
        if (param) return params.push(param[1]), "([^/]+)";
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    return { key, def, method, pattern: new RegExp(`^${source}$`), params, rank: rankOf(path) };
  }).sort((a, b) => compareRanks(a.rank, b.rank));
}

/**
 * API Gateway picks the most specific route whatever the declaration order: at each
 * segment a literal beats a {param}, which beats a {greedy+}. Ranking the table this
 * way makes the first match the one API Gateway would choose.
 */
function rankOf(path: string): number[] {
  return path.split("/").map((part) => (/^\{.+\+\}$/.test(part) ? 2 : /^\{.+\}$/.test(part) ? 1 : 0));
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return b.length - a.length;
}

/** API Gateway's HTTP API refuses a larger request with 413 before any Lambda runs; so does this gateway. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Lambda takes at most 6 MB (6,291,456 bytes) in a synchronous invocation, the whole event included. The rule
 * here is the body as the event carries it: base64 for a binary type (multipart too, so a file counts 4/3),
 * as is for text and JSON. A body over it is refused before any handler runs; the headers and the rest of the
 * envelope are left out, so a body just under the rule can still fail in the cloud.
 */
export const MAX_EVENT_BODY_BYTES = 6 * 1024 * 1024;

/** API Gateway's HTTP API waits 30 s for its Lambda, then answers 503 Service Unavailable. */
export const INTEGRATION_TIMEOUT_MS = 30_000;

const textTypes = /^(text\/|application\/(json|x-www-form-urlencoded|javascript|xml))/;

export interface GatewayOptions {
  /**
   * Whether this listener serves the local-only routes (`/api/local/*`: sign-in as anyone, tokens,
   * the outbox). Kiln's own server does, to this machine only; the listener backend functions call
   * the API through never does.
   */
  localRoutes: boolean;
  /** How long a handler may take before the caller gets 503 (API Gateway's 30 s unless a test says otherwise). */
  timeoutMs?: number;
}

const LOOPBACK_PEER = /^(127\.|::1$|::ffff:127\.)/;

/**
 * A local-only route answers a program or a browser on this machine, whatever HOST opened the
 * server to (which pages of this machine may use it is the route's own check: functions/http/local.ts).
 */
export function localRouteRefusal(req: Pick<IncomingMessage, "socket">, options: GatewayOptions): string | null {
  if (!options.localRoutes) return "Not Found";
  if (!LOOPBACK_PEER.test(req.socket.remoteAddress ?? "")) return "This local-only route answers only on the machine Kiln runs on.";
  return null;
}

export function createHttpGateway(options: GatewayOptions = { localRoutes: true }) {
  const table = compile();
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const handlerOf = (group: string) => {
    if (!handlers.has(group)) handlers.set(group, import(`../../functions/http/${group}.ts`).then((m) => m.handler as LambdaHandler));
    return handlers.get(group)!;
  };

  /** Load every call group now, so the first request of each is not a cold start. */
  const warm = () => Promise.all(groups.map(handlerOf));

  function match(method: string, rawPath: string) {
    const path = rawPath.length > 1 && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
    let pathMatched = false;
    for (const route of table) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathMatched = true;
      if (route.method !== method && route.method !== "ANY") continue;
      const pathParameters = Object.fromEntries(route.params.map((p, i) => [p, decodeURIComponent(m[i + 1])]));
      return { route, pathParameters };
    }
    return pathMatched ? "method" : undefined;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQueryString: string) {
    const method = req.method ?? "GET";
    for (const [name, value] of Object.entries(API_HEADERS)) res.setHeader(name, value);
    const found = match(method, rawPath);
    if (!found || found === "method") {
      res.writeHead(found ? 405 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: found ? "Method Not Allowed" : "Not Found" }));
      return;
    }
    const refusal = found.route.def.localOnly ? localRouteRefusal(req, options) : null;
    if (refusal) {
      req.resume();
      res.writeHead(refusal === "Not Found" ? 404 : 403, { "content-type": "application/json" });
      res.end(JSON.stringify({ detail: refusal, message: refusal }));
      return;
    }
    // Past the limit the rest is read and dropped, so memory stays bounded and the client still gets its 413.
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk as Buffer);
    }
    if (size > MAX_BODY_BYTES) {
      res.writeHead(413, { "content-type": "application/json" });
      const detail = `The request is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`;
      res.end(JSON.stringify({ detail, message: detail }));
      return;
    }
    const bodyBuffer = Buffer.concat(chunks);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name === "cookie") continue;
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
    }
    const cookies = req.headers.cookie?.split(";").map((c) => c.trim()).filter(Boolean);
    const query = new URLSearchParams(rawQueryString);
    const queryStringParameters: Record<string, string> = {};
    for (const name of new Set(query.keys())) queryStringParameters[name] = query.getAll(name).join(",");
    const contentType = headers["content-type"] ?? "";
    const isText = bodyBuffer.length === 0 || textTypes.test(contentType);
    const now = new Date();
    const event: APIGatewayProxyEventV2 = {
      version: "2.0",
      routeKey: found.route.key,
      rawPath,
      rawQueryString,
      cookies,
      headers,
      queryStringParameters: Object.keys(queryStringParameters).length ? queryStringParameters : undefined,
      pathParameters: Object.keys(found.pathParameters).length ? found.pathParameters : undefined,
      requestContext: {
        accountId: "000000000000",
        apiId: "local",
        domainName: headers.host ?? "localhost",
        domainPrefix: "localhost",
        http: {
          method,
          path: rawPath,
          protocol: `HTTP/${req.httpVersion}`,
          sourceIp: req.socket.remoteAddress ?? "127.0.0.1",
          userAgent: headers["user-agent"] ?? "",
        },
        requestId: randomUUID(),
        routeKey: found.route.key,
        stage: "$default",
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
      body: bodyBuffer.length ? (isText ? bodyBuffer.toString("utf8") : bodyBuffer.toString("base64")) : undefined,
      isBase64Encoded: !isText,
    };
    const encodedBytes = Buffer.byteLength(event.body ?? "");
    if (encodedBytes > MAX_EVENT_BODY_BYTES) {
      res.writeHead(413, { "content-type": "application/json" });
      const detail = tooLargeForLambda(encodedBytes, !isText);
      res.end(JSON.stringify({ detail, message: detail }));
      return;
    }
    let result: APIGatewayProxyStructuredResultV2 | string | object | typeof TIMED_OUT;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const handler = await handlerOf(found.route.def.group);
      const running = handler(event, { functionName: `kiln-${found.route.def.group}`, awsRequestId: event.requestContext.requestId });
      // In the cloud Lambda would be stopped; here the handler runs on, and what it answers or throws late is only logged.
      running.catch((err) => timer === undefined && console.error(`[gateway] ${found.route.key} failed after the caller got 503:`, err));
      const timeout = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => ((timer = undefined), resolve(TIMED_OUT)), options.timeoutMs ?? INTEGRATION_TIMEOUT_MS)));
      result = await Promise.race([running, timeout]);
    } catch (err) {
      console.error(`[gateway] ${found.route.key} failed:`, err);
      res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Internal Server Error" }));
      return;
    } finally {
      clearTimeout(timer);
    }
    if (result === TIMED_OUT) {
      console.error(`[gateway] ${found.route.key} took longer than API Gateway waits (${(options.timeoutMs ?? INTEGRATION_TIMEOUT_MS) / 1000} s): 503`);
      res.writeHead(503, { "content-type": "application/json" });
      res.end(JSON.stringify({ message: "Service Unavailable" }));
      return;
    }
    writeResult(res, result);
  }

  return { serve, warm, match };
}

const TIMED_OUT = Symbol("timed out");

/** The 413 for a body Lambda would refuse, telling a file's sender the way that takes it. */
function tooLargeForLambda(encodedBytes: number, base64: boolean): string {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return (
    `The request body is ${mb(encodedBytes)} MB${base64 ? " once base64-encoded" : ""}, over the ${MAX_EVENT_BODY_BYTES / 1024 / 1024} MB a function can receive. ` +
    "Send a large file with POST /api/files/upload-url (a presigned upload straight to storage)."
  );
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2 | string | object) {
  // A result without statusCode means 200 with the value as a JSON body, as API Gateway does.
  if (typeof result !== "object" || result === null || !("statusCode" in result)) {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(typeof result === "string" ? result : JSON.stringify(result));
    return;
  }
  const r = result as APIGatewayProxyStructuredResultV2;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(r.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (r.cookies?.length) headers["set-cookie"] = r.cookies;
  res.writeHead(r.statusCode ?? 200, headers);
  res.end(r.body ? Buffer.from(r.body, r.isBase64Encoded ? "base64" : "utf8") : undefined);
}
