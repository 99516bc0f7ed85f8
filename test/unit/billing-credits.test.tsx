// @vitest-environment jsdom
import { ChakraProvider } from "@chakra-ui/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { useState } from "react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChatMessage } from "../../schemas/chat";
import type { CurrentUsage } from "../../schemas/usage";
import { useAttachments } from "../../web/src/components/attachments/useAttachments";
import { PromptBox as ChatPromptBox } from "../../web/src/components/editor/PromptBox";
import { useUsage, useUsageAfterTurn } from "../../web/src/components/editor/useUsage";
import { PromptBox as HomePromptBox } from "../../web/src/components/home/PromptBox";
import { UsageBanner } from "../../web/src/components/home/UsageBanner";
import { system } from "../../web/src/theme";
import { usage } from "./billing-fixtures";
import { polyfillJsdom } from "./jsdom-polyfills";

/** The builder's credit UI (spec 01 §8, §9 and issue 9's "beyond the peers"): what sending costs and what is left, extra credits counted. */

let current: CurrentUsage = usage();
const server = setupServer(http.get("*/api/usage-logs/current-usage", () => HttpResponse.json(current)));

beforeAll(() => {
  polyfillJsdom();
  server.listen({ onUnhandledRequest: "error" });
});
afterEach(() => cleanup());
afterAll(() => server.close());

function Chat({ messages = [] }: { messages?: ChatMessage[] }) {
  const usage = useUsage();
  useUsageAfterTurn(messages);
  const [discussion, setDiscussion] = useState(false);
  const [draft, setDraft] = useState("");
  return (
    <ChatPromptBox
      draft={draft}
      onDraftChange={setDraft}
      discussion={discussion}
      onDiscussionChange={setDiscussion}
      processing={false}
      usage={usage}
      sending={false}
      stopping={false}
      outOfCredits={false}
      onDismissOutOfCredits={() => {}}
      onSend={async () => true}
      onStop={() => {}}
    />
  );
}

function Home() {
  const attachments = useAttachments();
  return <HomePromptBox value="" onChange={() => {}} onSubmit={() => {}} disabled={false} submitting={false} attachments={attachments} style={undefined} onClearStyle={() => {}} />;
}

function show(ui: React.ReactNode, with_: CurrentUsage) {
  current = with_;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ChakraProvider>
  );
  return render(ui, { wrapper });
}

describe("the chat prompt box says what sending costs before it runs", () => {
  it("1 credit, or 0.3 in discussion mode, with what is left today and this month", async () => {
    show(<Chat />, usage({ daily_usage: 1, monthly_usage: 3 }));
    const cost = await screen.findByTestId("send-cost");
    expect(cost.textContent).toBe("1 credit · 6 left today, 22 this month");
    expect(cost.getAttribute("title")).toBe("A message costs 1 credit; Kiln's automated fixes are free.");
    fireEvent.click(screen.getByTestId("discussion-toggle"));
    await waitFor(() => expect(screen.getByTestId("send-cost").textContent).toBe("0.3 credits · 6 left today, 22 this month"));
    expect(screen.getByTestId("send-cost").getAttribute("title")).toBe("A question in discussion mode costs 0.3 credits; Kiln's automated fixes are free.");
  });

  it("a plan with no daily limit counts the month only, and extra credits are added", async () => {
    show(<Chat />, usage({ tier: "pro", daily_usage: 40, daily_limit: 1_000_000, monthly_usage: 100.5, monthly_limit: 500, extra_credits: 12 }));
    expect((await screen.findByTestId("send-cost")).textContent).toBe("1 credit · 399.5 left this month + 12 extra");
  });

  it("a user whose plan credits are spent but who has extra credits is not out: the input stays on and no low-credit hint shows", async () => {
    show(<Chat />, usage({ daily_usage: 7, monthly_usage: 7, extra_credits: 5, is_over_limit: false }));
    expect((await screen.findByTestId("send-cost")).textContent).toBe("1 credit · 0 left today, 18 this month + 5 extra");
    expect((screen.getByTestId("chat-input") as HTMLTextAreaElement).disabled).toBe(false);
    expect(screen.queryByTestId("low-credit-hint")).toBeNull();
    fireEvent.click(screen.getByTestId("send-cost"));
    const popover = await screen.findByTestId("usage-popover");
    expect(within(popover).getByTestId("popover-extra-credits").textContent).toBe("Extra credits5");
    expect(within(popover).getByText("Upgrade for more messages").getAttribute("href")).toBe("/billing");
  });

  it("out of everything: the input is off and the hint reads '0 messages left today' with the usage popover", async () => {
    show(<Chat />, usage({ daily_usage: 7, monthly_usage: 10, extra_credits: 0, is_over_limit: true }));
    const hint = await screen.findByTestId("low-credit-hint");
    expect(hint.textContent?.trim()).toBe("0 messages left today");
    expect((screen.getByTestId("chat-input") as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByTestId("send-cost")).toBeNull();
    fireEvent.click(hint);
    expect((await screen.findByTestId("usage-popover")).textContent).toContain("Today7 / 7");
  });
});

describe("the credit line after a turn", () => {
  const answer = (state: ChatMessage["state"], refunded: boolean): ChatMessage => ({
    id: "a1",
    role: "assistant",
    content: "I can't do that offline.",
    metadata: { created_date: "2025-01-01T00:00:00.000Z", created_by_email: null },
    state,
    ...(state === "streaming" ? {} : { receipt: { files: { added: [], modified: [], deleted: [] }, entities: { added: [], removed: [] }, pages: { added: [], removed: [] }, unrequested_removals: [], charge: { credits: 1, refunded } } }),
  });
  const asked: ChatMessage = { ...answer("streaming", false), id: "u1", role: "user", state: undefined, content: "make it sing" };

  it("a turn that was not charged shows the credit back as soon as it ends, not at the next turn", async () => {
    // while the turn runs the server counts the message; its refund lands with the answer's final save
    const view = show(<Chat messages={[asked, answer("streaming", false)]} />, usage({ daily_usage: 2, monthly_usage: 4 }));
    await waitFor(() => expect(screen.getByTestId("send-cost").textContent).toBe("1 credit · 5 left today, 21 this month"), { timeout: 5000 });
    current = usage({ daily_usage: 1, monthly_usage: 3 });
    view.rerender(<Chat messages={[asked, answer("done", true)]} />);
    await waitFor(() => expect(screen.getByTestId("send-cost").textContent).toBe("1 credit · 6 left today, 22 this month"), { timeout: 5000 });
  });
});

describe("the home prompt box", () => {
  it("says creating an app costs 1 credit and what is left", async () => {
    show(<Home />, usage({ daily_usage: 2, monthly_usage: 20 }));
    const cost = await screen.findByTestId("send-cost");
    expect(cost.textContent).toBe("1 credit · 5 left today, 5 this month");
    expect(cost.getAttribute("title")).toBe("Creating an app costs 1 credit; Kiln's automated fixes are free.");
  });
});

describe("home banners lead to billing", () => {
  it("'Subscription payment overdue' when past due, else 'You've reached your usage limit' when over it", () => {
    show(<UsageBanner usage={usage({ past_due: true, is_over_limit: true })} />, usage());
    let banner = screen.getByTestId("usage-banner");
    expect(banner.textContent).toContain("Subscription payment overdue");
    expect(banner.textContent).toContain("You are limited to Free plan usage until you update your payment method.");
    // one link beside the text on wide screens, one under it on a phone
    expect([...banner.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["/billing", "/billing"]);
    cleanup();
    show(<UsageBanner usage={usage({ is_over_limit: true })} />, usage());
    banner = screen.getByTestId("usage-banner");
    expect(banner.textContent).toContain("You've reached your usage limit");
    cleanup();
    show(<UsageBanner usage={usage({ extra_credits: 3 })} />, usage());
    expect(screen.queryByTestId("usage-banner")).toBeNull();
  });
});
