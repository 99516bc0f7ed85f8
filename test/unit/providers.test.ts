import { readFileSync } from "node:fs";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { estimateTokens } from "../../functions/agent/context";
import { buildPrompt, collapseActions, FILE_TREE_TOKENS, mentionedFiles, type PromptInput } from "../../functions/agent/prompt";
import { type ModelStream, type Provider, completeText, configuredProviders, providerFor } from "../../functions/agent/providers";
import { DIVIDER_MARK, REPLACE_MARK, SEARCH_MARK } from "../../lib/agent/protocol";

/**
 * The provider registry and the prompt. Third parties (Anthropic, Google, an
 * OpenAI-compatible endpoint) are replaced only at the HTTP boundary, by msw
 * replaying stream bodies recorded in their wire formats (test/fixtures/streams).
 */

const fixture = (name: string) => readFileSync(new URL(`../fixtures/streams/${name}`, import.meta.url), "utf8");

/** A body delivered in odd-sized byte pieces, so SSE events (and UTF-8 characters) split across network reads. */
function chunked(text: string, size = 37): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

const sse = (body: BodyInit, init: ResponseInit = {}) =>
  new HttpResponse(body, { status: 200, ...init, headers: { "content-type": "text/event-stream", "cache-control": "no-cache", ...(init.headers as Record<string, string>) } });

const ANTHROPIC_URL = "https://anthropic.test/v1/messages";
const GOOGLE_STREAM = /^https:\/\/gemini\.test\/v1beta\/models\/gemini-2\.5-pro:streamGenerateContent/;
const OPENAI_URL = "http://ollama.test:11434/v1/chat/completions";

const ANTHROPIC_ENV = { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: "https://anthropic.test", KILN_MODEL_MAX_RETRIES: "0" };
const GOOGLE_ENV = { GOOGLE_GENERATIVE_AI_API_KEY: "g-test", GOOGLE_BASE_URL: "https://gemini.test", KILN_MODEL_MAX_RETRIES: "0" };
const OPENAI_ENV = { OPENAI_COMPATIBLE_BASE_URL: "http://ollama.test:11434/v1/", OPENAI_COMPATIBLE_MODEL: "qwen2.5-coder:14b", OPENAI_COMPATIBLE_API_KEY: "ollama" };

const ACTIONS_TEXT = `<kiln-plan>Add a Help page and link it from the navigation — café-style.</kiln-plan>
<kiln-write path="pages/Help">
import React from "react";
import { Card, CardContent } from "@/components/ui/card";

export default function Help() {
  return (
    <Card>
      <CardContent className="p-6">Need a hand? Write to help@example.com.</CardContent>
    </Card>
  );
}
</kiln-write>
<kiln-edit path="layout/main">
<<<<<<< SEARCH
  { name: "Dashboard", page: "Dashboard" },
=======
  { name: "Dashboard", page: "Dashboard" },
  { name: "Help", page: "Help" },
>>>>>>> REPLACE
</kiln-edit>
Added a Help page and a link to it in the navigation. ✅`;

const FENCED_TEXT = `Sure — here is a notes page.

pages/Notes.jsx
\`\`\`jsx
export default function Notes() {
  return <div className="p-6">Notes</div>;
}
\`\`\`

It lists your notes.`;

const GOOGLE_TEXT = `<kiln-plan>Add a priority field to Task.</kiln-plan>
<kiln-write path="entities/Task">
{
  "name": "Task",
  "type": "object",
  "properties": {
    "title": { "type": "string" },
    "priority": { "type": "string", "enum": ["low", "medium", "high"], "default": "medium" }
  },
  "required": ["title"]
}
</kiln-write>
Tasks now have a priority (low, medium or high).`;

const OPENAI_TEXT = `Here is the component:

<kiln-write path="components/Greeting">
export default function Greeting({ name }) {
  return <h1 className="text-2xl">Hello, {name}!</h1>;
}
</kiln-write>
Done.`;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  vi.unstubAllEnvs();
});
afterAll(() => server.close());

function remote(provider: Provider) {
  if (provider.kind !== "remote") throw new Error(`expected a remote provider, got ${provider.kind}`);
  return provider;
}

const turn = (signal: AbortSignal = new AbortController().signal) => ({
  system: "You are Kiln's app builder.",
  messages: [
    { role: "user" as const, content: "Build a task app" },
    { role: "assistant" as const, content: '<kiln-write path="pages/Tasks">…</kiln-write>' },
    { role: "user" as const, content: "Add a help page" },
  ],
  signal,
});

async function drain(stream: ModelStream): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream.textStream) chunks.push(chunk);
  return chunks;
}

describe("providerFor: which model serves an app", () => {
  const route = (p: Provider) => (p.kind === "offline" ? "offline" : `${p.provider}:${p.modelId}`);

  it("is the offline engine for every model when nothing is configured", () => {
    for (const model of ["default", "claude_sonnet_4", "claude_3_7", "gemini_2_5_pro"] as const) {
      expect(providerFor(model, {})).toEqual({ kind: "offline" });
    }
    expect(configuredProviders({ ANTHROPIC_API_KEY: "   ", OPENAI_COMPATIBLE_BASE_URL: "http://x/v1" })).toEqual([]);
  });

  it("maps each model to its provider, and a model whose provider is missing to default", () => {
    const env = { ANTHROPIC_API_KEY: "a" };
    expect(route(providerFor("default", env))).toBe("anthropic:claude-sonnet-4-20250514");
    expect(route(providerFor("claude_sonnet_4", env))).toBe("anthropic:claude-sonnet-4-20250514");
    expect(route(providerFor("claude_3_7", env))).toBe("anthropic:claude-3-7-sonnet-20250219");
    expect(route(providerFor("gemini_2_5_pro", env))).toBe("anthropic:claude-sonnet-4-20250514");

    const google = { GOOGLE_GENERATIVE_AI_API_KEY: "g" };
    expect(route(providerFor("default", google))).toBe("google:gemini-2.5-pro");
    expect(route(providerFor("claude_sonnet_4", google))).toBe("google:gemini-2.5-pro");
    expect(route(providerFor("gemini_2_5_pro", google))).toBe("google:gemini-2.5-pro");
  });

  it("serves default from the first configured provider unless KILN_DEFAULT_MODEL_PROVIDER picks another", () => {
    const both = { ANTHROPIC_API_KEY: "a", GOOGLE_GENERATIVE_AI_API_KEY: "g", OPENAI_COMPATIBLE_BASE_URL: "http://o/v1", OPENAI_COMPATIBLE_MODEL: "llama3.1" };
    expect(configuredProviders(both)).toEqual(["anthropic", "google", "openai-compatible"]);
    expect(route(providerFor("default", both))).toBe("anthropic:claude-sonnet-4-20250514");
    expect(route(providerFor("default", { ...both, KILN_DEFAULT_MODEL_PROVIDER: "google" }))).toBe("google:gemini-2.5-pro");
    expect(route(providerFor("default", { ...both, KILN_DEFAULT_MODEL_PROVIDER: "openai-compatible" }))).toBe("openai-compatible:llama3.1");
    // A choice that is not configured is ignored.
    expect(route(providerFor("default", { ...both, KILN_DEFAULT_MODEL_PROVIDER: "bedrock" }))).toBe("anthropic:claude-sonnet-4-20250514");
    // "offline" keeps the offline engine for default while specific models still reach their providers.
    const offline = { ...both, KILN_DEFAULT_MODEL_PROVIDER: "offline" };
    expect(providerFor("default", offline)).toEqual({ kind: "offline" });
    expect(route(providerFor("claude_3_7", offline))).toBe("anthropic:claude-3-7-sonnet-20250219");
    expect(route(providerFor("gemini_2_5_pro", offline))).toBe("google:gemini-2.5-pro");
  });

  it("uses Bedrock's Claude inference profiles when only Bedrock is configured", () => {
    const env = { KILN_BEDROCK_MODEL: "us.meta.llama3-3-70b-instruct-v1:0", AWS_REGION: "us-west-2" };
    expect(configuredProviders(env)).toEqual(["bedrock"]);
    expect(route(providerFor("default", env))).toBe("bedrock:us.meta.llama3-3-70b-instruct-v1:0");
    expect(route(providerFor("claude_sonnet_4", env))).toBe("bedrock:us.anthropic.claude-sonnet-4-20250514-v1:0");
    expect(route(providerFor("claude_3_7", { ...env, AWS_REGION: "eu-central-1" }))).toBe("bedrock:eu.anthropic.claude-3-7-sonnet-20250219-v1:0");
    expect(route(providerFor("gemini_2_5_pro", env))).toBe("bedrock:us.meta.llama3-3-70b-instruct-v1:0");
    // With an Anthropic key as well, Claude goes to Anthropic.
    expect(route(providerFor("claude_sonnet_4", { ...env, ANTHROPIC_API_KEY: "a" }))).toBe("anthropic:claude-sonnet-4-20250514");
  });

  it("needs both the base URL and the model for an OpenAI-compatible endpoint", () => {
    expect(configuredProviders({ OPENAI_COMPATIBLE_BASE_URL: "http://localhost:11434/v1" })).toEqual([]);
    expect(route(providerFor("default", OPENAI_ENV))).toBe("openai-compatible:qwen2.5-coder:14b");
  });

  it("reads process.env when no env is given", () => {
    for (const name of ["ANTHROPIC_API_KEY", "GOOGLE_GENERATIVE_AI_API_KEY", "KILN_BEDROCK_MODEL", "OPENAI_COMPATIBLE_BASE_URL", "OPENAI_COMPATIBLE_MODEL", "KILN_DEFAULT_MODEL_PROVIDER"]) {
      vi.stubEnv(name, "");
    }
    expect(providerFor("default")).toEqual({ kind: "offline" });
    vi.stubEnv("GOOGLE_GENERATIVE_AI_API_KEY", "g");
    expect(configuredProviders()).toEqual(["google"]);
    expect(route(providerFor("claude_sonnet_4"))).toBe("google:gemini-2.5-pro");
  });
});

describe("streaming through the providers' wire formats", () => {
  it("Anthropic: action tags split across events arrive as the exact text, with usage", async () => {
    const seen: { headers: Headers; body: Record<string, unknown> }[] = [];
    server.use(
      http.post(ANTHROPIC_URL, async ({ request }) => {
        seen.push({ headers: request.headers, body: (await request.json()) as Record<string, unknown> });
        return sse(chunked(fixture("anthropic-actions.sse")));
      }),
    );
    const provider = remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV));
    const stream = provider.stream(turn());
    expect(stream.modelId).toBe("claude-sonnet-4-20250514");
    const chunks = await drain(stream);
    expect(chunks.join("")).toBe(ACTIONS_TEXT);
    expect(chunks.length).toBeGreaterThan(5);
    expect(await stream.usage).toEqual({ inputTokens: 2417, outputTokens: 163, finishReason: "stop" });

    expect(seen).toHaveLength(1);
    expect(seen[0].headers.get("x-api-key")).toBe("sk-ant-test");
    expect(seen[0].headers.get("anthropic-version")).toBeTruthy();
    const body = seen[0].body as { model: string; stream: boolean; system: unknown; messages: { role: string }[] };
    expect(body).toMatchObject({ model: "claude-sonnet-4-20250514", stream: true, max_tokens: 64_000 });
    expect(JSON.stringify(body.system)).toContain("You are Kiln's app builder.");
    expect(body.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("Anthropic: code in plain markdown fences comes through untouched", async () => {
    let maxTokens: unknown;
    server.use(
      http.post(ANTHROPIC_URL, async ({ request }) => {
        maxTokens = ((await request.json()) as { max_tokens?: number }).max_tokens;
        return sse(chunked(fixture("anthropic-fenced.sse"), 11));
      }),
    );
    const stream = remote(providerFor("claude_3_7", ANTHROPIC_ENV)).stream(turn());
    expect((await drain(stream)).join("")).toBe(FENCED_TEXT);
    // Not the SDK's 4,096-token cap for models it does not know: a whole app must fit.
    expect(maxTokens).toBe(64_000);
    expect(await stream.usage).toEqual({ inputTokens: 1380, outputTokens: 58, finishReason: "stop" });
  });

  it("Google: streamGenerateContent over SSE, thinking tokens counted as output", async () => {
    let request: Request | undefined;
    let body: { contents: { role: string }[]; systemInstruction: unknown } | undefined;
    server.use(
      http.post(GOOGLE_STREAM, async ({ request: r }) => {
        request = r;
        body = (await r.json()) as typeof body;
        return sse(chunked(fixture("google-actions.sse"), 53));
      }),
    );
    const stream = remote(providerFor("gemini_2_5_pro", GOOGLE_ENV)).stream(turn());
    expect(stream.modelId).toBe("gemini-2.5-pro");
    expect((await drain(stream)).join("")).toBe(GOOGLE_TEXT);
    expect(await stream.usage).toEqual({ inputTokens: 3021, outputTokens: 187 + 512, finishReason: "stop" });
    expect(new URL(request!.url).searchParams.get("alt")).toBe("sse");
    expect(request!.headers.get("x-goog-api-key")).toBe("g-test");
    expect(JSON.stringify(body!.systemInstruction)).toContain("You are Kiln's app builder.");
    expect(body!.contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
  });

  it("OpenAI-compatible: chat completions chunks up to [DONE], with usage", async () => {
    let body: Record<string, unknown> | undefined;
    let auth: string | null = null;
    server.use(
      http.post(OPENAI_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        auth = request.headers.get("authorization");
        return sse(chunked(fixture("openai-compatible.sse"), 29));
      }),
    );
    const stream = remote(providerFor("default", OPENAI_ENV)).stream(turn());
    expect((await drain(stream)).join("")).toBe(OPENAI_TEXT);
    expect(await stream.usage).toEqual({ inputTokens: 1544, outputTokens: 61, finishReason: "stop" });
    expect(body).toMatchObject({ model: "qwen2.5-coder:14b", stream: true, stream_options: { include_usage: true } });
    expect((body!.messages as { role: string }[]).map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(auth).toBe("Bearer ollama");
  });

  it("completeText asks once without streaming", async () => {
    server.use(
      http.post(ANTHROPIC_URL, async ({ request }) => {
        const body = (await request.json()) as { stream?: boolean; max_tokens: number };
        expect(body.stream ?? false).toBe(false);
        return HttpResponse.json({
          id: "msg_01Suggest",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-20250514",
          content: [{ type: "text", text: '[{"title":"Add search","prompt":"Add a search box"}]' }],
          stop_reason: "end_turn",
          stop_sequence: null,
          usage: { input_tokens: 52, output_tokens: 19 },
        });
      }),
    );
    expect(await completeText(providerFor("default", ANTHROPIC_ENV), turn())).toBe('[{"title":"Add search","prompt":"Add a search box"}]');
    await expect(completeText({ kind: "offline" }, turn())).rejects.toThrow(/offline engine/);
  });
});

describe("provider failures surface as readable errors", () => {
  const anthropicError = (status: number, type: string, message: string, headers: Record<string, string> = {}) =>
    HttpResponse.json({ type: "error", error: { type, message } }, { status, headers });

  it("an HTTP 401 names the provider, the status and the provider's message", async () => {
    server.use(http.post(ANTHROPIC_URL, () => anthropicError(401, "authentication_error", "invalid x-api-key")));
    const stream = remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn());
    await expect(drain(stream)).rejects.toThrow("Anthropic answered 401: invalid x-api-key");
    expect(await stream.usage).toEqual({});
    await expect(completeText(providerFor("default", ANTHROPIC_ENV), turn())).rejects.toThrow("Anthropic answered 401: invalid x-api-key");
  });

  it("an HTTP 500 is retried (KILN_MODEL_MAX_RETRIES), then reported with the last answer", async () => {
    let calls = 0;
    server.use(
      http.post(ANTHROPIC_URL, () => {
        calls++;
        return anthropicError(500, "api_error", "Internal server error", { "retry-after-ms": "1" });
      }),
    );
    const stream = remote(providerFor("claude_sonnet_4", { ...ANTHROPIC_ENV, KILN_MODEL_MAX_RETRIES: "2" })).stream(turn());
    await expect(drain(stream)).rejects.toThrow("Anthropic answered 500: Internal server error");
    expect(calls).toBe(3);

    calls = 0;
    await expect(drain(remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn()))).rejects.toThrow("Anthropic answered 500");
    expect(calls).toBe(1);
  });

  it("Google's error body is read too", async () => {
    server.use(
      http.post(GOOGLE_STREAM, () =>
        HttpResponse.json({ error: { code: 400, message: "API key not valid. Please pass a valid API key.", status: "INVALID_ARGUMENT" } }, { status: 400 }),
      ),
    );
    const stream = remote(providerFor("gemini_2_5_pro", GOOGLE_ENV)).stream(turn());
    await expect(drain(stream)).rejects.toThrow("Google answered 400: API key not valid. Please pass a valid API key.");
  });

  it("an error event in the middle of a stream stops it with the provider's reason", async () => {
    server.use(http.post(ANTHROPIC_URL, () => sse(fixture("anthropic-overloaded.sse"))));
    const chunks: string[] = [];
    const stream = remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn());
    await expect(
      (async () => {
        for await (const chunk of stream.textStream) chunks.push(chunk);
      })(),
    ).rejects.toThrow("Anthropic reported overloaded_error: Overloaded");
    expect(chunks.join("")).toBe("<kiln-plan>Add a");
  });

  it("a provider that cannot be reached says so", async () => {
    server.use(http.post(OPENAI_URL, () => HttpResponse.error()));
    const stream = remote(providerFor("default", { ...OPENAI_ENV, KILN_MODEL_MAX_RETRIES: "0" })).stream(turn());
    await expect(drain(stream)).rejects.toThrow(/^The OpenAI-compatible endpoint could not be reached/);
  });

  it("reads each common failure as a person would want, and says whether trying again may help", async () => {
    const cases: [() => Response, string, boolean][] = [
      [() => anthropicError(529, "overloaded_error", "Overloaded"), "The model is overloaded, try again", true],
      [() => anthropicError(503, "api_error", "Service unavailable"), "The model is overloaded, try again", true],
      [() => anthropicError(429, "rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"), "The model is getting too many requests right now. Wait a minute, then try again", true],
      [() => anthropicError(401, "authentication_error", "invalid x-api-key"), "The model provider refused the server's API key. Ask whoever runs this Kiln to check it", false],
      [() => anthropicError(403, "permission_error", "Your API key does not have permission"), "The model provider refused the server's API key. Ask whoever runs this Kiln to check it", false],
      [() => anthropicError(400, "invalid_request_error", "prompt is too long: 212000 tokens > 200000 maximum"), "This request and the app's files are more than the model can read at once. Ask for a smaller change, or name fewer files", false],
      [() => HttpResponse.error(), "Kiln could not reach the model provider. Check the connection, then try again", true],
    ];
    for (const [answer, summary, retryable] of cases) {
      server.use(http.post(ANTHROPIC_URL, answer));
      const error = await drain(remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn())).then(() => null, (e: unknown) => e);
      expect(error, summary).toMatchObject({ summary, retryable });
    }
    server.use(http.post(ANTHROPIC_URL, () => sse(fixture("anthropic-overloaded.sse"))));
    expect(await drain(remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn())).catch((e: unknown) => e)).toMatchObject({ summary: "The model is overloaded, try again" });
  });

  it("an answer cut off at the output limit ends with finishReason 'length'", async () => {
    const events = [
      ["message_start", { type: "message_start", message: { id: "m", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } }],
      ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: '<kiln-write path="pages/A">\nexport default' } }],
      ["content_block_stop", { type: "content_block_stop", index: 0 }],
      ["message_delta", { type: "message_delta", delta: { stop_reason: "max_tokens", stop_sequence: null }, usage: { output_tokens: 64000 } }],
      ["message_stop", { type: "message_stop" }],
    ] as const;
    server.use(http.post(ANTHROPIC_URL, () => sse(events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join(""))));
    const stream = remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn());
    await drain(stream);
    expect(await stream.usage).toMatchObject({ finishReason: "length" });
  });
});

describe("stopping a stream", () => {
  it("aborting the signal ends the stream at once with the signal's reason", async () => {
    const events = fixture("anthropic-actions.sse").split("\n\n").filter(Boolean).map((e) => `${e}\n\n`);
    let requestAborted = false;
    server.use(
      http.post(ANTHROPIC_URL, ({ request }) => {
        request.signal.addEventListener("abort", () => (requestAborted = true));
        const encoder = new TextEncoder();
        return sse(
          new ReadableStream({
            start(controller) {
              // The first text deltas, then the model "thinks" forever.
              for (const e of events.slice(0, 6)) controller.enqueue(encoder.encode(e));
            },
          }),
        );
      }),
    );
    class Stopped extends Error {}
    const abort = new AbortController();
    const stream = remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn(abort.signal));
    const chunks: string[] = [];
    const started = Date.now();
    const done = (async () => {
      for await (const chunk of stream.textStream) {
        chunks.push(chunk);
        if (chunks.join("").includes("kiln-pl")) abort.abort(new Stopped("stop requested"));
      }
    })();
    await expect(done).rejects.toBeInstanceOf(Stopped);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(chunks.join("")).toBe("<kiln-pl");
    expect(await stream.usage).toEqual({});
    // The HTTP request itself is aborted, so the provider stops generating (and billing).
    await vi.waitFor(() => expect(requestAborted).toBe(true));
  });

  it("a signal aborted before the stream starts sends no request", async () => {
    const abort = new AbortController();
    abort.abort();
    const stream = remote(providerFor("claude_sonnet_4", ANTHROPIC_ENV)).stream(turn(abort.signal));
    await expect(drain(stream)).rejects.toMatchObject({ name: "AbortError" });
    // onUnhandledRequest: "error" would have failed a request made here.
  });
});

describe("buildPrompt", () => {
  const entity = JSON.stringify({ name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"] }, null, 2);
  const base = (over: Partial<PromptInput> = {}): PromptInput => ({
    appName: "Task Tracker",
    files: {
      "entities/Task": entity,
      "layout/main": "export default function Layout({ children }) { return <main>{children}</main>; }",
      "pages/Dashboard": "export default function Dashboard() { return <h1>Tasks</h1>; }",
    },
    customInstructions: "",
    frozenFiles: [],
    discussion: false,
    history: [],
    message: "Add a help page",
    ...over,
  });

  it("teaches the action protocol as protocol.ts defines it, and the app conventions", () => {
    const { system } = buildPrompt(base());
    for (const form of [
      "<kiln-plan>One short line: what this turn will do.</kiln-plan>",
      '<kiln-write path="pages/Dashboard">',
      "</kiln-write>",
      '<kiln-edit path="components/TaskCard">',
      `${SEARCH_MARK}\nexact lines now in the file\n${DIVIDER_MARK}\nthe lines to put in their place\n${REPLACE_MARK}`,
      '<kiln-delete path="pages/Old" />',
      '<kiln-rename from="pages/Tasks" to="pages/Todos" />',
    ]) {
      expect(system).toContain(form);
    }
    expect(system).toMatch(/exactly one <kiln-plan> line/);
    expect(system).toMatch(/Never write placeholders such as "\/\/ rest of code unchanged"/);
    expect(system).toContain("entities/<Name>");
    for (const part of ['"@/entities/<Name>"', "Task.list(", "Task.filter(", "Task.get(id)", "Task.create(data)", "Task.update(id, data)", "Task.delete(id)", "@/api/base44Client", "@/integrations/Core", "@/functions/<name>", "@/components/ui/button", "lucide-react", "react-router-dom", "date-fns", 'createPageUrl("Name") from "@/utils"', "Tailwind"]) {
      expect(system).toContain(part);
    }
    expect(system).toContain('"Task Tracker"');
    expect(system).not.toMatch(/Discussion mode|Frozen files|Custom instructions|Where the user is/);
  });

  it("lists frozen files, quotes custom instructions verbatim, and sets discussion mode", () => {
    const instructions = "Always use British spelling.\n<kiln-write path=\"x\"> is not an instruction to follow blindly.\n  Keep indentation.";
    const { system } = buildPrompt(base({ frozenFiles: ["layout/main", "pages/Dashboard"], customInstructions: instructions, discussion: true, style: "glassmorphism" }));
    expect(system).toMatch(/# Frozen files\n[^#]*Never write, edit, delete or rename them[^#]*- layout\/main\n- pages\/Dashboard/);
    expect(system).toContain(`<<<CUSTOM INSTRUCTIONS>>>\n${instructions}\n<<<END CUSTOM INSTRUCTIONS>>>`);
    expect(system).toContain("answer in text only; emit no action tags");
    expect(system.trimEnd().endsWith("emit no action tags (no plan, write, edit, delete, rename or secret request). Explain, advise or plan in words; the user will switch discussion mode off when they want changes made.")).toBe(true);
    expect(system).toContain('"glassmorphism" style');
  });

  it("says where the user is: the current page and the selected element's file and line", () => {
    const { system } = buildPrompt(base({ currentPage: "Dashboard", element: { tagName: "h1", filename: "src/pages/Dashboard.jsx", lineNumber: 12, classes: "text-2xl font-bold" } }));
    expect(system).toContain('looking at the page "Dashboard" (pages/Dashboard)');
    expect(system).toContain('a <h1> with classes "text-2xl font-bold", at line 12 of pages/Dashboard');
  });

  it("shows the whole tree with contents while it is small", () => {
    const { system } = buildPrompt(base());
    expect(system).toContain(`<file path="entities/Task">\n${entity}\n</file>`);
    expect(system).toContain('<file path="pages/Dashboard">\nexport default function Dashboard()');
    expect(system).not.toContain("listed by path only");
    expect(buildPrompt(base({ files: {} })).system).toContain("no files yet");
  });

  it("truncates a very large tree: entities, layout, the current page, the selected file and the mentioned files stay whole", () => {
    const big = (name: string) => `export default function ${name}() {\n${"  // a long line of generated markup and logic for this page\n".repeat(200)}}\n`;
    const files: Record<string, string> = { "entities/Task": entity, "entities/Project": entity.replace(/Task/g, "Project"), "layout/main": big("Layout") };
    for (let i = 0; i < 20; i++) files[`pages/Report${i}`] = big(`Report${i}`);
    files["components/Tiny"] = "export default function Tiny() { return null; }";
    expect(estimateTokens(Object.values(files).join(""))).toBeGreaterThan(FILE_TREE_TOKENS * 2);

    const { system } = buildPrompt(
      base({ files, currentPage: "Report3", element: { tagName: "div", filename: "pages/Report7", lineNumber: 4 }, message: "In Report9, add a chart; also pages/Report11 needs a title" }),
    );
    for (const kept of ["entities/Task", "entities/Project", "layout/main", "pages/Report3", "pages/Report7", "pages/Report9", "pages/Report11", "components/Tiny"]) {
      expect(system).toContain(`<file path="${kept}">\n${files[kept]}\n</file>`);
    }
    expect(system).toContain("listed by path only");
    const hidden = Object.keys(files).filter((p) => !system.includes(`<file path="${p}">`));
    expect(hidden.length).toBeGreaterThan(8);
    for (const p of hidden) expect(system).toMatch(new RegExp(`^- ${p} \\([\\d,]+ characters\\)$`, "m"));
    expect(estimateTokens(system)).toBeLessThan(FILE_TREE_TOKENS + 8_000);
  });

  it("finds the files a message names, by path or by name, without prefix matches", () => {
    const paths = ["pages/Report1", "pages/Report11", "components/tasks/TaskCard", "layout/main", "entities/Task"];
    expect(mentionedFiles("fix pages/Report11 please", paths)).toEqual(["pages/Report11"]);
    expect(mentionedFiles("the card in TaskCard.jsx and Report1 look off", paths)).toEqual(["pages/Report1", "components/tasks/TaskCard"]);
    expect(mentionedFiles("tasks are slow; the main menu too", paths)).toEqual([]);
  });

  it("sends the last ten messages, assistant action bodies collapsed, then the message with its attachments", () => {
    const answer = `<kiln-plan>Build the dashboard</kiln-plan>\n<kiln-write path="pages/Dashboard">\n${"const x = 1;\n".repeat(200)}</kiln-write>\n<kiln-edit path="layout/main">\n${SEARCH_MARK}\na\n${DIVIDER_MARK}\nb\n${REPLACE_MARK}\n</kiln-edit>\n<kiln-delete path="pages/Old" />\nDone: a dashboard.`;
    const history: PromptInput["history"] = [];
    for (let i = 0; i < 8; i++) history.push({ role: "user", content: `request ${i}` }, { role: "assistant", content: i === 7 ? answer : `answer ${i}` });
    const { messages } = buildPrompt(base({ history, message: "Now add a chart", fileUrls: ["https://files.example/sketch.png"] }));

    expect(messages).toHaveLength(11);
    expect(messages[0]).toEqual({ role: "user", content: "request 3" });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant", "user", "assistant", "user", "assistant", "user"]);
    expect(messages[9].content).toBe(
      '<kiln-plan>Build the dashboard</kiln-plan>\n<kiln-write path="pages/Dashboard">…</kiln-write>\n<kiln-edit path="layout/main">…</kiln-edit>\n<kiln-delete path="pages/Old" />\nDone: a dashboard.',
    );
    expect(messages[10]).toEqual({ role: "user", content: "Now add a chart\n\nAttached files:\n- https://files.example/sketch.png" });
  });

  it("collapses an unclosed write, and keeps the conversation alternating from a user message", () => {
    expect(collapseActions('Working on it.\n<kiln-write path="pages/About">\nexport default function About() {')).toBe('Working on it.\n<kiln-write path="pages/About">…</kiln-write>');
    const { messages } = buildPrompt(
      base({
        history: [
          { role: "assistant", content: "Welcome! What shall we build?" },
          { role: "user", content: "A task app" },
          { role: "user", content: "with projects" },
          { role: "assistant", content: "" },
        ],
      }),
    );
    expect(messages).toEqual([{ role: "user", content: "A task app\n\nwith projects\n\nAdd a help page" }]);
  });
});
