import * as z from "zod";

/**
 * Backend functions of generated apps (spec 02 §4, §7, §8, §9): files `functions/<name>` in
 * the Base44 shape (`Deno.serve(async (req) => { const base44 = createClientFromRequest(req); … })`),
 * bundled once per version of their code and run in the function sandbox (functions/sandbox/).
 */

/** A function's name: the segment after `functions/` (schemas/app-files.ts). */
export const FunctionName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, "A function name starts with a letter and holds letters, digits, _ and -");

/** Spec 02 §9: function logs come 50 to a page, with Load More. */
export const FUNCTION_LOGS_PAGE = 50;

/** Spec 02 §8 messages the workspace shows. */
export const FunctionMessages = {
  ACTIVATE_FAILED: "Failed to activate backend functions",
  TEST_FAILED: "An error occurred while executing the function",
  LOGS_FAILED: "Failed to fetch logs",
  ACTIVATED: "Activated",
} as const;

/** The limits every invocation runs under (the sandbox enforces them; the cloud sizes its Lambda by them). */
export const FunctionLimits = {
  /** wall time of one call, after which the function's process is stopped (inside API Gateway's 30 s) */
  TIMEOUT_MS: 25_000,
  /** resident memory of a function's process */
  MEMORY_MB: 256,
  /** calls of one function running at once; more are refused with a 429 */
  CONCURRENCY: 8,
  /** request and response bodies */
  BODY_BYTES: 6 * 1024 * 1024,
  /** a deployed bundle (the function and its packages) */
  BUNDLE_BYTES: 8 * 1024 * 1024,
  /** log lines kept per call; more are summarised in one line */
  LOG_LINES_PER_CALL: 200,
  /** characters of one log line */
  LOG_LINE_CHARS: 4_000,
  /** how long function logs are kept */
  LOG_RETENTION_DAYS: 14,
} as const;

export const FunctionLogLevel = z.enum(["error", "warn", "info", "debug"]);
export type FunctionLogLevel = z.infer<typeof FunctionLogLevel>;

/** Spec 02 §3 Function log: level, time, region, message. */
export const FunctionLog = z.object({
  level: FunctionLogLevel,
  /** ISO time the line was written */
  time: z.string(),
  /** where it ran: the AWS region, or "local" */
  region: z.string(),
  message: z.string(),
  /** the call that wrote it (the id its caller was given when it failed); null for lines of older calls */
  request_id: z.string().nullable().default(null),
});
export type FunctionLog = z.infer<typeof FunctionLog>;

/** GET /api/apps/{id}/functions/{name}/logs?limit=50&offset=N (spec 02 §7). */
export const FunctionLogsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FUNCTION_LOGS_PAGE).default(FUNCTION_LOGS_PAGE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type FunctionLogsQuery = z.infer<typeof FunctionLogsQuery>;

/** Newest first; `has_more` says whether Load More has anything to load. */
export const FunctionLogsPage = z.object({ logs: z.array(FunctionLog), has_more: z.boolean() });
export type FunctionLogsPage = z.infer<typeof FunctionLogsPage>;

export const DeploymentStatus = z.enum(["deployed", "failed"]);

/** A function's deployment: its code bundled with its packages, resolved once (deploy or redeploy) and cached. */
export const FunctionDeployment = z.object({
  name: z.string(),
  status: DeploymentStatus,
  /** sha256 of the source this deployment was built from */
  code_sha: z.string(),
  deployed_at: z.string(),
  /** the packages the bundle holds ("npm:@base44/sdk@0.8.50") */
  packages: z.array(z.string()),
  size_bytes: z.number().int(),
  /** why the build failed (status "failed") */
  error: z.string().nullable(),
});
export type FunctionDeployment = z.infer<typeof FunctionDeployment>;

/** GET /api/apps/{id}/functions: each function file and its deployment (null: not deployed yet, or its code changed since). */
export const FunctionSummary = z.object({
  name: z.string(),
  /** the function's URL (spec 02 §9 URL shape) */
  url: z.string(),
  deployment: FunctionDeployment.nullable(),
  /** the deployment was built from the file as it is now */
  up_to_date: z.boolean(),
});
export const FunctionList = z.object({ functions: z.array(FunctionSummary) });
export type FunctionList = z.infer<typeof FunctionList>;

/** POST /api/apps/{id}/activate-backend-functions. */
export const ActivateResult = z.object({ has_backend_functions_enabled: z.literal(true) });

/**
 * What a call answers when the function itself failed (not its own error answer): the SDK's
 * error shape. What the function threw is never in it (it may hold a secret): `error` and
 * `message` are Kiln's words with the request id, under which the owner's logs keep the text.
 * `detail` is the same, except for those who may read the logs (the app's builders): for them
 * it is the text, with the secrets masked.
 */
export const FunctionFailure = z.object({
  error: z.string(),
  message: z.string(),
  detail: z.string(),
  request_id: z.string(),
  code: z.enum(["FUNCTION_NOT_FOUND", "FUNCTION_ERROR", "FUNCTION_TIMEOUT", "FUNCTION_MEMORY", "FUNCTION_BUSY", "FUNCTION_BUILD_FAILED", "FUNCTION_NO_RESPONSE"]),
});
export type FunctionFailure = z.infer<typeof FunctionFailure>;

/** A call's JSON payload: any JSON value, handed to the function as sent (multipart bodies pass through as they are). */
export const FunctionPayload = z.json();
