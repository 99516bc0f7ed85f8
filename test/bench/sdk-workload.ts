/**
 * The same `@base44/sdk` workload against Kiln and against `base44 dev` (the base44 CLI's
 * local backend: an express + NeDB emulator of the Base44 API), for test/bench/run.ts.
 *
 * Both servers get one Task entity and the identical, seeded plan of operations, sent
 * through the real SDK (`createClient` from "@base44/sdk") by CLIENTS concurrent clients:
 * a seed phase of SEED_RECORDS creates, then MIXED_OPS mixed operations (get by id,
 * update, filter with `q`, list sorted `-created_date` limit 50, create, delete).
 * Every answer is checked; a wrong answer is an error, never a sample.
 *
 * Both servers are seeded first and each query kind is tried once on each; a kind one of
 * them cannot answer is left out of BOTH mixed plans (and the table says so), so the two
 * runs stay identical. The load generator (the SDK clients) runs in this process; Kiln's
 * local stack runs in a Node process of its own (test/bench/kiln-stack.ts, with DynamoDB
 * Local, a Java process, beside it) and `base44 dev` in its own Node process, so neither
 * server shares its event loop with the clients. KILN_BENCH_CPU_PROF=<dir> writes a CPU
 * profile of Kiln's process there.
 *
 * `base44 dev` is installed from npm by this script only, into os.tmpdir() (never into
 * the repo's node_modules), and cached there for later runs. When it cannot be installed
 * or started here, the table gets a row saying why, and no numbers for it.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { createClient } from "@base44/sdk";
import { dynamoFloor } from "./sdk-floor";

const run = promisify(execFile);

const CLIENTS = 20;
const SEED_RECORDS = 1_000;
const MIXED_OPS = 2_000;
const PAGE = 50;
const BASE44_VERSION = "0.1.18";
const BASE44_DIR = path.join(os.tmpdir(), `kiln-bench-base44-${BASE44_VERSION}`);
const BASE44_APP_ID = "benchapp";

/** What run.ts turns into table rows (samples are milliseconds). */
export interface SdkRow {
  what: string;
  samples: number[];
  extra: string;
}

type Kind = "create" | "get" | "update" | "delete" | "filter" | "regex" | "list";
type QueryKind = "filter" | "regex" | "list";

/** Shares of the mixed phase, in percent. Deletes only touch records no other op uses (see Pool). */
const MIX: [Kind, number][] = [
  ["get", 30],
  ["update", 20],
  ["filter", 10],
  ["regex", 10],
  ["list", 15],
  ["create", 5],
  ["delete", 10],
];

const LABEL: Record<Kind, string> = {
  create: "create",
  get: "get by id",
  update: "update",
  delete: "delete",
  filter: "filter q {done:false, n:{$gte:10}}",
  regex: "filter q {title:{$regex}}",
  list: "list -created_date limit 50",
};

const TASK_SCHEMA = {
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string" },
    done: { type: "boolean" },
    n: { type: "number" },
    tag: { type: "string" },
  },
  required: ["title"],
};

const TAGS = ["alpha", "bravo", "charlie", "delta", "echo"];
const OPEN_FROM_TEN = { done: false, n: { $gte: 10 } };
const TITLE_REGEX = { title: { $regex: "bravo$" } };

// ---------------------------------------------------------------- the plan

/** mulberry32: a small seeded generator, so both servers get the same plan. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Step {
  kind: Kind;
  /** which record (an index into the pool) and what to write, fixed by the plan */
  pick: number;
  data: { title: string; done: boolean; n: number; tag: string };
}

function plan(count: number, kinds: Kind[], seed: number, first = 0): Step[] {
  const random = seeded(seed);
  const mix = MIX.filter(([k]) => kinds.includes(k));
  const total = mix.reduce((s, [, w]) => s + w, 0);
  return Array.from({ length: count }, (_, i) => {
    let r = random() * total;
    const kind = mix.find(([, w]) => (r -= w) < 0)?.[0] ?? mix[0][0];
    const tag = TAGS[Math.floor(random() * TAGS.length)];
    return { kind, pick: random(), data: { title: `Task ${first + i} ${tag}`, done: random() < 0.5, n: Math.floor(random() * 100), tag } };
  });
}

/**
 * Record ids of one server. `live` serves get/update; deletes take from `doomed`, which
 * nothing else reads, so no operation races a delete of its record.
 */
class Pool {
  live: string[] = [];
  doomed: string[] = [];
  pickLive(p: number) {
    return this.live[Math.floor(p * this.live.length)];
  }
  takeDoomed(): string {
    const id = this.doomed.pop();
    if (!id) throw new Error("the plan deletes more records than were set aside for deletion");
    return id;
  }
}

// ---------------------------------------------------------------- one server

export interface Target {
  name: string;
  serverUrl: string;
  appId: string;
  token?: string;
  /** what the server has printed so far, when it runs as our child */
  log?: () => string;
  /** the server's own process, when it is our child: its process tree's CPU time is measured */
  pid?: number;
}

/**
 * CPU time (ms) used so far by a process and every process under it, by program name (node,
 * java…) (Linux /proc; undefined elsewhere). Unlike ops/s it barely depends on what else the
 * machine is running.
 */
function treeCpuMs(root: number): Map<string, number> | undefined {
  try {
    const stats = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .flatMap((d) => {
        try {
          // fields after the ")" closing the command name: state ppid … utime(12) stime(13)
          const [head, rest] = readFileSync(`/proc/${d}/stat`, "utf8").split(") ");
          const f = rest.split(" ");
          return [{ pid: Number(d), name: head.slice(head.indexOf("(") + 1), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
        } catch {
          return [];
        }
      });
    const tree = new Set([root]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of stats) if (!tree.has(p.pid) && tree.has(p.ppid)) (tree.add(p.pid), (grew = true));
    }
    const byName = new Map<string, number>();
    for (const p of stats) if (tree.has(p.pid)) byName.set(p.name, (byName.get(p.name) ?? 0) + (p.ticks * 1000) / 100);
    return byName;
  } catch {
    return undefined;
  }
}

type Task = { id: string; title: string; done: boolean; n: number; tag: string; created_date: string };

type Handler = {
  create(data: object): Promise<unknown>;
  get(id: string): Promise<unknown>;
  update(id: string, data: object): Promise<unknown>;
  delete(id: string): Promise<unknown>;
  filter(q: object, sort?: string, limit?: number): Promise<unknown>;
  list(sort?: string, limit?: number): Promise<unknown>;
};

export interface Measured {
  ms: Map<Kind, number[]>;
  seconds: number;
  ops: number;
  /** CPU time of the server's processes during the run, by program name, when measurable */
  cpuMs?: Map<string, number>;
}

class Server {
  readonly pool = new Pool();
  private readonly clients: Handler[];

  constructor(readonly target: Target) {
    this.clients = Array.from({ length: CLIENTS }, () => {
      const sdk = createClient({ serverUrl: target.serverUrl, appId: target.appId, token: target.token, analytics: { enabled: false } });
      return sdk.entities.Task as unknown as Handler;
    });
  }

  private fail(step: Step, what: string): never {
    throw new Error(`${this.target.name}: ${LABEL[step.kind]} answered ${what}`);
  }

  /** One SDK call, its answer checked. */
  async op(client: Handler, step: Step): Promise<void> {
    const pool = this.pool;
    const tasks = (answer: unknown): Task[] => {
      if (!Array.isArray(answer) || answer.length > PAGE) this.fail(step, `${JSON.stringify(answer).slice(0, 200)} (expected at most ${PAGE} records)`);
      return answer as Task[];
    };
    switch (step.kind) {
      case "create": {
        const t = (await client.create(step.data)) as Task;
        if (typeof t?.id !== "string" || t.title !== step.data.title) this.fail(step, JSON.stringify(t));
        pool.live.push(t.id);
        return;
      }
      case "get": {
        const id = pool.pickLive(step.pick);
        const t = (await client.get(id)) as Task;
        if (t?.id !== id) this.fail(step, `${JSON.stringify(t)} for ${id}`);
        return;
      }
      case "update": {
        const id = pool.pickLive(step.pick);
        const t = (await client.update(id, { done: step.data.done, n: step.data.n })) as Task;
        if (t?.id !== id || t.done !== step.data.done || t.n !== step.data.n) this.fail(step, `${JSON.stringify(t)} for ${id}`);
        return;
      }
      case "delete": {
        const id = pool.takeDoomed();
        const answer = (await client.delete(id)) as { success?: boolean };
        if (answer?.success !== true) this.fail(step, `${JSON.stringify(answer)} for ${id}`);
        return;
      }
      case "filter": {
        for (const t of tasks(await client.filter(OPEN_FROM_TEN, "-created_date", PAGE))) if (t.done !== false || !(t.n >= 10)) this.fail(step, `a record outside the filter: ${JSON.stringify(t)}`);
        return;
      }
      case "regex": {
        for (const t of tasks(await client.filter(TITLE_REGEX, "-created_date", PAGE))) if (!t.title.endsWith("bravo")) this.fail(step, `a record outside the filter: ${JSON.stringify(t)}`);
        return;
      }
      case "list": {
        const page = tasks(await client.list("-created_date", PAGE));
        if (page.length !== PAGE) this.fail(step, `${page.length} records, expected ${PAGE}`);
        for (let i = 1; i < page.length; i++) if (page[i - 1].created_date < page[i].created_date) this.fail(step, "records out of -created_date order");
        return;
      }
    }
  }

  /** The steps by CLIENTS concurrent clients, each taking the next step when its last one answered. */
  async drive(steps: Step[]): Promise<Measured> {
    const ms = new Map<Kind, number[]>();
    let next = 0;
    const cpu0 = this.target.pid ? treeCpuMs(this.target.pid) : undefined;
    const t0 = performance.now();
    await Promise.all(
      this.clients.map(async (client) => {
        while (next < steps.length) {
          const step = steps[next++];
          const s = performance.now();
          try {
            await this.op(client, step);
          } catch (err) {
            next = steps.length; // the other clients stop after their current step
            throw err;
          }
          const took = performance.now() - s;
          const list = ms.get(step.kind) ?? [];
          list.push(took);
          ms.set(step.kind, list);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = this.target.pid ? treeCpuMs(this.target.pid) : undefined;
    const cpuMs = cpu0 && cpu1 ? new Map([...cpu1].map(([name, ms]) => [name, ms - (cpu0.get(name) ?? 0)])) : undefined;
    return { ms, seconds, ops: steps.length, cpuMs };
  }

  /** Sets `count` seeded records aside for the mixed phase's deletes. */
  setAside(count: number) {
    if (this.pool.live.length < count * 2) throw new Error(`${this.target.name}: too few records to set ${count} aside for deletion`);
    this.pool.doomed = this.pool.live.splice(0, count);
  }

  /** Each query kind once; the reason it fails (with the error the server logged), if it does. */
  async probe(kind: QueryKind): Promise<string | null> {
    const logged = this.target.log?.().length ?? 0;
    try {
      await this.op(this.clients[0], { kind, pick: 0, data: { title: "", done: false, n: 0, tag: "" } });
      return null;
    } catch (err) {
      const cause = this.target.log?.().slice(logged).split("\n").findLast((l) => /Error: /.test(l));
      return describe(err) + (cause ? `; it logged "${cause.trim()}"` : "");
    }
  }
}

/** An SDK error (Base44Error: status + body) or any other, in one line. */
export function describe(err: unknown): string {
  const e = err as { status?: number; data?: unknown; message?: string };
  if (typeof e?.status === "number") return `${e.status} ${JSON.stringify(e.data ?? e.message).slice(0, 160)}`;
  return String(e?.message ?? err).split("\n")[0].slice(0, 200);
}

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
async function startKilnStack(): Promise<{ url: string; dynamo: string; pid?: number; stop(): Promise<void> }> {
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
      if (line) (clearTimeout(timer), resolve(JSON.parse(line.slice("BENCH_STACK ".length))));
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
        if (output.includes("Dev server is available at")) (clearTimeout(timer), resolve());
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

// ---------------------------------------------------------------- the workload

function rate(m: Measured) {
  return m.ops / m.seconds;
}

/** "4.10 ms (node 2.00, java 2.10)": CPU per op of the server's process tree, by program. */
function cpuPerOp(a: Map<string, number>, b: Map<string, number>, ops: number): string {
  const names = [...new Set([...a.keys(), ...b.keys()])];
  const per = names.map((n) => [n, ((a.get(n) ?? 0) + (b.get(n) ?? 0)) / ops] as const).filter(([, ms]) => ms >= 0.01).sort((x, y) => y[1] - x[1]);
  return `${per.reduce((s, [, ms]) => s + ms, 0).toFixed(2)} ms (${per.map(([n, ms]) => `${n} ${ms.toFixed(2)}`).join(", ")})`;
}

/** Rows for one measured server: overall (with throughput) and one per kind of operation. */
function rowsFor(name: string, seed: Measured, mixed: Measured, kinds: Kind[], how = "SDK clients, every answer checked"): SdkRow[] {
  const all = [...seed.ms.values(), ...mixed.ms.values()].flat();
  const total = seed.ops + mixed.ops;
  const overall = total / (seed.seconds + mixed.seconds);
  const cpu = seed.cpuMs && mixed.cpuMs ? `; server CPU per op: ${cpuPerOp(seed.cpuMs, mixed.cpuMs, total)}` : "";
  return [
    {
      what: `SDK workload ops/s (${name})`,
      samples: all,
      extra: `${overall.toFixed(0)} ops/s: ${seed.ops} creates at ${rate(seed).toFixed(0)} ops/s, then ${mixed.ops} mixed at ${rate(mixed).toFixed(0)} ops/s; ${CLIENTS} ${how}${cpu}`,
    },
    ...kinds.map((k) => ({ what: `  SDK ${LABEL[k]} (${name})`, samples: [...(seed.ms.get(k) ?? []), ...(mixed.ms.get(k) ?? [])], extra: "" })),
  ];
}

/**
 * Starts `base44 dev` and a Kiln local stack, each in its own process, sets up the Kiln
 * app, runs the workload against both, and returns the rows, each server's next to the
 * other's. (run.ts's own in-process stack stays idle meanwhile.)
 */
export async function sdkWorkload(): Promise<SdkRow[]> {
  const notes: SdkRow[] = [
    {
      what: "SDK workload: where things run",
      samples: [],
      extra: `${CLIENTS} SDK clients in the bench process; Kiln's stack in its own Node process (DynamoDB Local in a Java process); base44 dev in its own Node process; ${os.cpus().length} CPU(s), load ${os.loadavg()[0].toFixed(2)}`,
    },
  ];
  let base44: Base44Dev | undefined;
  let kiln: Awaited<ReturnType<typeof startKilnStack>> | undefined;
  try {
    process.stdout.write("SDK workload: starting Kiln's stack in its own process… ");
    kiln = await startKilnStack();
    console.log(kiln.url);
    const kilnUrl = kiln.url;
    process.stdout.write("SDK workload: starting base44 dev… ");
    try {
      base44 = await startBase44Dev();
      console.log(base44.target.serverUrl);
    } catch (err) {
      const why = describe(err);
      console.log(`not available: ${why}`);
      notes.push({ what: "SDK workload (base44 dev): not measured", samples: [], extra: why });
    }
    const servers = [new Server({ ...(await kilnTarget(kilnUrl)), pid: kiln.pid })];
    if (base44) servers.push(new Server(base44.target));

    const seedSteps = plan(SEED_RECORDS, ["create"], 44);
    const seeded = new Map<Server, Measured>();
    for (const server of servers) {
      process.stdout.write(`SDK workload (${server.target.name}): seeding ${SEED_RECORDS} records, ${CLIENTS} clients… `);
      try {
        seeded.set(server, await server.drive(seedSteps));
        console.log(`${rate(seeded.get(server)!).toFixed(0)} ops/s`);
      } catch (err) {
        if (server.target.name === "Kiln") throw err;
        console.log("failed");
        notes.push({ what: `SDK workload (${server.target.name}): not measured`, samples: [], extra: describe(err) });
      }
    }

    // A query kind that one server cannot answer leaves both plans. (The SDK itself logs a refusal.)
    process.stdout.write("SDK workload: trying each query kind once on each server… ");
    const kinds = MIX.map(([k]) => k);
    for (const kind of ["filter", "regex", "list"] as const) {
      for (const server of servers.filter((s) => seeded.has(s))) {
        const why = await server.probe(kind);
        if (!why) continue;
        if (server.target.name === "Kiln") throw new Error(`Kiln: ${LABEL[kind]} failed: ${why}`);
        kinds.splice(kinds.indexOf(kind), 1);
        notes.push({ what: `SDK ${LABEL[kind]}: left out of both workloads`, samples: [], extra: `${server.target.name} answered ${why}` });
        break;
      }
    }
    console.log(kinds.length === MIX.length ? "all answered" : "done");

    const mixedSteps = plan(MIXED_OPS, kinds, 4, SEED_RECORDS);
    const deletes = mixedSteps.filter((s) => s.kind === "delete").length;
    const rows: SdkRow[][] = [];
    for (const server of servers.filter((s) => seeded.has(s))) {
      process.stdout.write(`SDK workload (${server.target.name}): ${MIXED_OPS} mixed ops, ${CLIENTS} clients… `);
      try {
        server.setAside(deletes);
        const mixed = await server.drive(mixedSteps);
        console.log(`${rate(mixed).toFixed(0)} ops/s`);
        rows.push(rowsFor(server.target.name, seeded.get(server)!, mixed, ["create", ...kinds.filter((k) => k !== "create")]));
      } catch (err) {
        if (server.target.name === "Kiln") throw err;
        console.log("failed");
        notes.push({ what: `SDK workload (${server.target.name}): not measured`, samples: [], extra: describe(err) });
      }
    }
    // The floor: the same plans as the fewest DynamoDB Local calls, on the same DynamoDB Local (sdk-floor.ts).
    const floorKinds = ["create", ...kinds.filter((k) => k !== "create")] as Kind[];
    process.stdout.write(`SDK workload: the DynamoDB Local floor, ${CLIENTS} clients… `);
    for (const f of await dynamoFloor({ endpoint: kiln.dynamo, cpu: () => (kiln?.pid ? treeCpuMs(kiln.pid) : undefined), seedSteps, mixedSteps, clients: CLIENTS, page: PAGE }))
      rows.push(rowsFor(f.variant, f.seed, f.mixed, floorKinds, `clients, the fewest table calls per op (${f.queriesPerRead.toFixed(2)} Queries per filter/list), every answer checked; DynamoDB Local's Java only, less the ${f.idlePercent.toFixed(0)}% of a core it used idle`));
    console.log("done");
    // Each row of Kiln next to the same row of base44 dev.
    const paired = rows[0].flatMap((r, i) => [r, ...rows.slice(1).map((other) => other[i])]);
    return [...paired, ...notes];
  } finally {
    base44?.stop();
    await kiln?.stop();
  }
}
