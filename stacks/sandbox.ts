/// <reference path="../.sst/platform/config.d.ts" />
import { FunctionLimits } from "../schemas/functions";

/** A build resolves packages for up to 2 minutes (functions/sandbox/build.ts); a call runs up to its limit. */
const TIMEOUT_SECONDS = Math.max(150, FunctionLimits.TIMEOUT_MS / 1000 + 30);

/**
 * The function sandbox in the cloud (functions/sandbox/handler.ts): one Lambda that Kiln's API invokes
 * synchronously to build a backend function and to run each call. It is linked to nothing and
 * its role grants nothing, so a function running in it — a Deno child process whose environment
 * holds only its app's secrets, with loopback (the Lambda runtime API), link-local and metadata
 * addresses denied — reaches the internet and Kiln's public API as the app, and nothing of Kiln's
 * account. Deno is the npm package's Linux binary, copied beside the handler. One container runs
 * one call at a time and keeps a few functions' processes warm; reserved concurrency caps the whole.
 */
export const functionSandbox = new sst.aws.Function("FunctionSandbox", {
  handler: "functions/sandbox/handler.handler",
  runtime: "nodejs20.x",
  architecture: "x86_64",
  memory: "2048 MB",
  storage: "2048 MB",
  timeout: `${TIMEOUT_SECONDS} seconds`,
  concurrency: { reserved: 100 },
  copyFiles: [
    { from: "node_modules/@deno/linux-x64-glibc/deno", to: "deno" },
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
