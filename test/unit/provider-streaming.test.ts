import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { completeText, providerFor } from "../../functions/agent/providers";
import { ANTHROPIC_ENV, ANTHROPIC_URL, GOOGLE_ENV, GOOGLE_STREAM, OPENAI_ENV, OPENAI_URL, chunked, drain, fixture, providerServer, remote, sse, turn } from "./provider-fixtures";

/** Streaming each provider's recorded wire format through the registry, and stopping a stream part-way. */
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

const server = providerServer();

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
