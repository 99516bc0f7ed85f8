import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { completeText, providerFor } from "../../functions/agent/providers";
import { ANTHROPIC_ENV, ANTHROPIC_URL, GOOGLE_ENV, GOOGLE_STREAM, OPENAI_ENV, OPENAI_URL, drain, fixture, providerServer, remote, sse, turn } from "./provider-fixtures";

/** What a person reads when a model provider refuses, fails, cannot be reached or stops mid-stream. */

const server = providerServer();

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
