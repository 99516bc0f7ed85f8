import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { inject } from "vitest";
import { beforeAll, describe, expect, it } from "vitest";
import { builtApp, call, signedIn, tokenFor } from "./helpers";

/**
 * The function sandbox's isolation (issue 11): a backend function sees nothing of Kiln — not
 * its environment, files, table, buckets or internal ports, and cannot start processes — and a
 * runaway one (a loop, unbounded memory, too many calls) is stopped and reported while Kiln
 * keeps answering. The stack runs functions with a 4 s time limit (global-setup.ts).
 */

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;

const write = (name: string, content: string) => call("POST", `/api/apps/${appId}/coding/write`, { token: owner.token, body: { file_path: `functions/${name}`, content } });
const invoke = (name: string, body: unknown = {}) => call("POST", `/api/apps/${appId}/functions/${name}`, { token: owner.token, body });
const logsOf = async (name: string) => (await call("GET", `/api/apps/${appId}/functions/${name}/logs`, { token: owner.token })).body.logs as { level: string; message: string }[];

const ESCAPE = `Deno.serve(async (req) => {
  const { dynamo, s3, file } = await req.json();
  const attempt = async (f) => { try { await f(); return "allowed"; } catch (e) { return String(e?.cause?.message ?? e?.message ?? e); } };
  return Response.json({
    passwd: await attempt(() => Deno.readTextFile("/etc/passwd")),
    env: Object.keys(Deno.env.toObject()),
    dynamo: await attempt(() => fetch(dynamo, { method: "POST" })),
    dynamoByName: await attempt(() => fetch(dynamo.replace("127.0.0.1", "localhost"), { method: "POST" })),
    s3: await attempt(() => fetch(s3)),
    spawn: await attempt(() => new Deno.Command("/bin/sh", { args: ["-c", "id"] }).output()),
    write: await attempt(() => Deno.writeTextFile("/tmp/kiln-escape", "x")),
    importFile: await attempt(() => import(file, { with: { type: "text" } })),
  });
});
`;

beforeAll(async () => {
  owner = await signedIn("sandbox-owner");
  await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: "pro" } });
  appId = (await builtApp(owner.token, "A simple notes app")).id;
  expect((await call("POST", `/api/apps/${appId}/activate-backend-functions`, { token: owner.token })).status).toBe(200);
  await call("PUT", `/api/apps/${appId}/secrets`, { token: owner.token, body: { APP_SECRET: "only-this" } });
}, 90_000);

describe("what a function can reach", () => {
  it("sees its app's secrets and nothing of Kiln: no files, no internal ports, no processes", async () => {
    const links = inject("stackLinks");
    expect((await write("escape", ESCAPE)).status).toBe(200);
    const res = await invoke("escape", { dynamo: links.AWS_ENDPOINT_URL_DYNAMODB, s3: `${links.AWS_ENDPOINT_URL_S3}/`, file: "file:///etc/hostname" });
    expect({ status: res.status, error: res.body.error }).toEqual({ status: 200, error: undefined });
    const r = res.body;
    expect(r.passwd).toMatch(/Requires read access to "\/etc\/passwd"/);
    expect(r.env).toContain("APP_SECRET");
    expect(r.env.filter((name: string) => /^(AWS_|SST_|SANDBOX_|KILN_|ANTHROPIC|STRIPE)/.test(name))).toEqual([]);
    expect(r.dynamo).toMatch(/Requires net access to "127\.0\.0\.1:\d+"/);
    expect(r.dynamoByName).toMatch(/net access/);
    expect(r.s3).toMatch(/Requires net access to "127\.0\.0\.1:\d+"/);
    expect(r.spawn).toMatch(/Requires run access/);
    expect(r.write).toMatch(/Requires write access/);
    expect(r.importFile).toMatch(/Requires read access to "\/etc\/hostname"/);
  }, 60_000);

  it("a function that imports a file of the server is not deployed (also one the bundler would read by folding a constant)", async () => {
    expect((await write("foldsPath", 'Deno.serve(async () => new Response((await import("file:///etc/" + "hostname", { with: { type: "text" } })).default));')).status).toBe(200);
    const globbed = await invoke("foldsPath");
    expect(globbed.body).toMatchObject({ code: "FUNCTION_BUILD_FAILED" });
    expect(globbed.body.error).toContain("may not bundle files of the server");

    expect((await write("readsFile", 'import text from "/etc/hostname" with { type: "text" };\nDeno.serve(() => new Response(text));')).status).toBe(200);
    const res = await invoke("readsFile");
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: "FUNCTION_BUILD_FAILED" });
    expect(res.body.error).toContain("cannot import files");
    expect(res.body.error).not.toContain(hostname());
  }, 60_000);
});

/** A listener of this test's, on `host`, answering "reached" to anyone who gets through. */
async function listener(host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => res.end("reached"));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

const LOOPBACK = `Deno.serve(async (req) => {
  const { targets } = await req.json();
  const api = req.headers.get("base44-api-url");
  const attempt = async (f) => { try { return await f(); } catch (e) { return "refused: " + String(e?.cause?.message ?? e?.message ?? e); } };
  const reached = {};
  for (const [name, url] of Object.entries(targets)) reached[name] = await attempt(async () => (await (await fetch(url)).text()));
  const { createServer } = await import("node:net");
  return Response.json({
    api,
    tokenViaSdkApi: await attempt(async () => (await fetch(api + "/api/local/token", { method: "POST", headers: { "content-type": "application/json" }, body: '{"email":"admin@kiln.local"}' })).status),
    healthViaSdkApi: await attempt(async () => (await fetch(api + "/api/health")).status),
    reached,
    denoListen: await attempt(() => { Deno.listen({ hostname: "127.0.0.1", port: 0 }).close(); return "listening"; }),
    nodeListen: await attempt(() => { createServer().listen(0, "127.0.0.2"); return "listening"; }),
    path: Deno.env.get("PATH") ?? null,
  });
});
`;

describe("loopback (issue 21)", () => {
  it("a function reaches Kiln's API at its one address, without the local-only routes, and nothing else on loopback; it cannot listen", async () => {
    const main = new URL(inject("apiUrl"));
    const local = await listener("127.0.0.1");
    const everywhere = await listener("0.0.0.0");
    try {
      // a new function, so its process starts after both listeners opened
      expect((await write("loopback", LOOPBACK)).status).toBe(200);
      const targets = {
        main: `http://127.0.0.1:${main.port}/api/health`,
        mainByName: `http://localhost:${main.port}/api/health`,
        mainOnSecondAddress: `http://127.0.0.2:${main.port}/api/health`,
        localService: `http://127.0.0.1:${local.port}/`,
        wildcardService: `http://127.0.0.2:${everywhere.port}/`,
        wildcardServiceMapped: `http://[::ffff:127.0.0.1]:${everywhere.port}/`,
        // the address opened for the tests' third parties (SANDBOX_OPEN_LOOPBACK) does not open what listens everywhere
        wildcardOnOpenAddress: `http://127.0.0.3:${everywhere.port}/`,
        mainOnOpenAddress: `http://127.0.0.3:${main.port}/api/health`,
      };
      const res = await invoke("loopback", { targets });
      expect(res.status).toBe(200);
      const r = res.body;
      expect(r.api).toMatch(/^http:\/\/127\.0\.0\.2:\d+$/);
      expect(r.healthViaSdkApi).toBe(200);
      expect(r.tokenViaSdkApi).toBe(404);
      for (const name of Object.keys(targets)) expect({ name, reached: r.reached[name] }).toEqual({ name, reached: expect.stringMatching(/^refused: .*net access/) });
      expect(r.denoListen).toMatch(/^refused: /);
      expect(r.nodeListen).toMatch(/^refused: .*cannot listen/);
      expect(r.path).toBeNull();
    } finally {
      local.server.close();
      everywhere.server.close();
    }
  }, 60_000);

  it("nothing a function left running after its answer gets CPU until its next call", async () => {
    // the loop starts a moment after the answer, so the answer is written first even on a loaded machine (a loop
    // started at once can hold Deno's own write of the answer, and the call then fails at its time limit)
    const busy = 'Deno.serve(() => { setTimeout(() => { const end = Date.now() + 20_000; while (Date.now() < end) {} }, 100); return Response.json({ pid: Deno.pid }); });';
    expect((await write("afterAnswer", busy)).status).toBe(200);
    const res = await invoke("afterAnswer");
    expect(res.status).toBe(200);
    const state = () => readFileSync(`/proc/${res.body.pid}/stat`, "utf8").split(") ")[1].split(" ")[0];
    // the process is stopped (T) as its answer is sent; a loop left running would keep it R
    const deadline = Date.now() + 5_000;
    while (state() !== "T" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(state()).toBe("T");
  }, 60_000);
});

describe("Deno's cache (issue 21)", () => {
  it("each function process has a cache folder of its own, so one frozen mid-write never holds up the others", async () => {
    const pidOf = 'Deno.serve(() => Response.json({ pid: Deno.pid, seen: Deno.env.get("DENO_DIR") ?? null }));';
    expect((await write("cacheA", pidOf)).status).toBe(200);
    expect((await write("cacheB", pidOf)).status).toBe(200);
    const [a, b] = [(await invoke("cacheA")).body, (await invoke("cacheB")).body];
    // the process's starting environment, as Deno read it; the function itself no longer sees the variable
    const dirOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").find((v) => v.startsWith("DENO_DIR="))?.slice("DENO_DIR=".length);
    const [dirA, dirB] = [dirOf(a.pid), dirOf(b.pid)];
    expect({ a: dirA?.includes("deno-dir-"), b: dirB?.includes("deno-dir-"), same: dirA === dirB, seen: [a.seen, b.seen] }).toEqual({ a: true, b: true, same: false, seen: [null, null] });
  }, 60_000);
});

describe("runaway functions", () => {
  it("a loop that never ends is stopped at the time limit and reported, while Kiln keeps answering", async () => {
    expect((await write("spin", "Deno.serve(async (req) => { const { spin } = await req.json(); while (spin) {} return Response.json({ ok: true }); });")).status).toBe(200);
    expect((await invoke("spin", { spin: false })).status).toBe(200);
    const running = invoke("spin", { spin: true });
    let spinDone = false;
    void running.then(() => (spinDone = true));
    const health = await call("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(spinDone).toBe(false);
    const res = await running;
    expect(res.status).toBe(504);
    expect(res.body).toMatchObject({ code: "FUNCTION_TIMEOUT", error: "The function did not answer within 4 s and was stopped." });
    expect((await logsOf("spin"))[0]).toMatchObject({ level: "error", message: "The function did not answer within 4 s and was stopped." });
    // the next call gets a fresh process
    expect((await invoke("spin", { spin: false })).body).toEqual({ ok: true });
  }, 60_000);

  it("unbounded memory is stopped at the limit and reported", async () => {
    expect((await write("hog", "Deno.serve(() => { const kept = []; while (true) kept.push(new Array(1_000_000).fill(Math.random())); });")).status).toBe(200);
    const res = await invoke("hog");
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("FUNCTION_MEMORY");
    expect(res.body.error).toMatch(/memory/);
    expect((await call("GET", "/api/health")).status).toBe(200);
  }, 60_000);

  it("memory outside the JavaScript heap is stopped too", async () => {
    expect((await write("buffers", "Deno.serve(async () => { const kept = []; while (true) { kept.push(new Uint8Array(32 * 1024 * 1024).fill(1)); await new Promise((r) => setTimeout(r, 5)); } });")).status).toBe(200);
    const res = await invoke("buffers");
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("FUNCTION_MEMORY");
  }, 60_000);

  it("more calls at once than a function may run are refused with a 429", async () => {
    expect((await write("slow", "Deno.serve(async () => { await new Promise((r) => setTimeout(r, 1500)); return Response.json({ ok: true }); });")).status).toBe(200);
    expect((await invoke("slow")).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 9 }, () => invoke("slow")));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(answers.find((a) => a.status === 429)!.body.code).toBe("FUNCTION_BUSY");
  }, 60_000);

  it("an error the function throws answers 500 with a request id, its text for the owner, and is in its logs", async () => {
    expect((await write("throws", 'Deno.serve(() => { throw new Error("boom in the function"); });')).status).toBe(200);
    const res = await invoke("throws");
    expect(res.status).toBe(500);
    // the caller gets a request id; the text is the owner's (detail, as the owner is the caller here) and in the logs
    expect(res.body).toMatchObject({ code: "FUNCTION_ERROR", error: `The function failed. Request id: ${res.body.request_id}`, detail: "Error: boom in the function" });
    expect((await logsOf("throws")).some((l) => l.level === "error" && l.message.includes("boom in the function"))).toBe(true);
  }, 60_000);
});
