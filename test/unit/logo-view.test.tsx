// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import { Toaster } from "../../web/src/components/ui/toaster";
import { LogoView } from "../../web/src/components/workspace/logo/LogoView";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** App Logo's Generate against a refusing server: the error names what failed (spec 02 §8; issue 8). */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(logo_url: string | null) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ detail: "No image model is configured", message: "No image model is configured" }), { status: 400, headers: { "Content-Type": "application/json" } });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <LogoView app={{ id: "app1", name: "Book Club", logo_url } as App} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return calls;
}

const generate = async () => {
  fireEvent.click(screen.getByTestId("logo-tab-generate"));
  fireEvent.click(await screen.findByTestId("logo-generate"));
};

describe("LogoView: a failed generation", () => {
  it('an app without a logo reads "Failed to generate logo", with the server\'s reason', async () => {
    const calls = show(null);
    await generate();
    await screen.findByText("Failed to generate logo");
    expect(screen.queryByText("Failed to regenerate logo")).toBeNull();
    expect((await screen.findByTestId("logo-generate-error")).textContent).toBe("No image model is configured");
    expect(calls).toEqual([expect.stringContaining("/api/apps/app1/metadata/update-logo")]);
  });

  it('an app that has a logo reads "Failed to regenerate logo"', async () => {
    show("https://example.test/logo.png");
    await generate();
    await screen.findByText("Failed to regenerate logo");
  });
});
