import { readFileSync } from "node:fs";
import { HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, vi } from "vitest";
import type { ModelStream, Provider } from "../../functions/agent/providers";

/**
 * The model providers' HTTP boundary for unit tests. Third parties (Anthropic, Google, an
 * OpenAI-compatible endpoint) are replaced only there, by msw replaying stream bodies recorded
 * in their wire formats (test/fixtures/streams).
 */

export const fixture = (name: string) => readFileSync(new URL(`../fixtures/streams/${name}`, import.meta.url), "utf8");

/** A body delivered in odd-sized byte pieces, so SSE events (and UTF-8 characters) split across network reads. */
export function chunked(text: string, size = 37): ReadableStream<Uint8Array> {
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

export const sse = (body: BodyInit, init: ResponseInit = {}) =>
  new HttpResponse(body, { status: 200, ...init, headers: { "content-type": "text/event-stream", "cache-control": "no-cache", ...(init.headers as Record<string, string>) } });

export const ANTHROPIC_URL = "https://anthropic.test/v1/messages";
export const GOOGLE_STREAM = /^https:\/\/gemini\.test\/v1beta\/models\/gemini-2\.5-pro:streamGenerateContent/;
export const OPENAI_URL = "http://ollama.test:11434/v1/chat/completions";

export const ANTHROPIC_ENV = { ANTHROPIC_API_KEY: "sk-ant-test", ANTHROPIC_BASE_URL: "https://anthropic.test", KILN_MODEL_MAX_RETRIES: "0" };
export const GOOGLE_ENV = { GOOGLE_GENERATIVE_AI_API_KEY: "g-test", GOOGLE_BASE_URL: "https://gemini.test", KILN_MODEL_MAX_RETRIES: "0" };
export const OPENAI_ENV = { OPENAI_COMPATIBLE_BASE_URL: "http://ollama.test:11434/v1/", OPENAI_COMPATIBLE_MODEL: "qwen2.5-coder:14b", OPENAI_COMPATIBLE_API_KEY: "ollama" };

/** The msw server for one test file: any request no handler answers fails the test; handlers and stubbed env reset after each test. */
export function providerServer() {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    vi.unstubAllEnvs();
  });
  afterAll(() => server.close());
  return server;
}

export function remote(provider: Provider) {
  if (provider.kind !== "remote") throw new Error(`expected a remote provider, got ${provider.kind}`);
  return provider;
}

export const turn = (signal: AbortSignal = new AbortController().signal) => ({
  system: "You are Kiln's app builder.",
  messages: [
    { role: "user" as const, content: "Build a task app" },
    { role: "assistant" as const, content: '<kiln-write path="pages/Tasks">…</kiln-write>' },
    { role: "user" as const, content: "Add a help page" },
  ],
  signal,
});

export async function drain(stream: ModelStream): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream.textStream) chunks.push(chunk);
  return chunks;
}
