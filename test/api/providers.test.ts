import { describe, expect, it } from "vitest";
import { builtApp, call, signedIn, waitForApp } from "./helpers";

/** Turns through a real provider SDK against the Anthropic stand-in (test/api/fake-anthropic.ts). */
async function claudeApp(label: string) {
  const { token } = await signedIn(label);
  const app = await builtApp(token, "A simple notes app");
  expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { model: "claude_sonnet_4" } })).status).toBe(200);
  return { token, app };
}

const send = (token: string, appId: string, content: string) => call("POST", `/api/apps/${appId}/chat/message`, { token, body: { content } });

describe("a turn through a model provider", () => {
  it("streams tagged actions split across events and applies them", async () => {
    const { token, app } = await claudeApp("claude");
    expect((await send(token, app.id, "add a help page")).status).toBe(201);
    const after = await waitForApp(token, app.id);
    expect(after.status.state).toBe("ready");
    expect(after.pages.Help).toContain("<p>Help</p>");
    const last = after.conversation.messages.at(-1);
    expect(last.metadata).toMatchObject({ model: expect.stringContaining("claude"), input_tokens: 321, output_tokens: 54 });
    expect(after.suggestions.suggestion_1.title).toBe("Add search");
  });

  it("repairs code in plain fences into a write, so no code is lost into chat text", async () => {
    const { token, app } = await claudeApp("fenced");
    await send(token, app.id, "FENCED: add a notes page");
    const after = await waitForApp(token, app.id);
    expect(after.pages.Notes).toContain("export default function Notes()");
    expect(after.conversation.messages.at(-1).content).toContain('<kiln-write path="pages/Notes">');
  });

  it("applies a write left unclosed when the stream stops", async () => {
    const { token, app } = await claudeApp("unclosed");
    await send(token, app.id, "UNCLOSED: add an about page");
    const after = await waitForApp(token, app.id);
    expect(after.pages.About).toContain("About us");
  });

  it("a provider failure sets the app to error with details and gives the credit back", async () => {
    const { token, app } = await claudeApp("failing");
    const before = (await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage;
    await send(token, app.id, "FAIL please");
    const after = await waitForApp(token, app.id);
    expect(after.status.state).toBe("error");
    expect(after.status.details).toEqual(expect.any(String));
    const last = after.conversation.messages.at(-1);
    expect(last).toMatchObject({ state: "error", error: { title: "The assistant could not finish this change" } });
    expect((await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage).toBe(before);
    // The app is usable again: the next message is accepted.
    expect((await send(token, app.id, "add a help page")).status).toBe(201);
    await waitForApp(token, app.id);
  });
});
