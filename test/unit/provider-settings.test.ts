import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { testConnection, withStored } from "../../functions/agent/provider-settings";
import { configuredProviders, providerFor } from "../../functions/agent/providers";
import type { StoredProvider, StoredSettings } from "../../functions/core/providers/store";
import { ANTHROPIC_ENV, ANTHROPIC_URL, OPENAI_URL, chunked, drain, fixture, providerServer, remote, sse, turn } from "./provider-fixtures";

/** Providers saved in the admin portal (issue 23), laid over the environment and served through the real SDK, msw at the HTTP boundary. */

const server = providerServer();

const saved = (p: Partial<StoredProvider> & Pick<StoredProvider, "kind">): StoredProvider => ({
  api_key: null,
  key_last4: null,
  base_url: null,
  model: null,
  region: null,
  context_size: null,
  updated_date: "2026-11-28T00:00:00.000Z",
  ...p,
});

const OLLAMA = saved({ kind: "openai-compatible", base_url: "http://ollama.test:11434/v1", model: "qwen2.5-coder:14b", api_key: "ollama-secret-7788", context_size: 32768 });
const settings = (providers: StoredProvider[], def: StoredSettings["default"] = null): StoredSettings => ({
  providers: Object.fromEntries(providers.map((p) => [p.kind, p])),
  default: def,
});
const route = (p: ReturnType<typeof providerFor>) => (p.kind === "remote" ? `${p.provider}:${p.modelId}` : "offline");

describe("saved providers and the environment: the environment wins", () => {
  it("a saved provider serves when the environment configures none", () => {
    const env = withStored({}, settings([OLLAMA]));
    expect(configuredProviders(env)).toEqual(["openai-compatible"]);
    expect(route(providerFor("default", env))).toBe("openai-compatible:qwen2.5-coder:14b");
    expect(route(providerFor("claude_sonnet_4", env))).toBe("openai-compatible:qwen2.5-coder:14b");
  });

  it("a provider the environment configures ignores its saved settings, and every variable of a saved one is its own", () => {
    const env = withStored(
      { ANTHROPIC_API_KEY: "sk-ant-env", OPENAI_COMPATIBLE_API_KEY: "stale-env-key" },
      settings([saved({ kind: "anthropic", api_key: "sk-ant-saved", model: "claude-opus-4-20250514" }), saved({ ...OLLAMA, api_key: null })]),
    );
    expect(env.ANTHROPIC_API_KEY).toBe("sk-ant-env");
    expect(route(providerFor("default", env))).toBe("anthropic:claude-sonnet-4-20250514");
    // the saved OpenAI-compatible provider has no key: the environment's stray key is not mixed in
    expect(env.OPENAI_COMPATIBLE_API_KEY).toBeUndefined();
  });

  it("the saved default model applies unless KILN_DEFAULT_MODEL_PROVIDER is set", () => {
    const stored = settings([OLLAMA, saved({ kind: "google", api_key: "g-saved", model: "gemini-2.5-flash" })], "google");
    expect(route(providerFor("default", withStored({}, stored)))).toBe("google:gemini-2.5-flash");
    expect(route(providerFor("default", withStored({ KILN_DEFAULT_MODEL_PROVIDER: "openai-compatible" }, stored)))).toBe("openai-compatible:qwen2.5-coder:14b");
    expect(route(providerFor("default", withStored({}, { ...stored, default: "offline" })))).toBe("offline");
    // an app that names a model keeps it where its provider is configured
    expect(route(providerFor("gemini_2_5_pro", withStored({}, { ...stored, default: "openai-compatible" })))).toBe("google:gemini-2.5-pro");
  });
});

describe("a local model's context size", () => {
  /** The body of the one chat completions request a stream through this provider sends. */
  async function sentBody(stored: StoredProvider): Promise<Record<string, unknown>> {
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post(OPENAI_URL, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return sse(chunked(fixture("openai-compatible.sse")));
      }),
    );
    await drain(remote(providerFor("default", withStored({}, settings([stored])))).stream(turn()));
    expect(bodies).toHaveLength(1);
    return bodies[0]!;
  }

  it("is sent to an Ollama-style endpoint as options.num_ctx with every request", async () => {
    expect(await sentBody(OLLAMA)).toMatchObject({ model: "qwen2.5-coder:14b", stream: true, options: { num_ctx: 32768 } });
  });

  it("is not invented where none is set (OPENAI_COMPATIBLE_NUM_CTX unset)", async () => {
    expect((await sentBody({ ...OLLAMA, context_size: null })).options).toBeUndefined();
  });
});

describe("test connection", () => {
  it("answers ok with the model after one tiny real call, the key sent as the provider expects", async () => {
    let auth: string | null = null;
    let body: { max_tokens?: number; options?: unknown } | undefined;
    server.use(
      http.post(OPENAI_URL, async ({ request }) => {
        auth = request.headers.get("authorization");
        body = (await request.json()) as typeof body;
        return sse(chunked(fixture("openai-compatible.sse")));
      }),
    );
    const result = await testConnection("openai-compatible", withStored({}, settings([OLLAMA])));
    expect(result).toMatchObject({ ok: true, model: "qwen2.5-coder:14b", latency_ms: expect.any(Number) });
    expect(auth).toBe("Bearer ollama-secret-7788");
    expect(body).toMatchObject({ max_tokens: 16, options: { num_ctx: 32768 } });
  });

  it("answers the provider's readable error, with a key it echoes masked", async () => {
    let calls = 0;
    server.use(
      http.post(ANTHROPIC_URL, () => {
        calls++;
        return HttpResponse.json({ type: "error", error: { type: "authentication_error", message: `invalid x-api-key ${ANTHROPIC_ENV.ANTHROPIC_API_KEY}` } }, { status: 401 });
      }),
    );
    const result = await testConnection("anthropic", { ...ANTHROPIC_ENV, KILN_MODEL_MAX_RETRIES: "3" });
    expect(result).toEqual({ ok: false, model: "claude-sonnet-4-20250514", error: "Anthropic answered 401: invalid x-api-key ••••" });
    expect(JSON.stringify(result)).not.toContain(ANTHROPIC_ENV.ANTHROPIC_API_KEY);
    expect(calls).toBe(1);
  });

  it("answers that a provider nobody configured is not configured, without calling anything", async () => {
    expect(await testConnection("google", withStored({}, settings([OLLAMA])))).toEqual({ ok: false, model: null, error: "This provider is not configured" });
  });

  it("reports an endpoint that cannot be reached", async () => {
    server.use(http.post(OPENAI_URL, () => HttpResponse.error()));
    const result = await testConnection("openai-compatible", withStored({}, settings([OLLAMA])));
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ model: "qwen2.5-coder:14b", error: expect.stringMatching(/^The OpenAI-compatible endpoint (could not be reached|failed)/) });
  });
});
