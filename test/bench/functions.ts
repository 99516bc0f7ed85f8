/**
 * Backend function call latency (issue 11), for test/bench/run.ts: Kiln's Deno sandbox, and
 * `base44 dev` (which runs a project's functions with Deno too) in the same run.
 *
 * One Base44-style function (Deno.serve + createClientFromRequest, reading Task as the service
 * role) on each server, with three Task records. Called through the real SDK
 * (`base44.functions.invoke`), every answer checked:
 *   - cold: COLD_ROUNDS times, the function's code changes (a new bundle sha on Kiln, so the
 *     sandbox must start a new Deno process; a reload on `base44 dev`, which stops its process),
 *     then the first call is timed. On Kiln two deploys are timed before the call: the server's
 *     own (a written function file is bundled by a job; timed until the list says up to date)
 *     and then POST redeploy-function (resolve and bundle, nothing else running).
 *   - warm: WARM_CALLS sequential calls, then WARM_CALLS with CONCURRENT callers.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createClient } from "@base44/sdk";
import { DenoRuntime } from "../../functions/sandbox/deno";
import { type Base44Dev, type SdkRow, type Target, describe, kilnTarget, startBase44Dev } from "./sdk-workload";

const COLD_ROUNDS = 10;
const WARM_CALLS = 200;
const CONCURRENT = 8;
const TASKS = 3;
const NAME = "bench";
/** `base44 dev`'s Deno package cache, kept between runs so its functions' packages are fetched once. */
const PEER_DENO_DIR = path.join(os.tmpdir(), "kiln-bench-base44-deno");

/** The function, as written for Base44; `round` only changes the code (and so the bundle) each cold round. */
const source = (round: string) => `import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";

const ROUND = "${round}";

Deno.serve(async (req) => {
  const base44 = createClientFromRequest(req);
  const body = await req.json();
  const n = await base44.asServiceRole.entities.Task.list();
  return Response.json({ echo: body.x, tasks: n.length, round: ROUND });
});
`;

/** One server's function: how to change its code, and an SDK client to call it. */
interface Side {
  name: string;
  /** changes the code to `round`'s and waits until the server will run it; answers the deploy times, when the server has them */
  change(round: string): Promise<{ written: number; redeploy: number } | null>;
  call(x: number, round: string): Promise<number>;
}

function sdkOf(target: Target) {
  return createClient({ serverUrl: target.serverUrl, appId: target.appId, token: target.token, analytics: { enabled: false } });
}

/** A timed call through the SDK; a wrong answer throws. */
function caller(target: Target) {
  const sdk = sdkOf(target);
  return async (x: number, round: string) => {
    const s = performance.now();
    const { data } = await sdk.functions.invoke(NAME, { x });
    const ms = performance.now() - s;
    if (data?.echo !== x || data.tasks !== TASKS || data.round !== round) throw new Error(`${target.name}: the function answered ${JSON.stringify(data).slice(0, 200)}, expected echo ${x}, ${TASKS} tasks, round ${round}`);
    return ms;
  };
}

async function seedTasks(target: Target) {
  const tasks = sdkOf(target).entities.Task;
  for (let i = 0; i < TASKS; i++) await tasks.create({ title: `Function bench task ${i}`, done: false, n: i, tag: "alpha" });
}

async function json(url: string, token: string, body?: unknown, method = "POST"): Promise<any> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: method === "GET" ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Kiln: an app of a Builder owner with backend functions activated; a round writes the code, waits for its deploy job, then redeploys it. */
async function kilnSide(url: string): Promise<Side> {
  const target = { ...(await kilnTarget(url)), name: "Kiln" };
  const app = `${url}/api/apps/${target.appId}`;
  await json(`${app}/activate-backend-functions`, target.token!);
  await seedTasks(target);
  return {
    name: "Kiln",
    async change(round) {
      const w = performance.now();
      await json(`${app}/coding/write`, target.token!, { file_path: `functions/${NAME}`, content: source(round) });
      for (const deadline = Date.now() + 30_000; ; await new Promise((r) => setTimeout(r, 20))) {
        const fn = (await json(`${app}/functions`, target.token!, undefined, "GET")).functions.find((f: { name: string }) => f.name === NAME);
        if (fn?.up_to_date && fn.deployment?.status === "deployed") break;
        if (fn?.up_to_date && fn.deployment?.status === "failed") throw new Error(`Kiln: the function did not deploy: ${fn.deployment.error}`);
        if (Date.now() > deadline) throw new Error(`Kiln: the written function was not deployed within 30 s: ${JSON.stringify(fn)}`);
      }
      const written = performance.now() - w;
      const s = performance.now();
      const deployed = await json(`${app}/coding/redeploy-function/${NAME}`, target.token!);
      const redeploy = performance.now() - s;
      if (deployed.status !== "deployed") throw new Error(`Kiln: the function did not deploy: ${deployed.error}`);
      return { written, redeploy };
    },
    call: caller(target),
  };
}

/** `base44 dev` with the function, Deno on its PATH; a round rewrites the entry file and waits for its reload. */
async function peerSide(): Promise<{ side: Side; dev: Base44Dev }> {
  const deno = DenoRuntime.binary();
  const dev = await startBase44Dev({
    functions: { [NAME]: source("start") },
    env: { ...DenoRuntime.buildEnv(PEER_DENO_DIR), PATH: `${path.dirname(deno)}:${process.env.PATH}`, B44_DEV_FUNCTIONS_RUNTIME: "deno" },
  });
  const { target } = dev;
  const reloads = () => target.log!().split("Reloaded functions").length - 1;
  try {
    await seedTasks(target);
  } catch (err) {
    dev.stop();
    throw err;
  }
  return {
    dev,
    side: {
      name: "base44 dev",
      async change(round) {
        const before = reloads();
        await fs.writeFile(path.join(dev.project, "base44/functions", NAME, "entry.ts"), source(round));
        for (const deadline = Date.now() + 15_000; reloads() === before; await new Promise((r) => setTimeout(r, 10)))
          if (Date.now() > deadline) throw new Error(`base44 dev did not reload the function within 15 s: ${target.log!().trim().split("\n").slice(-3).join(" / ")}`);
        return null;
      },
      call: caller(target),
    },
  };
}

const p = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil((q / 100) * sorted.length))) - 1];
};
const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${v.toFixed(1)} ms`);

interface Measured {
  written: number[];
  deploy: number[];
  cold: number[];
  sequential: number[];
  sequentialRate: number;
  concurrent: number[];
  concurrentRate: number;
}

async function measure(side: Side): Promise<Measured> {
  process.stdout.write(`function calls (${side.name}): warm-up, ${COLD_ROUNDS} cold rounds… `);
  await side.change("warm-up");
  await side.call(0, "warm-up");
  const m: Measured = { written: [], deploy: [], cold: [], sequential: [], sequentialRate: 0, concurrent: [], concurrentRate: 0 };
  let round = "";
  for (let i = 0; i < COLD_ROUNDS; i++) {
    round = `r${i}-${Math.random().toString(36).slice(2, 8)}`;
    const deployed = await side.change(round);
    if (deployed) {
      m.written.push(deployed.written);
      m.deploy.push(deployed.redeploy);
    }
    m.cold.push(await side.call(i, round));
  }
  process.stdout.write(`${WARM_CALLS} sequential… `);
  let t0 = performance.now();
  for (let i = 0; i < WARM_CALLS; i++) m.sequential.push(await side.call(i, round));
  m.sequentialRate = WARM_CALLS / ((performance.now() - t0) / 1000);
  process.stdout.write(`${WARM_CALLS} by ${CONCURRENT} callers… `);
  let next = 0;
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      while (next < WARM_CALLS) m.concurrent.push(await side.call(next++, round));
    }),
  );
  m.concurrentRate = WARM_CALLS / ((performance.now() - t0) / 1000);
  console.log("done");
  return m;
}

/** Rows for run.ts's table: Kiln's, each next to `base44 dev`'s, or a line saying why the peer was not measured. */
export async function functionLatency(kilnUrl: string): Promise<SdkRow[]> {
  const kiln = await measure(await kilnSide(kilnUrl));
  let peer: Measured | undefined;
  let why = "";
  let dev: Base44Dev | undefined;
  try {
    process.stdout.write("function calls: starting base44 dev with the function (Deno)… ");
    const started = await peerSide();
    dev = started.dev;
    console.log(dev.target.serverUrl);
    peer = await measure(started.side);
  } catch (err) {
    why = describe(err);
    console.log(`not measured: ${why}`);
  } finally {
    dev?.stop();
  }
  const pair = (kilnRow: SdkRow, peerRow: (m: Measured) => SdkRow) => (peer ? [kilnRow, peerRow(peer)] : [kilnRow]);
  return [
    { what: "function deploy: file written -> deployed by its job (Kiln)", samples: kiln.written, extra: `p95 ${ms(p(kiln.written, 95))}; coding/write, stream, deploy job; polled every 20 ms` },
    { what: "function deploy: redeploy-function, resolve + bundle (Kiln)", samples: kiln.deploy, extra: `p95 ${ms(p(kiln.deploy, 95))}; deno info + deno bundle, bundle to S3` },
    ...pair(
      { what: "function call, cold: first after a deploy (Kiln)", samples: kiln.cold, extra: `p95 ${ms(p(kiln.cold, 95))}; a new Deno process for the new bundle` },
      (m) => ({ what: "function call, cold: first after a reload (base44 dev)", samples: m.cold, extra: `p95 ${ms(p(m.cold, 95))}; a new Deno process (deno run, --allow-all)` }),
    ),
    ...pair(
      { what: "function call, warm, sequential (Kiln)", samples: kiln.sequential, extra: `${kiln.sequentialRate.toFixed(0)} calls/s; SDK functions.invoke, service-role Task.list` },
      (m) => ({ what: "function call, warm, sequential (base44 dev)", samples: m.sequential, extra: `${m.sequentialRate.toFixed(0)} calls/s` }),
    ),
    ...pair(
      { what: `function call, warm, ${CONCURRENT} concurrent (Kiln)`, samples: kiln.concurrent, extra: `${kiln.concurrentRate.toFixed(0)} calls/s` },
      (m) => ({ what: `function call, warm, ${CONCURRENT} concurrent (base44 dev)`, samples: m.concurrent, extra: `${m.concurrentRate.toFixed(0)} calls/s` }),
    ),
    ...(peer ? [] : [{ what: "function calls (base44 dev): not measured", samples: [], extra: why }]),
  ];
}
