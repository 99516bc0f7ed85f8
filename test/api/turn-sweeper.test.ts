import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { useStackLinks } from "./helpers";

/**
 * The sweeper (cron `sweepTurns`) ends a turn whose worker died. The worker really dies: a local
 * stack runs the turn and crashes mid-answer; a second stack starts on the same data, and this
 * process runs the real cron handler against its stand-ins, as EventBridge would.
 */

const DEADLINE_MS = 10_000;
/** functions/core/chat/turns.ts: the grace after the deadline is the deadline itself when that is shorter than 90 s */
const GRACE_MS = DEADLINE_MS;

/** A client of one stack, signed in as `email`. */
async function clientOf(stack: StackProcess, email: string) {
  const at = async (method: string, url: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${stack.url}${url}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };
  const { access_token: token } = (await at("POST", "/api/local/token", null, { email })).body;
  const call = (method: string, url: string, body?: unknown) => at(method, url, token, body);
  const app = async (id: string, done: (a: any) => boolean = () => true) => {
    for (const until = Date.now() + 30_000; Date.now() < until; await new Promise((r) => setTimeout(r, 150))) {
      const found = (await call("GET", `/api/apps/${id}`)).body;
      if (done(found)) return found;
    }
    throw new Error(`app ${id} did not reach the state waited for`);
  };
  return { call, app };
}

describe("the turn sweeper", () => {
  it("ends a turn whose worker died once past its deadline: error with details, the files and checkpoints as the turn left them, the app free again", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "kiln-sweep-"));
    process.env.KILN_TURN_DEADLINE_MS = String(DEADLINE_MS); // both stacks' turns, and the sweeper in this process
    const stacks: StackProcess[] = [];
    try {
      const first = await startLocalStackProcess({ seed: false, dataDir });
      stacks.push(first);
      const one = await clientOf(first, "sweep@test.kiln");
      const created = (await one.call("POST", "/api/apps", { user_description: "A simple notes app" })).body;
      const built = await one.app(created.id, (a) => a.status.state === "ready");
      expect((await one.call("PUT", `/api/apps/${created.id}`, { model: "claude_sonnet_4" })).status).toBe(200);

      // The model streams three whole files and stops sending inside a fourth; the worker dies while it waits.
      const posted = Date.now();
      expect((await one.call("POST", `/api/apps/${created.id}/chat/message`, { content: "BIG_STOP: add reports, settings and insights" })).status).toBe(201);
      const closed = (a: any) => a.conversation.messages.at(-1).content.split("</kiln-write>").length - 1;
      const midTurn = await one.app(created.id, (a) => a.status.details === "Writing pages/Insights" && a.pages.Settings !== undefined && closed(a) === 3);
      const checkpoints = (await one.call("GET", `/api/apps/${created.id}/app-checkpoints`)).body as { id: string; name: string }[];
      await first.crash();
      expect(Date.now() - posted).toBeLessThan(DEADLINE_MS); // it died before it could end the turn itself
      stacks.shift();

      const second = await startLocalStackProcess({ seed: false, dataDir });
      stacks.push(second);
      const two = await clientOf(second, "sweep@test.kiln");
      const orphaned = await two.app(created.id);
      expect(orphaned.status.state).toBe("processing");
      expect(orphaned.conversation.messages.at(-1).state).toBe("streaming");

      useStackLinks(second.links);
      const { handlers } = await import("../../functions/cron/schedule");
      let swept: number;
      for (;;) {
        const { ended } = await handlers.sweepTurns();
        swept = Date.now();
        if (ended) break;
        expect((await two.call("GET", `/api/apps/${created.id}`)).body.status.state).toBe("processing");
        if (swept > posted + DEADLINE_MS + GRACE_MS + 30_000) throw new Error("the sweeper never ended the turn");
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(swept).toBeGreaterThanOrEqual(posted + DEADLINE_MS + GRACE_MS);
      expect(await handlers.sweepTurns()).toEqual({ ended: 0 });

      const after = await two.app(created.id);
      expect(after.status.state).toBe("error");
      expect(after.status.details).toContain("did not finish within its time limit (10 seconds)");
      const last = after.conversation.messages.at(-1);
      expect(last.state).toBe("error");
      expect(last.error).toMatchObject({ title: "This change ran out of time, try again", details: expect.stringContaining("Files it completed before that are kept"), retryable: true });
      expect(last.receipt.pages.added.sort()).toEqual(["Reports", "Settings"]);
      // The answer it kept shows every file that reached the app, and the receipt never calls one of them not saved.
      expect(closed(after)).toBe(3);
      const saved = [...last.receipt.files.added, ...last.receipt.files.modified];
      for (const missing of last.receipt.not_applied) expect(saved).not.toContain(missing.path);
      // The files are as the last completed action left them; the half-written page never reached the app.
      expect(after.pages).toEqual(midTurn.pages);
      expect(after.pages.Insights).toBeUndefined();
      expect(Object.keys(after.pages).sort()).toEqual([...Object.keys(built.pages), "Reports", "Settings"].sort());
      // The checkpoint taken before the message is untouched: it still holds the app as it was built.
      expect((await two.call("GET", `/api/apps/${created.id}/app-checkpoints`)).body).toEqual(checkpoints);
      const before = checkpoints.find((c) => c.name.startsWith("Before: BIG_STOP"))!;
      const tree = (await two.call("GET", `/api/apps/${created.id}/app-checkpoints/${before.id}/file-tree`)).body;
      expect(JSON.stringify(tree)).not.toContain("pages/Reports");

      // The app is free again: the next message is accepted and runs.
      expect((await two.call("POST", `/api/apps/${created.id}/chat/message`, { content: "add a help page" })).status).toBe(201);
      const next = await two.app(created.id, (a) => a.status.state !== "processing");
      expect(next.status.state).toBe("ready");
      expect(next.pages.Help).toContain("Help");
    } finally {
      delete process.env.KILN_TURN_DEADLINE_MS;
      for (const stack of stacks) await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
