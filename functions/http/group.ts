import { type Context, Hono } from "hono";
import { handle } from "hono/aws-lambda";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as z from "zod";
import { type Group, type OpsOf, type RouteDef, type RouteKey, type routes, honoPath, routeParts, routesOf } from "../../lib/routes";
import type { ErrorBody } from "../../schemas/errors";
import { Actor } from "../core/actor";
import { Config } from "../core/config";
import { isThrottle } from "../core/db";
import { VisibleError, forbidden, notFound, unauthorized } from "../core/errors";
import { Users } from "../core/identity/users";
import { describeIssues } from "./issues";

export type Op = (c: Context) => Response | Promise<Response>;

/** The groups with routes a generated app calls (access "app"). */
type AppGroup = Extract<(typeof routes)[RouteKey], { access: "app" }>["group"];

export type GroupOptions<G extends Group> = {
  /** the group's words for an id that names nothing, where the spec gives them */
  notFound?: string;
} & (G extends AppGroup
  ? {
      /**
       * Who calls the group's app routes (./app-access.ts). A group passes it only when it has app routes,
       * so a group of platform routes starts without the app graph that resolving an app caller loads.
       */
      appAccess: (c: Context) => Promise<Actor>;
    }
  : { appAccess?: never });

/**
 * One Lambda per call group: a Hono app whose routes come from lib/routes.ts.
 * Each route authenticates and authorizes per its `access` before its op runs,
 * so no op can read anything for a caller it has not vetted.
 */
export function callGroup<G extends Group>(group: G, ops: Record<OpsOf<G>, Op>, ...[options]: G extends AppGroup ? [GroupOptions<G>] : [GroupOptions<G>?]) {
  const { notFound: notFoundMessage, appAccess } = (options ?? {}) as { notFound?: string; appAccess?: (c: Context) => Promise<Actor> };
  // strict: false — "/api/files/" (as the spec writes it) and "/api/files" are one route.
  const app = new Hono({ strict: false });
  for (const [key, def] of routesOf(group) as [string, RouteDef][]) {
    const { method, path } = routeParts(key);
    const op = (ops as Record<string, Op>)[def.op];
    if (def.access === "app" && !appAccess) throw new Error(`${key} is an app route: callGroup("${group}") needs appAccess`);
    app.on(method, honoPath(path), async (c) => {
      if (def.localOnly && !Config.isLocal) throw notFound("Not found");
      assertParamLengths(c, notFoundMessage);
      const actor = def.access === "app" ? await appAccess!(c) : await authenticate(c, def);
      return Actor.provide(actor, () => op(c));
    });
  }
  app.notFound((c) => c.json(errorBody("Not found"), 404));
  app.onError((err, c) => {
    if (err instanceof VisibleError) return c.json(errorBody(err.message, err.extra), err.status as ContentfulStatusCode);
    // a partition at its throughput is a moment's wait for the caller, not a failure of Kiln's
    if (isThrottle(err)) return c.json(errorBody("Kiln is busy right now; try again in a moment."), 429);
    console.error(`[${group}] ${c.req.method} ${c.req.path}`, err);
    return c.json(errorBody("Internal server error"), 500);
  });
  return { app, handler: handle(app) };
}

/**
 * The longest path parameter, in UTF-8 bytes. Every id, name and slug is far shorter; DynamoDB
 * refuses a sort key past 1,024 bytes (a partition key past 2,048) with an error that would be a 500.
 */
export const MAX_PATH_PARAM_BYTES = 512;

/**
 * A path parameter too long to name anything names nothing: 404 before any handler reads, in the
 * group's words for an id that names nothing where the spec gives them (`notFound`).
 */
function assertParamLengths(c: Context, message = "Not found"): void {
  for (const value of Object.values(c.req.param() as Record<string, string>)) {
    if (Buffer.byteLength(value) > MAX_PATH_PARAM_BYTES) throw notFound(message);
  }
}

export function errorBody(detail: string, extra?: Record<string, unknown>): ErrorBody {
  return extra ? { detail, message: detail, extra_data: extra } : { detail, message: detail };
}

/** A platform route's caller: nobody ("public"), or a signed-in user (an admin for "admin"). */
async function authenticate(c: Context, def: RouteDef): Promise<Actor> {
  if (def.access === "public") return { type: "public" };
  // a download link carries the key in its query (routes marked apiKeyQuery); it then names the caller
  const queryKey = def.apiKeyQuery ? c.req.query("api_key") || undefined : undefined;
  const bearer = queryKey ? undefined : c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
  const apiKey = queryKey ?? c.req.header("api_key") ?? c.req.header("api-key");
  let user;
  if (bearer) {
    user = await Users.forToken(bearer);
  } else if (apiKey) {
    user = await Users.byApiKey(apiKey);
    if (!user) throw unauthorized("Invalid API key");
  } else {
    throw unauthorized();
  }
  if (!user || user.disabled) throw unauthorized("This account is not active");
  if (def.access === "admin" && !Actor.isAdmin(user)) throw forbidden("Access Denied - You are not authorized to access this page");
  const socketId = c.req.header("x-socket-id")?.slice(0, 128) || null;
  return { type: "user", user, socketId };
}

/**
 * How deep a request's JSON may nest. DynamoDB refuses items nested past 32 levels, and a
 * stored body sits a level or two below its item's top, so anything deeper would be a 500.
 */
export const MAX_INPUT_DEPTH = 24;
/** The longest field name: far past any schema's, far below DynamoDB's 64 KB attribute names. */
export const MAX_KEY_LENGTH = 256;
/** Keys that reach an object's prototype when a handler copies input into one. */
const prototypeKeys = new Set(["__proto__", "constructor", "prototype"]);

/** Refuse input no schema should ever see: too deep, a prototype key, an empty or over-long key (a 400 before any handler reads it). */
export function screen(input: unknown): void {
  const stack: [unknown, number][] = [[input, 1]];
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value !== "object" || value === null) continue;
    const array = Array.isArray(value);
    // Files and other class instances (multipart fields) are leaves, not JSON.
    if (!array && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) continue;
    if (depth > MAX_INPUT_DEPTH) throw new VisibleError("input", `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`);
    for (const [key, item] of Object.entries(value)) {
      if (!array) assertFieldName(key);
      stack.push([item, depth + 1]);
    }
  }
}

function assertFieldName(key: string): void {
  if (key === "") throw new VisibleError("input", "A field name cannot be empty");
  if (key.length > MAX_KEY_LENGTH) throw new VisibleError("input", `A field name is at most ${MAX_KEY_LENGTH} characters`);
  if (prototypeKeys.has(key)) throw new VisibleError("input", `"${key}" is not allowed as a field name`);
}

/** Every request input goes through here: screened, then parsed by its schema. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  screen(input);
  const result = schema.safeParse(input);
  if (!result.success) throw new VisibleError("input", describeIssues(result.error));
  return result.data;
}

/** Content types a JSON route reads as JSON: none, JSON (and `+json`), or text/plain (what fetch sends for a bare string). */
const jsonTypes = /^(application\/([\w.+-]+\+)?json|text\/plain)$/;
/** Form encodings: read only where a route takes a form (an HTML page's POST). */
const formTypes = /^(application\/x-www-form-urlencoded|multipart\/form-data)$/;

/**
 * The JSON body, parsed by its schema. A body that is not JSON is a 400, never an empty
 * object: a form or multipart body read as `{}` would be a query matching every record.
 * An empty body is `{}` (a call that needs more says so, e.g. deleteMany). `form` lets a
 * route that an HTML form posts to read its fields instead.
 */
export async function body<S extends z.ZodType>(c: Context, schema: S, options: { form?: boolean } = {}): Promise<z.infer<S>> {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let raw: unknown;
  if (options.form && formTypes.test(type)) {
    try {
      raw = Object.fromEntries(Object.entries(await c.req.parseBody()).filter(([, v]) => typeof v === "string"));
    } catch {
      throw new VisibleError("input", "The form in the request body could not be read");
    }
    return parse(schema, raw);
  }
  if (type !== "" && !jsonTypes.test(type)) {
    throw new VisibleError("input", `The request body must be JSON (Content-Type: application/json), not ${type.slice(0, 100)}`);
  }
  const text = await c.req.text();
  try {
    raw = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new VisibleError("input", "The request body is not valid JSON");
  }
  return parse(schema, raw);
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parse(schema, c.req.query());
}
