// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TicketDetail } from "../../schemas/support";
import { TicketDetailPane } from "../../web/src/components/support/TicketDetailPane";
import { Toaster } from "../../web/src/components/ui/toaster";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";
import { type SentRequest, fail, message, recordRequests, ticket } from "./support-fixtures";

/** An admin's ticket detail (spec 03 §2.11, §5, §8) against the API at the HTTP boundary (msw). */

const sent: SentRequest[] = [];
let detail: TicketDetail;
const server = setupServer(
  http.get("*/api/support/admin/t1", () => HttpResponse.json(detail)),
  http.get("*/api/docs/agent", () =>
    HttpResponse.json({ response_system_prompt: "r", polish_system_prompt: "p", internal_category_options: ["vip", "refund"] }),
  ),
  http.patch("*/api/support/admin/t1/assign", async ({ request }) => {
    const { user_email } = (await request.json()) as { user_email: string };
    if (!user_email.endsWith("@kiln.local")) return fail("Email must be from @kiln.local domain", 400);
    return HttpResponse.json(ticket({ id: "t1", assigned_to: user_email }));
  }),
  http.delete("*/api/support/admin/t1/messages", () => HttpResponse.json({ id: "m2", deleted: true })),
  http.patch("*/api/support/admin/t1/internal_categories", async ({ request }) => {
    const body = (await request.json()) as { internal_categories: string[] };
    return HttpResponse.json(ticket({ id: "t1", internal_categories: body.internal_categories }));
  }),
  http.post("*/api/support/admin/t1/messages/polish", () => fail("Grammar polish needs an AI model: configure a model provider first", 400)),
);
beforeAll(() => {
  polyfillJsdom();
  server.listen({ onUnhandledRequest: "error" });
  recordRequests(server, sent);
});
afterEach(() => {
  cleanup();
  sent.length = 0;
});
afterAll(() => server.close());

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createRouter({ routeTree: createRootRoute({ component: () => <TicketDetailPane ticketId="t1" /> }), history: createMemoryHistory() });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

const base = (draft: string | null): TicketDetail => ({
  ticket: ticket({
    id: "t1",
    draft,
    messages: [message("m1"), message("m2", { role: "assistant", content: "Try again later", additional_message_params: { is_admin_message: true } })],
  }),
  user: null,
  subscriptions: [],
  subscriptions_error: null,
  app: null,
  stripe_customer_url: null,
});

describe("ticket detail", () => {
  it("assigns with the client's and the server's §5 messages, the error clearing on typing", async () => {
    detail = base(null);
    show();
    fireEvent.click(await screen.findByTestId("detail-assign"));
    const dialog = await screen.findByTestId("assign-dialog");
    const input = within(dialog).getByTestId("assign-email");
    expect(input.getAttribute("type")).toBe("email");
    expect(within(dialog).getByTestId("assign-submit")).toHaveProperty("disabled", true);
    fireEvent.change(input, { target: { value: "not-an-email" } });
    fireEvent.click(within(dialog).getByTestId("assign-submit"));
    expect(await within(dialog).findByText("Please enter a valid email address")).toBeTruthy();
    fireEvent.change(input, { target: { value: "bo@example.com" } });
    expect(within(dialog).queryByText("Please enter a valid email address")).toBeNull();
    fireEvent.submit(input.closest("form")!);
    expect(await within(dialog).findByText("Email must be from @kiln.local domain")).toBeTruthy();
    fireEvent.change(input, { target: { value: "bo@kiln.local" } });
    fireEvent.submit(input.closest("form")!);
    await waitFor(() => expect(screen.queryByTestId("assign-dialog")).toBeNull());
    expect(sent.filter((r) => r.url.pathname.endsWith("/assign")).map((r) => r.body)).toEqual([{ user_email: "bo@example.com" }, { user_email: "bo@kiln.local" }]);
  });

  it("deletes an assistant message only after confirming; user messages have no delete", async () => {
    detail = base(null);
    show();
    const buttons = await screen.findAllByTestId("delete-message");
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0]);
    await screen.findByTestId("confirm-dialog");
    expect(sent.some((r) => r.method === "DELETE")).toBe(false);
    fireEvent.click(screen.getByTestId("confirm-action"));
    await waitFor(() => expect(screen.queryByText("Try again later")).toBeNull());
    expect(sent.find((r) => r.method === "DELETE")!.body).toEqual({ message_id: "m2" });
  });

  it("collapses a draft above 150 characters, puts it in the reply box, and Ctrl+K says polish needs a model", async () => {
    detail = base("x".repeat(151));
    show();
    expect((await screen.findByTestId("ai-draft-text")).dataset.collapsed).toBe("true");
    fireEvent.click(screen.getByTestId("ai-draft-toggle"));
    expect(screen.getByTestId("ai-draft-text").dataset.collapsed).toBe("false");
    fireEvent.click(screen.getByTestId("ai-draft-use"));
    const input = screen.getByTestId("reply-input") as HTMLTextAreaElement;
    expect(input.value).toBe("x".repeat(151));
    fireEvent.keyDown(input, { key: "k", ctrlKey: true });
    expect(await screen.findByText("Grammar polish needs an AI model: configure a model provider first")).toBeTruthy();
    expect(sent.find((r) => r.url.pathname.endsWith("/polish"))!.body).toEqual({ text: "x".repeat(151) });
    expect(input.value).toBe("x".repeat(151));
  });

  it("a 150-character draft is shown whole; internal categories are edited with Save and Cancel", async () => {
    detail = base("y".repeat(150));
    show();
    expect((await screen.findByTestId("ai-draft-text")).dataset.collapsed).toBe("false");
    expect(screen.queryByTestId("ai-draft-toggle")).toBeNull();
    const section = screen.getByTestId("sidebar-internal");
    fireEvent.click(within(section).getByTestId("internal-edit"));
    fireEvent.click(within(section).getByTestId("internal-cancel"));
    expect(within(section).queryByTestId("internal-option")).toBeNull();
    fireEvent.click(within(section).getByTestId("internal-edit"));
    const vip = (await within(section).findAllByTestId("internal-option"))[0];
    expect(vip.textContent).toBe("vip");
    fireEvent.click(vip.querySelector("input")!);
    await waitFor(() => expect(vip.dataset.state).toBe("checked"));
    fireEvent.click(within(section).getByTestId("internal-save"));
    await waitFor(() => expect(sent.find((r) => r.url.pathname.endsWith("/internal_categories"))?.body).toEqual({ internal_categories: ["vip"] }));
  });
});
