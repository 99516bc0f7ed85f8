// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChatMessage } from "../../schemas/chat";
import { AssistantMessage } from "../../web/src/components/editor/AssistantMessage";
import { ChatRetryContext } from "../../web/src/components/editor/chatRetry";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** A turn's final state in the chat (issue 8, durable AI turns): no row left writing, what was not saved and why, Retry. */

beforeAll(polyfillJsdom);
afterEach(cleanup);

const failed: ChatMessage = {
  id: "m2",
  role: "assistant",
  content: '<kiln-plan>Add a journal and an archive</kiln-plan>\n<kiln-write path="pages/Journal">\nexport default () => null;\n</kiln-write>\n<kiln-write path="pages/Archive">\nexport default function Archive() {\n  const rows = [',
  metadata: { created_date: "2025-01-01T00:00:00.000Z", created_by_email: null },
  state: "error",
  error: { title: "The model is overloaded, try again", details: "Anthropic reported overloaded_error: Overloaded", retryable: true },
  receipt: {
    files: { added: ["pages/Journal"], modified: [], deleted: [] },
    entities: { added: [], removed: [] },
    pages: { added: ["Journal"], removed: [] },
    unrequested_removals: [],
    not_applied: [{ path: "pages/Archive", reason: "pages/Archive was cut off by an error, so it was not added.", action_index: 2 }],
  },
};

function show(message: ChatMessage, retry = { canRetry: () => true, retry: vi.fn() }) {
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient()}>
        <ChatRetryContext.Provider value={retry}>
          <AssistantMessage appId="app1" message={message} files={{}} isAdmin={false} />
        </ChatRetryContext.Provider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return retry;
}

describe("an assistant answer that failed part-way", () => {
  it("ends every row in a final state: the finished write checked, the cut-off one 'Not saved' with no progress", () => {
    show(failed);
    const rows = screen.getAllByTestId("action-step").filter((r) => r.dataset.type === "write");
    expect(rows.map((r) => r.dataset.state)).toEqual(["done", "not-saved"]);
    expect(rows[1].textContent).toContain("Not saved");
    expect(rows[1].getAttribute("title")).toBe("pages/Archive was cut off by an error, so it was not added.");
    expect(screen.queryByTestId("action-progress")).toBeNull();
  });

  it("shows the receipt with what was kept and what was not", () => {
    show(failed);
    expect(screen.getByTestId("receipt-line").textContent).toBe("Changed 1 file · added page Journal");
    expect(screen.getByTestId("receipt-not-applied").textContent).toContain("pages/Archive was cut off by an error, so it was not added.");
  });

  it("reads as a person would want and offers Retry, which resends the failed message", () => {
    const retry = show(failed);
    expect(screen.getByTestId("error-block").textContent).toContain("The model is overloaded, try again");
    fireEvent.click(screen.getByTestId("error-retry"));
    expect(retry.retry).toHaveBeenCalledWith("m2");
  });

  it("offers no Retry when trying again cannot help, or on an older answer", () => {
    show({ ...failed, error: { ...failed.error!, retryable: false } });
    expect(screen.queryByTestId("error-retry")).toBeNull();
    cleanup();
    show(failed, { canRetry: () => false, retry: vi.fn() });
    expect(screen.queryByTestId("error-retry")).toBeNull();
  });
});
