import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SendMessageBody } from "../../schemas/chat";
import type { Job, JobPayload } from "../../schemas/jobs";
import { type Received, sse } from "./fake-anthropic";
import { anthropicUrl, builtApp, call, signedIn, useStackLinks, waitForApp, workerModules } from "./helpers";

/**
 * The worker's side of a turn, run in this process against the test stack's stand-ins as a second
 * Lambda would: the turn is queued by the real Chat.send (its job kept here instead of handed to the
 * stack's runner), then delivered to the real worker handler as often as the test says.
 */
useStackLinks();
const { Chat, Jobs, Apps, AppFiles, Users, handler } = await workerModules();

/** Send a message as `userId` and answer the ai-turn job it queued, without running it. */
async function queueTurn(userId: string, appId: string, content: string): Promise<JobPayload<"ai-turn">> {
  const queued: Job[] = [];
  Jobs.useLocalRunner((job) => queued.push(job));
  try {
    await Chat.send((await Users.get(userId))!, (await Apps.get(appId))!, SendMessageBody.parse({ content }), null);
  } finally {
    Jobs.useLocalRunner(undefined);
  }
  const job = queued.find((j) => j.name === "ai-turn");
  if (job?.name !== "ai-turn") throw new Error("no ai-turn job was queued");
  return job.payload;
}

const deliver = (payload: JobPayload<"ai-turn">) => handler({ name: "ai-turn", payload });
const usage = async (token: string) => (await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage as number;
const checkpoints = async (token: string, appId: string) => (await call("GET", `/api/apps/${appId}/app-checkpoints`, { token })).body;

/** How many conversations the Anthropic stand-in was sent whose last message contains `marker`. */
async function asked(marker: string): Promise<number> {
  const all = (await (await fetch(`${anthropicUrl()}/__received`)).json()) as Received[];
  return all.filter((r) => JSON.stringify(r.messages.at(-1)).includes(marker)).length;
}

async function claudeApp(label: string) {
  const { token, user } = await signedIn(label);
  const app = await builtApp(token, "A simple notes app");
  expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { model: "claude_sonnet_4" } })).status).toBe(200);
  return { token, user, app };
}

afterEach(() => vi.restoreAllMocks());

describe("an ai-turn job delivered more than once", () => {
  it("runs once: the model is asked once, and the answer, the files, the checkpoints and the credits change once", async () => {
    const { token, user, app } = await claudeApp("redelivered");
    const before = await usage(token);
    const marker = `redelivery-${Math.random().toString(36).slice(2, 10)}`;
    const job = await queueTurn(user.id, app.id, `add a help page (${marker})`);
    expect(await usage(token)).toBe(before + 1);

    // Two deliveries at once (a duplicate), then a third after it finished (a retry).
    await Promise.all([deliver(job), deliver(job)]);
    const done = await waitForApp(token, app.id);
    expect(done.status.state).toBe("ready");
    expect(done.pages.Help).toContain("<p>Help</p>");
    const answer = done.conversation.messages.at(-1);
    expect(answer).toMatchObject({ id: job.assistant_message_id, state: "done" });
    const kept = await checkpoints(token, app.id);
    await deliver(job);

    const after = await waitForApp(token, app.id);
    expect(await asked(marker)).toBe(1);
    expect(after.conversation.messages).toEqual(done.conversation.messages);
    expect(after.pages).toEqual(done.pages);
    expect(after.status).toEqual(done.status);
    expect(await checkpoints(token, app.id)).toEqual(kept);
    expect(await usage(token)).toBe(before + 1);
  });

  it("a failed turn delivered again gives its credit back once", async () => {
    const { token, user, app } = await claudeApp("refunded");
    const before = await usage(token);
    expect(before).toBeGreaterThan(0); // building the app cost a credit, so a second refund would show
    const job = await queueTurn(user.id, app.id, "FAIL please");
    await deliver(job);
    const failed = await waitForApp(token, app.id);
    expect(failed.conversation.messages.at(-1)).toMatchObject({ state: "error", error: { retryable: true } });
    expect(await usage(token)).toBe(before);

    await Promise.all([deliver(job), deliver(job)]);
    expect(await usage(token)).toBe(before);
    expect((await waitForApp(token, app.id)).conversation.messages).toEqual(failed.conversation.messages);
  });
});

/** An Anthropic stand-in that takes the request and answers only when released: nineteen pages, each its own write. */
async function gatedModel() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let onAsked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (onAsked = resolve));
  const pages = Array.from({ length: 19 }, (_, i) => `<kiln-write path="pages/Page${i}">\nexport default function Page${i}() {\n  return <p>Page ${i}</p>;\n}\n</kiln-write>\n`);
  const server = http.createServer(async (req, res) => {
    for await (const _ of req);
    onAsked();
    await released;
    res.writeHead(200, { "content-type": "text/event-stream" }).end(sse(["<kiln-plan>Add nineteen pages</kiln-plan>\n", ...pages]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    asked: wasAsked,
    release,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe("a turn whose app is deleted while it runs", () => {
  it("ends quietly: at most one log line, and nothing written into the deleted app", async () => {
    const { token, user, app } = await claudeApp("deleted-mid-turn");
    const model = await gatedModel();
    const anthropic = process.env.ANTHROPIC_BASE_URL;
    process.env.ANTHROPIC_BASE_URL = model.url;
    const lines: string[] = [];
    for (const level of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void lines.push(`${level}: ${args.map(String).join(" ")}`));
    }
    try {
      const job = await queueTurn(user.id, app.id, "add nineteen pages");
      const run = deliver(job);
      await model.asked;
      expect((await call("DELETE", `/api/apps/${app.id}`, { token })).status).toBe(200);
      model.release();
      await run;
      expect(lines.filter((l) => l.startsWith("error:") || l.startsWith("warn:"))).toEqual([]);
      expect(lines.length).toBeLessThanOrEqual(1);
      expect(await AppFiles.tree(app.id)).toEqual({});
    } finally {
      process.env.ANTHROPIC_BASE_URL = anthropic;
      model.release();
      await model.close();
    }
  });
});
