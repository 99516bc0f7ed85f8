import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm start` stops cleanly on Ctrl-C (issue 8): a terminal's Ctrl-C reaches the whole process
 * group, stand-ins included, and the stack must still stop its pollers before its stand-ins,
 * within a bound, without a poller hammering a DynamoDB Local that is gone, even while an AI
 * turn waits on a model that never answers.
 */

const root = path.resolve(import.meta.dirname, "../..");
const READY = "KILN_STACK_READY ";

/** A model provider (Anthropic's wire) that takes the request and never answers: a turn that would run forever. */
async function silentModel(): Promise<{ url: string; asked: Promise<void>; close(): void }> {
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    asked();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, asked: wasAsked, close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

function startStack(env: Record<string, string>): { child: ChildProcess; output: () => string; ready: Promise<{ url: string }>; exited: Promise<number | null> } {
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  // its own process group, as a terminal gives `npm start`, so the group's Ctrl-C is ours to send
  const child = spawn(process.execPath, [tsx, path.join(root, "stacks/local/child.ts")], {
    cwd: root,
    detached: true,
    env: { ...process.env, ...env, KILN_STACK_OPTIONS: "{}" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const ready = new Promise<{ url: string }>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((l) => l.startsWith(READY));
      if (line) resolve(JSON.parse(line.slice(READY.length)));
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    void exited.then((code) => reject(new Error(`the stack exited during start-up (code ${code}): ${output}`)));
  });
  return { child, output: () => output, ready, exited };
}

describe("the local stack on Ctrl-C", () => {
  it("stops within 10 s while an AI turn waits on its model, pollers before stand-ins, logging no ECONNREFUSED", { timeout: 120_000 }, async () => {
    const model = await silentModel();
    const stack = startStack({ ANTHROPIC_API_KEY: "held-key", ANTHROPIC_BASE_URL: model.url, KILN_DEFAULT_MODEL_PROVIDER: "anthropic", KILN_MODEL_MAX_RETRIES: "0" });
    const { url } = await stack.ready;
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const { access_token } = (await (await post("/api/local/token", { email: "stop@test.kiln" })).json()) as { access_token: string };
    expect((await post("/api/apps", { user_description: "A notes app" }, access_token)).status).toBe(201);
    await model.asked;

    const pressed = Date.now();
    process.kill(-stack.child.pid!, "SIGINT");
    const bound = new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 15_000).unref());
    const outcome = await Promise.race([stack.exited, bound]);
    if (outcome === "hung") process.kill(-stack.child.pid!, "SIGKILL");
    expect(outcome, stack.output()).toBe(0);
    expect(Date.now() - pressed).toBeLessThan(10_000);
    expect(stack.output()).not.toMatch(/ECONNREFUSED|poll failed/);
    model.close();
  });
});
