// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import type { ReactNode } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Inbox, InboxCounts, Ticket } from "../../schemas/support";
import type { User } from "../../schemas/user";
import { meQuery } from "../../web/src/api/auth";
import { AdminInbox } from "../../web/src/components/support/AdminInbox";
import { NewTicketDialog } from "../../web/src/components/support/NewTicketDialog";
import { SupportHub } from "../../web/src/components/support/SupportHub";
import { TicketPanel } from "../../web/src/components/support/TicketPanel";
import { Toaster } from "../../web/src/components/ui/toaster";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";
import { type SentRequest, fail, message, recordRequests, ticket } from "./support-fixtures";

/** The support screens against the API at the HTTP boundary (msw): the §5 and §8 words, what is sent, what a failure leaves. */

const server = setupServer();
const sent: SentRequest[] = [];
beforeAll(() => {
  polyfillJsdom();
  server.listen({ onUnhandledRequest: "error" });
  recordRequests(server, sent);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  sent.length = 0;
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const me = (over: Partial<User> = {}) => ({ id: "u1", email: "ada@example.test", platform_role: "user", subscription_tier: "free", ...over }) as User;

/** Inside a memory router (the screens link to other routes) with the signed-in user in the cache. */
function show(node: ReactNode, user: User = me()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(meQuery.queryKey, user);
  const router = createRouter({ routeTree: createRootRoute({ component: () => node }), history: createMemoryHistory({ initialEntries: ["/"] }) });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}

describe("Help & Support hub (spec 03 §2.9)", () => {
  it("says Premium Support for elite tiers and Standard Support (48 hours) otherwise, hiding unset outside links", async () => {
    show(<SupportHub appId="app1" />, me({ subscription_tier: "elite_2" }));
    expect(await screen.findByTestId("support-level")).toHaveProperty("textContent", "Premium Support");
    expect(screen.queryByTestId("hub-docs")).toBeNull();
    expect(screen.queryByTestId("hub-forum")).toBeNull();
    const open = within(screen.getByTestId("hub-open-ticket")).getByRole("link");
    expect(open.getAttribute("href")).toBe("/support/conversations?appId=app1&openNew=true");
    cleanup();
    show(<SupportHub />, me({ subscription_tier: "pro" }));
    expect(await screen.findByTestId("support-level")).toHaveProperty("textContent", "Standard Support");
    expect(screen.getByText("Responses can take up to 48 hours.")).toBeTruthy();
  });
});

describe("new ticket (spec 03 §2.10, §5, §8)", () => {
  it("shows every field's message and sends nothing until they pass", async () => {
    show(<NewTicketDialog open onClose={() => {}} onCreated={() => {}} />);
    fireEvent.change(await screen.findByTestId("ticket-app-link"), { target: { value: "example.com" } });
    fireEvent.click(screen.getByTestId("ticket-submit"));
    for (const text of [
      "Title must be at least 5 characters",
      "Please provide more details (at least 20 characters)",
      "Please select a category",
      "Please enter a valid URL (starting with http:// or https://)",
    ])
      expect(await screen.findByText(text)).toBeTruthy();
    fireEvent.change(screen.getByTestId("ticket-description"), { target: { value: "x".repeat(451) } });
    expect(screen.getByTestId("ticket-counter").dataset.tone).toBe("orange");
    fireEvent.change(screen.getByTestId("ticket-description"), { target: { value: "x".repeat(501) } });
    expect(screen.getByTestId("ticket-counter").dataset.tone).toBe("red");
    expect(await screen.findByText("Description must be less than 500 characters")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("hides the app link for an app, sends its id, and says so when the server fails", async () => {
    let failing = true;
    server.use(http.post("*/api/support/conversations", () => (failing ? fail("boom", 500) : HttpResponse.json(ticket(), { status: 201 }))));
    const created = vi.fn();
    show(<NewTicketDialog open appId="app1" onClose={() => {}} onCreated={created} />);
    fireEvent.change(await screen.findByTestId("ticket-title"), { target: { value: "Stuck build" } });
    fireEvent.change(screen.getByTestId("ticket-description"), { target: { value: "The editor has been building for an hour." } });
    fireEvent.change(screen.getByTestId("ticket-category"), { target: { value: "bug_report" } });
    expect(screen.queryByTestId("ticket-app-link")).toBeNull();
    fireEvent.click(screen.getByTestId("ticket-submit"));
    expect(await screen.findByText("Failed to submit your support ticket. Please try again.")).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByTestId("ticket-submit"));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(sent.at(-1)!.body).toEqual({
      title: "Stuck build",
      content: "The editor has been building for an hour.",
      category: "bug_report",
      app_id: "app1",
      app_link: null,
      file_urls: [],
    });
  });
});

describe("a ticket's side panel (spec 03 §2.10, §4, §8)", () => {
  it("says 'No Conversation Found' for a ticket that is not the user's", async () => {
    server.use(http.get("*/api/support/conversations/t404", () => fail("No Conversation Found", 404)));
    show(<TicketPanel ticketId="t404" />);
    expect(await screen.findByText("No Conversation Found")).toBeTruthy();
  });

  it("closes the reply box on a closed conversation and shows image attachments inline, other files as links", async () => {
    const files = ["http://kiln.test/api/files/a.PNG", "http://kiln.test/api/files/b.pdf"];
    server.use(
      http.get("*/api/support/conversations/t1", () =>
        HttpResponse.json(ticket({ id: "t1", status: "closed", ticket_status: "resolved", messages: [message("m1", { file_urls: files })] })),
      ),
    );
    show(<TicketPanel ticketId="t1" />);
    expect(await screen.findByText("This conversation is closed")).toBeTruthy();
    expect(screen.queryByTestId("reply-box")).toBeNull();
    expect(screen.getByTestId("message-image").getAttribute("src")).toBe(files[0]);
    expect(screen.getByTestId("message-file").getAttribute("href")).toBe(files[1]);
  });

  it("sends a reply with an attachment uploaded straight to storage (POST /api/files/upload-url, then its PUT) and shows it once in the thread", async () => {
    const url = "http://kiln.test/api/files/f1.pdf";
    // jsdom's File does not reach Node's fetch as bytes: the e2e uploads check the bytes in Chromium
    const stored: (string | null)[] = [];
    server.use(
      http.get("*/api/support/conversations/t1", () => HttpResponse.json(ticket({ id: "t1", messages: [message("m1")] }))),
      http.post("*/api/files/upload-url", () =>
        HttpResponse.json({ upload: { url: "http://storage.test/uploads/f1.pdf?X-Amz-Signature=s", method: "PUT", headers: { "content-type": "application/pdf" } }, expires_at: "2026-11-28T00:05:00.000Z", url }),
      ),
      http.put("http://storage.test/uploads/f1.pdf", ({ request }) => {
        stored.push(request.headers.get("content-type"));
        return new HttpResponse(null, { status: 200 });
      }),
      http.post("*/api/support/conversations/t1/messages", async ({ request }) => {
        const body = (await request.json()) as { content: string; file_urls: string[] };
        return HttpResponse.json(message("m2", { content: body.content, file_urls: body.file_urls }), { status: 201 });
      }),
    );
    show(<TicketPanel ticketId="t1" />);
    fireEvent.change(await screen.findByTestId("reply-files"), { target: { files: [new File(["%PDF"], "log.pdf", { type: "application/pdf" })] } });
    fireEvent.change(screen.getByTestId("reply-input"), { target: { value: "  Here is the log  " } });
    await waitFor(() => expect(screen.getByTestId("reply-send")).toHaveProperty("disabled", false));
    fireEvent.click(screen.getByTestId("reply-send"));
    await waitFor(() => expect(screen.getAllByTestId("ticket-message")).toHaveLength(2));
    expect(screen.getByTestId("message-file").getAttribute("href")).toBe(url);
    expect(stored).toEqual(["application/pdf"]);
    expect(sent.find((r) => r.url.pathname.endsWith("/upload-url"))!.body).toEqual({ name: "log.pdf", size: 4 });
    expect((screen.getByTestId("reply-input") as HTMLTextAreaElement).value).toBe("");
    expect(sent.find((r) => r.url.pathname.endsWith("/messages"))!.body).toEqual({
      content: "Here is the log",
      file_urls: [url],
      role: "user",
      additional_message_params: { is_admin_message: false },
    });
  });

  it("reverts the e-mail checkbox when the server refuses the change", async () => {
    server.use(
      http.get("*/api/support/conversations/t1", () => HttpResponse.json(ticket({ id: "t1", messages: [message("m1")] }))),
      http.put("*/api/support/conversations/t1/notifications", () => fail("nope", 500)),
    );
    show(<TicketPanel ticketId="t1" />);
    const root = await screen.findByTestId("ticket-notify");
    expect(root.dataset.state).toBe("unchecked");
    fireEvent.click(root.querySelector("input")!);
    await waitFor(() => expect(sent.some((r) => r.method === "PUT")).toBe(true));
    await waitFor(() => expect(root.dataset.state).toBe("unchecked"));
    expect(sent.find((r) => r.method === "PUT")!.body).toEqual({ notify_via_email_on_admin_response: true });
  });
});

const counts: InboxCounts = {
  open: 3,
  resolved: 0,
  pending_admin: 3,
  pending_user: 0,
  assigned: 1,
  unassigned: 2,
  by_assignee: { "bo@kiln.local": 1 },
  by_category: { billing: 2, bug_report: 1 },
  by_internal_category: { vip: 1 },
};

describe("admin inbox (spec 03 §2.11, §5, §8)", () => {
  it("refuses non-admins in the spec's words", async () => {
    show(<AdminInbox select={() => {}} />);
    expect(await screen.findByText("Access Denied - You are not authorized to access this page")).toBeTruthy();
  });

  it("lists with counts, filters by agent, and bulk-resolves reporting the failures", async () => {
    const tickets: Ticket[] = [
      ticket({ id: "a", title: "One" }),
      ticket({ id: "b", title: "Two" }),
      ticket({ id: "c", title: "Three", ticket_status: "resolved", status: "closed" }),
    ];
    server.use(
      http.get("*/api/support/admin", () => HttpResponse.json({ conversations: tickets, total: 3, counts } satisfies Inbox)),
      http.patch("*/api/support/admin/resolve-many", () =>
        HttpResponse.json({ resolved: ["a"], errors: [{ ticket_id: "b", error: "Ticket is already resolved" }] }),
      ),
    );
    const confirm = vi.fn(() => true);
    const alert = vi.fn();
    vi.stubGlobal("confirm", confirm);
    vi.stubGlobal("alert", alert);
    show(<AdminInbox select={() => {}} />, me({ platform_role: "platform_admin" }));
    expect(await screen.findByText("Select a conversation")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("inbox-row")).toHaveLength(3));
    expect(screen.getByTestId("inbox-count").textContent).toBe("3");
    expect(sent[0].url.search).toBe("?only_open=true");
    // a resolved ticket has no checkbox; select all takes the two open ones
    expect(screen.getAllByTestId("inbox-row-check")).toHaveLength(2);
    fireEvent.click(screen.getByTestId("filter-agent-bo"));
    await waitFor(() => expect(sent.at(-1)!.url.searchParams.get("assigned_to")).toBe("bo@kiln.local"));
    fireEvent.click(screen.getByTestId("inbox-select-all").querySelector("input")!);
    fireEvent.click(await screen.findByText("Resolve 2 ticket(s)"));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to resolve 2 ticket(s)?");
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Successfully resolved 1 ticket(s) (1 failed)"));
    expect(sent.find((r) => r.method === "PATCH")!.body).toEqual({ ticket_ids: ["a", "b"] });
  });

  it("says 'Failed to load support tickets. Please try again.' with a retry when the list fails", async () => {
    server.use(http.get("*/api/support/admin", () => fail("down", 500)));
    show(<AdminInbox select={() => {}} />, me({ platform_role: "platform_admin" }));
    expect(await screen.findByText("Failed to load support tickets. Please try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  });
});
