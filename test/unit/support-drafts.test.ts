import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { languageModelFor } from "../../functions/agent/provider-settings";
import { SupportDrafts } from "../../functions/core/support/drafts";
import type { TicketMessage } from "../../schemas/support";

/** The support desk's model calls go through the provider registry with the agent's system prompts; Anthropic is replaced at the HTTP boundary by msw. */

const env = { ANTHROPIC_API_KEY: "test-key", KILN_MODEL_MAX_RETRIES: "0" };
const served = async () => (await languageModelFor("claude_sonnet_4", env))!;
const settings = { response_system_prompt: "RESPOND FROM THE DOCS.", polish_system_prompt: "FIX GRAMMAR ONLY.", internal_category_options: [] };
const message = (content: string, admin = false): TicketMessage => ({
  id: content,
  role: admin ? "assistant" : "user",
  content,
  file_urls: [],
  additional_message_params: { is_admin_message: admin },
  metadata: { created_date: "2026-11-24T00:00:00.000Z", created_by_full_name: "Max" },
});

const sent: { system?: string | { text: string }[]; messages: { content: string | { text?: string }[] }[] }[] = [];
const answer = (text: string) =>
  HttpResponse.json({ id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [{ type: "text", text }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 3, output_tokens: 3 } });
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const systemText = (s: (typeof sent)[number]["system"]) => (typeof s === "string" ? s : (s ?? []).map((p) => p.text).join(""));
const promptText = (s: (typeof sent)[number]) => s.messages.map((m) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join(""))).join("\n");

describe("SupportDrafts with a model", () => {
  it("drafts with the response prompt and the matching articles as the system, the thread as the question", async () => {
    server.use(http.post("https://api.anthropic.com/v1/messages", async ({ request }) => (sent.push((await request.json()) as never), answer("  Clear the cache in Settings.  "))));
    const draft = await SupportDrafts.withModel(await served(), settings, { title: "Stale data", category: "bug_report" }, [message("My data is stale"), message("Which browser?", true)], [
      { id: "a1", title: "Clearing the cache", content: "Open Settings and press Reset.", created_date: "", updated_date: "" },
    ]);
    expect(draft).toBe("Clear the cache in Settings.");
    expect(sent).toHaveLength(1);
    expect(systemText(sent[0].system)).toContain("RESPOND FROM THE DOCS.");
    expect(systemText(sent[0].system)).toContain("## Clearing the cache\nOpen Settings and press Reset.");
    expect(promptText(sent[0])).toContain('Ticket "Stale data"');
    expect(promptText(sent[0])).toContain("User: My data is stale");
    expect(promptText(sent[0])).toContain("Support: Which browser?");
  });

  it("polishes with the polish prompt; a provider failure is a 502 in the provider's words, never an invented text", async () => {
    server.use(http.post("https://api.anthropic.com/v1/messages", async ({ request }) => (sent.push((await request.json()) as never), answer("We have fixed it."))));
    expect(await SupportDrafts.ask(await served(), settings.polish_system_prompt, "we has fixed it")).toBe("We have fixed it.");
    expect(systemText(sent[0].system)).toBe("FIX GRAMMAR ONLY.");
    expect(promptText(sent[0])).toBe("we has fixed it");

    server.use(http.post("https://api.anthropic.com/v1/messages", () => HttpResponse.json({ type: "error", error: { type: "api_error", message: "Internal server error" } }, { status: 500 })));
    await expect(SupportDrafts.ask(await served(), "x", "y")).rejects.toMatchObject({ name: "VisibleError", status: 502 });
  });
});

describe("SupportDrafts.fromArticles (no model)", () => {
  it("quotes the matching passage of each article under its title, and asks for details when none matches", () => {
    const text = SupportDrafts.fromArticles({ title: "Domain will not verify", content: "My CNAME is set but verify fails." }, [
      { id: "d", title: "Custom domains", content: "Plans.\n\nSet a CNAME record, then press verify.", created_date: "", updated_date: "" },
    ]);
    expect(text).toContain("**Custom domains**\n> Set a CNAME record, then press verify.");
    expect(SupportDrafts.fromArticles({ title: "x", content: "y" }, [])).toContain("None of our help articles covers this yet");
  });
});
