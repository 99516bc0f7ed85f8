import { describe, expect, it } from "vitest";
import { parseMessage } from "../../lib/agent/parser";
import { startLocalStackProcess } from "../../stacks/local/child";
import { HOME, type Received } from "./fake-anthropic";
import { anthropicUrl, builtApp, call, signedIn, waitForApp } from "./helpers";

/** Turns through a real provider SDK against the Anthropic stand-in (test/api/fake-anthropic.ts). */
async function claudeApp(label: string) {
  const { token } = await signedIn(label);
  const app = await builtApp(token, "A simple notes app");
  expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { model: "claude_sonnet_4" } })).status).toBe(200);
  return { token, app };
}

const send = (token: string, appId: string, content: string) => call("POST", `/api/apps/${appId}/chat/message`, { token, body: { content } });

/** The turn has ended: the app is not processing and its last message is in a final state. */
const settled = (token: string, appId: string) => waitForApp(token, appId, (a) => a.status.state !== "processing" && a.conversation.messages.at(-1).state !== "streaming");

/** Every action row of a finished message is final: complete, or listed as not applied with why. */
function expectEveryRowFinal(message: { content: string; receipt: { not_applied?: { action_index?: number; reason: string }[] } }) {
  const missing = new Set((message.receipt.not_applied ?? []).map((n) => n.action_index));
  for (const segment of parseMessage(message.content)) {
    if (segment.kind === "action") expect(segment.complete || missing.has(segment.open.id), `${segment.open.type} ${segment.open.path}`).toBe(true);
  }
}

/** Wait until the running turn has opened this file's action (its status line names it). */
const writing = (token: string, appId: string, path: string) => waitForApp(token, appId, (a) => a.status.details === `Writing ${path}`);

/** The conversations the Anthropic stand-in was sent (GET /v1/__received on it). */
async function received(): Promise<Received[]> {
  return (await fetch(`${anthropicUrl()}/__received`)).json() as Promise<Received[]>;
}

describe("a turn through a model provider", () => {
  it("streams tagged actions split across events and applies them", async () => {
    const { token, app } = await claudeApp("claude");
    expect((await send(token, app.id, "add a help page")).status).toBe(201);
    const after = await waitForApp(token, app.id);
    expect(after.status.state).toBe("ready");
    expect(after.pages.Help).toContain("<p>Help</p>");
    const last = after.conversation.messages.at(-1);
    expect(last.metadata).toMatchObject({ model: expect.stringContaining("claude"), input_tokens: 321, output_tokens: 54 });
    // a model's suggestions arrive after `ready`, on their own
    expect((await waitForApp(token, app.id, (a) => a.suggestions !== null)).suggestions.suggestion_1.title).toBe("Add search");
  });

  it("repairs code in plain fences into a write, so no code is lost into chat text", async () => {
    const { token, app } = await claudeApp("fenced");
    await send(token, app.id, "FENCED: add a notes page");
    const after = await waitForApp(token, app.id);
    expect(after.pages.Notes).toContain("export default function Notes()");
    expect(after.conversation.messages.at(-1).content).toContain('<kiln-write path="pages/Notes">');
  });

  it("never saves a write the stream ended inside: the row ends 'not saved' and the receipt says why", async () => {
    const { token, app } = await claudeApp("unclosed");
    await send(token, app.id, "UNCLOSED: add an about page");
    const after = await settled(token, app.id);
    expect(after.pages.About).toBeUndefined();
    const last = after.conversation.messages.at(-1);
    expect(last.state).toBe("done");
    expect(last.receipt.files).toEqual({ added: [], modified: [], deleted: [] });
    expect(last.receipt.not_applied).toEqual([{ path: "pages/About", reason: "pages/About was cut off: the answer ended before its closing tag, so it was not added.", action_index: 1 }]);
    expectEveryRowFinal(last);
  });

  it("a provider failure sets the app to error with details and gives the credit back", async () => {
    const { token, app } = await claudeApp("failing");
    const before = (await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage;
    await send(token, app.id, "FAIL please");
    const after = await waitForApp(token, app.id);
    expect(after.status.state).toBe("error");
    expect(after.status.details).toEqual(expect.any(String));
    const last = after.conversation.messages.at(-1);
    expect(last).toMatchObject({ state: "error", error: { title: "The model provider had a problem answering, try again", details: "Anthropic answered 500: Internal server error", retryable: true } });
    expect((await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage).toBe(before);
    // The app is usable again: the next message is accepted.
    expect((await send(token, app.id, "add a help page")).status).toBe(201);
    await waitForApp(token, app.id);
  });
});

describe("durable turns against a model stand-in streaming a 37 KB answer", () => {
  it("Stop in the middle of a page keeps the files it finished and drops the cut-off page", async () => {
    const { token, app } = await claudeApp("bigstop");
    expect((await send(token, app.id, "BIG_STOP: add reports, settings and insights")).status).toBe(201);
    await writing(token, app.id, "pages/Insights");
    expect((await call("POST", `/api/apps/${app.id}/chat/stop`, { token })).status).toBe(200);
    const after = await settled(token, app.id);
    expect(after.pages.Insights).toBeUndefined();
    expect(after.pages.Reports).toContain('"Reports row 0"');
    expect(after.pages.Settings).toContain('"Settings row 0"');
    const last = after.conversation.messages.at(-1);
    expect(last.state).toBe("stopped");
    expect(last.receipt.pages.added).toEqual(["Reports", "Settings"]);
    expect(last.receipt.not_applied).toEqual([{ path: "pages/Insights", reason: "pages/Insights was cut off by Stop, so it was not added.", action_index: 4 }]);
    expectEveryRowFinal(last);
  });

  it("Stop during a rewrite of a working page leaves the page exactly as it was", async () => {
    const { token, app } = await claudeApp("rewrite");
    await send(token, app.id, "WRITE_HOME: add a home page");
    const withHome = await settled(token, app.id);
    expect(withHome.pages.Home).toBe(HOME);
    await send(token, app.id, "REWRITE_STOP: rewrite the home page");
    await writing(token, app.id, "pages/Home");
    await call("POST", `/api/apps/${app.id}/chat/stop`, { token });
    const after = await settled(token, app.id);
    expect(after.pages.Home).toBe(HOME);
    const last = after.conversation.messages.at(-1);
    expect(last.receipt.files.modified).toEqual([]);
    expect(last.receipt.not_applied).toEqual([{ path: "pages/Home", reason: "pages/Home was cut off by Stop, so it was not saved; the app keeps it as it was.", action_index: 1 }]);
    expectEveryRowFinal(last);
  });

  it("an answer cut off at the model's output limit keeps the finished file and drops the cut one", async () => {
    const { token, app } = await claudeApp("length");
    await send(token, app.id, "LENGTH: add a journal and an archive");
    const after = await settled(token, app.id);
    expect(after.pages.Journal).toContain('"Journal row 0"');
    expect(after.pages.Archive).toBeUndefined();
    const last = after.conversation.messages.at(-1);
    expect(last.receipt.not_applied).toEqual([{ path: "pages/Archive", reason: "pages/Archive was cut off at the model's output limit, so it was not added.", action_index: 2 }]);
    expectEveryRowFinal(last);
  });

  it("an error in the middle of the stream leaves no row writing: a readable error, Retry, and a receipt of what was kept", async () => {
    const { token, app } = await claudeApp("miderror");
    await send(token, app.id, "MIDERROR: add a journal and an archive");
    const after = await settled(token, app.id);
    expect(after.status).toMatchObject({ state: "error", details: "The model is overloaded, try again" });
    expect(after.pages.Journal).toContain('"Journal row 0"');
    expect(after.pages.Archive).toBeUndefined();
    const last = after.conversation.messages.at(-1);
    expect(last.state).toBe("error");
    expect(last.error).toEqual({ title: "The model is overloaded, try again", details: "Anthropic reported overloaded_error: Overloaded", retryable: true });
    expect(last.receipt.pages.added).toEqual(["Journal"]);
    expect(last.receipt.not_applied).toEqual([{ path: "pages/Archive", reason: "pages/Archive was cut off by an error, so it was not added.", action_index: 2 }]);
    expectEveryRowFinal(last);
  });

  it("an overloaded model reads as a person would want, not as a status code", async () => {
    const { token, app } = await claudeApp("overloaded");
    await send(token, app.id, "OVERLOADED please");
    const after = await settled(token, app.id);
    expect(after.status.details).toBe("The model is overloaded, try again");
    expect(after.conversation.messages.at(-1).error).toEqual({ title: "The model is overloaded, try again", details: "Anthropic answered 529: Overloaded", retryable: true });
  });

  it("a failed turn's message never rides along with the next one", async () => {
    const { token, app } = await claudeApp("ridealong");
    const tag = Math.random().toString(36).slice(2, 10);
    expect((await send(token, app.id, `FAIL first ${tag}`)).status).toBe(201);
    await settled(token, app.id);
    const next = await send(token, app.id, `add a help page ${tag}`);
    expect(next.status, JSON.stringify(next.body)).toBe(201);
    const after = await settled(token, app.id);
    const sent = (await received()).filter((r) => r.stream && JSON.stringify(r.messages).includes(`add a help page ${tag}`));
    expect(sent, JSON.stringify(after.conversation.messages.at(-1))).toHaveLength(1);
    const messages = sent[0].messages.map((m) => ({ role: m.role, text: typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join("") }));
    expect(messages.at(-1)).toEqual({ role: "user", text: `add a help page ${tag}` });
    expect(JSON.stringify(messages)).not.toContain(`FAIL first ${tag}`);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("with a file frozen, the write is refused and neither the row nor the receipt claims it", async () => {
    const { token, app } = await claudeApp("frozen");
    expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { frozen_files: ["pages/Help"] } })).status).toBe(200);
    await send(token, app.id, "add a help page");
    const after = await settled(token, app.id);
    expect(after.pages.Help).toBeUndefined();
    const last = after.conversation.messages.at(-1);
    expect(last.receipt.pages.added).toEqual([]);
    expect(last.receipt.not_applied).toEqual([{ path: "pages/Help", reason: "pages/Help is frozen, so it was not changed.", action_index: 1 }]);
  });
});

describe("a turn's deadline", () => {
  it("a turn still running at its deadline ends in error with details, keeping the app as the last checkpoint left it", async () => {
    // A second local stack whose turns have an 8-second deadline (KILN_TURN_DEADLINE_MS), talking to the same stand-in:
    // room for the first (offline) build on a busy machine, which loads the tagger and WordNet; HOLD holds until hung up.
    process.env.KILN_TURN_DEADLINE_MS = "8000";
    const stack = await startLocalStackProcess({ seed: false }).finally(() => delete process.env.KILN_TURN_DEADLINE_MS);
    try {
      const at = (method: string, path: string, token?: string, body?: unknown) =>
        fetch(`${stack.url}${path}`, {
          method,
          headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: await r.json() }));
      const { access_token: token } = (await at("POST", "/api/local/token", undefined, { email: "deadline@test.kiln" })).body;
      const created = (await at("POST", "/api/apps", token, { user_description: "A simple notes app" })).body;
      const poll = async (done: (a: any) => boolean) => {
        for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 150))) {
          const app = (await at("GET", `/api/apps/${created.id}`, token)).body;
          if (done(app)) return app;
        }
        throw new Error("the turn did not end");
      };
      const built = await poll((a) => a.status.state === "ready");
      expect((await at("PUT", `/api/apps/${created.id}`, token, { model: "claude_sonnet_4" })).status).toBe(200);
      expect((await at("POST", `/api/apps/${created.id}/chat/message`, token, { content: "HOLD: think it over" })).status).toBe(201);
      const after = await poll((a) => a.status.state === "error");
      expect(after.status.details).toBe("This change ran out of time, try again");
      const last = after.conversation.messages.at(-1);
      expect(last.state).toBe("error");
      expect(last.error).toMatchObject({ title: "This change ran out of time, try again", details: expect.stringContaining("time limit"), retryable: true });
      expect(last.receipt.files).toEqual({ added: [], modified: [], deleted: [] });
      expect(after.pages).toEqual(built.pages);
      // The app is free again: the next message is accepted.
      expect((await at("POST", `/api/apps/${created.id}/chat/message`, token, { content: "add a help page" })).status).toBe(201);
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
