// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse, type JsonBodyType } from "msw";
import { setupServer } from "msw/node";
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "../../schemas/app";
import type { CatalogEntry } from "../../schemas/catalog";
import { PACKAGE_NEEDS_BACKEND_FUNCTIONS } from "../../schemas/packages";
import { ApiError } from "../../web/src/api/client";
import { installFailure, installedRows } from "../../web/src/api/packages";
import { AddToApp } from "../../web/src/components/catalog/AddToApp";
import { Toaster, toaster } from "../../web/src/components/ui/toaster";
import { IntegrationsSection } from "../../web/src/components/workspace/settings/IntegrationsSection";
import { system } from "../../web/src/theme";
import { user } from "./billing-fixtures";
import { polyfillJsdom } from "./jsdom-polyfills";

/** Installable integrations in the web (issue 11): the catalogue's Add to app and App Settings → Integrations, against /api answered by msw. */

const slackSchema = (installed: boolean, missing: string[] = []) => ({
  installed_packages: [
    { package_name: "Core", endpoints: [{ name: "InvokeLLM", description: "", params: {}, returns: {} }] },
    ...(installed ? [{ package_name: "Slack", endpoints: [{ name: "PostMessage", description: "Post", params: {}, returns: "{ ok: true }" }] }] : []),
  ],
  missing_packages: missing,
});

const item = (id: string, name: string, pkg?: string): CatalogEntry => ({
  item: {
    id,
    name,
    description: "",
    prompt: "",
    image_url: null,
    example_asks: [],
    required_secrets: [{ name: "SLACK_WEBHOOK_URL", description: "" }],
    requires_backend_functions: true,
    is_private: false,
    official: true,
    status: "approved",
    created_at: "2026-01-01T00:00:00.000Z",
    owner_email: "team@kiln.local",
  },
  upvotes: 0,
  did_current_user_upvote: false,
  is_user_the_owner: false,
  can_edit: false,
  user_info: { email: "team@kiln.local" },
  ...(pkg ? { package: { name: pkg, endpoints: ["SendSms"] } } : {}),
});

const world = { calls: [] as string[], answers: {} as Record<string, () => Response> };
const answer = (key: string, ok: () => JsonBodyType) => {
  world.calls.push(key);
  return world.answers[key]?.() ?? HttpResponse.json(ok());
};
const refusal = (status: number, detail: string) => () => HttpResponse.json({ detail, message: detail }, { status });

const server = setupServer(
  http.get("*/api/auth/me", () => answer("GET me", () => user("builder"))),
  http.get("*/api/apps", ({ request }) => answer(`GET apps ${new URL(request.url).searchParams.get("q")}`, () => [{ id: "app1", name: "Orders" }, { id: "app2", name: "Notes" }])),
  http.get("*/api/apps/:id/integration-endpoints/schema", () => answer("GET schema", () => slackSchema(true, ["Twilio"]))),
  http.get("*/api/integration-catalog-items/catalog/:id", ({ params }) => answer(`GET item ${params.id}`, () => item(String(params.id), "Slack Notifications"))),
  http.get("*/api/integration-catalog-items/catalog", () => answer("GET catalog", () => [item("twilio-sms", "Twilio SMS", "Twilio")])),
  http.post("*/api/apps/:id/install-integration/:pkg/:ref", ({ params }) =>
    answer(`POST install ${params.id} ${params.pkg} ${params.ref}`, () => ({ package_name: params.pkg, installable_integrations: {}, missing_secrets: ["SLACK_WEBHOOK_URL"] })),
  ),
  http.post("*/api/apps/:id/delete-integration/:pkg/:ref", ({ params }) =>
    answer(`POST delete ${params.id} ${params.pkg} ${params.ref}`, () => ({ package_name: params.pkg, installable_integrations: {}, missing_secrets: [] })),
  ),
);

beforeAll(() => {
  polyfillJsdom();
  server.listen({ onUnhandledRequest: "error" });
});
beforeEach(() => {
  world.calls = [];
  world.answers = {};
});
afterEach(() => {
  cleanup();
  toaster.remove();
  server.resetHandlers();
});
afterAll(() => server.close());

function show(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history: createMemoryHistory({ initialEntries: ["/"] }) });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const slackApp = { id: "app1", installable_integrations: { Slack: { catalog_item_id: "slack-notifications", installed_date: "2026-03-04T10:00:00.000Z" } } } as unknown as App;

describe("installedRows", () => {
  it("lists installed packages by name with their endpoints as the code calls them; Core and uninstalled packages are not rows", () => {
    const installed = { Twilio: { catalog_item_id: "twilio-sms", installed_date: "b" }, Slack: { catalog_item_id: "slack-notifications", installed_date: "a" } };
    expect(installedRows(installed, slackSchema(true))).toEqual([
      { name: "Slack", catalogItemId: "slack-notifications", installedDate: "a", calls: ["base44.integrations.Slack.PostMessage(...)"] },
      { name: "Twilio", catalogItemId: "twilio-sms", installedDate: "b", calls: [] },
    ]);
    expect(installedRows(undefined, slackSchema(true))).toEqual([]);
    expect(installedRows(installed, undefined).map((r) => r.calls)).toEqual([[], []]);
  });
});

describe("installFailure", () => {
  it("a 402 is the server's words and a way to upgrade; anything else only the server's words", () => {
    expect(installFailure(new ApiError(402, PACKAGE_NEEDS_BACKEND_FUNCTIONS, {}))).toEqual({ detail: PACKAGE_NEEDS_BACKEND_FUNCTIONS, upgrade: true });
    expect(installFailure(new ApiError(404, "There is no integration package", {}))).toEqual({ detail: "There is no integration package", upgrade: false });
  });
});

describe("App Settings → Integrations", () => {
  it("shows each package with its catalogue item, date and endpoints, warns of a package the code calls without it, and removes after confirming", async () => {
    show(<IntegrationsSection app={slackApp} highlighted={false} />);
    const row = await screen.findByTestId("integration-Slack");
    await waitFor(() => expect(within(row).getByTestId("integration-endpoint").textContent).toBe("base44.integrations.Slack.PostMessage(...)"));
    await waitFor(() => expect(within(row).getByTestId("integration-source").textContent).toBe("Slack Notifications"));
    expect(within(row).getByTestId("integration-source").getAttribute("href")).toBe("/integrations-catalog/item/slack-notifications");
    expect(row.textContent).toContain(new Date("2026-03-04T10:00:00.000Z").toLocaleDateString());
    const missing = await screen.findByTestId("integration-missing");
    expect(missing.textContent).toContain("base44.integrations.Twilio, which is not installed");
    await waitFor(() => expect(within(missing).getByRole("link").getAttribute("href")).toBe("/integrations-catalog/item/twilio-sms"));

    fireEvent.click(within(row).getByTestId("integration-remove-Slack"));
    const dialog = await screen.findByTestId("integration-remove-dialog");
    expect(dialog.textContent).toContain("Remove Slack?");
    expect(world.calls).not.toContain("POST delete app1 Slack slack-notifications");
    fireEvent.click(within(dialog).getByTestId("integration-remove-confirm"));
    await screen.findByText("Slack removed");
    expect(world.calls).toContain("POST delete app1 Slack slack-notifications");
  });

  it("a refused removal says so with the server's detail", async () => {
    world.answers["POST delete app1 Slack slack-notifications"] = refusal(403, "Only the app's owner can do this");
    show(<IntegrationsSection app={slackApp} highlighted={false} />);
    fireEvent.click(await screen.findByTestId("integration-remove-Slack"));
    fireEvent.click(within(await screen.findByTestId("integration-remove-dialog")).getByTestId("integration-remove-confirm"));
    await screen.findByText("Failed to remove Slack");
    await screen.findByText("Only the app's owner can do this");
  });

  it("with nothing installed: 'No integrations installed' and the way to the catalogue", async () => {
    world.answers["GET schema"] = () => HttpResponse.json(slackSchema(false));
    show(<IntegrationsSection app={{ id: "app1" } as App} highlighted={false} />);
    const empty = await screen.findByTestId("integrations-empty");
    expect(empty.textContent).toContain("No integrations installed");
    expect(within(empty).getByRole("link").getAttribute("href")).toBe("/integrations-catalog");
    expect(screen.queryByTestId("integration-missing")).toBeNull();
  });
});

describe("Add to app", () => {
  const entry = { ...item("slack-notifications", "Slack Notifications"), package: { name: "Slack", endpoints: ["PostMessage"] } };

  it("lists the user's own apps, installs into the one chosen, and names the secrets to add with a link to its Secrets", async () => {
    show(<AddToApp entry={entry} pkg={entry.package} />);
    fireEvent.click(await screen.findByTestId("add-to-app"));
    const dialog = await screen.findByTestId("add-to-app-dialog");
    expect(dialog.textContent).toContain("base44.integrations.Slack.PostMessage(...)");
    const confirm = within(dialog).getByTestId("add-to-app-confirm") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(await within(dialog).findByTestId("add-to-app-app-app1")).getByText("Orders"));
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await screen.findByText("Slack added to Orders");
    expect(world.calls).toContain("POST install app1 Slack slack-notifications");
    expect(world.calls).toContain(`GET apps ${JSON.stringify({ created_by: "maker@kiln.local" })}`);
    expect(screen.getByTestId("add-to-app-missing-secrets").textContent).toContain("Add SLACK_WEBHOOK_URL in the app's Secrets");
    expect(screen.getByTestId("add-to-app-secrets-link").getAttribute("href")).toBe("/apps/app1/editor/workspace/secrets");
  });

  it("on a plan without backend functions: the server's words and Upgrade to /billing; another refusal: its detail", async () => {
    world.answers["POST install app2 Slack slack-notifications"] = refusal(402, PACKAGE_NEEDS_BACKEND_FUNCTIONS);
    show(<AddToApp entry={entry} pkg={entry.package} />);
    fireEvent.click(await screen.findByTestId("add-to-app"));
    const dialog = await screen.findByTestId("add-to-app-dialog");
    fireEvent.click(within(await within(dialog).findByTestId("add-to-app-app-app2")).getByText("Notes"));
    await waitFor(() => expect((within(dialog).getByTestId("add-to-app-confirm") as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(dialog).getByTestId("add-to-app-confirm"));
    expect((await within(dialog).findByTestId("add-to-app-error")).textContent).toContain(PACKAGE_NEEDS_BACKEND_FUNCTIONS);
    expect(within(dialog).getByTestId("add-to-app-upgrade").getAttribute("href")).toBe("/billing");

    world.answers["POST install app1 Slack slack-notifications"] = refusal(403, "Only the app's owner can install integrations");
    fireEvent.click(within(within(dialog).getByTestId("add-to-app-app-app1")).getByText("Orders"));
    await waitFor(() => expect(within(dialog).queryByTestId("add-to-app-error")).toBeNull());
    fireEvent.click(within(dialog).getByTestId("add-to-app-confirm"));
    expect((await within(dialog).findByTestId("add-to-app-error")).textContent).toContain("Only the app's owner can install integrations");
    expect(within(dialog).queryByTestId("add-to-app-upgrade")).toBeNull();
  });
});
