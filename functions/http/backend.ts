import type { Context } from "hono";
import { FUNCTION_LOGS_PAGE, FunctionLimits, FunctionLogsQuery, FunctionName, FunctionPayload } from "../../schemas/functions";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { BackendFunctions } from "../core/backend/functions";
import { VisibleError } from "../core/errors";
import { FunctionCalls } from "../core/backend/calls";
import { Keys } from "../core/keys";
import { appAccessReading } from "./app-access";
import { callGroup, parse, query } from "./group";

const nameOf = (raw: string | undefined) => parse(FunctionName, raw ?? "");

/** Spec 02 §7 Backend functions: activation, logs, redeploy for the owner; the call itself for the app's users. */
export const { app, handler } = callGroup("backend", {
  async activate(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    await BackendFunctions.activate(meta);
    return c.json({ has_backend_functions_enabled: true as const });
  },

  async list(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await BackendFunctions.list(meta));
  },

  async logs(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const page = query(c, FunctionLogsQuery);
    return c.json(await BackendFunctions.logs(meta.id, nameOf(c.req.param("name")), { ...page, limit: Math.min(page.limit, FUNCTION_LOGS_PAGE) }));
  },

  async redeploy(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await BackendFunctions.redeploy(meta, nameOf(c.req.param("name"))));
  },

  async invoke(c) {
    const caller = Actor.app();
    const name = nameOf(c.req.param("name"));
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > FunctionLimits.BODY_BYTES) throw tooLarge();
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > FunctionLimits.BODY_BYTES) throw tooLarge();
    const type = c.req.header("content-type") ?? "application/json";
    if (!type.includes("multipart/form-data") && bytes.length) {
      let json: unknown;
      try {
        json = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        throw new VisibleError("input", "The request body is not valid JSON");
      }
      parse(FunctionPayload, json);
    }
    const answer = await FunctionCalls.call(caller, name, { method: c.req.method, url: c.req.url, headers: c.req.header(), body: bytes });
    // 101/204/205/304 carry no body: a Response given one (even empty) throws, which answered 500
    const bodyless = answer.status === 101 || answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(bodyless ? null : new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
  },
}, { appAccess: appAccessReading(functionItems) });

/** A call's function file and deployment, read in the caller's round trip (BackendFunctions.current takes them from there). */
function functionItems(appId: string, c: Context) {
  const name = FunctionName.safeParse(c.req.param("name") ?? "");
  return name.success ? [Keys.appFile(appId, `functions/${name.data}`), Keys.functionDeployment(appId, name.data)] : [];
}

const tooLarge = () => new VisibleError("too_large", `A function's payload is at most ${FunctionLimits.BODY_BYTES / 1024 / 1024} MB`);
