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
import os from "node:os";
import { dynamoFloor } from "./sdk-floor";
import { CLIENTS, type Kind, LABEL, MIX, MIXED_OPS, PAGE, SEED_RECORDS, type SdkRow, plan } from "./sdk-plan";
import { type Measured, Server, describe, treeCpuMs } from "./sdk-server";
import { type Base44Dev, kilnTarget, startBase44Dev, startKilnStack } from "./sdk-targets";

/** What the other bench scenarios take from the workload (functions.ts, preview.ts, published.ts). */
export type { SdkRow, Step } from "./sdk-plan";
export { describe, type Measured, type Target } from "./sdk-server";
export { kilnTarget, startBase44Dev, type Base44Dev } from "./sdk-targets";

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
