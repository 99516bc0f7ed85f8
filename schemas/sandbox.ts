import * as z from "zod";
import { FunctionLogLevel } from "./functions";

/**
 * What Kiln's API asks of the function sandbox (functions/sandbox/handler.ts) and what it answers.
 * In the cloud this is a Lambda payload; locally the same JSON over the sandbox stand-in's
 * port. Bodies travel base64-encoded so any bytes survive.
 */

/** Turn a function's source into a deployment: its imports resolved and bundled into one module. */
export const SandboxBuild = z.object({
  op: z.literal("build"),
  code: z.string(),
});

export const SandboxBuilt = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    /** the bundle, base64 */
    bundle: z.string(),
    /** sha256 (hex) of the bundle's bytes: the deployment's identity */
    sha: z.string(),
    packages: z.array(z.string()),
  }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type SandboxBuilt = z.infer<typeof SandboxBuilt>;

export const SandboxRequest = z.object({
  method: z.string(),
  /** the URL the caller used (the function sees it as req.url) */
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});

/** Run one call of a deployed function. */
export const SandboxInvoke = z.object({
  op: z.literal("invoke"),
  /** which function (for the process pool and the logs): "{appId}/{name}" */
  key: z.string(),
  deployment: z.object({
    sha: z.string(),
    /** where the sandbox fetches the bundle when it has not cached it (a signed GET URL) */
    url: z.string(),
  }),
  /** the function's whole environment: the app's secrets, nothing else */
  env: z.record(z.string(), z.string()),
  request: SandboxRequest,
  limits: z.object({ timeout_ms: z.number().int(), memory_mb: z.number().int(), concurrency: z.number().int() }),
});
export type SandboxInvoke = z.infer<typeof SandboxInvoke>;

export const SandboxLogLine = z.object({ level: FunctionLogLevel, time: z.string(), message: z.string() });
export type SandboxLogLine = z.infer<typeof SandboxLogLine>;

/**
 * How the call ended: `ok` the function answered (any status); `error` it threw or answered
 * nothing usable; `timeout`, `memory` it was stopped at a limit; `busy` too many calls at once;
 * `crashed` its process died.
 */
export const SandboxOutcome = z.enum(["ok", "error", "timeout", "memory", "busy", "crashed"]);
export type SandboxOutcome = z.infer<typeof SandboxOutcome>;

export const SandboxInvoked = z.object({
  outcome: SandboxOutcome,
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  /** what went wrong, in words for the owner (outcome other than ok) */
  detail: z.string().nullable(),
  logs: z.array(SandboxLogLine),
  /** the process was started for this call */
  cold: z.boolean(),
  duration_ms: z.number(),
});
export type SandboxInvoked = z.infer<typeof SandboxInvoked>;

export const SandboxCall = z.discriminatedUnion("op", [SandboxBuild, SandboxInvoke]);
export type SandboxCall = z.infer<typeof SandboxCall>;
