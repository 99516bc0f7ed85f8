// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import { SecretsView } from "../../web/src/components/workspace/secrets/SecretsView";
import { Toaster } from "../../web/src/components/ui/toaster";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The Secrets view against a stubbed API: names only, the add dialog's rule and the spec's error toasts (spec 02 §5, §8). */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const app = { id: "app1" } as App;
const listed = (names: string[]) => ({ secrets: names.map((name) => ({ name, created_date: "2026-01-01T00:00:00.000Z", updated_date: "2026-01-01T00:00:00.000Z" })) });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function stub(handler: (method: string, url: string, body: unknown) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => handler(init?.method ?? "GET", url, init?.body ? JSON.parse(init.body as string) : undefined));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <SecretsView app={app} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe("SecretsView", () => {
  it("lists names only, and adds a secret once both name and value are filled", async () => {
    let names = ["OPENAI_KEY"];
    const fetch = stub((method, _url, body) => {
      if (method === "PUT") {
        names = [...names, ...Object.keys(body as object)];
        return json(200, { ...listed(names), created: Object.keys(body as object) });
      }
      return json(200, listed(names));
    });
    show();
    await screen.findByText("OPENAI_KEY");
    expect(screen.getByTestId("secrets-info")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /Add Secret/ }));
    const dialog = await screen.findByTestId("add-secret-dialog");
    const add = () => dialog.querySelector('button[type="submit"]') as HTMLButtonElement;
    fireEvent.change(screen.getByPlaceholderText("API_KEY"), { target: { value: "MAPS_KEY" } });
    expect(add().disabled).toBe(true);
    fireEvent.change(screen.getByPlaceholderText("Value"), { target: { value: "m-1" } });
    expect(add().disabled).toBe(false);
    fireEvent.click(add());
    await screen.findByText("MAPS_KEY");
    const put = fetch.mock.calls.find(([, init]) => init?.method === "PUT")!;
    expect(put[0]).toContain("/api/apps/app1/secrets");
    expect(JSON.parse(put[1]!.body as string)).toEqual({ MAPS_KEY: "m-1" });
    expect(document.body.textContent).not.toContain("m-1");
  });

  it('a failed fetch shows "Error fetching secrets" with the server detail', async () => {
    stub(() => json(500, { detail: "Database unavailable", message: "Database unavailable" }));
    show();
    await screen.findByText("Error fetching secrets");
    await screen.findByText("Database unavailable");
  });

  it('a failed delete shows "Error deleting secret", and an update with an empty value just cancels', async () => {
    const fetch = stub((method) => (method === "DELETE" ? json(404, { detail: "Secret OPENAI_KEY not found", message: "x" }) : json(200, listed(["OPENAI_KEY"]))));
    show();
    await screen.findByText("OPENAI_KEY");
    fireEvent.click(screen.getByRole("button", { name: "Update OPENAI_KEY" }));
    fireEvent.click(await screen.findByRole("button", { name: "Save value" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save value" })).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Delete OPENAI_KEY" }));
    await screen.findByText("Error deleting secret");
    await screen.findByText("Secret OPENAI_KEY not found");
  });
});
