// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ConnectionTest, ModelProviders as Info, ProviderInfo, ProviderKind } from "../../schemas/providers";
import { ModelProviders } from "../../web/src/components/admin/ModelProviders";
import { Toaster } from "../../web/src/components/ui/toaster";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";
import { type SentRequest, recordRequests } from "./support-fixtures";

/** The admin portal's "Model providers" tab (issue 23) against the API at the HTTP boundary (msw). */

const KEY = "sk-typed-secret-4321";
const provider = (kind: ProviderKind, label: string, over: Partial<ProviderInfo> = {}): ProviderInfo => ({
  kind,
  label,
  source: "none",
  api_key: { set: false, last4: null },
  base_url: null,
  model: null,
  region: null,
  context_size: null,
  serves_as: null,
  updated_date: null,
  ...over,
});

let info: Info;
let testAnswer: ConnectionTest;
const sent: SentRequest[] = [];
const server = setupServer(
  http.get("*/api/admin/model-providers", () => HttpResponse.json(info)),
  http.put("*/api/admin/model-providers/openai-compatible", async ({ request }) => {
    const body = (await request.json()) as { api_key?: string; base_url: string; model: string; context_size: number };
    const saved = provider("openai-compatible", "OpenAI-compatible", {
      source: "stored",
      api_key: { set: true, last4: body.api_key!.slice(-4) },
      base_url: body.base_url,
      model: body.model,
      context_size: body.context_size,
      serves_as: body.model,
      updated_date: "2026-11-28T00:40:00.000Z",
    });
    info = { ...info, providers: info.providers.map((p) => (p.kind === "openai-compatible" ? saved : p)) };
    return HttpResponse.json(info);
  }),
  http.post("*/api/admin/model-providers/:kind/test", () => HttpResponse.json(testAnswer)),
  http.put("*/api/admin/model-default", async ({ request }) => {
    const { provider: chosen } = (await request.json()) as { provider: Info["default"]["provider"] };
    info = { ...info, default: { ...info.default, provider: chosen, serving: chosen === "openai-compatible" ? { provider: "openai-compatible", model: "qwen-test" } : info.default.serving } };
    return HttpResponse.json(info);
  }),
);
beforeAll(() => {
  polyfillJsdom();
  server.listen({ onUnhandledRequest: "error" });
  recordRequests(server, sent);
});
beforeEach(() => {
  info = {
    providers: [
      provider("anthropic", "Anthropic", { source: "environment", api_key: { set: true, last4: "9abc" }, serves_as: "claude-sonnet-4-20250514" }),
      provider("google", "Google Gemini"),
      provider("bedrock", "Amazon Bedrock"),
      provider("openai-compatible", "OpenAI-compatible"),
    ],
    default: { provider: null, from_environment: false, serving: { provider: "anthropic", model: "claude-sonnet-4-20250514" } },
  };
});
afterEach(() => {
  cleanup();
  sent.length = 0;
});
afterAll(() => server.close());

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <ModelProviders />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const writes = () => sent.filter((r) => r.method !== "GET");

describe("Model providers tab", () => {
  it("shows a provider the environment configures as set there, with only its key's last 4 characters", async () => {
    show();
    const anthropic = await screen.findByTestId("provider-anthropic");
    expect(within(anthropic).getByTestId("provider-source-anthropic").textContent).toBe("Set by environment");
    expect(within(anthropic).getByTestId("provider-env-note-anthropic").textContent).toContain("ending 9abc");
    expect(within(anthropic).queryByTestId("provider-anthropic-api_key")).toBeNull();
    expect(screen.getByTestId("default-model-serving").textContent).toBe("Serving now: claude-sonnet-4-20250514 (Anthropic)");
  });

  it("refuses to save a local model without an explicit context size, naming why", async () => {
    show();
    fireEvent.change(await screen.findByTestId("provider-openai-compatible-base_url"), { target: { value: "http://localhost:11434/v1" } });
    fireEvent.change(screen.getByTestId("provider-openai-compatible-model"), { target: { value: "qwen-test" } });
    fireEvent.click(screen.getByTestId("provider-save-openai-compatible"));
    expect(await screen.findByText(/Set the context size explicitly.*Ollama's default \(2,048\) silently drops the system prompt/)).toBeTruthy();
    expect(writes()).toEqual([]);
  });

  it("saves the provider with its key and context size; afterwards the key is gone from the page but for its last 4 characters", async () => {
    show();
    fireEvent.change(await screen.findByTestId("provider-openai-compatible-base_url"), { target: { value: "http://localhost:11434/v1" } });
    fireEvent.change(screen.getByTestId("provider-openai-compatible-model"), { target: { value: "qwen-test" } });
    fireEvent.change(screen.getByTestId("provider-openai-compatible-context_size"), { target: { value: "32768" } });
    fireEvent.change(screen.getByTestId("provider-openai-compatible-api_key"), { target: { value: KEY } });
    fireEvent.click(screen.getByTestId("provider-save-openai-compatible"));
    await waitFor(() => expect(screen.getByTestId("provider-source-openai-compatible").textContent).toBe("Configured"));
    expect(writes()).toEqual([
      { method: "PUT", url: expect.objectContaining({ pathname: "/api/admin/model-providers/openai-compatible" }), body: { api_key: KEY, base_url: "http://localhost:11434/v1", model: "qwen-test", context_size: 32768 } },
    ]);
    const key = screen.getByTestId("provider-openai-compatible-api_key") as HTMLInputElement;
    expect(key.value).toBe("");
    expect(key.placeholder).toBe("Saved, ending 4321: leave blank to keep it");
    expect(document.body.innerHTML).not.toContain(KEY);
  });

  it("test connection shows the model that answered, or the provider's error", async () => {
    testAnswer = { ok: true, model: "claude-sonnet-4-20250514", latency_ms: 412 };
    show();
    fireEvent.click(await screen.findByTestId("provider-test-anthropic"));
    await waitFor(() => expect(screen.getByTestId("provider-test-result-anthropic").textContent).toBe("Connected: claude-sonnet-4-20250514 answered in 412 ms"));
    testAnswer = { ok: false, model: "claude-sonnet-4-20250514", error: "Anthropic answered 401: invalid x-api-key ••••" };
    fireEvent.click(screen.getByTestId("provider-test-anthropic"));
    await waitFor(() => expect(screen.getByTestId("provider-test-result-anthropic").textContent).toBe("Anthropic answered 401: invalid x-api-key ••••"));
    expect(writes().map((r) => `${r.method} ${r.url.pathname}`)).toEqual(["POST /api/admin/model-providers/anthropic/test", "POST /api/admin/model-providers/anthropic/test"]);
  });

  it("sets the default model, and a choice the environment makes cannot be changed here", async () => {
    info.providers[3] = provider("openai-compatible", "OpenAI-compatible", { source: "stored", model: "qwen-test", context_size: 32768, serves_as: "qwen-test" });
    show();
    fireEvent.change(await screen.findByTestId("default-model-select"), { target: { value: "openai-compatible" } });
    await waitFor(() => expect(screen.getByTestId("default-model-serving").textContent).toBe("Serving now: qwen-test (OpenAI-compatible)"));
    expect(writes()).toEqual([{ method: "PUT", url: expect.objectContaining({ pathname: "/api/admin/model-default" }), body: { provider: "openai-compatible" } }]);
    cleanup();
    info = { ...info, default: { ...info.default, from_environment: true } };
    show();
    expect(((await screen.findByTestId("default-model-select")) as HTMLSelectElement).disabled).toBe(true);
  });
});
