import { EventStreamCodec } from "@smithy/eventstream-codec";
import { fromUtf8, toUtf8 } from "@smithy/util-utf8";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type PromptInput, buildPrompt, userMessage } from "../../functions/agent/prompt";
import { MAX_CACHE_BREAKPOINTS, cacheMarkFor, promptFor } from "../../functions/agent/prompt-cache";
import { type ModelTurn, type Provider, type StreamEnd, providerFor } from "../../functions/agent/providers";
import { sse } from "../api/fake-anthropic";

/**
 * The prompt cache marks (prompt-cache.ts): where each provider's request carries them, checked on
 * the request the AI SDK really sends (msw at the providers' HTTP boundary, fake credentials), and
 * the cache reads and writes each provider reports, carried to the call's StreamEnd.
 */

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const signal = new AbortController().signal;
const turnOf = (count: number): ModelTurn => ({
  system: "STABLE PART\n\nTHIS TURN",
  stableSystem: "STABLE PART",
  messages: Array.from({ length: count }, (_, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content: `message ${i}` })),
  signal,
});
const ANTHROPIC = { provider: "anthropic" as const, modelId: "claude-sonnet-4-20250514" };
const BEDROCK_CLAUDE = { provider: "bedrock" as const, modelId: "us.anthropic.claude-sonnet-4-20250514-v1:0" };
const EPHEMERAL = { anthropic: { cacheControl: { type: "ephemeral" } } };
const CACHE_POINT = { bedrock: { cachePoint: { type: "default" } } };
const markedAt = (messages: { providerOptions?: unknown }[]) => messages.flatMap((m, i) => (m.providerOptions ? [i] : []));

describe("where the cache is marked", () => {
  it("sends Anthropic the stable part as its own system block marked ephemeral, and the rest after it", () => {
    expect(promptFor(ANTHROPIC, turnOf(1)).system).toEqual([
      { role: "system", content: "STABLE PART", providerOptions: EPHEMERAL },
      { role: "system", content: "THIS TURN" },
    ]);
  });

  it("marks the last message and, from a read round's call on, the one that ended the call before (before the last answer and reply)", () => {
    expect(markedAt(promptFor(ANTHROPIC, turnOf(1)).messages)).toEqual([0]);
    expect(markedAt(promptFor(ANTHROPIC, turnOf(3)).messages)).toEqual([0, 2]);
    expect(markedAt(promptFor(ANTHROPIC, turnOf(13)).messages)).toEqual([10, 12]);
    expect(promptFor(ANTHROPIC, turnOf(3)).messages[2]).toEqual({ role: "user", content: "message 2", providerOptions: EPHEMERAL });
    expect(promptFor(ANTHROPIC, turnOf(0)).messages).toEqual([]);
  });

  it("never carries more than four breakpoints, whatever the conversation's length", () => {
    for (let count = 0; count <= 20; count++) {
      const { system, messages } = promptFor(ANTHROPIC, turnOf(count));
      const marks = [...(Array.isArray(system) ? system : []), ...messages].filter((m) => m.providerOptions).length;
      expect(marks).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
      expect(marks).toBeLessThanOrEqual(3);
    }
  });

  it("marks Bedrock with cache points on the models whose caching it supports, and no other (it rejects them)", () => {
    for (const modelId of ["us.anthropic.claude-sonnet-4-20250514-v1:0", "eu.anthropic.claude-3-7-sonnet-20250219-v1:0", "anthropic.claude-opus-4-1-20250805-v1:0", "us.anthropic.claude-3-5-haiku-20241022-v1:0", "us.amazon.nova-pro-v1:0"]) {
      expect(cacheMarkFor("bedrock", modelId)).toEqual(CACHE_POINT);
    }
    for (const modelId of ["us.meta.llama3-3-70b-instruct-v1:0", "anthropic.claude-3-sonnet-20240229-v1:0", "anthropic.claude-3-5-sonnet-20240620-v1:0", "mistral.mistral-large-2402-v1:0"]) {
      expect(cacheMarkFor("bedrock", modelId)).toBeNull();
      expect(promptFor({ provider: "bedrock", modelId }, turnOf(3))).toEqual({ system: "STABLE PART\n\nTHIS TURN", messages: turnOf(3).messages });
    }
  });

  it("marks nothing for Google and OpenAI-compatible servers (their caching is implicit), and keeps a system prompt whose stable part is not its start whole", () => {
    expect(promptFor({ provider: "google", modelId: "gemini-2.5-pro" }, turnOf(3))).toEqual({ system: "STABLE PART\n\nTHIS TURN", messages: turnOf(3).messages });
    expect(promptFor({ provider: "openai-compatible", modelId: "qwen2.5-coder:14b" }, turnOf(1)).messages).toEqual(turnOf(1).messages);
    expect(promptFor(ANTHROPIC, { ...turnOf(1), stableSystem: "OTHER" }).system).toBe("STABLE PART\n\nTHIS TURN");
  });
});

describe("a read round's prompt repeats the call before it", () => {
  const history = Array.from({ length: 10 }, (_, i) => ({ role: i % 2 ? ("assistant" as const) : ("user" as const), content: `earlier ${i}` }));
  const input: PromptInput = {
    appName: "Shop",
    files: { "pages/Home": "export default function Home() {\n  return <p>Home</p>;\n}" },
    customInstructions: "",
    frozenFiles: [],
    discussion: false,
    currentPage: "Home",
    history,
    message: "Add a heading",
    focus: "Add a heading",
    fileUrls: ["https://files.example/sketch.png"],
  };
  const first = buildPrompt(input);
  // as turn.ts calls it after a read: the request (with its attachment) and the answer kept as this turn's rounds
  const second = buildPrompt({
    ...input,
    rounds: [
      { role: "user", content: userMessage(input) },
      { role: "assistant", content: '<kiln-read path="pages/Home" />' },
    ],
    message: "Here is what you asked for.",
    fileUrls: undefined,
  });

  it("keeps the system prompt and every message of the first call, byte for byte, however long the history", () => {
    expect(second.system).toBe(first.system);
    expect(second.stableSystem).toBe(first.stableSystem);
    expect(first.messages).toHaveLength(11);
    expect(second.messages.slice(0, 11)).toEqual(first.messages);
    expect(second.messages.slice(11)).toEqual([
      { role: "assistant", content: '<kiln-read path="pages/Home" />' },
      { role: "user", content: "Here is what you asked for." },
    ]);
  });
});

const MODEL_ENV = { KILN_MODEL_MAX_RETRIES: "0" };

function remote(provider: Provider) {
  if (provider.kind !== "remote") throw new Error(`expected a remote provider, got ${provider.kind}`);
  return provider;
}

async function run(provider: Provider, turn: ModelTurn): Promise<{ text: string; end: StreamEnd }> {
  const stream = remote(provider).stream(turn);
  let text = "";
  for await (const chunk of stream.textStream) text += chunk;
  return { text, end: await stream.usage };
}

describe("the request each provider is sent, and what its cache did", () => {
  it("Anthropic: cache_control on the stable system block, the message that ended the call before and the last; the total input includes the cached tokens", async () => {
    let body: { system: { text: string; cache_control?: object }[]; messages: { role: string; content: { text: string; cache_control?: object }[] }[] } | undefined;
    server.use(
      http.post("https://anthropic.test/v1/messages", async ({ request }) => {
        body = (await request.json()) as typeof body;
        return new HttpResponse(sse(["Done."], "end_turn", { input_tokens: 100, output_tokens: 1, cache_creation_input_tokens: 900, cache_read_input_tokens: 4_000 }), { headers: { "content-type": "text/event-stream" } });
      }),
    );
    const provider = providerFor("claude_sonnet_4", { ...MODEL_ENV, ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: "https://anthropic.test" });
    const { text, end } = await run(provider, turnOf(3));
    expect(text).toBe("Done.");
    expect(body!.system).toEqual([
      { type: "text", text: "STABLE PART", cache_control: { type: "ephemeral" } },
      { type: "text", text: "THIS TURN" },
    ]);
    expect(body!.messages.map((m) => m.content.at(-1)!.cache_control)).toEqual([{ type: "ephemeral" }, undefined, { type: "ephemeral" }]);
    expect(end).toMatchObject({ inputTokens: 5_000, cacheReadTokens: 4_000, cacheWriteTokens: 900, finishReason: "stop" });
  });

  const codec = new EventStreamCodec(toUtf8, fromUtf8);
  const frame = (type: string, body: object) =>
    codec.encode({ headers: { ":message-type": { type: "string", value: "event" }, ":event-type": { type: "string", value: type }, ":content-type": { type: "string", value: "application/json" } }, body: fromUtf8(JSON.stringify(body)) });
  /** A ConverseStream answer in Bedrock's event-stream framing: "Done.", then the usage with the cache's reads and writes. */
  const converseStream = () =>
    new HttpResponse(
      Buffer.concat([
        frame("messageStart", { role: "assistant" }),
        frame("contentBlockDelta", { contentBlockIndex: 0, delta: { text: "Done." } }),
        frame("contentBlockStop", { contentBlockIndex: 0 }),
        frame("messageStop", { stopReason: "end_turn" }),
        frame("metadata", { usage: { inputTokens: 200, outputTokens: 2, cacheReadInputTokens: 3_000, cacheWriteInputTokens: 800, totalTokens: 4_002 }, metrics: { latencyMs: 10 } }),
      ]),
      { headers: { "content-type": "application/vnd.amazon.eventstream" } },
    );
  const BEDROCK_ENV = { ...MODEL_ENV, AWS_ACCESS_KEY_ID: "AKIAFAKEFAKEFAKEFAKE", AWS_SECRET_ACCESS_KEY: "fake-secret", AWS_REGION: "us-east-1" };
  type Converse = { system: object[]; messages: { role: string; content: object[] }[] };

  it("Bedrock (Claude): cache points after the stable system text, the message that ended the call before and the last; the cache's reads and writes reported", async () => {
    const sent: { url: string; body: Converse }[] = [];
    server.use(
      http.post(/^https:\/\/bedrock-runtime\.us-east-1\.amazonaws\.com\/model\/.+\/converse-stream$/, async ({ request }) => {
        sent.push({ url: request.url, body: (await request.json()) as Converse });
        return converseStream();
      }),
    );
    const provider = providerFor("claude_sonnet_4", { ...BEDROCK_ENV, KILN_BEDROCK_MODEL: "us.meta.llama3-3-70b-instruct-v1:0" });
    expect(remote(provider).modelId).toBe(BEDROCK_CLAUDE.modelId);
    const { text, end } = await run(provider, turnOf(3));
    expect(text).toBe("Done.");
    expect(decodeURIComponent(sent[0].url)).toContain(`/model/${BEDROCK_CLAUDE.modelId}/converse-stream`);
    expect(sent[0].body.system).toEqual([{ text: "STABLE PART" }, { cachePoint: { type: "default" } }, { text: "THIS TURN" }]);
    expect(sent[0].body.messages).toEqual([
      { role: "user", content: [{ text: "message 0" }, { cachePoint: { type: "default" } }] },
      { role: "assistant", content: [{ text: "message 1" }] },
      { role: "user", content: [{ text: "message 2" }, { cachePoint: { type: "default" } }] },
    ]);
    expect(end).toMatchObject({ inputTokens: 4_000, cacheReadTokens: 3_000, cacheWriteTokens: 800 });
  });

  it("Bedrock (a model without prompt caching): no cache point anywhere", async () => {
    const sent: Converse[] = [];
    server.use(
      http.post(/^https:\/\/bedrock-runtime\.us-east-1\.amazonaws\.com\/model\/.+\/converse-stream$/, async ({ request }) => {
        sent.push((await request.json()) as Converse);
        return converseStream();
      }),
    );
    await run(providerFor("default", { ...BEDROCK_ENV, KILN_BEDROCK_MODEL: "us.meta.llama3-3-70b-instruct-v1:0" }), turnOf(3));
    expect(JSON.stringify(sent[0])).not.toContain("cachePoint");
    expect(sent[0].system).toEqual([{ text: "STABLE PART\n\nTHIS TURN" }]);
  });

  it("Google: no explicit cache, the same system instruction and contents prefix in both calls of a read round, the implicit cache's reads reported", async () => {
    const sent: { systemInstruction: object; contents: object[]; cachedContent?: string }[] = [];
    server.use(
      http.post(/^https:\/\/gemini\.test\/v1beta\/models\/gemini-2\.5-pro:streamGenerateContent/, async ({ request }) => {
        sent.push((await request.json()) as (typeof sent)[number]);
        const chunk = { candidates: [{ content: { parts: [{ text: "Done." }], role: "model" }, finishReason: "STOP", index: 0 }], usageMetadata: { promptTokenCount: 5_000, cachedContentTokenCount: 4_096, candidatesTokenCount: 2, totalTokenCount: 5_002 } };
        return new HttpResponse(`data: ${JSON.stringify(chunk)}\n\n`, { headers: { "content-type": "text/event-stream" } });
      }),
    );
    const provider = providerFor("gemini_2_5_pro", { ...MODEL_ENV, GOOGLE_GENERATIVE_AI_API_KEY: "g-test", GOOGLE_BASE_URL: "https://gemini.test" });
    await run(provider, turnOf(1));
    const { end } = await run(provider, turnOf(3));
    expect(sent[1].systemInstruction).toEqual(sent[0].systemInstruction);
    expect(JSON.stringify(sent[1].systemInstruction)).toContain("STABLE PART\\n\\nTHIS TURN");
    expect(sent[1].contents.slice(0, 1)).toEqual(sent[0].contents);
    expect(sent.every((body) => body.cachedContent === undefined)).toBe(true);
    expect(end).toMatchObject({ inputTokens: 5_000, cacheReadTokens: 4_096 });
  });
});
