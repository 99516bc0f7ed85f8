/**
 * The local stack's benchmark (`npm run bench`). Speed is reported, never asserted;
 * the process exits non-zero only when something answers wrongly or not at all.
 *
 *   1. cold start: startLocalStack() -> GET /api/health answers 200, three fresh stacks
 *      (the first in this process, two more in fresh child processes: see note below)
 *   2. GET /api/auth/me under 20 concurrent keep-alive clients
 *   3. update_model fan-out to 100 WebSocket members of one room: Realtime.broadcast()
 *      directly, and end to end (HTTP update-user -> DynamoDB stream -> broadcast)
 *   5. the same @base44/sdk workload against Kiln and against `base44 dev`
 *      (test/bench/sdk-workload.ts)
 *  5b. a backend function's call latency, cold and warm, on Kiln and on `base44 dev`
 *      (test/bench/functions.ts)
 *  5f. the security scan of a 20-page app, POST until up to date (test/bench/security-scan.ts)
 *  5g. input tokens per turn of a 10-turn session, before and after follow-ups stopped resending every file
 *      (test/bench/prompt-tokens.ts; `KILN_BENCH_ONLY=tokens`)
 *   6. file change -> preview re-rendered, the editor open in Chromium (test/bench/preview.ts)
 *
 * Note: only one local stack can run per process. The handlers' module-level clients
 * (functions/core/db.ts, the management client in functions/core/realtime/rooms.ts, the S3
 * client) and sst's Resource snapshot are created once, from the first stack's
 * SST_RESOURCE_* / AWS_ENDPOINT_URL_* environment, so a second startLocalStack() in the
 * same process keeps talking to the first (stopped) DynamoDB Local. The later cold
 * starts therefore run in child processes (test/bench/cold-start.ts).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalStack, type LocalStack } from "../../stacks/local/stack";
import { chatSend } from "./chat-send";
import { functionLatency } from "./functions";
import { previewRerender } from "./preview";
import { publishedFirstRender } from "./published";
import { handlerBundles } from "./bundles";
import { waitHealthy } from "./http";
import { Members } from "./room-members";
import { scaleQueries } from "./scale";
import { securityScanTimes } from "./security-scan";
import { sdkWorkload } from "./sdk-workload";
import { turnStream } from "./turn-stream";
import { promptTokensPerTurn } from "./prompt-tokens";
import { countRow, fmtMs, percentile, printTable, row, type Row } from "./table";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ORIGINAL_ENV = { ...process.env };

const COLD_STARTS = 3;
const HTTP_CLIENTS = 20;
const HTTP_WARMUP = 100;
const HTTP_REQUESTS = 2_000;
const SOCKETS = 100;
const FANOUT_WARMUP = 3;
const FANOUT_ROUNDS = 50;
const E2E_WARMUP = 2;
const E2E_ROUNDS = 20;
const BUILD_ROUNDS = 5;
/** `KILN_BENCH_ONLY=sdk,scale npm run bench` runs only the named sections (all when unset). */
const ONLY = new Set((process.env.KILN_BENCH_ONLY ?? "").split(",").map((s) => s.trim()).filter(Boolean));
const wants = (section: string) => ONLY.size === 0 || ONLY.has(section);

// ---------------------------------------------------------------- HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: HTTP_CLIENTS + 5 });

interface Answer {
  status: number;
  text: string;
}

function request(url: string, method: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: payload ? { ...headers, "content-type": "application/json", "content-length": String(payload.length) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url}: no answer within 30 s`)));
    req.on("error", reject);
    req.end(payload);
  });
}

async function expect200(what: string, answer: Promise<Answer>): Promise<any> {
  const { status, text } = await answer;
  if (status !== 200) throw new Error(`${what}: answered ${status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : undefined;
}

// ---------------------------------------------------------------- cold start in a fresh process

function coldStartInChild(): Promise<{ ms: number; startupMs: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "test/bench/cold-start.ts")], {
      cwd: ROOT,
      env: ORIGINAL_ENV,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("error", (e) => (clearTimeout(timer), reject(e)));
    child.on("close", (code) => {
      clearTimeout(timer);
      const line = out.split("\n").find((l) => l.startsWith("BENCH_COLD_START "));
      if (code !== 0 || !line) return reject(new Error(`cold-start child exited ${code}:\n${err.trim() || out.trim()}`));
      resolve(JSON.parse(line.slice("BENCH_COLD_START ".length)));
    });
  });
}

// ---------------------------------------------------------------- the benchmark

async function main(): Promise<number> {
  const rows: Row[] = [];
  const coldMs: number[] = [];
  const startupMs: number[] = [];
  let stack: LocalStack | undefined;
  let members: Members | undefined;

  console.log(`Kiln local stack benchmark: Node ${process.version}, ${os.platform()} ${os.arch()}, ${os.cpus().length} CPU(s) (${os.cpus()[0]?.model.trim() ?? "?"})`);
  console.log("Load generator and stack share this process (the stack runs in-process); times include client overhead.\n");

  try {
    // 1. cold start #1, in this process (stack.ts is imported before the clock starts, as in the children)
    process.stdout.write(`cold start 1/${COLD_STARTS} (in-process)… `);
    const t0 = performance.now();
    stack = await startLocalStack({ port: 0, dataDir: null, seed: true });
    await waitHealthy(stack.url);
    coldMs.push(performance.now() - t0);
    startupMs.push(stack.startupMs);
    console.log(fmtMs(coldMs[0]));
    const { url, socketUrl } = stack;

    // A bench user and its token.
    const email = `bench-${Date.now().toString(36)}@bench.kiln`;
    const { access_token: token } = await expect200("POST /api/local/token", request(`${url}/api/local/token`, "POST", {}, { email }));
    const auth = { authorization: `Bearer ${token}` };
    const me = await expect200("GET /api/auth/me", request(`${url}/api/auth/me`, "GET", auth));
    if (typeof me?.id !== "string" || me.email !== email) throw new Error(`GET /api/auth/me answered an unexpected body: ${JSON.stringify(me)}`);
    const userId: string = me.id;
    // The builder rounds below send more messages than the Free plan's 7 a day.
    const { access_token: adminToken } = await expect200("POST /api/local/token", request(`${url}/api/local/token`, "POST", {}, { email: "admin@kiln.local" }));
    await expect200("POST update-user (tier)", request(`${url}/api/auth/${me.id}/update-user`, "POST", { authorization: `Bearer ${adminToken}` }, { subscription_tier: "pro" }));

    // 2. GET /api/auth/me, 20 concurrent keep-alive clients
    if (wants("me")) {
    process.stdout.write(`GET /api/auth/me: ${HTTP_WARMUP} warm-up + ${HTTP_REQUESTS} measured, ${HTTP_CLIENTS} clients… `);
    const hitMe = async () => {
      const s = performance.now();
      const body = await expect200("GET /api/auth/me", request(`${url}/api/auth/me`, "GET", auth));
      const ms = performance.now() - s;
      if (body?.id !== userId) throw new Error(`GET /api/auth/me answered another user: ${JSON.stringify(body)}`);
      return ms;
    };
    const load = async (total: number, into: number[]) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: HTTP_CLIENTS }, async () => {
          while (next < total) {
            next++;
            into.push(await hitMe());
          }
        }),
      );
    };
    await load(HTTP_WARMUP, []);
    const meMs: number[] = [];
    const tLoad = performance.now();
    await load(HTTP_REQUESTS, meMs);
    const loadSeconds = (performance.now() - tLoad) / 1000;
    if (meMs.length !== HTTP_REQUESTS) throw new Error(`expected ${HTTP_REQUESTS} answers, got ${meMs.length}`);
    const rps = HTTP_REQUESTS / loadSeconds;
    console.log(`${rps.toFixed(0)} req/s`);
    rows.push(row(`GET /api/auth/me (${HTTP_CLIENTS} clients, keep-alive)`, meMs, `${rps.toFixed(0)} req/s, all ${HTTP_REQUESTS} answered 200`));
    }

    // 3. 100 members of user:<id>
    if (wants("broadcast")) {
    const room = `user:${userId}`;
    process.stdout.write(`opening ${SOCKETS} sockets and joining ${room}… `);
    const tOpen = performance.now();
    members = new Members(room);
    await members.open(socketUrl, token, SOCKETS);
    console.log(fmtMs(performance.now() - tOpen));

    // The stack has set the SST_RESOURCE_* environment by now; this is the module instance its handlers use.
    const { Realtime } = await import("../../functions/core/realtime/rooms.ts");
    if ((await Realtime.members(room)).length !== SOCKETS) throw new Error(`expected ${SOCKETS} members of ${room}`);

    // 3a. pure fan-out: Realtime.broadcast() -> last of 100 members received it
    process.stdout.write(`Realtime.broadcast to ${SOCKETS} members: ${FANOUT_WARMUP} warm-up + ${FANOUT_ROUNDS} rounds… `);
    const fanoutMs: number[] = [];
    const callMs: number[] = [];
    for (let n = 0; n < FANOUT_WARMUP + FANOUT_ROUNDS; n++) {
      const all = members.expect((d) => d.n === n);
      const s = performance.now();
      const delivered = await Realtime.broadcast(room, { n }, null);
      const returned = performance.now();
      const last = await all;
      if (delivered !== SOCKETS) throw new Error(`broadcast ${n} reported ${delivered} deliveries, expected ${SOCKETS}`);
      if (n >= FANOUT_WARMUP) {
        fanoutMs.push(last - s);
        callMs.push(returned - s);
      }
    }
    console.log("done");
    const callSorted = [...callMs].sort((a, b) => a - b);
    rows.push(
      row(
        `room broadcast -> all ${SOCKETS} members (Realtime.broadcast)`,
        fanoutMs,
        `broadcast() returns after p50 ${fmtMs(percentile(callSorted, 50))}, p99 ${fmtMs(percentile(callSorted, 99))}`,
      ),
    );

    // 3b. end to end: POST update-user -> DynamoDB stream -> broadcast -> last of 100 members
    process.stdout.write(`update-user -> stream -> ${SOCKETS} members: ${E2E_WARMUP} warm-up + ${E2E_ROUNDS} rounds… `);
    const e2eMs: number[] = [];
    const httpMs: number[] = [];
    for (let i = 0; i < E2E_WARMUP + E2E_ROUNDS; i++) {
      const name = `Bench Round ${i} ${Math.random().toString(36).slice(2, 8)}`;
      const all = members.expect((d) => (d.user as { full_name?: string } | undefined)?.full_name === name);
      const s = performance.now();
      const updated = await expect200(
        "POST /api/auth/{id}/update-user",
        request(`${url}/api/auth/${userId}/update-user`, "POST", auth, { full_name: name }),
      );
      const answered = performance.now();
      if (updated?.full_name !== name) throw new Error(`update-user answered ${JSON.stringify(updated)}`);
      const last = await all;
      if (i >= E2E_WARMUP) {
        e2eMs.push(last - s);
        httpMs.push(answered - s);
      }
    }
    console.log("done");
    rows.push(row(`update-user -> stream -> all ${SOCKETS} members (end to end)`, e2eMs, "stream poller interval is 100 ms"));
    rows.push(row("  of which POST /api/auth/{id}/update-user answer", httpMs));
    if (members.strays) throw new Error(`${members.strays} update_model message(s) arrived outside their round`);
    if (members.duplicates) throw new Error(`${members.duplicates} update_model message(s) arrived twice at one socket`);
    }

    // 4. the builder: prompt -> app ready with the offline engine, and table writes per AI turn
    if (wants("build")) {
    process.stdout.write(`prompt -> app ready (offline engine), ${BUILD_ROUNDS} apps… `);
    const { tableWrites } = await import("../../functions/core/db.ts");
    const buildMs: number[] = [];
    const firstTurnWrites: number[] = [];
    const followUpWrites: number[] = [];
    const waitReady = async (id: string) => {
      for (;;) {
        const app = await expect200("GET /api/apps/{id}", request(`${url}/api/apps/${id}`, "GET", auth));
        if (app.status.state === "error") throw new Error(`app ${id} failed: ${app.status.details}`);
        if (app.status.state === "ready") return app;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    for (let i = 0; i < BUILD_ROUNDS; i++) {
      const w0 = tableWrites();
      const s = performance.now();
      const created = await request(`${url}/api/apps`, "POST", auth, { user_description: "A CRM to track customers, deals and follow-up tasks" });
      if (created.status !== 201) throw new Error(`POST /api/apps answered ${created.status}: ${created.text}`);
      const appId = JSON.parse(created.text).id as string;
      await waitReady(appId);
      buildMs.push(performance.now() - s);
      firstTurnWrites.push(tableWrites() - w0);
      const w1 = tableWrites();
      const sent = await request(`${url}/api/apps/${appId}/chat/message`, "POST", auth, { content: "add a priority field to tasks" });
      if (sent.status !== 201) throw new Error(`chat/message answered ${sent.status}: ${sent.text}`);
      await waitReady(appId);
      followUpWrites.push(tableWrites() - w1);
    }
    console.log("done");
    rows.push(row("prompt -> app ready (offline engine, CRM)", buildMs, "POST /api/apps until status ready; 3 entities, ~12 pages"));
    rows.push(countRow("table writes per AI turn: first build (incl. create)", firstTurnWrites));
    rows.push(countRow("table writes per AI turn: 'add a priority field'", followUpWrites));
    }

    // 5. the same @base44/sdk workload against Kiln and against `base44 dev`
    if (wants("sdk")) for (const r of await sdkWorkload()) rows.push(row(r.what, r.samples, r.extra));

    // 5b. a Base44-style backend function, cold (after each deploy) and warm, on Kiln and `base44 dev`
    if (wants("functions")) for (const r of await functionLatency(url)) rows.push(row(r.what, r.samples, r.extra));

    // 5c. 100k records in one entity: indexed queries and count against get by id (test/bench/scale.ts)
    if (wants("scale")) for (const r of await scaleQueries(url, adminToken)) rows.push({ ...row(r.what, r.samples, r.extra), unit: r.unit });

    // 5d. chat send latency, an empty app against one with 100k records, and a 100k-record restore (test/bench/chat-send.ts)
    if (wants("chatsend")) for (const r of await chatSend(url, adminToken)) rows.push(row(r.what, r.samples, r.extra));

    // 5e. a turn streamed by a model: first page stored vs turn length, ready vs suggestions, message bytes pushed (test/bench/turn-stream.ts)
    if (wants("turn")) for (const r of await turnStream(url, socketUrl, token)) rows.push({ ...row(r.what, r.samples, r.extra), unit: r.unit });

    // 5f. the security scan of a 20-page app, POST until GET answers up_to_date (test/bench/security-scan.ts)
    if (wants("security")) for (const r of await securityScanTimes(url, token)) rows.push(row(r.what, r.samples, r.extra));

    // 5g. input tokens per turn of a 10-turn session, every file every turn (before) against follow-ups that send what matters (test/bench/prompt-tokens.ts)
    if (wants("tokens")) {
      const turns = promptTokensPerTurn();
      console.log("\nInput tokens per turn, a 10-turn session (all model calls of each turn; estimated as context.ts counts for Claude):");
      for (const t of turns) console.log(`  turn ${String(t.turn).padStart(2)} (${t.files} files, ${t.calls} call${t.calls > 1 ? "s" : ""}): before ${t.before.toLocaleString("en-US")}, after ${t.after.toLocaleString("en-US")}${t.fix ? ` (its automated fix call: before ${t.fix.before.toLocaleString("en-US")}, after ${t.fix.after.toLocaleString("en-US")})` : ""}  ${t.request}`);
      const total = (k: "before" | "after") => turns.reduce((n, t) => n + t[k], 0).toLocaleString("en-US");
      rows.push({ ...countRow("input tokens per turn, 10-turn session: every file every turn (before)", turns.map((t) => t.before)), extra: `total ${total("before")}` });
      rows.push({ ...countRow("input tokens per turn, 10-turn session: follow-ups send what matters (after)", turns.map((t) => t.after)), extra: `total ${total("after")}` });
    }

    // 6. file change -> preview re-rendered, the editor open in real Chromium (test/bench/preview.ts)
    if (wants("preview")) {
      process.stdout.write("file change -> preview re-rendered (Chromium, own stack)… ");
      for (const r of await previewRerender()) rows.push(row(r.what, r.samples, r.extra));
      console.log("done");
    }

    // 7. a published app's first render, built at publish against compiled in the page, and a signed-in user's time to first data (test/bench/published.ts)
    if (wants("published")) {
      process.stdout.write("published app first render and first data (Chromium, own stack)… ");
      for (const r of await publishedFirstRender()) rows.push(row(r.what, r.samples, r.extra));
      console.log("done");
    }

    // 8. each Lambda handler bundled as SST bundles it: size and cold init, in its own table (test/bench/bundles.ts)
    if (wants("bundles")) await handlerBundles();

    // Clean up the sockets, and wait until $disconnect has removed them from the room.
    if (members) {
      const { Realtime } = await import("../../functions/core/realtime/rooms.ts");
      const room = members.room;
      await members.close();
      members = undefined;
      const deadline = Date.now() + 10_000;
      while ((await Realtime.members(room)).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    }
    await stack.stop();
    stack = undefined;

    // 1 (continued). cold starts #2.. in fresh processes
    for (let i = 2; i <= (wants("cold") ? COLD_STARTS : 1); i++) {
      process.stdout.write(`cold start ${i}/${COLD_STARTS} (fresh process)… `);
      const r = await coldStartInChild();
      coldMs.push(r.ms);
      startupMs.push(r.startupMs);
      console.log(fmtMs(r.ms));
    }
    const startupSorted = [...startupMs].sort((a, b) => a - b);
    rows.unshift(
      row(
        "cold start: startLocalStack() -> /api/health 200",
        coldMs,
        `startupMs reported by the stack: median ${fmtMs(percentile(startupSorted, 50))}`,
        false,
      ),
    );

    console.log("");
    printTable(rows);
    return 0;
  } catch (err) {
    console.error("\nBENCHMARK FAILED:", err);
    return 1;
  } finally {
    await members?.close().catch(() => undefined);
    await stack?.stop().catch((e) => console.error("stopping the stack failed:", e));
    agent.destroy();
  }
}

main().then((code) => process.exit(code));