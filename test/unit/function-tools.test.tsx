// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import { appQuery } from "../../web/src/api/apps";
import { FunctionLogs } from "../../web/src/components/workspace/code/FunctionLogs";
import { FunctionTest } from "../../web/src/components/workspace/code/FunctionTest";
import { FunctionTools } from "../../web/src/components/workspace/code/FunctionTools";
import { BackendFunctionsAction } from "../../web/src/components/workspace/settings/BackendFunctionsAction";
import { Toaster } from "../../web/src/components/ui/toaster";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The function tools and App Settings' activation against a stubbed API (spec 02 §2, §4, §5, §8, §9). */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function stub(handler: (method: string, url: URL, body: unknown) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => handler(init?.method ?? "GET", new URL(url, "http://kiln.test"), init?.body ? JSON.parse(init.body as string) : undefined));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

function show(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        {node}
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return client;
}

const line = (i: number) => ({ level: i % 2 ? "info" : "error", time: new Date(Date.UTC(2026, 0, 1, 12, 0, 60 - (i % 60))).toISOString(), region: "gcp-us-central1", message: `line ${i}` });

describe("Function logs", () => {
  it("shows 50 a page with Load More while there are more, asking for the next offset, each line's level and region without gcp-", async () => {
    const fetch = stub((_m, url) => {
      const offset = Number(url.searchParams.get("offset"));
      expect(url.pathname).toBe("/api/apps/app1/functions/hello/logs");
      expect(url.searchParams.get("limit")).toBe("50");
      const count = offset === 0 ? 50 : 7;
      return json(200, { logs: Array.from({ length: count }, (_, i) => line(offset + i)), has_more: offset === 0 });
    });
    show(<FunctionLogs appId="app1" name="hello" />);
    await screen.findByText("line 49");
    expect(screen.getAllByTestId("function-log")).toHaveLength(50);
    expect(screen.getAllByTestId("function-log-region")[0].textContent).toBe("us-central1");
    expect(screen.getAllByTestId("function-log-level")[0].textContent).toBe("error");
    fireEvent.click(screen.getByRole("button", { name: "Load More" }));
    await screen.findByText("line 56");
    expect(screen.getAllByTestId("function-log")).toHaveLength(57);
    expect(screen.queryByRole("button", { name: "Load More" })).toBeNull();
    expect(fetch.mock.calls.map(([url]) => new URL(url, "http://kiln.test").searchParams.get("offset"))).toEqual(["0", "50"]);
  });

  it("a failure shows the server's message, or 'Failed to fetch logs' when it gave none", async () => {
    stub(() => json(403, { detail: "Only the app's owner can read its logs", message: "x" }));
    show(<FunctionLogs appId="app1" name="hello" />);
    expect((await screen.findByTestId("function-logs-error")).textContent).toBe("Only the app's owner can read its logs");
    cleanup();
    stub(() => new Response("upstream down", { status: 502 }));
    show(<FunctionLogs appId="app1" name="hello" />);
    expect((await screen.findByTestId("function-logs-error")).textContent).toBe("Failed to fetch logs");
  });
});

describe("Function test", () => {
  it("Run waits for a payload that parses as JSON, then shows the status and the answer as pretty JSON", async () => {
    const fetch = stub((method, url, body) => {
      if (url.pathname.endsWith("/logs")) return json(200, { logs: [], has_more: false });
      expect([method, url.pathname]).toEqual(["POST", "/api/apps/app1/functions/hello"]);
      return json(201, { greeting: `Hi ${(body as { name: string }).name}` });
    });
    show(<FunctionTest appId="app1" name="hello" />);
    const payload = screen.getByTestId("function-test-payload");
    const run = screen.getByTestId("function-test-run") as HTMLButtonElement;
    expect((payload as HTMLTextAreaElement).value).toBe("{}");
    fireEvent.change(payload, { target: { value: '{"name": Ada}' } });
    expect(run.disabled).toBe(true);
    expect(screen.getByTestId("function-test-payload-error").textContent).toMatch(/^The payload is not valid JSON/);
    fireEvent.change(payload, { target: { value: '{"name": "Ada"}' } });
    expect(run.disabled).toBe(false);
    fireEvent.click(run);
    expect((await screen.findByTestId("function-test-body")).textContent).toBe('{\n  "greeting": "Hi Ada"\n}');
    expect(screen.getByTestId("function-test-status").textContent).toBe("201");
    expect(screen.queryByTestId("function-test-failure")).toBeNull();
    expect(JSON.parse(fetch.mock.calls[0][1]!.body as string)).toEqual({ name: "Ada" });
  });

  it("a failed call shows its error (then message, then the generic line) with the raw response, and a 401 does not sign the owner out", async () => {
    const answers = [
      json(500, { error: "TypeError: x is undefined", message: "Function failed", detail: "at line 3", code: "FUNCTION_ERROR" }),
      json(401, { message: "Not signed in to this app" }),
      new Response("", { status: 504 }),
    ];
    stub(() => answers.shift()!);
    localStorage.setItem("token", "owner-token");
    show(<FunctionTest appId="app1" name="hello" />);
    const failure = async () => (await screen.findByTestId("function-test-failure")).textContent;
    fireEvent.click(screen.getByTestId("function-test-run"));
    await waitFor(async () => expect(await failure()).toBe("TypeError: x is undefined"));
    expect(screen.getByTestId("function-test-body").textContent).toContain('"code": "FUNCTION_ERROR"');
    fireEvent.click(screen.getByTestId("function-test-run"));
    await waitFor(async () => expect(await failure()).toBe("Not signed in to this app"));
    expect(localStorage.getItem("token")).toBe("owner-token");
    fireEvent.click(screen.getByTestId("function-test-run"));
    await waitFor(async () => expect(await failure()).toBe("An error occurred while executing the function"));
    expect(screen.getByTestId("function-test-status").textContent).toBe("504");
  });
});

describe("Function deployment", () => {
  const deployment = (at: string, status: "deployed" | "failed" = "deployed") => ({
    name: "hello",
    status,
    code_sha: at,
    deployed_at: at,
    packages: status === "deployed" ? ["npm:@base44/sdk@0.8.50"] : [],
    size_bytes: 10,
    error: status === "failed" ? "Module not found: npm:left-pad-nope" : null,
  });
  const summary = (d: unknown, upToDate: boolean) => ({ functions: [{ name: "hello", url: "https://kiln.test/api/apps/app1/functions/hello", deployment: d, up_to_date: upToDate }] });
  const app = { id: "app1", has_backend_functions_enabled: true, functions: { hello: "Deno.serve(() => new Response())" } } as unknown as App;

  it("says when the code changed since the deployment, and asks again until the new one is there", async () => {
    const answers = [summary(deployment("2026-01-01T00:00:00.000Z"), false), summary(deployment("2026-01-01T00:05:00.000Z"), true)];
    stub((_m, url) => (url.pathname.endsWith("/functions") ? json(200, answers.length > 1 ? answers.shift() : answers[0]) : json(200, { logs: [], has_more: false })));
    show(<FunctionTools app={app} name="hello" />);
    await screen.findByTestId("function-stale");
    expect(screen.getByTestId("function-url").textContent).toBe("https://kiln.test/api/apps/app1/functions/hello");
    expect(screen.getByTestId("function-packages").textContent).toContain("npm:@base44/sdk@0.8.50");
    await waitFor(() => expect(screen.queryByTestId("function-stale")).toBeNull(), { timeout: 5_000 });
    expect(screen.getByTestId("function-deployment").dataset.deployedAt).toBe("2026-01-01T00:05:00.000Z");
  });

  it("a failed build shows its error, and Redeploy shows the deployment it answered", async () => {
    let listed = summary(deployment("2026-01-01T00:00:00.000Z", "failed"), true);
    stub((method, url) => {
      if (method === "POST") {
        expect(url.pathname).toBe("/api/apps/app1/coding/redeploy-function/hello");
        listed = summary(deployment("2026-01-02T00:00:00.000Z"), true);
        return json(200, deployment("2026-01-02T00:00:00.000Z"));
      }
      return json(200, url.pathname.endsWith("/functions") ? listed : { logs: [], has_more: false });
    });
    show(<FunctionTools app={app} name="hello" />);
    expect((await screen.findByTestId("function-build-error")).textContent).toBe("Module not found: npm:left-pad-nope");
    expect(screen.getByTestId("function-deployment").dataset.status).toBe("failed");
    fireEvent.click(screen.getByTestId("function-redeploy"));
    await waitFor(() => expect(screen.getByTestId("function-deployment").dataset.status).toBe("deployed"));
    expect(screen.queryByTestId("function-build-error")).toBeNull();
  });
});

describe("App Settings: Backend functions", () => {
  const app = { id: "app1", has_backend_functions_enabled: false } as App;

  it("an owner on a qualifying plan activates; a refusal reads 'Failed to activate backend functions' with the server's reason", async () => {
    stub(() => json(402, { detail: "Backend functions need the Builder plan or higher", message: "x" }));
    show(<BackendFunctionsAction app={app} allowed />);
    fireEvent.click(screen.getByRole("button", { name: "Activate" }));
    await screen.findByText("Failed to activate backend functions");
    await screen.findByText("Backend functions need the Builder plan or higher");
  });

  it("after activation the cached app says so: the button reads 'Activated' and stays disabled", async () => {
    const fetch = stub((method, url) => {
      if (method === "POST") return json(200, { has_backend_functions_enabled: true });
      expect(url.pathname).toBe("/api/apps/app1");
      return json(500, { detail: "not needed", message: "x" });
    });
    const client = show(<Cached appId="app1" />);
    client.setQueryData(["app", "app1"], app);
    fireEvent.click(await screen.findByRole("button", { name: "Activate" }));
    const button = (await screen.findByRole("button", { name: "Activated" })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(fetch.mock.calls[0][0]).toBe("/api/apps/app1/activate-backend-functions");
  });

  it("Free and Starter see no working button, and an upgrade link to /billing", () => {
    const fetch = stub(() => json(200, {}));
    show(<BackendFunctionsAction app={app} allowed={false} />);
    expect((screen.getByRole("button", { name: "Activate" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/billing");
    fireEvent.click(screen.getByRole("button", { name: "Activate" }));
    expect(fetch).not.toHaveBeenCalled();
  });
});

/** The action as App Settings renders it: from the cached app, so activation shows through the cache. */
function Cached({ appId }: { appId: string }) {
  const app = useQuery({ ...appQuery(appId), enabled: false }).data;
  return app ? <BackendFunctionsAction app={app} allowed /> : null;
}
