/// <reference path="../.sst/platform/config.d.ts" />
import { FunctionLimits } from "../schemas/functions";
import { denoBinary } from "./deno-binary";

/** A build resolves packages for up to 2 minutes (functions/sandbox/build.ts); a call runs up to its limit. */
const TIMEOUT_SECONDS = Math.max(150, FunctionLimits.TIMEOUT_MS / 1000 + 30);

/**
 * Reserved concurrency is opt-in: reserving N needs the account's concurrency quota to be at least
 * N + 100 (new accounts have 10), or the deploy fails.
 */
const reserved = reservedConcurrency(process.env.KILN_SANDBOX_CONCURRENCY);

function reservedConcurrency(value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`KILN_SANDBOX_CONCURRENCY must be a whole number of at least 1 (got "${value}"), or unset for no reserved concurrency.`);
  return n;
}

/**
 * The function sandbox in the cloud (functions/sandbox/handler.ts): one Lambda that Kiln's API invokes
 * synchronously to build a backend function and to run each call. It is linked to nothing and
 * its role grants nothing, so a function running in it — a Deno child process whose environment
 * holds only its app's secrets, with loopback (the Lambda runtime API), link-local and metadata
 * addresses denied — reaches the internet and Kiln's public API as the app, and nothing of Kiln's
 * account. Deno is the npm package's Linux x64 binary, copied beside the handler (stacks/deno-binary.ts
 * finds or fetches it on any OS). One container runs one call at a time and keeps a few functions'
 * processes warm. Each function takes at most FunctionLimits.CONCURRENCY calls at once (a 429 beyond);
 * the whole sandbox shares the account's unreserved concurrency unless KILN_SANDBOX_CONCURRENCY reserves
 * some for it (which also caps it there, for every app together).
 */
export const functionSandbox = new sst.aws.Function("FunctionSandbox", {
  handler: "functions/sandbox/handler.handler",
  runtime: "nodejs22.x",
  architecture: "x86_64",
  memory: "2048 MB",
  storage: "2048 MB",
  timeout: `${TIMEOUT_SECONDS} seconds`,
  ...(reserved ? { concurrency: { reserved } } : {}),
  copyFiles: [
    { from: denoBinary(), to: "deno" },
    { from: "functions/sandbox/runner.js", to: "functions/sandbox/runner.js" },
  ],
  environment: {
    DENO_BIN: "/var/task/deno",
    SANDBOX_DIR: "/tmp/kiln-sandbox",
    SANDBOX_CACHE: "/tmp/kiln-deno-cache",
    SANDBOX_MAX_PROCESSES: "4",
  },
  link: [],
  permissions: [],
});
