// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../schemas/chat";
import { CodeView, DiffView } from "../../web/src/components/editor/CodeView";
import { minimalChange } from "../../web/src/components/editor/codemirror";
import { FeedbackDialog } from "../../web/src/components/editor/FeedbackDialog";
import { MessageDetailsDialog, traceUrl } from "../../web/src/components/editor/MessageDetailsDialog";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

beforeAll(polyfillJsdom);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function wrap(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </ChakraProvider>,
  );
}

function mockFetch(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

const message: ChatMessage = {
  id: "01MSG",
  role: "assistant",
  content: 'Adding it.\n<kiln-plan>Add a priority field</kiln-plan>\n<kiln-write path="entities/Task">\n{"type":"object"}\n</kiln-write>\n<kiln-delete path="pages/Old" />',
  metadata: { created_date: "2025-01-01T12:00:00.000Z", created_by_email: "a+b@example.com", model: "claude" },
  state: "done",
};

describe("minimalChange", () => {
  it("finds the smallest edit", () => {
    expect(minimalChange("abc", "abc")).toBeNull();
    expect(minimalChange("abc", "abcdef")).toEqual({ from: 3, to: 3, insert: "def" });
    expect(minimalChange("aXc", "aYYc")).toEqual({ from: 1, to: 2, insert: "YY" });
    expect(minimalChange("aaa", "aa")).toEqual({ from: 2, to: 3, insert: "" });
  });
});

describe("CodeView", () => {
  it("shows the file and updates in place as it streams", async () => {
    const { container, rerender } = wrap(<CodeView path="pages/Home" content={"const a = 1;"} height="300px" />);
    await waitFor(() => expect(container.querySelector(".cm-content")?.textContent).toBe("const a = 1;"));
    const editor = container.querySelector(".cm-editor");
    expect(container.querySelector(".cm-lineNumbers")).toBeTruthy();
    rerender(
      <ChakraProvider value={system}>
        <QueryClientProvider client={new QueryClient()}>
          <CodeView path="pages/Home" content={"const a = 1;\nconst b = <div />;"} height="300px" />
        </QueryClientProvider>
      </ChakraProvider>,
    );
    await waitFor(() => expect(container.querySelectorAll(".cm-line")).toHaveLength(2));
    expect(container.querySelector(".cm-editor")).toBe(editor);
  });

  it("shows a side-by-side diff", async () => {
    const { container } = wrap(<DiffView original={"a\nb"} modified={"a\nc"} language="javascript" />);
    await waitFor(() => expect(container.querySelectorAll(".cm-mergeView .cm-editor")).toHaveLength(2));
  });
});

describe("MessageDetailsDialog", () => {
  it("lists changed files with their kind and shows the diff", async () => {
    const fetch = mockFetch(200, {
      message_id: "01MSG",
      files: [{ path: "entities/Task", change: "modified", language: "json", original: "{}", modified: '{"a":1}' }],
    });
    wrap(<MessageDetailsDialog appId="app1" message={message} open onClose={() => {}} isAdmin={false} />);
    expect(await screen.findByText("entities/Task")).toBeTruthy();
    expect(screen.getByText("modified")).toBeTruthy();
    expect(fetch.mock.calls[0][0]).toBe("/api/apps/app1/chat/message/01MSG/changes");
    expect(screen.queryByText("Message Info")).toBeNull();
    await waitFor(() => expect(document.querySelector('[data-testid="diff-view"] .cm-mergeView')).toBeTruthy());
  });

  it.each([
    [400, { detail: "No file changes detected for this message.", message: "" }, "No file changes detected for this message."],
    [200, { message_id: "01MSG", files: [] }, "No file changes detected for this message."],
    [404, { detail: "Not here", message: "" }, "Message not found"],
    [403, { detail: "You do not have access to this app", message: "" }, "You do not have access to this app"],
  ])("status %i shows the spec's text", async (status, body, text) => {
    mockFetch(status, body);
    wrap(<MessageDetailsDialog appId="app1" message={message} open onClose={() => {}} isAdmin={false} />);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it("shows Message Info to admins: attributes, copy, actions", async () => {
    mockFetch(200, { message_id: "01MSG", files: [] });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    wrap(<MessageDetailsDialog appId="app1" message={message} open onClose={() => {}} isAdmin />);
    fireEvent.click(await screen.findByText("Message Info"));
    const info = await screen.findByTestId("message-info");
    expect(info.textContent).toContain("created_by_email");
    expect(info.textContent).not.toContain("Adding it.");
    expect(screen.getAllByTestId("message-action")).toHaveLength(3);

    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(screen.getByTestId("copy-content"));
    await screen.findByText("Copied!");
    expect(writeText).toHaveBeenCalledWith(message.content);
    await act(async () => vi.advanceTimersByTime(2000));
    expect(screen.getByText("Copy Content")).toBeTruthy();
  });

  it("says when a message has no actions", async () => {
    mockFetch(200, { message_id: "01MSG", files: [] });
    wrap(<MessageDetailsDialog appId="app1" message={{ ...message, content: "Just text" }} open onClose={() => {}} isAdmin />);
    fireEvent.click(await screen.findByText("Message Info"));
    expect(await screen.findByText("No actions found in this message")).toBeTruthy();
  });

  it("builds the trace link from the creator and ±5 minutes", () => {
    expect(traceUrl(message, "https://trace.example/search")).toBe(
      "https://trace.example/search?user=a%2Bb%40example.com&from=2025-01-01T11:55:00.000Z&to=2025-01-01T12:05:00.000Z",
    );
    expect(traceUrl(message, undefined)).toBeNull();
  });
});

describe("FeedbackDialog", () => {
  it("needs a tag, then posts the feedback", async () => {
    const fetch = mockFetch(201, { id: "f1", success: true });
    const onClose = vi.fn();
    wrap(<FeedbackDialog appId="app1" message={message} actionPath="pages/Home" open onClose={onClose} />);
    const submit = await screen.findByTestId("feedback-submit");
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText("Stuck in a loop"));
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    fireEvent.change(screen.getByTestId("feedback-text"), { target: { value: "It kept going" } });
    fireEvent.click(submit);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe("/api/feedback");
    expect(JSON.parse(init!.body as string)).toEqual({
      feedback_url: `${location.origin}/apps/app1/editor/preview?msgId=01MSG&action=pages%2FHome`,
      tag: "Stuck in a loop",
      feedback: "It kept going",
    });
  });
});
