// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../schemas/chat";
import { AssistantMessage } from "../../web/src/components/editor/AssistantMessage";
import { system } from "../../web/src/theme";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The chat's step for a secret request (<kiln-secrets>): it changes no file, so it names the secrets instead of a path. */

beforeAll(polyfillJsdom);
afterEach(cleanup);

const message = (content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id: "m1",
  role: "assistant",
  content,
  metadata: { created_date: "2025-01-01T00:00:00.000Z", created_by_email: null },
  state: "done",
  ...extra,
});

function steps(m: ChatMessage) {
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={new QueryClient()}>
        <AssistantMessage appId="app1" message={m} files={{}} isAdmin={false} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return screen.getAllByTestId("action-step").filter((r) => r.dataset.type === "secrets");
}

describe("a secret request in the chat", () => {
  it("reads 'Asked for secrets' with the names", () => {
    const [row] = steps(message('<kiln-write path="functions/post">\nDeno.serve(() => new Response("ok"));\n</kiln-write>\n<kiln-secrets>[{"secretName": "SLACK_WEBHOOK_URL", "description": "webhook"}, {"secretName": "OPENAI_API_KEY", "description": "key"}]</kiln-secrets>'));
    expect(row.textContent).toBe("Asked for secrets: SLACK_WEBHOOK_URL, OPENAI_API_KEY");
  });

  it("a malformed one reads 'Secret request not made' with why, and one still streaming reads 'Asking for secrets…'", () => {
    const reason = "The secret request could not be read (it is malformed), so it was not made.";
    const [bad] = steps(message('<kiln-secrets>[{"secretName": "not a name"}]</kiln-secrets>', { receipt: { files: { added: [], modified: [], deleted: [] }, entities: { added: [], removed: [] }, pages: { added: [], removed: [] }, unrequested_removals: [], not_applied: [{ path: null, reason, action_index: 0 }] } }));
    expect(bad.textContent).toBe("Secret request not made");
    expect(bad.getAttribute("title")).toBe(reason);
    cleanup();
    const [streaming] = steps(message('<kiln-secrets>[{"secretName": "SLA', { state: "streaming" }));
    expect(streaming.textContent).toBe("Asking for secrets…");
  });
});
