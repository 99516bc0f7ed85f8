import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { TASK_SCHEMA } from "./sdk-plan";
import type { Target } from "./sdk-server";

/**
 * The two servers the `@base44/sdk` workload measures (test/bench/sdk-workload.ts), each in a
 * process of its own: Kiln's local stack with a Task app, and `base44 dev` for a Task project.
 */

const run = promisify(execFile);

const BASE44_VERSION = "0.1.18";
const BASE44_DIR = path.join(os.tmpdir(), `kiln-bench-base44-${BASE44_VERSION}`);
const BASE44_APP_ID = "benchapp";

// ---------------------------------------------------------------- Kiln

async function json(url: string, init: { method?: string; token?: string; body?: unknown } = {}, expect = [200, 201]): Promise<any> {
  const res = await fetch(url, {
    method: init.method ?? "GET",
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!expect.includes(res.status)) throw new Error(`${init.method ?? "GET"} ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A Kiln app with the Task entity, owned by a fresh bench user. The SDK gets the owner's
 * platform token, which Kiln accepts on the app's routes (the builder's own preview).
 */
export async function kilnTarget(url: string): Promise<Target> {
  const { access_token: token } = await json(`${url}/api/local/token`, { method: "POST", body: { email: `sdk-bench-${Date.now().toString(36)}@bench.kiln` } });
  const me = await json(`${url}/api/auth/me`, { token });
  // Writing an entity file by hand is code editing, a paid-plan feature.
  const { access_token: adminToken } = await json(`${url}/api/local/token`, { method: "POST", body: { email: "admin@kiln.local" } });
  await json(`${url}/api/auth/${me.id}/update-user`, { method: "POST", token: adminToken, body: { subscription_tier: "builder" } });

  const { id } = await json(`${url}/api/apps`, { method: "POST", token, body: { user_description: "A simple task list" } });
  for (;;) {
    const app = await json(`${url}/api/apps/${id}`, { token });
    if (app.status.state === "error") throw new Error(`the Kiln bench app failed to build: ${app.status.details}`);
    if (app.status.state !== "processing") break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await json(`${url}/api/apps/${id}/coding/write`, { method: "POST", token, body: { file_path: "entities/Task", content: JSON.stringify(TASK_SCHEMA, null, 2) } });
  return { name: "Kiln", serverUrl: url, appId: id, token };
}

/** Kiln's local stack in its own Node process (test/bench/kiln-stack.ts); stop() closes its stdin, which stops it. */
export async function startKilnStack(): Promise<{ url: string; dynamo: string; pid?: number; stop(): Promise<void> }> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
  const prof = process.env.KILN_BENCH_CPU_PROF;
  const child = spawn(process.execPath, [...(prof ? ["--cpu-prof", "--cpu-prof-dir", prof] : []), "--import", "tsx", path.join(root, "test/bench/kiln-stack.ts")], {
    cwd: root,
    env: process.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const { url, dynamo } = await new Promise<{ url: string; dynamo: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the Kiln stack did not start within 120 s: ${tail(output)}`)), 120_000);
    const seen = (d: Buffer) => {
      output += d;
      const line = output.split("\n").find((l) => l.startsWith("BENCH_STACK "));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line.slice("BENCH_STACK ".length)));
      }
    };
    child.stdout!.on("data", seen);
    child.stderr!.on("data", (d) => (output += d));
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`the Kiln stack exited (${code}) before it was ready: ${tail(output)}`))));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => (child.kill("SIGKILL"), resolve()), 30_000);
      child.once("exit", () => (clearTimeout(timer), resolve()));
      child.stdin!.end();
    });
  return { url, dynamo, pid: child.pid, stop };
}

// ---------------------------------------------------------------- base44 dev

/**
 * `base44@0.1.18` from npm, installed once into os.tmpdir() and reused. Its `@deno/loader`
 * dependency is a jsr.io URL (unreachable here) that `base44 dev` needs only for backend
 * functions, so it is removed before installing; devDependencies are not needed to run it.
 */
async function installBase44(): Promise<string> {
  const done = path.join(BASE44_DIR, ".installed");
  if (existsSync(done)) return BASE44_DIR;
  process.stdout.write(`installing base44@${BASE44_VERSION} from npm into ${BASE44_DIR} (once)… `);
  const work = await fs.mkdtemp(`${BASE44_DIR}.partial-`);
  try {
    const { stdout } = await run("npm", ["pack", `base44@${BASE44_VERSION}`, "--silent"], { cwd: work, timeout: 120_000 });
    const tarball = stdout.trim().split("\n").at(-1)!;
    await run("tar", ["-xzf", tarball], { cwd: work });
    const pkgDir = path.join(work, "package");
    const pkgFile = path.join(pkgDir, "package.json");
    const pkg = JSON.parse(await fs.readFile(pkgFile, "utf8"));
    delete pkg.dependencies?.["@deno/loader"];
    delete pkg.devDependencies;
    await fs.writeFile(pkgFile, JSON.stringify(pkg, null, 2));
    await run("npm", ["install", "--no-audit", "--no-fund", "--omit=dev"], { cwd: pkgDir, timeout: 300_000 });
    await fs.writeFile(path.join(pkgDir, ".installed"), new Date().toISOString());
    await fs.rm(BASE44_DIR, { recursive: true, force: true });
    await fs.rename(pkgDir, BASE44_DIR);
    console.log("done");
    return BASE44_DIR;
  } catch (err) {
    console.log("failed");
    throw new Error(`installing base44@${BASE44_VERSION} from npm failed: ${firstLine(err)}`);
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

function firstLine(err: unknown): string {
  const e = err as { stderr?: string; message?: string };
  const text = (e?.stderr?.trim() || e?.message || String(err)).split("\n").filter((l) => l.trim() && !/npm warn/i.test(l));
  return (text.find((l) => /err/i.test(l)) ?? text[0] ?? "no output").slice(0, 240);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Base44Dev {
  target: Target;
  /** the throwaway project's folder (its backend functions are in base44/functions/<name>/entry.ts) */
  project: string;
  stop(): void;
}

/**
 * `base44 dev` for a throwaway project with the Task entity, under a throwaway HOME; with
 * `functions` (name -> entry.ts source) and whatever `env` they need to run (Deno on PATH).
 */
export async function startBase44Dev(options: { functions?: Record<string, string>; env?: Record<string, string> } = {}): Promise<Base44Dev> {
  const pkgDir = await installBase44();
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), "kiln-bench-base44-run-"));
  const home = path.join(scratch, "home");
  const project = path.join(scratch, "project");
  // The CLI only checks that this file has the shape of a login before `dev` starts; the
  // values are placeholders and `base44 dev` sends nothing anywhere with them.
  await fs.mkdir(path.join(home, ".base44/auth"), { recursive: true });
  await fs.writeFile(
    path.join(home, ".base44/auth/auth.json"),
    JSON.stringify({ accessToken: "offline", refreshToken: "offline", expiresAt: 4102444800000, email: "bench@example.com", name: "bench" }),
  );
  await fs.mkdir(path.join(project, "base44/entities"), { recursive: true });
  await fs.writeFile(path.join(project, "base44/config.jsonc"), JSON.stringify({ name: "bench" }));
  await fs.writeFile(path.join(project, "base44/.app.jsonc"), JSON.stringify({ id: BASE44_APP_ID }));
  await fs.writeFile(path.join(project, "base44/entities/Task.jsonc"), JSON.stringify(TASK_SCHEMA, null, 2));
  for (const [name, source] of Object.entries(options.functions ?? {})) {
    await fs.mkdir(path.join(project, "base44/functions", name), { recursive: true });
    await fs.writeFile(path.join(project, "base44/functions", name, "entry.ts"), source);
  }

  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [path.join(pkgDir, "bin/run.js"), "dev", "-p", String(port)], {
    cwd: project,
    env: { PATH: process.env.PATH, HOME: home, TMPDIR: os.tmpdir(), DO_NOT_TRACK: "1", NO_COLOR: "1", CI: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true, // its own process group, so stop() ends the CLI and anything it started
  });
  let output = "";
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // the group is already gone
    }
    void fs.rm(scratch, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`base44 dev did not report "Dev server is available at" within 60 s; it printed: ${tail(output)}`)), 60_000);
      const seen = (d: Buffer) => {
        output += d;
        if (output.includes("Dev server is available at")) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", seen);
      child.stderr!.on("data", seen);
      child.once("error", (e) => (clearTimeout(timer), reject(e)));
      child.once("exit", (code, signal) => (clearTimeout(timer), reject(new Error(`base44 dev exited (${code ?? signal}) before it was ready: ${tail(output)}`))));
    });
  } catch (err) {
    stop();
    throw err;
  }
  return { target: { name: "base44 dev", serverUrl: `http://127.0.0.1:${port}`, appId: BASE44_APP_ID, log: () => output, pid: child.pid }, project, stop };
}

const tail = (text: string) => text.trim().split("\n").slice(-3).join(" / ").slice(0, 300) || "nothing";
