import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";

/**
 * The admin portal's model providers (issue 23) on a local stack of their own, so a saved
 * provider and default change no other test's turns. An OpenAI-compatible stand-in (the shape
 * Ollama answers /v1/chat/completions with) runs in this process and records what it was sent.
 */

const KEY = "sk-local-secret-4321";
const REPLY = "I looked at the app. Nothing needs to change.";

interface Sent {
  authorization: string | undefined;
  body: { model: string; stream?: boolean; max_tokens?: number; options?: { num_ctx?: number }; messages: { role: string; content: string }[] };
}
const sent: Sent[] = [];
/** "ok" answers a streamed reply; "refuse" answers 401 and echoes the key back, as some gateways do. */
let mode: "ok" | "refuse" = "ok";

function chunk(delta: Record<string, unknown>, finish: string | null = null, usage?: Record<string, number>) {
  return `data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: "qwen-test", choices: usage ? [] : [{ index: 0, delta, finish_reason: finish }], ...(usage ? { usage } : {}) })}\n\n`;
}

let fake: Server;
let fakeUrl: string;
let stack: StackProcess;
let admin: string;
let maker: string;

async function at(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}
const tokenOf = async (email: string) => (await at("POST", "/api/local/token", undefined, { email })).body.access_token as string;

async function poll<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 150))) {
    const value = await read();
    if (done(value)) return value;
  }
  throw new Error("timed out");
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString()));
    req.on("end", () => {
      sent.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as Sent["body"] });
      if (mode === "refuse") {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}`, type: "invalid_request_error" } }));
        return;
      }
      const body = JSON.parse(raw) as { stream?: boolean };
      if (!body.stream) {
        // a whole answer at once (the suggestions after a turn ask this way)
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id: "chatcmpl-2", object: "chat.completion", created: 1, model: "qwen-test", choices: [{ index: 0, message: { role: "assistant", content: JSON.stringify(["search", "tags", "export"].map((w) => ({ title: `Add ${w}`, prompt: `Add ${w}` }))) }, finish_reason: "stop" }], usage: { prompt_tokens: 50, completion_tokens: 1, total_tokens: 51 } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(chunk({ role: "assistant", content: REPLY }) + chunk({}, "stop") + chunk({}, null, { prompt_tokens: 900, completion_tokens: 12, total_tokens: 912 }) + "data: [DONE]\n\n");
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`;
  // this stack's own default is the saved one: the environment's choice would win over it
  const chosen = process.env.KILN_DEFAULT_MODEL_PROVIDER;
  delete process.env.KILN_DEFAULT_MODEL_PROVIDER;
  stack = await startLocalStackProcess({ seed: true }).finally(() => {
    if (chosen !== undefined) process.env.KILN_DEFAULT_MODEL_PROVIDER = chosen;
  });
  admin = await tokenOf("admin@kiln.local");
  maker = await tokenOf("maker@kiln.local");
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((resolve) => fake?.close(resolve));
});

const ollama = () => ({ base_url: fakeUrl, model: "qwen-test", api_key: KEY, context_size: 32768 });

describe("model providers in the admin portal", () => {
  it("are the admins' alone", async () => {
    expect((await at("GET", "/api/admin/model-providers", maker)).status).toBe(403);
    expect((await at("PUT", "/api/admin/model-providers/openai-compatible", maker, ollama())).status).toBe(403);
    expect((await at("GET", "/api/admin/model-providers")).status).toBe(401);
  });

  it("a local model's context size must be set explicitly, and a kind takes only its own fields", async () => {
    const missing = await at("PUT", "/api/admin/model-providers/openai-compatible", admin, { ...ollama(), context_size: undefined });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toContain("Set the context size explicitly");
    expect((await at("PUT", "/api/admin/model-providers/openai-compatible", admin, { ...ollama(), context_size: 512 })).status).toBe(400);
    expect((await at("PUT", "/api/admin/model-providers/anthropic", admin, { api_key: "sk-ant-x", context_size: 8192 })).status).toBe(400);
    expect((await at("PUT", "/api/admin/model-providers/mistral", admin, ollama())).status).toBe(404);
  });

  it("saves a provider with its key write-only: answers show whether it is set and its last 4 characters", async () => {
    const saved = await at("PUT", "/api/admin/model-providers/openai-compatible", admin, ollama());
    expect(saved.status).toBe(200);
    const entry = saved.body.providers.find((p: { kind: string }) => p.kind === "openai-compatible");
    expect(entry).toMatchObject({ source: "stored", api_key: { set: true, last4: "4321" }, base_url: fakeUrl, model: "qwen-test", context_size: 32768, serves_as: "qwen-test" });
    const listed = await at("GET", "/api/admin/model-providers", admin);
    for (const answer of [saved, listed]) expect(answer.text).not.toContain(KEY);
    // saving again without a key keeps the stored one
    const kept = await at("PUT", "/api/admin/model-providers/openai-compatible", admin, { ...ollama(), api_key: undefined, context_size: 16384 });
    expect(kept.body.providers.find((p: { kind: string }) => p.kind === "openai-compatible")).toMatchObject({ api_key: { set: true, last4: "4321" }, context_size: 16384 });
    expect((await at("PUT", "/api/admin/model-providers/openai-compatible", admin, ollama())).status).toBe(200);
  });

  it("the environment wins: a provider it configures ignores what is saved", async () => {
    // this stack's environment has the Anthropic stand-in's key (test/api/global-setup.ts)
    const saved = await at("PUT", "/api/admin/model-providers/anthropic", admin, { api_key: "sk-ant-saved-9999" });
    expect(saved.status).toBe(200);
    const anthropic = saved.body.providers.find((p: { kind: string }) => p.kind === "anthropic");
    expect(anthropic).toMatchObject({ source: "environment", api_key: { set: true, last4: process.env.ANTHROPIC_API_KEY!.slice(-4) } });
    expect(saved.text).not.toContain("sk-ant-saved-9999");
    expect(saved.text).not.toContain(process.env.ANTHROPIC_API_KEY!);
    expect((await at("DELETE", "/api/admin/model-providers/anthropic", admin)).status).toBe(200);
  });

  it("test connection makes a tiny real call with num_ctx, and answers the provider's error without the key", async () => {
    sent.length = 0;
    const ok = await at("POST", "/api/admin/model-providers/openai-compatible/test", admin);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, model: "qwen-test", latency_ms: expect.any(Number) });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ authorization: `Bearer ${KEY}`, body: { model: "qwen-test", max_tokens: 16, options: { num_ctx: 32768 } } });

    mode = "refuse";
    try {
      const refused = await at("POST", "/api/admin/model-providers/openai-compatible/test", admin);
      expect(refused.status).toBe(200);
      expect(refused.body).toEqual({ ok: false, model: "qwen-test", error: "The OpenAI-compatible endpoint answered 401: Incorrect API key provided: ••••" });
      expect(refused.text).not.toContain(KEY);
    } finally {
      mode = "ok";
    }
    expect((await at("POST", "/api/admin/model-providers/google/test", admin)).body).toEqual({ ok: false, model: null, error: "This provider is not configured" });
  });

  it("the saved default model serves a turn of an app that names none, with the context size sent", async () => {
    // built by the offline engine first, then the default moves to the saved local model
    expect((await at("PUT", "/api/admin/model-default", admin, { provider: "offline" })).body.default).toMatchObject({ provider: "offline", from_environment: false, serving: null });
    const created = await at("POST", "/api/apps", maker, { user_description: "A simple notes app" });
    expect(created.status).toBe(201);
    const appOf = () => at("GET", `/api/apps/${created.body.id}`, maker).then((r) => r.body);
    await poll(appOf, (a) => a.status.state === "ready");
    expect(sent.filter((s) => s.body.max_tokens !== 16)).toHaveLength(0);

    const chosen = await at("PUT", "/api/admin/model-default", admin, { provider: "openai-compatible" });
    expect(chosen.body.default).toEqual({ provider: "openai-compatible", from_environment: false, serving: { provider: "openai-compatible", model: "qwen-test" } });
    sent.length = 0;
    expect((await at("POST", `/api/apps/${created.body.id}/chat/message`, maker, { content: "is anything missing?" })).status).toBe(201);
    const after = await poll(appOf, (a) => a.status.state !== "processing" && a.conversation.messages.at(-1).state !== "streaming");
    const last = after.conversation.messages.at(-1);
    expect(last).toMatchObject({ state: "done", content: expect.stringContaining(REPLY), metadata: { model: "qwen-test" } });
    const call = sent.find((s) => s.body.messages.some((m) => m.content.includes("is anything missing?")));
    expect(call).toMatchObject({ authorization: `Bearer ${KEY}`, body: { model: "qwen-test", options: { num_ctx: 32768 } } });
    expect(call!.body.messages[0]).toMatchObject({ role: "system" });
  });

  it("removing a provider stops it serving; removing it again names nothing", async () => {
    const removed = await at("DELETE", "/api/admin/model-providers/openai-compatible", admin);
    expect(removed.status).toBe(200);
    expect(removed.body.providers.find((p: { kind: string }) => p.kind === "openai-compatible")).toMatchObject({ source: "none", api_key: { set: false, last4: null }, serves_as: null });
    // the saved default names a provider no longer configured: the first configured (the environment's Anthropic) serves
    expect(removed.body.default.serving).toEqual({ provider: "anthropic", model: "claude-sonnet-4-20250514" });
    expect((await at("DELETE", "/api/admin/model-providers/openai-compatible", admin)).status).toBe(404);
    expect((await at("PUT", "/api/admin/model-default", admin, { provider: null })).body.default.provider).toBeNull();
  });
});
