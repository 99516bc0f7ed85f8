import { randomUUID } from "node:crypto";
import { FunctionLimits } from "../../../schemas/functions";
import type { SandboxInvoked } from "../../../schemas/sandbox";
import type { AppCaller } from "../actor";
import { AppLogs } from "../logs/app-logs";
import { AppUsers } from "../app-users/users";
import type { AppLogType } from "../../../schemas/app-logs";
import { BackendFunctions, type StoredDeployment } from "./functions";
import { Config } from "../config";
import { VisibleError } from "../errors";
import { Sandbox } from "./sandbox";
import { SecretMask } from "./secret-mask";
import { Secrets } from "./secrets";
import { Tokens } from "../identity/tokens";

export interface IncomingCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** A call as it ended in the sandbox, with the id its logs are kept under and the mask of the app's secrets it ran with. */
export type Ran = SandboxInvoked & { requestId: string; mask: SecretMask.Mask };

export interface CallAnswer {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Request headers a function receives from its caller; credentials are replaced by Kiln's own (below). */
const FORWARDED = new Set(["content-type", "accept", "accept-language", "user-agent", "x-origin-url", "x-base44-anonymous-id", "base44-functions-version", "base44-state", "x-data-env"]);

/**
 * A call of a backend function (spec 02 §7: POST /api/apps/{id}/functions/{name}, the SDK's
 * functions.invoke). The function gets the headers `createClientFromRequest` reads (reference
 * §1.5): the app, Kiln's API, the caller's own app-scoped token (never a platform token) and a
 * service-role token for this call alone; its environment is the app's secrets.
 */
export namespace FunctionCalls {
  export async function call(caller: AppCaller, name: string, incoming: IncomingCall): Promise<CallAnswer> {
    const { app } = caller;
    // like a function that does not exist: 404, so a visitor learns nothing more than that
    if (!app.has_backend_functions_enabled) throw new VisibleError("not_found", BackendFunctions.NOT_ACTIVATED);
    // independent work, side by side: what the call will run with, the owner's plan, the function's code with its deployment
    const ready = prepare(caller);
    const [, deployment] = await Promise.all([BackendFunctions.assertOwnerPlan(app, caller.kind === "builder" ? caller.user : undefined), BackendFunctions.current(app.id, name)]);
    if (deployment.status === "failed") {
      // the build's words are about the code, never the secrets (a build runs without them)
      const detail = `The function ${name} could not be deployed: ${deployment.error}`;
      const requestId = randomUUID();
      await BackendFunctions.writeLogs(app.id, name, [{ level: "error", time: new Date().toISOString(), message: detail }], { requestId, mask: SecretMask.none });
      return json(500, { error: detail, message: detail, detail, code: "FUNCTION_BUILD_FAILED", request_id: requestId }, requestId);
    }
    const result = await run(caller, name, deployment, incoming, { type: "function", objectName: name }, ready);
    if (result.outcome !== "ok") return json(result.status, BackendFunctions.failure(result, result.requestId, result.mask, caller.kind === "builder"), result.requestId);
    return { status: result.status, headers: { ...safeHeaders(result.headers), "x-request-id": result.requestId }, body: Buffer.from(result.body, "base64") };
  }

  /**
   * Run one call of a deployment in the sandbox as `caller`, and keep its log lines (under the
   * function's name and a new request id, the app's secrets masked) and a record in the app's log.
   */
  export async function run(
    caller: AppCaller,
    name: string,
    deployment: StoredDeployment,
    incoming: IncomingCall,
    log: { type: AppLogType; objectName: string },
    ready: Prepared = prepare(caller),
  ): Promise<Ran> {
    const { app } = caller;
    const requestId = randomUUID();
    const started = new Date().toISOString();
    const { timeoutMs, memoryMb } = limits();
    // the caller's token is made here, not in prepare(): a builder's first call makes their user of the app, so only once it runs
    const [env, userToken, url, serviceToken] = await Promise.all([ready.env, tokenFor(caller), BackendFunctions.bundleLink(deployment), ready.serviceToken]);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(incoming.headers)) if (FORWARDED.has(k.toLowerCase())) headers[k.toLowerCase()] = v;
    headers["base44-app-id"] = app.id;
    headers["base44-api-url"] = Config.kiln.webUrl;
    headers["base44-service-authorization"] = `Bearer ${serviceToken}`;
    if (userToken) headers.authorization = `Bearer ${userToken}`;

    const result = await Sandbox.invoke({
      key: `${app.id}/${name}`,
      deployment: { sha: deployment.bundle_sha!, url },
      env,
      request: { method: incoming.method, url: incoming.url, headers, body: Buffer.from(incoming.body).toString("base64") },
      limits: { timeout_ms: timeoutMs, memory_mb: memoryMb, concurrency: FunctionLimits.CONCURRENCY },
    });
    const ran = { ...result, requestId, mask: SecretMask.of(env) };
    await record(caller, name, ran, started, log);
    return ran;
  }

  /** What a call of the app runs with whichever function it is: the app's secrets and a service-role token. */
  interface Prepared {
    env: Promise<Record<string, string>>;
    serviceToken: Promise<string>;
  }

  /**
   * Starts the reads and signing of Prepared for `caller`, already admitted, beside the function's own reads. Nothing
   * here writes, so a call that stops before running (no such function, a plan without functions) changed nothing;
   * it drops the work, whose failures are left to run() alone.
   */
  function prepare(caller: AppCaller): Prepared {
    const ready: Prepared = {
      env: Secrets.valuesFor(caller.app.id),
      serviceToken: Tokens.signService(caller.app.id, caller.app.created_by_id, Math.ceil(limits().timeoutMs / 1000) + 60),
    };
    for (const pending of Object.values(ready)) pending.catch(() => {});
    return ready;
  }

  /** The limits of a call: FunctionLimits, unless whoever runs Kiln set KILN_FUNCTION_TIMEOUT_MS or KILN_FUNCTION_MEMORY_MB. */
  function limits() {
    return {
      timeoutMs: Number(process.env.KILN_FUNCTION_TIMEOUT_MS) || FunctionLimits.TIMEOUT_MS,
      memoryMb: Number(process.env.KILN_FUNCTION_MEMORY_MB) || FunctionLimits.MEMORY_MB,
    };
  }

  /** The caller as the function's SDK sees them: an app user's own token, a builder's token for their app user, nobody for a visitor. */
  async function tokenFor(caller: AppCaller): Promise<string | null> {
    if (caller.kind === "visitor") return null;
    if (caller.kind === "member") return Tokens.signApp(caller.app.id, caller.user.id, caller.user.email);
    const user = await AppUsers.ensureBuilder(caller.app, caller.user);
    return Tokens.signApp(caller.app.id, user.id, user.email);
  }

  /**
   * The call in the function's logs and the app's log: a first line for every call (timed at its
   * start, so a function that prints nothing still shows its run at once), its own lines, and one
   * saying how it ended when it did not answer. Both stores mask the app's secrets.
   */
  async function record(caller: AppCaller, name: string, result: Ran, started: string, log: { type: AppLogType; objectName: string }) {
    const failed = result.outcome !== "ok" || result.status >= 500;
    const lines = [{ level: failed ? "error" : "info", time: started, message: summaryOf(result) } as const, ...result.logs];
    if (result.outcome !== "ok") lines.push({ level: "error", time: new Date().toISOString(), message: result.detail ?? "The function failed" });
    // one write for both, in the app log's group commit
    await AppLogs.record({
      appId: caller.app.id,
      type: log.type,
      objectName: log.objectName,
      caller,
      status: failed ? "error" : "success",
      outputs: { status: result.status, duration_ms: result.duration_ms, cold: result.cold, request_id: result.requestId },
      error: failed ? (result.detail ?? `The function answered ${result.status}`) : null,
      mask: result.mask,
      alongside: BackendFunctions.logItems(caller.app.id, name, lines, result),
    });
  }

  /** "Request 1b2c…: answered 200 in 35 ms (cold start)", or how it failed. */
  function summaryOf(result: Ran): string {
    const how = result.outcome === "ok" ? `answered ${result.status}` : `failed (${result.outcome})`;
    return `Request ${result.requestId}: ${how} in ${Math.round(result.duration_ms)} ms${result.cold ? " (cold start)" : ""}`;
  }

  const json = (status: number, body: unknown, requestId: string): CallAnswer => ({
    status,
    headers: { "content-type": "application/json", "x-request-id": requestId },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });

  /** Content types served as themselves from Kiln's API origin; anything that a browser could run there (HTML, SVG, XML, scripts) goes out as text. */
  const INERT = /^(application\/(json|pdf|octet-stream|zip)|text\/(plain|csv)|image\/(png|jpeg|gif|webp|avif)|audio\/|video\/)/i;

  /**
   * What of the function's headers reaches the caller: never cookies or redirects on Kiln's origin,
   * and never a type the browser would run as a page there.
   */
  function safeHeaders(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower === "content-type") out[lower] = INERT.test(value) ? value : "text/plain; charset=utf-8";
      else if (lower === "cache-control" || lower === "content-disposition" || (lower.startsWith("x-") && !lower.startsWith("x-frame") && !lower.startsWith("x-content"))) out[lower] = value;
    }
    out["x-content-type-options"] = "nosniff";
    out["content-security-policy"] = "sandbox; default-src 'none'";
    return out;
  }
}
