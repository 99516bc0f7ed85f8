// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SecretRequestCard } from "../../web/src/components/editor/SecretRequestCard";
import { pendingSecrets, secretValues } from "../../web/src/components/editor/secretRequest";
import { Toaster } from "../../web/src/components/ui/toaster";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The chat's secrets form (spec 01 §3 Secret request, §5 Secrets form, §8 Secrets) against a stubbed API. */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = [
  { secretName: "OPENAI_API_KEY", description: "Your OpenAI key, from platform.openai.com" },
  { secretName: "SLACK_WEBHOOK", description: "The incoming webhook URL of your channel" },
];
const listed = (names: string[]) => ({ secrets: names.map((name) => ({ name, created_date: "2026-01-01T00:00:00.000Z", updated_date: "2026-01-01T00:00:00.000Z" })) });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function stub(handler: (method: string, body: unknown) => Response) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) => handler(init?.method ?? "GET", init?.body ? JSON.parse(init.body as string) : undefined));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <SecretRequestCard appId="app1" request={request} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const input = (name: string) => screen.getByTestId(`secret-request-input-${name}`) as HTMLInputElement;

describe("Secret request rules", () => {
  it("asks only for names the app does not hold, each once, in the order asked", () => {
    expect(pendingSecrets([...request, request[0]], ["SLACK_WEBHOOK"]).map((i) => i.secretName)).toEqual(["OPENAI_API_KEY"]);
    expect(pendingSecrets(request, ["OPENAI_API_KEY", "SLACK_WEBHOOK"])).toEqual([]);
  });

  it("every value must be non-empty after trimming; the map holds the trimmed values", () => {
    expect(secretValues(request, { OPENAI_API_KEY: "sk-1", SLACK_WEBHOOK: "   " })).toBeNull();
    expect(secretValues(request, { OPENAI_API_KEY: "sk-1" })).toBeNull();
    expect(secretValues(request, { OPENAI_API_KEY: " sk-1 ", SLACK_WEBHOOK: "https://hooks" })).toEqual({ OPENAI_API_KEY: "sk-1", SLACK_WEBHOOK: "https://hooks" });
  });
});

describe("SecretRequestCard", () => {
  it("masked inputs with their descriptions; a blank value alerts 'Secret values required' and sends nothing; Save sends the map and the card then lists the names as set", async () => {
    let names: string[] = [];
    const fetch = stub((method, body) => {
      if (method === "PUT") {
        names = [...names, ...Object.keys(body as object)];
        return json(200, { ...listed(names), created: Object.keys(body as object) });
      }
      return json(200, listed(names));
    });
    show();
    await waitFor(() => expect(input("OPENAI_API_KEY").type).toBe("password"));
    expect(input("SLACK_WEBHOOK").type).toBe("password");
    expect(screen.getByText("Your OpenAI key, from platform.openai.com")).toBeTruthy();
    fireEvent.change(input("OPENAI_API_KEY"), { target: { value: "sk-secret-1" } });
    fireEvent.change(input("SLACK_WEBHOOK"), { target: { value: "  " } });
    fireEvent.click(screen.getByTestId("secret-request-save"));
    await screen.findByText("Secret values required");
    await screen.findByText("Please enter values for all secrets");
    expect(fetch.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);

    fireEvent.change(input("SLACK_WEBHOOK"), { target: { value: "https://hooks.example/abc" } });
    fireEvent.click(screen.getByTestId("secret-request-save"));
    await screen.findByText("Secrets updated successfully");
    await screen.findByText("The secrets have been set.");
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(put[0]).toBe("/api/apps/app1/secrets");
    expect(JSON.parse(put[1]!.body as string)).toEqual({ OPENAI_API_KEY: "sk-secret-1", SLACK_WEBHOOK: "https://hooks.example/abc" });
    await waitFor(() => expect(screen.getByTestId("secret-request").dataset.state).toBe("set"));
    expect(screen.getAllByTestId("secret-request-set").map((n) => n.textContent)).toEqual(["OPENAI_API_KEY", "SLACK_WEBHOOK"]);
    expect(document.body.textContent).not.toContain("sk-secret-1");
  });

  it("asks only for what is missing once some names are set, and shows all as set when the app holds them", async () => {
    stub(() => json(200, listed(["SLACK_WEBHOOK"])));
    show();
    await waitFor(() => expect(input("OPENAI_API_KEY")).toBeTruthy());
    expect(screen.queryByTestId("secret-request-input-SLACK_WEBHOOK")).toBeNull();
    cleanup();
    stub(() => json(200, listed(["SLACK_WEBHOOK", "OPENAI_API_KEY"])));
    show();
    await waitFor(() => expect(screen.getByTestId("secret-request").dataset.state).toBe("set"));
  });

  it("a refused save reads 'Failed to set secrets' with the server's message, or the generic line without one; Save is disabled while saving", async () => {
    let release!: () => void;
    stub((method) => (method === "PUT" ? json(400, { detail: "A secret value must be at most 16,384 characters", message: "x" }) : json(200, listed([]))));
    show();
    await waitFor(() => expect(input("OPENAI_API_KEY")).toBeTruthy());
    fireEvent.change(input("OPENAI_API_KEY"), { target: { value: "a" } });
    fireEvent.change(input("SLACK_WEBHOOK"), { target: { value: "b" } });
    fireEvent.click(screen.getByTestId("secret-request-save"));
    await screen.findByText("Failed to set secrets");
    await screen.findByText("A secret value must be at most 16,384 characters");

    const gate = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        await gate;
        return new Response("bad gateway", { status: 502 });
      }),
    );
    fireEvent.click(screen.getByTestId("secret-request-save"));
    await waitFor(() => expect((screen.getByTestId("secret-request-save") as HTMLButtonElement).disabled).toBe(true));
    release();
    await screen.findByText("An error occurred while setting the secrets");
    await waitFor(() => expect((screen.getByTestId("secret-request-save") as HTMLButtonElement).disabled).toBe(false));
  });
});
