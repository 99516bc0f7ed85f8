import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FunctionLimits } from "../../schemas/functions";
import type { SandboxInvoke, SandboxInvoked, SandboxLogLine, SandboxOutcome } from "../../schemas/sandbox";
import { DenoRuntime } from "./deno";

/** Processes kept warm at once (fewer in a Lambda container: SANDBOX_MAX_PROCESSES), and how long an idle one lives. */
const MAX_PROCESSES = Number(process.env.SANDBOX_MAX_PROCESSES) || 24;
const IDLE_MS = 5 * 60_000;
const FRAME = "\u001ekiln:";
/** Environment names that change how Deno or the dynamic linker behave: never taken from an app's secrets. */
const RESERVED_ENV = /^(DENO_|LD_|NODE_|NPM_CONFIG_|RUST_|V8_|MALLOC_|GLIBC_|SSL_CERT|HTTPS?_PROXY$|ALL_PROXY$|NO_PROXY$|PATH$|HOME$|TMPDIR$)/i;

interface Pending {
  resolve: (result: SandboxInvoked) => void;
  logs: SandboxLogLine[];
  started: number;
  cold: boolean;
  timer: ReturnType<typeof setTimeout>;
}

interface Proc {
  key: string;
  sha: string;
  /** fingerprint of the environment it started with: a changed secret needs a new process */
  envSha: string;
  child: ChildProcessWithoutNullStreams;
  ready: Promise<string | null>;
  inflight: Map<string, Pending>;
  /** lines written outside any call (the module's top level), given to the next call */
  loose: SandboxLogLine[];
  stderr: string;
  lastUsed: number;
  /** why Kiln stopped it, when it did */
  stopped: { outcome: SandboxOutcome; detail: string } | null;
  exited: boolean;
  /** stopped by SIGSTOP between calls, as Lambda freezes an environment: nothing it left running gets CPU */
  frozen: boolean;
  memoryMb: number;
}

const procs = new Map<string, Proc>();
let watchdog: ReturnType<typeof setInterval> | undefined;

const runnerFile = () => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // beside this module in the repository; beside the bundled handler in the cloud (copied by stacks/sandbox.ts)
  for (const candidate of [path.join(here, "runner.js"), path.join(here, "sandbox", "runner.js")]) if (existsSync(candidate)) return candidate;
  throw new Error("functions/sandbox/runner.js is missing");
};

/** The deployment's folder, with the bundle fetched (and checked against its sha) the first time. */
async function deploymentDir(deployment: SandboxInvoke["deployment"]): Promise<string> {
  const dir = path.join(DenoRuntime.home(), "deployments", deployment.sha);
  if (existsSync(path.join(dir, "main.js"))) return dir;
  const response = await fetch(deployment.url);
  if (!response.ok) throw new Error(`The deployment could not be fetched (${response.status})`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (createHash("sha256").update(bytes).digest("hex") !== deployment.sha) throw new Error("The deployment's bundle does not match its sha");
  const tmp = `${dir}.${randomUUID()}`;
  mkdirSync(tmp, { recursive: true });
  writeFileSync(path.join(tmp, "bundle.js"), bytes);
  copyFileSync(runnerFile(), path.join(tmp, "runner.js"));
  // the runner first (it takes Deno.serve), then the function, then serve
  writeFileSync(path.join(tmp, "main.js"), 'import { start } from "./runner.js";\nimport "./bundle.js";\nawait start();\n');
  try {
    renameSync(tmp, dir);
  } catch {
    // another call put it in place first
  }
  return dir;
}

const envShaOf = (env: Record<string, string>) => createHash("sha256").update(JSON.stringify(Object.entries(env).sort())).digest("hex");

function spawnProc(key: string, sha: string, dir: string, call: SandboxInvoke): Proc {
  const env: Record<string, string> = { NO_COLOR: "1" };
  for (const [name, value] of Object.entries(call.env)) if (!RESERVED_ENV.test(name)) env[name] = value;
  // Deno's own cache of this process alone: a process frozen between calls (freeze()) may be stopped while it
  // writes there, holding the cache's SQLite lock, and a shared cache would then hang every process started after it
  const denoDir = mkdtempSync(path.join(DenoRuntime.home(), "deno-dir-"));
  env.DENO_DIR = denoDir;
  const args = [
    "run",
    "--no-code-cache",
    "--no-prompt",
    "--no-config",
    "--no-lock",
    "--no-npm",
    "--no-remote",
    "--allow-env",
    "--allow-net",
    `--deny-net=${DenoRuntime.deniedNetwork().join(",")}`,
    `--v8-flags=--max-old-space-size=${call.limits.memory_mb}`,
    "main.js",
  ];
  const child = spawn(DenoRuntime.binary(), args, { cwd: dir, env, stdio: ["pipe", "pipe", "pipe"] });
  let markReady: (fatal: string | null) => void = () => {};
  const proc: Proc = {
    key,
    sha,
    envSha: envShaOf(call.env),
    child,
    ready: new Promise((resolve) => (markReady = resolve)),
    inflight: new Map(),
    loose: [],
    stderr: "",
    lastUsed: Date.now(),
    stopped: null,
    exited: false,
    frozen: false,
    memoryMb: call.limits.memory_mb,
  };
  let pending = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    pending += chunk;
    let end: number;
    while ((end = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      onLine(proc, line, markReady);
    }
  });
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk: string) => {
    proc.stderr = (proc.stderr + chunk).slice(-8_000);
    for (const line of chunk.split("\n").filter(Boolean)) logTo(proc, null, { level: "error", time: new Date().toISOString(), message: line });
  });
  child.stdin.on("error", () => {});
  child.on("exit", () => {
    proc.exited = true;
    rmSync(denoDir, { recursive: true, force: true });
    markReady(startFailure(proc));
    if (procs.get(key) === proc) procs.delete(key);
    const stopped = proc.stopped ?? crashOf(proc);
    for (const [id, call] of proc.inflight) finish(proc, id, failed(call, stopped.outcome, stopped.detail));
  });
  procs.set(key, proc);
  ensureWatchdog();
  return proc;
}

function onLine(proc: Proc, line: string, markReady: (fatal: string | null) => void) {
  if (!line.startsWith(FRAME)) {
    logTo(proc, null, { level: "info", time: new Date().toISOString(), message: line });
    return;
  }
  let frame: { t: string; id?: string; call?: string | null; level?: SandboxLogLine["level"]; time?: string; message?: string; status?: number; headers?: Record<string, string>; body?: string };
  try {
    frame = JSON.parse(line.slice(FRAME.length));
  } catch {
    return;
  }
  if (frame.t === "ready") markReady(null);
  else if (frame.t === "fatal") markReady(frame.message ?? "The function could not start");
  else if (frame.t === "log") logTo(proc, frame.call ?? null, { level: frame.level ?? "info", time: frame.time ?? new Date().toISOString(), message: frame.message ?? "" });
  else if (frame.t === "res" && frame.id) {
    const call = proc.inflight.get(frame.id);
    if (!call) return;
    const tooLarge = (frame.body?.length ?? 0) > (FunctionLimits.BODY_BYTES * 4) / 3;
    if (tooLarge) return finish(proc, frame.id, failed(call, "error", `The function's answer is larger than ${FunctionLimits.BODY_BYTES / 1024 / 1024} MB`));
    finish(proc, frame.id, { ...base(call), outcome: "ok", status: frame.status ?? 200, headers: frame.headers ?? {}, body: frame.body ?? "", detail: null });
  } else if (frame.t === "err" && frame.id) {
    const call = proc.inflight.get(frame.id);
    if (call) finish(proc, frame.id, failed(call, "error", frame.message ?? "The function failed"));
  }
}

function logTo(proc: Proc, callId: string | null, line: SandboxLogLine) {
  const message = line.message.length > FunctionLimits.LOG_LINE_CHARS ? `${line.message.slice(0, FunctionLimits.LOG_LINE_CHARS)}…` : line.message;
  const only = proc.inflight.size === 1 ? [...proc.inflight.values()][0] : undefined;
  const target = (callId && proc.inflight.get(callId)) || only;
  const logs = target ? target.logs : proc.loose;
  if (logs.length < FunctionLimits.LOG_LINES_PER_CALL) logs.push({ ...line, message });
  else if (logs.length === FunctionLimits.LOG_LINES_PER_CALL) logs.push({ level: "warn", time: line.time, message: "More log lines were written than are kept for one call." });
}

const base = (call: Pending) => ({ logs: call.logs, cold: call.cold, duration_ms: Date.now() - call.started });

function failed(call: Pending, outcome: SandboxOutcome, detail: string): SandboxInvoked {
  return { ...base(call), outcome, status: statusOf[outcome], headers: {}, body: "", detail };
}

const statusOf: Record<SandboxOutcome, number> = { ok: 200, error: 500, timeout: 504, memory: 500, busy: 429, crashed: 500 };

function finish(proc: Proc, id: string, result: SandboxInvoked) {
  const call = proc.inflight.get(id);
  if (!call) return;
  clearTimeout(call.timer);
  proc.inflight.delete(id);
  proc.lastUsed = Date.now();
  // a process replaced while it still ran calls goes once its last one ends; one that is still current sleeps till its next call
  if (!proc.inflight.size && procs.get(proc.key) !== proc) stop(proc, "crashed", "retired");
  else if (!proc.inflight.size) freeze(proc);
  call.resolve(result);
}

/**
 * Between calls a function's process gets no CPU: work it left running after its answer (a timer,
 * a loop, a promise never awaited) waits, frozen, for the next call, as in Lambda. Where signals
 * cannot stop a process (Windows), the process ends instead.
 */
function freeze(proc: Proc) {
  if (proc.exited || proc.stopped || proc.frozen) return;
  if (process.platform === "win32") return stop(proc, "crashed", "ended between calls");
  proc.frozen = proc.child.kill("SIGSTOP");
}

function thaw(proc: Proc) {
  if (!proc.frozen) return;
  proc.frozen = false;
  proc.child.kill("SIGCONT");
}

function crashOf(proc: Proc): { outcome: SandboxOutcome; detail: string } {
  if (/out of memory|heap limit/i.test(proc.stderr)) return { outcome: "memory", detail: `The function ran out of memory (limit ${proc.memoryMb} MB) and was stopped.` };
  const last = proc.stderr.trim().split("\n").slice(-3).join("\n");
  return { outcome: "crashed", detail: last ? `The function's process ended: ${last}` : "The function's process ended unexpectedly." };
}

function startFailure(proc: Proc): string {
  return proc.stopped?.detail ?? crashOf(proc).detail;
}

function stop(proc: Proc, outcome: SandboxOutcome, detail: string) {
  if (proc.exited || proc.stopped) return;
  proc.stopped = { outcome, detail };
  proc.child.kill("SIGKILL");
}

/** Resident memory of each running function, checked a few times a second: over its limit, it is stopped. */
function ensureWatchdog() {
  if (watchdog) return;
  watchdog = setInterval(() => {
    if (!procs.size) {
      clearInterval(watchdog);
      watchdog = undefined;
      return;
    }
    const now = Date.now();
    for (const proc of procs.values()) {
      if (!proc.inflight.size && now - proc.lastUsed > IDLE_MS) stop(proc, "crashed", "idle");
      const rss = rssMb(proc.child.pid);
      if (rss !== null && rss > proc.memoryMb) stop(proc, "memory", `The function used more than ${proc.memoryMb} MB of memory and was stopped.`);
    }
  }, 200);
  watchdog.unref();
}

function rssMb(pid: number | undefined): number | null {
  if (!pid || process.platform !== "linux") return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Room for one more process: the least recently used idle one goes. */
function makeRoom() {
  if (procs.size < MAX_PROCESSES) return;
  const idle = [...procs.values()].filter((p) => !p.inflight.size).sort((a, b) => a.lastUsed - b.lastUsed)[0];
  if (idle) stop(idle, "crashed", "evicted");
}

/** Run one call: in the function's warm process, or a new one started for it. */
export async function invokeFunction(call: SandboxInvoke): Promise<SandboxInvoked> {
  const started = Date.now();
  let proc = procs.get(call.key);
  let cold = false;
  if (proc && (proc.sha !== call.deployment.sha || proc.envSha !== envShaOf(call.env) || proc.exited || proc.stopped)) {
    // calls still running in the old process finish there; it is stopped when idle
    if (!proc.inflight.size) stop(proc, "crashed", "replaced by a new deployment or new secrets");
    procs.delete(call.key);
    proc = undefined;
  }
  if (!proc) {
    const dir = await deploymentDir(call.deployment);
    makeRoom();
    proc = spawnProc(call.key, call.deployment.sha, dir, call);
    cold = true;
  }
  if (proc.inflight.size >= call.limits.concurrency)
    return { outcome: "busy", status: 429, headers: {}, body: "", detail: `This function is already running ${call.limits.concurrency} calls; try again in a moment.`, logs: [], cold, duration_ms: 0 };

  const id = randomUUID();
  const current = proc;
  return new Promise<SandboxInvoked>((resolve) => {
    const pending: Pending = {
      resolve,
      logs: [],
      started,
      cold,
      // the answer may already be in the pipe when a busy event loop runs this timer late: one I/O poll reads it first
      timer: setTimeout(
        () => setImmediate(() => current.inflight.has(id) && stop(current, "timeout", `The function did not answer within ${call.limits.timeout_ms / 1000} s and was stopped.`)),
        call.limits.timeout_ms,
      ),
    };
    current.inflight.set(id, pending);
    if (cold) pending.logs.push(...current.loose.splice(0));
    current.ready.then((fatal) => {
      if (fatal !== null) {
        if (!current.exited) stop(current, "crashed", fatal);
        return finish(current, id, failed(pending, "crashed", fatal));
      }
      const line = JSON.stringify({ id, method: call.request.method, url: call.request.url, headers: headersFor(call), body: call.request.body });
      thaw(current);
      current.child.stdin.write(`${line}\n`);
    });
  });
}

/** On one machine the SDK inside a function calls Kiln's API at the one loopback address the sandbox leaves open to it. */
function headersFor(call: SandboxInvoke): Record<string, string> {
  const api = DenoRuntime.apiUrl();
  return api && call.request.headers["base44-api-url"] ? { ...call.request.headers, "base44-api-url": api.origin } : call.request.headers;
}

/** Stop every function process (the local stack's shutdown, tests). */
export function stopAll() {
  for (const proc of procs.values()) stop(proc, "crashed", "the sandbox stopped");
  procs.clear();
}
