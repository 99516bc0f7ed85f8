import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILURE_TEXT } from "../../functions/agent/provider-errors";
import { SendMessageBody } from "../../schemas/chat";
import type { Job, JobPayload } from "../../schemas/jobs";
import { type SentBody, messageBody, sse } from "./fake-anthropic";
import { anthropicUrl, builtApp, call, signedIn, useStackLinks, waitForApp, workerModules } from "./helpers";

/**
 * A real model's slips, replayed at the HTTP boundary (msw as Anthropic's Messages API) into the worker
 * run in this process: a weak model's unclosed plan, fences inside its writes, an underscore tag and a
 * last write without its closing tag at a normal end; a connection that drops mid-answer (once, then
 * twice); an edit that missed and was fixed automatically; a tag that is no action; and Stop.
 */
useStackLinks();
const { Chat, Jobs, Apps, AppFiles, Users, Messages, handler } = await workerModules();

const BASE = "https://anthropic.stand-in.test";
// Anthropic's stream as the stand-in's `sse` writes it, taken apart so the test sends it piece by piece.
const head = sse([], "none");
const delta = (text: string) => sse([text], "none").slice(head.length);
const tail = sse([], "end_turn").slice(head.length);

/** One streamed model call the test answers: text out as it says, then a normal end, or a connection that drops. */
interface Call {
  body: SentBody;
  send(text: string): void;
  end(): void;
  drop(): void;
}

const calls: Call[] = [];
const arrivals: ((call: Call) => void)[] = [];
let suggestionCalls = 0;
const encoder = new TextEncoder();
const server = setupServer(
  http.post(`${BASE}/v1/messages`, async ({ request }) => {
    const body = (await request.json()) as SentBody;
    if (!body.stream) {
      suggestionCalls++;
      return HttpResponse.json(
        messageBody(
          JSON.stringify([
            { title: "Add search", prompt: "Add a search box" },
            { title: "Add tags", prompt: "Add tags" },
            { title: "Add export", prompt: "Export to CSV" },
          ]),
        ),
      );
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const stream = new ReadableStream<Uint8Array>({
      start: (c) => void (controller = c),
    });
    controller.enqueue(encoder.encode(head));
    // the caller hanging up (Stop) ends the body, as a real connection does
    request.signal.addEventListener("abort", () => controller.error(request.signal.reason));
    const call: Call = {
      body,
      send: (text) => controller.enqueue(encoder.encode(delta(text))),
      end: () => {
        controller.enqueue(encoder.encode(tail));
        controller.close();
      },
      // the socket breaks mid-body: what undici reports as "terminated", and the AI SDK as "Failed to process successful response"
      drop: () =>
        controller.error(
          new TypeError("terminated", {
            cause: new Error("other side closed"),
          }),
        ),
    };
    calls.push(call);
    arrivals.shift()?.(call);
    return new HttpResponse(stream, {
      headers: { "content-type": "text/event-stream" },
    });
  }),
);

/** The next streamed model call (waits for it). */
function nextCall(): Promise<Call> {
  return new Promise((resolve) => arrivals.push(resolve));
}

/** `chunks` sent one by one with a breath between, as a model streams. */
async function play(call: Call, chunks: string[]) {
  for (const chunk of chunks) {
    call.send(chunk);
    await new Promise((r) => setTimeout(r, 30));
  }
}

async function until<T>(what: () => Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await what();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: "bypass" });
  process.env.ANTHROPIC_BASE_URL = BASE;
});
afterAll(() => {
  process.env.ANTHROPIC_BASE_URL = anthropicUrl();
  server.close();
});

/** A new app on Claude with `files` stored, and the ai-turn job its first message queued (not run). */
async function turnOn(label: string, message: string, files: Record<string, string> = {}) {
  const { token, user } = await signedIn(label);
  const app = await Apps.create((await Users.get(user.id))!, {
    name: label,
    user_description: "An app",
    model: "claude_sonnet_4",
  });
  for (const [path, content] of Object.entries(files)) await AppFiles.write(app.id, path, content);
  const queued: Job[] = [];
  Jobs.useLocalRunner((job) => queued.push(job));
  try {
    await Chat.send((await Users.get(user.id))!, (await Apps.get(app.id))!, SendMessageBody.parse({ content: message }), null, { firstTurn: true });
  } finally {
    Jobs.useLocalRunner(undefined);
  }
  const job = queued.find((j) => j.name === "ai-turn");
  if (job?.name !== "ai-turn") throw new Error("no ai-turn job was queued");
  return { token, app, job: job.payload as JobPayload<"ai-turn"> };
}

const textOf = (m: SentBody["messages"][number]) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join(""));
const lastMessage = async (appId: string, id: string) => Messages.get(appId, id);

const LEAD = '{"name": "Lead", "type": "object", "properties": {"name": {"type": "string"}, "stage": {"type": "string"}}, "required": ["name"]}';
const STAT = 'export default function StatCard({ label, value }) {\n  return <div className="p-4 border rounded"><p>{label}</p><b>{value}</b></div>;\n}';
const LEADS =
  'import StatCard from "@/components/StatCard";\nimport { Lead } from "@/entities/Lead";\n\nexport default function Leads() {\n  return <div className="p-6"><StatCard label="Leads" value={3} /></div>;\n}';
const LAYOUT = 'export default function Layout({ children }) {\n  return <main className="min-h-screen">{children}</main>;\n}';

describe("a weak model's slips, handled while the answer streams", () => {
  it("an unclosed plan swallows nothing, fences and prose are off every file from its first write, an underscore tag is a write, and a last write without its closing tag at a normal end is applied", async () => {
    const { token, app, job } = await turnOn("slips-weak", "A small CRM");
    const arrived = nextCall();
    const run = handler({ name: "ai-turn", payload: job });
    const call = await arrived;
    await play(call, [
      "I'll build a small CRM.\n<kiln-plan>A CRM with leads: the entity, a stat card, the leads page and the layout\n",
      `<kiln-write path="entities/Lead">\n\`\`\`json\n${LEAD}\n\`\`\`\n</kiln-write>\n`,
      `<kiln-write path="components/StatCard">\n\`\`\`tsx\n${STAT.slice(0, 40)}`,
      `${STAT.slice(40)}\n\`\`\`\n</kiln-write>\n`,
      `<kiln_write path="pages/Leads">\nHere is the leads page:\n\n\`\`\`jsx\n${LEADS}\n\`\`\`\n</kiln_write>\n`,
    ]);
    // while the answer still streams: every file is in the app as it should be, none with a fence, and the preview is open on the page
    const meta = await until(async () => {
      const now = (await Apps.get(app.id))!;
      return now.app_stage === null && now;
    });
    expect(meta).toMatchObject({
      app_stage: null,
      main_page: "Leads",
      status: { state: "processing" },
    });
    expect(await AppFiles.tree(app.id)).toEqual({
      "entities/Lead": LEAD,
      "components/StatCard": STAT,
      "pages/Leads": LEADS,
    });

    await play(call, [`Finally the layout.\n<kiln-write path="layout/main">\n${LAYOUT}\n`]);
    call.end();
    await run;

    expect(await AppFiles.tree(app.id)).toEqual({
      "entities/Lead": LEAD,
      "components/StatCard": STAT,
      "pages/Leads": LEADS,
      "layout/main": LAYOUT,
    });
    const done = await waitForApp(token, app.id);
    const message = done.conversation.messages.at(-1);
    expect(message.state).toBe("done");
    expect(message.receipt.not_applied).toEqual([]);
    expect(message.receipt.files.added).toEqual(["components/StatCard", "entities/Lead", "layout/main", "pages/Leads"]);
    expect(message.receipt.charge).toEqual({ credits: 1, refunded: false });
    // the stored answer is in the protocol's own form: the plan closed where the entity began, every tag spelled as Kiln spells it
    expect(message.content).toContain('<kiln-plan>A CRM with leads: the entity, a stat card, the leads page and the layout</kiln-plan><kiln-write path="entities/Lead">');
    expect(message.content).toContain(`<kiln-write path="pages/Leads">\n${LEADS}\n</kiln-write>`);
    expect(message.content).toContain(`<kiln-write path="layout/main">\n${LAYOUT}\n</kiln-write>`);
    expect(message.content).not.toContain("```");
    expect(message.content).not.toContain("kiln_write");
    expect(calls.at(-1)).toBe(call);
  }, 60_000);

  it("names a Kiln-looking tag that is no action in the receipt, and asks the model to redo it as an action", async () => {
    const { token, app, job } = await turnOn("slips-unknown", "Add a notes page", { "layout/main": LAYOUT });
    const first = nextCall();
    const run = handler({ name: "ai-turn", payload: job });
    const call = await first;
    const fix = nextCall();
    await play(call, ['<kiln-file path="pages/Notes">\nexport default function Notes() {\n  return <p>Notes</p>;\n}\n</kiln-file>\nAdded the notes page.']);
    call.end();
    const again = await fix;
    expect(textOf(again.body.messages.at(-1)!)).toContain("<kiln-file> is not one of Kiln's action tags");
    await play(again, ['<kiln-write path="pages/Notes">\nexport default function Notes() {\n  return <p>Notes</p>;\n}\n</kiln-write>\nWrote it as an action.']);
    again.end();
    await run;
    const done = await waitForApp(token, app.id);
    expect(done.pages.Notes).toContain("<p>Notes</p>");
    expect(done.conversation.messages.at(-1).receipt.not_applied).toEqual([
      {
        path: null,
        reason: "The tag <kiln-file> is not a Kiln action, so what it held was left as text.",
      },
    ]);
  }, 60_000);
});

describe("a stream cut by a dropped connection", () => {
  const HOME = 'export default function Home() {\n  return <h1 className="p-6">Home</h1>;\n}';
  const ABOUT = 'export default function About() {\n  return <p className="p-6">About us</p>;\n}';

  it("is retried once as a continuation: what was finished stays, the half-written file is redone whole and never half-applied", async () => {
    const { token, app, job } = await turnOn("slips-cut-once", "Add a home and an about page", { "layout/main": LAYOUT });
    const first = nextCall();
    const run = handler({ name: "ai-turn", payload: job });
    const call = await first;
    const resumed = nextCall();
    await play(call, [
      "<kiln-plan>Home and about</kiln-plan>\n",
      `<kiln-write path="pages/Home">\n${HOME}\n</kiln-write>\nNow the about page.\n`,
      `<kiln-write path="pages/About">\n${ABOUT.slice(0, 30)}`,
    ]);
    await until(async () => (await AppFiles.tree(app.id))["pages/Home"] === HOME);
    call.drop();
    const again = await resumed;
    // the model sees its answer up to the cut, without the half-written tag, and is asked for the rest
    const [asked, answered, resume] = again.body.messages.slice(-3);
    expect(textOf(asked)).toContain("Add a home and an about page");
    expect(textOf(answered)).toContain("<kiln-plan>Home and about</kiln-plan>");
    expect(textOf(answered)).toContain('<kiln-write path="pages/Home">');
    expect(textOf(answered)).toContain("Now the about page.");
    expect(textOf(answered)).not.toContain("pages/About");
    expect(textOf(resume)).toContain("It broke off inside the write of pages/About, which was not applied: write that action again whole");
    expect((await AppFiles.tree(app.id))["pages/About"]).toBeUndefined();
    await play(again, [`<kiln-write path="pages/About">\n${ABOUT}\n</kiln-write>\nBoth pages are in.`]);
    again.end();
    await run;

    const done = await waitForApp(token, app.id);
    expect(done.pages).toEqual({ Home: HOME, About: ABOUT });
    const message = done.conversation.messages.at(-1);
    expect(message.state).toBe("done");
    expect(message.error).toBeUndefined();
    expect(message.receipt.not_applied).toEqual([]);
    expect(message.content.split('<kiln-write path="pages/About">')).toHaveLength(2);
    expect(message.content).toContain("Both pages are in.");
  }, 60_000);

  it("ends the turn with the error named when it drops a second time, keeping what was finished and charging for it", async () => {
    const { token, app, job } = await turnOn("slips-cut-twice", "Add a home and an about page", { "layout/main": LAYOUT });
    const first = nextCall();
    const run = handler({ name: "ai-turn", payload: job });
    const call = await first;
    const resumed = nextCall();
    await play(call, [`<kiln-write path="pages/Home">\n${HOME}\n</kiln-write>\n<kiln-write path="pages/About">\n${ABOUT.slice(0, 30)}`]);
    await until(async () => (await AppFiles.tree(app.id))["pages/Home"] === HOME);
    call.drop();
    const again = await resumed;
    await play(again, [`<kiln-write path="pages/About">\n${ABOUT.slice(0, 50)}`]);
    again.drop();
    await run;

    const after = await waitForApp(token, app.id);
    expect(after.status.state).toBe("error");
    expect(after.pages).toEqual({ Home: HOME });
    const message = await lastMessage(app.id, job.assistant_message_id);
    expect(message.state).toBe("error");
    expect(message.error?.title).toBe(FAILURE_TEXT.cut.summary);
    expect(message.error?.details).toContain("Failed to process successful response");
    expect(message.error?.details).toContain("it broke off again when asked to go on");
    expect(message.receipt?.charge).toEqual({ credits: 1, refunded: false });
    expect(message.receipt?.not_applied).toEqual([
      {
        path: "pages/About",
        reason: "pages/About was cut off by an error, so it was not added.",
        action_index: 1,
      },
    ]);
  }, 60_000);
});

describe("the receipt and the answer after an automatic fix", () => {
  const TASKS = 'export default function Tasks() {\n  return <h1 className="p-6">Task list</h1>;\n}';

  it("lists a missed edit that the fix round applied once, as modified, and drops the model's premature 'done'", async () => {
    const { token, app, job } = await turnOn("slips-fixed", "Call the heading Todos", { "pages/Tasks": TASKS, "layout/main": LAYOUT });
    const first = nextCall();
    const run = handler({ name: "ai-turn", payload: job });
    const call = await first;
    const fix = nextCall();
    await play(call, [
      '<kiln-edit path="pages/Tasks">\n<<<<<<< SEARCH\n<h1>Tasks</h1>\n=======\n<h1>Todos</h1>\n>>>>>>> REPLACE\n</kiln-edit>\n',
      "Done! The heading now says Todos.",
    ]);
    call.end();
    const again = await fix;
    expect(textOf(again.body.messages.at(-1)!)).toContain("The edit of pages/Tasks was not applied: its SEARCH block does not match the file");
    await play(again, [
      '<kiln-edit path="pages/Tasks">\n<<<<<<< SEARCH\n  return <h1 className="p-6">Task list</h1>;\n=======\n  return <h1 className="p-6">Todos</h1>;\n>>>>>>> REPLACE\n</kiln-edit>\n',
      "Fixed: the heading says Todos now.",
    ]);
    again.end();
    await run;

    const done = await waitForApp(token, app.id);
    expect(done.pages.Tasks).toContain("Todos");
    const message = done.conversation.messages.at(-1);
    expect(message.receipt.files).toEqual({
      added: [],
      modified: ["pages/Tasks"],
      deleted: [],
    });
    expect(message.receipt.not_applied).toEqual([]);
    expect(message.content).not.toContain("Done! The heading now says Todos.");
    expect(message.content).toContain("Fixed: the heading says Todos now.");
  }, 60_000);
});

describe("Stop", () => {
  it("asks the model for no suggestions once the turn was stopped, even when the builder asks for them", async () => {
    const { token, app, job } = await turnOn("slips-stop", "Add a notes page", {
      "layout/main": LAYOUT,
    });
    const first = nextCall();
    const run = handler({ name: "ai-turn", payload: job });
    const call = await first;
    await play(call, ["<kiln-plan>Notes</kiln-plan>\nThinking it over"]);
    const before = suggestionCalls;
    await Chat.stop((await Apps.get(app.id))!);
    await run;
    const stopped = await waitForApp(token, app.id);
    expect(stopped.conversation.messages.at(-1).state).toBe("stopped");
    // the builder finds the app ready without suggestions and asks for them: the job asks the model nothing
    await handler({ name: "chat-suggestions", payload: { app_id: app.id } });
    expect(suggestionCalls).toBe(before);
    expect((await Apps.get(app.id))!.suggestions).toBeNull();
  }, 60_000);
});

describe("Resolve with AI", () => {
  const usage = async (token: string) => (await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage as number;
  const resolve = (token: string, appId: string) =>
    call("POST", `/api/apps/${appId}/chat/message`, {
      token,
      body: {
        content: "The app preview shows this error. Please fix it:\n\n1. Syntax error in components/StatCard",
        resolve_issues: true,
      },
    });

  it("costs no credit and is marked as an automated fix, at most twice after a paid message; then it is a paid message again", async () => {
    const { token } = await signedIn("slips-resolve");
    const app = await builtApp(token); // the paid first message
    const before = await usage(token);
    for (let i = 0; i < 2; i++) {
      const sent = await resolve(token, app.id);
      expect(sent.status).toBe(201);
      expect(sent.body.user_message.additional_message_params).toEqual({
        automated_fix: true,
      });
      const done = await waitForApp(token, app.id);
      expect(done.conversation.messages.at(-1).receipt.charge).toBeUndefined();
    }
    expect(await usage(token)).toBe(before);
    // a third press in a row is no longer free: it is charged, and not marked
    const third = await resolve(token, app.id);
    expect(third.status).toBe(201);
    expect(third.body.user_message.additional_message_params).toBeUndefined();
    // charged (the offline engine's answer to it may change nothing, and a turn that changes nothing is refunded)
    const after = await waitForApp(token, app.id);
    expect(after.conversation.messages.at(-1).receipt.charge).toMatchObject({
      credits: 1,
    });
  }, 90_000);
});
