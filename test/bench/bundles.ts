/**
 * Each Lambda handler bundled as SST bundles a Node.js function, for test/bench/run.ts
 * (section "bundles"): its size and its cold init (module evaluation in a fresh Node process).
 *
 * SST's options (pkg/runtime/node/build.go): bundle, minify (whitespace, syntax, identifiers),
 * keepNames, platform node, format esm, mainFields module/main, its createRequire banner, and
 * only `sharp`/`pg-native` external. On top of that, as the target asks: target node20, the AWS
 * SDK v3 external (the Lambda runtime provides it) and `nodejs.splitting` (an SST option), so a
 * dynamic import() stays out of the code a cold start loads, and the esbuild plugins SST is given (stacks/esbuild-plugins.mjs). "cold start" counts the entry and
 * the chunks it imports statically; "package" all chunks; "SDK bundled" the same handler with
 * SST's default of bundling the AWS SDK. Init is judged on CPU time (wall time on a shared machine
 * is mostly waiting for a core), for both: the external SDK loads from its many files in node_modules,
 * as the runtime's copy would, and costs more than the minified bundle.
 *
 * The worker's AI-turn path is measured twice: with the offline engine (what an offline turn loads: the
 * chunk of turn-chunks.ts's dynamic import of functions/agent/offline), and with the largest model provider (what a turn through a model loads on its first call: the
 * chunks of providers.ts's dynamic imports of Kiln's own SDK module and of that one @ai-sdk package).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";
import plugins from "../../stacks/esbuild-plugins.mjs";
import { crons, routes, type RouteDef } from "../../lib/routes";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Inside the repository, so the externals (the AWS SDK) resolve from node_modules as the runtime's would. */
const OUT = path.join(ROOT, "node_modules/.cache/kiln-bench-bundles");
const INIT_RUNS = 3;
const MAX_BYTES = 1024 * 1024;
const MAX_INIT_MS = 200;

/** Every Lambda the stacks declare: one per cloud call group (stacks/api.ts), then stacks/api.ts, functions.ts, jobs.ts, sandbox.ts. */
function handlers(): { name: string; file: string }[] {
  const groups = [...new Set((Object.values(routes) as RouteDef[]).filter((r) => !r.localOnly).map((r) => r.group))];
  return [
    ...groups.map((g) => ({ name: `Api ${g}`, file: `functions/http/${g}.ts` })),
    { name: "RealtimeHandler", file: "functions/sockets/builder.ts" },
    { name: "AppSocketHandler", file: "functions/sockets/app.ts" },
    { name: "Worker", file: "functions/jobs/worker.ts" },
    { name: "Stream", file: "functions/stream/consumer.ts" },
    { name: `Cron (${Object.keys(crons).length} schedules, one file)`, file: "functions/cron/schedule.ts" },
    { name: "FunctionSandbox", file: "functions/sandbox/handler.ts" },
  ];
}

const BANNER = [
  `import { createRequire as topLevelCreateRequire } from 'module';`,
  `const require = topLevelCreateRequire(import.meta.url);`,
  `import { fileURLToPath as topLevelFileUrlToPath, URL as topLevelURL } from "url"`,
  `const __filename = topLevelFileUrlToPath(import.meta.url)`,
  `const __dirname = topLevelFileUrlToPath(new topLevelURL(".", import.meta.url))`,
].join("\n");

interface Built {
  entry: string;
  /** chunks a turn through the model provider also loads, in order (absolute paths) */
  then: string[];
  /** that provider's package, e.g. "@ai-sdk/google" */
  provider?: string;
  coldBytes: number;
  packageBytes: number;
  /** the source files those chunks hold, relative to the repository */
  coldInputs: string[];
}

const PROVIDERS_MODULE = "functions/agent/providers.ts";
const PROVIDER_PACKAGE = /^node_modules\/(@ai-sdk\/[^/]+)\//;
const OFFLINE_MODULE = "functions/agent/offline/index.ts";

/**
 * `withProvider`: add what a model call loads through that provider package ("largest": the one that loads the most);
 * `withOffline`: add what an offline turn loads (the offline engine's chunk).
 */
async function bundle(file: string, outdir: string, awsSdkExternal: boolean, withProvider?: string, write = true, withOffline = false): Promise<Built> {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, file)],
    bundle: true,
    minify: true,
    keepNames: true,
    platform: "node",
    format: "esm",
    target: "node20",
    mainFields: ["module", "main"],
    external: ["sharp", "pg-native", ...(awsSdkExternal ? ["@aws-sdk/*"] : [])],
    splitting: true,
    outdir,
    outExtension: { ".js": ".mjs" },
    banner: { js: BANNER },
    plugins,
    metafile: true,
    write,
    logLevel: "error",
  });
  const outputs = result.metafile.outputs;
  // dynamically imported modules are entry points of their own chunks too: the handler's is the one built from `file`
  const chunkOf = (module: string) => Object.keys(outputs).find((o) => outputs[o].entryPoint && path.resolve(ROOT, outputs[o].entryPoint!) === path.join(ROOT, module))!;
  const entry = chunkOf(file);
  const loaded = (starts: string[]) => {
    const cold = new Set<string>();
    const visit = (o: string) => {
      if (cold.has(o)) return;
      cold.add(o);
      for (const imp of outputs[o].imports) if (imp.kind === "import-statement" && !imp.external) visit(imp.path);
    };
    starts.forEach(visit);
    return cold;
  };
  const bytesOf = (names: Iterable<string>) => [...names].reduce((n, o) => n + outputs[o].bytes, 0);
  const packageBytes = bytesOf(Object.keys(outputs).filter((o) => !o.endsWith(".map")));
  const inputsOf = (chunks: Set<string>) => [...new Set([...chunks].flatMap((o) => Object.keys(outputs[o].inputs)))];
  if (!withProvider) {
    const then = withOffline ? [chunkOf(OFFLINE_MODULE)] : [];
    if (then.some((o) => !o)) throw new Error(`${file} does not import ${OFFLINE_MODULE} dynamically`);
    const cold = loaded([entry, ...then]);
    return { entry: path.resolve(ROOT, entry), then: then.map((o) => path.resolve(ROOT, o)), coldBytes: bytesOf(cold), packageBytes, coldInputs: inputsOf(cold) };
  }
  // every remote call loads Kiln's own SDK module, then the route's one provider package
  const dynamic = (result.metafile.inputs[PROVIDERS_MODULE]?.imports ?? []).filter((i) => i.kind === "dynamic-import" && !i.external).map((i) => i.path);
  const sdk = dynamic.filter((m) => !m.startsWith("node_modules/")).map(chunkOf);
  const options = dynamic.flatMap((m) => {
    const pkg = PROVIDER_PACKAGE.exec(m)?.[1];
    return pkg && (withProvider === "largest" || withProvider === pkg) ? [{ pkg, then: [...sdk, chunkOf(m)] }] : [];
  });
  if (!sdk.length || !options.length) throw new Error(`${PROVIDERS_MODULE} imports no ${withProvider} provider package dynamically`);
  const chosen = options.map((o) => ({ ...o, cold: loaded([entry, ...o.then]) })).sort((a, b) => bytesOf(b.cold) - bytesOf(a.cold))[0];
  const then = chosen.then.map((o) => path.resolve(ROOT, o));
  return { entry: path.resolve(ROOT, entry), then, provider: chosen.pkg, coldBytes: bytesOf(chosen.cold), packageBytes, coldInputs: inputsOf(chosen.cold) };
}

/** The source files a handler's cold start evaluates as SST bundles it (AWS SDK external, or bundled), for tests of what a handler loads. */
export async function coldInputs(file: string, awsSdkExternal = true): Promise<string[]> {
  return (await bundle(file, path.join(OUT, "inputs"), awsSdkExternal, undefined, false)).coldInputs;
}

/** The links SST injects, with the local stack's shapes (stacks/local/stack.ts); nothing is reached at init. */
function lambdaEnv(): NodeJS.ProcessEnv {
  const res = (name: string, value: object) => [`SST_RESOURCE_${name}`, JSON.stringify(value)];
  return {
    PATH: process.env.PATH,
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "bench",
    AWS_SECRET_ACCESS_KEY: "bench",
    AWS_EC2_METADATA_DISABLED: "true",
    AWS_ENDPOINT_URL_DYNAMODB: "http://127.0.0.1:9",
    AWS_ENDPOINT_URL_S3: "http://127.0.0.1:9",
    ...Object.fromEntries([
      res("App", { name: "kiln", stage: "bench" }),
      res("Table", { name: "kiln-bench", type: "sst.aws.Dynamo" }),
      res("Files", { name: "kiln-bench-files", type: "sst.aws.Bucket" }),
      res("Realtime", { managementEndpoint: "http://127.0.0.1:9/local", url: "ws://127.0.0.1:9/ws", type: "sst.aws.ApiGatewayWebSocket" }),
      res("AppRealtime", { managementEndpoint: "http://127.0.0.1:9/local", url: "ws://127.0.0.1:9/ws-user-apps", type: "sst.aws.ApiGatewayWebSocket" }),
      res("AuthSecret", { value: "bench-secret-bench-secret-bench-secret", type: "sst.sst.Secret" }),
      res("Stripe", { secretKey: "sk_test_bench", webhookSecret: "whsec_bench", host: "127.0.0.1", port: 9, protocol: "http", local: true, type: "sst.sst.Linkable" }),
      res("Worker", { name: "kiln-bench-worker", type: "sst.aws.Function" }),
      res("FunctionSandbox", { name: "kiln-bench-sandbox", url: "http://127.0.0.1:9", type: "sst.aws.Function" }),
      res("CustomDomains", { resolver: null, cnameTarget: "apps.localhost", aRecords: [], localControlUrl: null, entri: { applicationId: "", secret: "", apiUrl: "http://127.0.0.1:9" }, type: "sst.sst.Linkable" }),
      res("Kiln", { local: true, webUrl: "http://localhost:9", appsUrl: "http://{host}.localhost:9", socketUrl: "ws://localhost:9/ws", mailFrom: "Kiln <no-reply@kiln.local>", cognito: null, type: "sst.sst.Linkable" }),
    ]),
  };
}

/**
 * Milliseconds to import (evaluate) the bundle in a fresh Node process, Node's own start excluded:
 * wall clock, and the process's CPU time, which a machine shared with other work inflates far less.
 */
function coldInit(entry: string, then: string[]): { wallMs: number; cpuMs: number } {
  const imports = [entry, ...then].map((file) => `await import(${JSON.stringify(file)});`).join(" ");
  const script = `const c = process.cpuUsage(); const s = performance.now(); ${imports} const u = process.cpuUsage(c); console.log("INIT " + JSON.stringify({ wallMs: performance.now() - s, cpuMs: (u.user + u.system) / 1000 }));`;
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: OUT, env: lambdaEnv(), encoding: "utf8", timeout: 60_000 });
  const line = run.stdout.split("\n").find((l) => l.startsWith("INIT "));
  if (run.status !== 0 || !line) throw new Error(`importing ${entry} failed (${run.status}): ${run.stderr.slice(0, 600)}`);
  return JSON.parse(line.slice(5));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

export interface BundleRow {
  name: string;
  coldBytes: number;
  packageBytes: number;
  bundledSdkBytes: number;
  /** medians of INIT_RUNS fresh processes */
  initMs: number;
  initCpuMs: number;
  /** the same with SST's default of bundling the AWS SDK: loading the SDK's many files from node_modules costs more */
  bundledSdkCpuMs: number;
}

/** Builds and times every handler, prints the table; returns the rows (over-target ones are reported, never thrown). */
export async function handlerBundles(): Promise<BundleRow[]> {
  rmSync(OUT, { recursive: true, force: true });
  // KILN_BENCH_HANDLERS=apps,worker measures only the handlers whose file names contain one of the words
  const only = (process.env.KILN_BENCH_HANDLERS ?? "").split(",").filter(Boolean);
  const list = [
    ...handlers(),
    // the worker imports the engine of a builder turn only on the AI-turn paths: its own chunks, measured on their own
    { name: "  Worker's AI-turn path, offline engine (loaded by the first offline turn)", file: "functions/agent/turn.ts", withOffline: true },
    { name: "  … with the largest provider", file: "functions/agent/turn.ts", withProvider: "largest" },
  ].filter((h) => !only.length || only.some((w) => h.file.includes(w)));
  const rows: BundleRow[] = [];
  for (const [i, h] of list.entries()) {
    const dir = path.join(OUT, String(i));
    mkdirSync(dir, { recursive: true });
    const withProvider = "withProvider" in h ? h.withProvider : undefined;
    const withOffline = "withOffline" in h && h.withOffline;
    const external = await bundle(h.file, path.join(dir, "sdk-external"), true, withProvider, true, withOffline);
    const bundled = await bundle(h.file, path.join(dir, "sdk-bundled"), false, external.provider, true, withOffline);
    const runs = Array.from({ length: INIT_RUNS }, () => coldInit(external.entry, external.then));
    const bundledRuns = Array.from({ length: INIT_RUNS }, () => coldInit(bundled.entry, bundled.then));
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
    rows.push({
      name: external.provider ? `${h.name} (${external.provider}, loaded by its first call)` : h.name,
      coldBytes: external.coldBytes,
      packageBytes: external.packageBytes,
      bundledSdkBytes: bundled.coldBytes,
      initMs: median(runs.map((r) => r.wallMs)),
      initCpuMs: median(runs.map((r) => r.cpuMs)),
      bundledSdkCpuMs: median(bundledRuns.map((r) => r.cpuMs)),
    });
  }
  const header = ["Handler (SST bundle, AWS SDK external)", "cold start", "package", "SDK bundled", `init wall (median of ${INIT_RUNS})`, "init CPU", "SDK bundled: init CPU", "≤ 1 MB", "≤ 200 ms CPU (external / bundled)"];
  const cells = rows.map((r) => [
    r.name,
    kb(r.coldBytes),
    kb(r.packageBytes),
    kb(r.bundledSdkBytes),
    `${r.initMs.toFixed(0)} ms`,
    `${r.initCpuMs.toFixed(0)} ms`,
    `${r.bundledSdkCpuMs.toFixed(0)} ms`,
    r.coldBytes <= MAX_BYTES ? "yes" : "NO",
    `${r.initCpuMs <= MAX_INIT_MS ? "yes" : "NO"} / ${r.bundledSdkCpuMs <= MAX_INIT_MS ? "yes" : "NO"}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i === 0 || i >= 7 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join(" | ")} |`;
  console.log(`\n${line(header)}\n|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const c of cells) console.log(line(c));
  rmSync(OUT, { recursive: true, force: true });
  return rows;
}
