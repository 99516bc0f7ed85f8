// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { App } from "../../schemas/app";
import type { ChatMessage } from "../../schemas/chat";
import { firstCompletePage } from "../../functions/agent/first-page";
import { fencedWrites, repair, streamingView } from "../../lib/agent/repair";
import { AssistantMessage } from "../../web/src/components/editor/AssistantMessage";
import { StatusArea, TypedStatus } from "../../web/src/components/editor/StatusArea";
import { typeTick } from "../../web/src/components/editor/typing";
import { appendDelta, deltaReader } from "../../web/src/realtime/messageDelta";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** A streamed turn in the chat (issues 14 and 15): deltas appended, fenced code as a file step, a status line that finishes its words. */

beforeAll(polyfillJsdom);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const message = (content: string, state: ChatMessage["state"] = "streaming"): ChatMessage => ({
  id: "m1",
  role: "assistant",
  content,
  state,
  metadata: { created_date: "2026-11-24T00:00:00.000Z", created_by_email: null },
});
const conversation = (m: ChatMessage): App["conversation"] => ({ messages: [m], total: 1, complete: true });
const contentOf = (c: App["conversation"] | "gap" | undefined) => (c && c !== "gap" ? c.messages[0].content : c);

describe("the web chat's message deltas", () => {
  it("appends a delta that starts where the tab's copy ends, and only the new part of one that overlaps it", () => {
    const c = conversation(message("Hello"));
    expect(contentOf(appendDelta(c, { id: "m1", offset: 5, text: ", world", length: 12 }))).toBe("Hello, world");
    expect(contentOf(appendDelta(c, { id: "m1", offset: 3, text: "lo there", length: 11 }))).toBe("Hello there");
    expect(appendDelta(c, { id: "m1", offset: 0, text: "Hel", length: 3 })).toBe(c);
  });

  it("reads a delta past the end of the tab's copy, or for a message it does not have, as a gap; a finished message ignores late deltas", () => {
    expect(appendDelta(conversation(message("Hello")), { id: "m1", offset: 9, text: "x", length: 10 })).toBe("gap");
    expect(appendDelta(conversation(message("Hello")), { id: "m2", offset: 0, text: "x", length: 1 })).toBe("gap");
    const done = conversation(message("Hello", "done"));
    expect(appendDelta(done, { id: "m1", offset: 5, text: "!", length: 6 })).toBe(done);
  });

  it("on a gap fetches the app once, ignoring that message's deltas until the fetch lands, then appends again", async () => {
    let land!: () => void;
    const refetch = vi.fn(() => new Promise<void>((resolve) => (land = resolve)));
    const read = deltaReader(refetch);
    const c = conversation(message("Hello"));
    expect(read(c, { id: "m1", offset: 8, text: "abc", length: 11 })).toBeUndefined();
    expect(read(c, { id: "m1", offset: 11, text: "def", length: 14 })).toBeUndefined();
    expect(refetch).toHaveBeenCalledTimes(1);
    land();
    await vi.waitFor(() => expect(contentOf(read(conversation(message("Hello, abc")), { id: "m1", offset: 10, text: "def", length: 13 }))).toBe("Hello, abcdef"));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(read(c, { nonsense: true })).toBeUndefined();
  });
});

describe("code in plain fences while the answer streams", () => {
  const code = "export default function Notes() {\n  return <p>Notes</p>;\n}";

  it("becomes a write as soon as its fence closes, the same write the finished answer's repair makes", () => {
    const open = `Here it is.\n\npages/Notes.jsx\n\`\`\`jsx\n${code}\n`;
    expect(fencedWrites(open)).toEqual([]);
    const closed = `${open}\`\`\`\n`;
    expect(fencedWrites(closed)).toEqual([{ type: "write", path: "pages/Notes", content: code }]);
    expect(repair(`${closed}Done.`).actions).toEqual(fencedWrites(closed));
  });

  it("shows as a file step while it streams, never as raw code", () => {
    const streaming = `Here it is.\n\npages/Notes.jsx\n\`\`\`jsx\n${code.slice(0, 30)}`;
    expect(streamingView(streaming)).toBe(`Here it is.\n\n<kiln-write path="pages/Notes">\n${code.slice(0, 30)}`);
    render(
      <ChakraProvider value={system}>
        <QueryClientProvider client={new QueryClient()}>
          <AssistantMessage appId="app1" message={message(streaming)} files={{}} isAdmin={false} />
        </QueryClientProvider>
      </ChakraProvider>,
    );
    const step = screen.getByTestId("action-step");
    expect(step.getAttribute("data-type")).toBe("write");
    expect(step.getAttribute("data-complete")).toBe("false");
    expect(step.textContent).toContain("Notes");
    expect(document.body.textContent).not.toContain("export default function");
  });
});

describe("the first page a new app's preview can open on", () => {
  it("is a page whose imported components and entities are all written, Dashboard first", () => {
    const page = (imports: string[]) => imports.map((p) => `import X from "@/${p}";\n`).join("") + "export default () => null;";
    expect(firstCompletePage({ "pages/Dashboard": page(["components/StatCard", "components/ui/card"]) })).toBeNull();
    expect(firstCompletePage({ "pages/Dashboard": page(["components/StatCard"]), "pages/Notes": page(["entities/Note"]), "entities/Note": "{}" })).toBe("Notes");
    expect(firstCompletePage({ "pages/Notes": page([]), "pages/Dashboard": page(["components/StatCard"]), "components/StatCard": page(["components/Icon"]), "components/Icon": page([]) })).toBe(
      "Dashboard",
    );
  });
});

describe("the typed status line", () => {
  it("finishes the line it is typing before the next starts, and keeps what the two share", () => {
    let t = { shown: "Writing pages/Alpha", typed: 0 };
    for (let i = 0; i < 10; i++) t = typeTick(t, "Writing pages/Alpha");
    for (let i = 0; i < 9; i++) t = typeTick(t, "Writing pages/Beta");
    expect(t).toEqual({ shown: "Writing pages/Alpha", typed: 19 });
    t = typeTick(t, "Writing pages/Beta");
    expect(t).toEqual({ shown: "Writing pages/Beta", typed: "Writing pages/".length });
    for (let i = 0; i < 10; i++) t = typeTick(t, "Writing pages/Beta");
    expect(t).toEqual({ shown: "Writing pages/Beta", typed: 18 });
  });

  it("on screen: a new status mid-word does not restart the line", () => {
    vi.useFakeTimers();
    const wrap = (text: string) => (
      <ChakraProvider value={system}>
        <TypedStatus text={text} />
      </ChakraProvider>
    );
    const { rerender } = render(wrap("Writing pages/Alpha"));
    act(() => void vi.advanceTimersByTime(40 * 10));
    expect(screen.getByTestId("status-line").textContent).toBe("Writing pa");
    rerender(wrap("Writing pages/Beta"));
    act(() => void vi.advanceTimersByTime(40 * 9));
    expect(screen.getByTestId("status-line").textContent).toBe("Writing pages/Alpha");
    act(() => void vi.advanceTimersByTime(40 * 20));
    expect(screen.getByTestId("status-line").textContent).toBe("Writing pages/Beta");
  });

  it('shows "Thinking…" once: not in the status line while the streaming answer says it', () => {
    const app = { id: "a1", status: { state: "processing", details: "Thinking...", last_updated_date: new Date().toISOString() }, suggestions: null } as unknown as App;
    const area = (a: App, answerStreaming: boolean) => (
      <ChakraProvider value={system}>
        <StatusArea
          app={a}
          messageCount={4}
          isNarrow={false}
          onStop={() => undefined}
          onRevertLast={null}
          onSuggestion={() => undefined}
          suggestionsDisabled={false}
          answerStreaming={answerStreaming}
        />
      </ChakraProvider>
    );
    const { rerender } = render(area(app, true));
    expect(screen.queryByTestId("status-line")).toBeNull();
    rerender(area(app, false));
    expect(screen.getByTestId("status-line")).toBeTruthy();
    rerender(area({ ...app, status: { ...app.status, details: "Writing pages/Home" } }, true));
    expect(screen.getByTestId("status-line")).toBeTruthy();
  });
});
