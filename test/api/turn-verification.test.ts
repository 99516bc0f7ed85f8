import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SendMessageBody } from "../../schemas/chat";
import type { Job, JobPayload } from "../../schemas/jobs";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { type SentBody, messageBody, sse } from "./fake-anthropic";
import { builtRuntimeDir, useStackLinks } from "./helpers";

/**
 * Verified turns (issue 24 §1): a model's answer, replayed at the HTTP boundary (msw as Anthropic), run by the
 * worker in this process against a stack of its own that serves the app runtime, so each turn's app is opened in
 * Debian's Chromium. A page that throws is found, sent back as a free automated fix and checked again; a model that
 * never fixes it ends with the page named as broken, and the turn is not charged.
 */

const BASE = "https://anthropic.verify-stand-in.test";

/** An answer streamed in two parts: `first`, then, once `gate` opens, `rest` and the end. */
interface Paused {
  first: string;
  gate: Promise<void>;
  rest: string;
}
/** What the model answers, one answer per streamed call, in order; every request it was sent is kept. */
const answers: (string | Paused)[] = [];
const encoder = new TextEncoder();
// Anthropic's stream as the stand-in's `sse` writes it, taken apart so an answer can pause midway
const head = sse([], "none");
const delta = (text: string) => sse([text], "none").slice(head.length);
const tail = sse([], "end_turn").slice(head.length);
const sent: SentBody[] = [];
const server = setupServer(
  http.post(`${BASE}/v1/messages`, async ({ request }) => {
    const body = (await request.json()) as SentBody;
    if (!body.stream) {
      const suggestions = [
        { title: "Add search", prompt: "Add a search box" },
        { title: "Add tags", prompt: "Add tags" },
        { title: "Add export", prompt: "Export to CSV" },
      ];
      return HttpResponse.json(messageBody(JSON.stringify(suggestions)));
    }
    sent.push(body);
    const answer = answers.shift() ?? "Nothing more to do.";
    if (typeof answer === "string") return new HttpResponse(sse([answer]), { headers: { "content-type": "text/event-stream" } });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(head + delta(answer.first)));
        void answer.gate.then(() => {
          controller.enqueue(encoder.encode(delta(answer.rest) + tail));
          controller.close();
        });
      },
    });
    return new HttpResponse(stream, { headers: { "content-type": "text/event-stream" } });
  }),
);

let stack: StackProcess;
const dataDir = mkdtempSync(path.join(os.tmpdir(), "kiln-turn-verify-data-"));
let modules: Awaited<ReturnType<typeof load>>;
const queued: Job[] = [];

async function load() {
  const [{ Chat }, { Jobs }, { Apps }, { AppFiles }, { Users }, { Messages }, { handler }, { VerifyBrowser }] = await Promise.all([
    import("../../functions/core/chat/chat"),
    import("../../functions/core/jobs"),
    import("../../functions/core/apps/apps"),
    import("../../functions/core/apps/files"),
    import("../../functions/core/identity/users"),
    import("../../functions/core/chat/messages"),
    import("../../functions/jobs/worker"),
    import("../../functions/core/verify/browser"),
  ]);
  return { Chat, Jobs, Apps, AppFiles, Users, Messages, handler, VerifyBrowser };
}

beforeAll(async () => {
  stack = await startLocalStackProcess({ seed: true, webDir: builtRuntimeDir(), dataDir });
  useStackLinks(stack.links);
  // this process is the stack's worker: its auth secret signs the verifier's token, its turns are checked in a browser
  process.env.SST_RESOURCE_AuthSecret = JSON.stringify({ value: readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim(), type: "sst.sst.Secret" });
  Object.assign(process.env, { KILN_VERIFY_TURNS: "on", ANTHROPIC_BASE_URL: BASE, ANTHROPIC_API_KEY: "test-anthropic-key" });
  server.listen({ onUnhandledRequest: "bypass" });
  modules = await load();
  // jobs queued here (the turn's among them) are kept: each test runs its turn's job itself
  modules.Jobs.useLocalRunner((job) => queued.push(job));
}, 240_000);

afterAll(async () => {
  modules?.Jobs.useLocalRunner(undefined);
  server.close();
  await modules?.VerifyBrowser.close();
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const LAYOUT = 'export default function Layout({ children }) {\n  return <main className="min-h-screen p-6">{children}</main>;\n}';
const BROKEN = 'export default function Home() {\n  throw new Error("Totals are not ready");\n}';
const FIXED = 'export default function Home() {\n  return <h1 className="text-2xl font-semibold">Totals</h1>;\n}';
const write = (file: string, text: string) => `<kiln-write path="${file}">\n${text}\n</kiln-write>\n`;

/** A new app on Claude whose first message (`message`) is queued; answers the job to run. */
async function turnOn(label: string, message: string): Promise<{ appId: string; job: JobPayload<"ai-turn"> }> {
  const { Apps, Users, Chat } = modules;
  const email = `${label}-${Math.random().toString(36).slice(2, 10)}@test.kiln`;
  const { user } = await Users.ensure({ email });
  // many turns: a paid plan (Free has 7 messages a day)
  await Users.update(user.id, { subscription_tier: "pro" });
  const app = await Apps.create((await Users.get(user.id))!, { name: label, user_description: "An app", model: "claude_sonnet_4" });
  const { assistant_message } = await Chat.send((await Users.get(user.id))!, (await Apps.get(app.id))!, SendMessageBody.parse({ content: message }), null, { firstTurn: true });
  const job = queued.find((j) => j.name === "ai-turn" && j.payload.assistant_message_id === assistant_message.id);
  if (job?.name !== "ai-turn") throw new Error("no ai-turn job was queued");
  return { appId: app.id, job: job.payload as JobPayload<"ai-turn"> };
}

const textOf = (m: SentBody["messages"][number]) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join(""));

describe("a turn is checked in a browser before it is done", () => {
  it("a page that throws is found, sent back as a free automated fix, checked again, and the receipt says what was fixed", async () => {
    answers.push(`I'll build it.\n${write("layout/main", LAYOUT)}${write("pages/Home", BROKEN)}Done!`, `Fixed the page.\n${write("pages/Home", FIXED)}`);
    const before = sent.length;
    const { appId, job } = await turnOn("verify-fixed", "A totals page");
    await modules.handler({ name: "ai-turn", payload: job });

    // the second model call was the fix: the page, the file and the error, in the browser's words
    const fix = sent.slice(before)[1];
    expect(sent.length - before).toBe(2);
    expect(textOf(fix.messages.at(-1)!)).toContain("The app was opened in a browser after your changes and these problems were found.");
    expect(textOf(fix.messages.at(-1)!)).toContain("Page Home (/Home): pages/Home: error shown: Error in pages/Home: Totals are not ready");

    const message = await modules.Messages.get(appId, job.assistant_message_id);
    expect(message.state).toBe("done");
    const verification = message.receipt!.verification!;
    expect([verification.status, verification.broken]).toEqual(["passed", []]);
    expect(verification.fixed).toEqual(["Page Home (/Home): pages/Home: error shown: Error in pages/Home: Totals are not ready"]);
    expect(verification.pages.map((p) => [p.name, p.status])).toEqual([["Home", "passed"]]);
    expect(verification.summary).toMatch(/^Verified in a browser: 1 page rendered with no errors \(\d+\.\d s\)$/);
    expect(message.receipt!.charge).toEqual({ credits: 1, refunded: false });
    // the model's premature "Done!" was written before the check: it is not kept
    expect(message.content).not.toContain("Done!");
    expect(await modules.AppFiles.tree(appId)).toEqual({ "layout/main": LAYOUT, "pages/Home": FIXED });
  }, 120_000);

  it("a model that never fixes it: the fix rounds end, the receipt names the broken page, and the turn is not charged", async () => {
    answers.push(write("pages/Home", BROKEN), `Try again.\n${write("pages/Home", BROKEN.replace("ready", "ready yet"))}`, `Once more.\n${write("pages/Home", BROKEN)}`, "never asked");
    const before = sent.length;
    const { appId, job } = await turnOn("verify-broken", "A totals page");
    await modules.handler({ name: "ai-turn", payload: job });

    // the answer, then two free fix rounds, and no more
    expect(sent.length - before).toBe(3);
    answers.length = 0;
    const message = await modules.Messages.get(appId, job.assistant_message_id);
    const verification = message.receipt!.verification!;
    expect(verification.status).toBe("failed");
    expect(verification.broken).toEqual(["Page Home (/Home): pages/Home: error shown: Error in pages/Home: Totals are not ready"]);
    expect(verification.summary).toMatch(/^Verification failed: 1 problem on Home \(\d+\.\d s\)$/);
    expect(message.receipt!.charge).toEqual({ credits: 1, refunded: true });
  }, 180_000);

  it("a broken import and a syntax error, both found on the pages the turn wrote, are fixed in one round and the receipt names both as fixed", async () => {
    const HOME = 'import Totals from "@/components/Totals";\n\nexport default function Home() {\n  return <Totals />;\n}';
    const TOTALS = 'export default function Totals() {\n  return <p className="text-lg">No totals yet</p>;\n}';
    const NOTES_BROKEN = "export default function Notes() {\n  return <div>\n}";
    const NOTES = 'export default function Notes() {\n  return <div className="p-4">Notes</div>;\n}';
    answers.push(
      `${write("layout/main", LAYOUT)}${write("pages/Home", HOME)}${write("pages/Notes", NOTES_BROKEN)}`,
      `Adding the missing component and closing the tag.\n${write("components/Totals", TOTALS)}${write("pages/Notes", NOTES)}`,
    );
    const before = sent.length;
    const { appId, job } = await turnOn("verify-imports", "A home page with totals, and a notes page");
    await modules.handler({ name: "ai-turn", payload: job });

    expect(sent.length - before).toBe(2);
    const asked = textOf(sent[before + 1].messages.at(-1)!);
    expect(asked).toContain('Cannot import "@/components/Totals" in pages/Home');
    expect(asked).toContain("Syntax error in pages/Notes (line 3)");
    const verification = (await modules.Messages.get(appId, job.assistant_message_id)).receipt!.verification!;
    expect([verification.status, verification.broken]).toEqual(["passed", []]);
    expect(verification.pages.map((p) => [p.name, p.status]).sort()).toEqual([
      ["Home", "passed"],
      ["Notes", "passed"],
    ]);
    expect(verification.fixed.map((line) => line.replace(/\(\/\w+\).*?: /, "")).sort()).toEqual([
      expect.stringContaining('Cannot import "@/components/Totals" in pages/Home'),
      expect.stringContaining("Syntax error in pages/Notes (line 3)"),
    ]);
  }, 120_000);

  it("the first working page renders in the preview, in Chromium, while the answer still streams", async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const LATER = 'export default function Later() {\n  return <p>Later</p>;\n}';
    answers.push({ first: `Building it.\n${write("layout/main", LAYOUT)}${write("pages/Home", FIXED)}`, gate, rest: `${write("pages/Later", LATER)}Done.` });
    const { appId, job } = await turnOn("verify-early", "A totals page");
    const run = modules.handler({ name: "ai-turn", payload: job });
    try {
      const deadline = Date.now() + 30_000;
      while (!(await modules.AppFiles.tree(appId))["pages/Home"]) {
        if (Date.now() > deadline) throw new Error("pages/Home was not written while the answer streamed");
        await new Promise((r) => setTimeout(r, 50));
      }
      const { Verify } = await import("../../functions/core/verify/verify");
      const early = await Verify.run({ appId, pages: ["Home"], touchedEntities: [] });
      // the answer has not ended: the turn is still running, and Later does not exist yet
      expect((await modules.Apps.get(appId))!.status.state).toBe("processing");
      expect(Object.keys(await modules.AppFiles.tree(appId)).sort()).toEqual(["layout/main", "pages/Home"]);
      expect([early.status, early.pages.map((p) => [p.name, p.status, p.errors])]).toEqual(["passed", [["Home", "passed", []]]]);
    } finally {
      open();
      await run;
    }
    const message = await modules.Messages.get(appId, job.assistant_message_id);
    expect(message.receipt!.verification!.status).toBe("passed");
    expect(message.receipt!.verification!.pages.map((p) => p.name).sort()).toEqual(["Home", "Later"]);
  }, 120_000);

  it("a turn that changes nothing is not checked", async () => {
    answers.push("This app needs no change for that.");
    const { appId, job } = await turnOn("verify-nothing", "Is it fine?");
    await modules.handler({ name: "ai-turn", payload: job });
    const message = await modules.Messages.get(appId, job.assistant_message_id);
    expect(message.state).toBe("done");
    expect(message.receipt!.verification).toBeUndefined();
  }, 60_000);
});
