import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { SendMessageBody } from "../../schemas/chat";
import type { Job, JobPayload } from "../../schemas/jobs";
import { pageOfSize, sse } from "./fake-anthropic";
import { anthropicUrl, signedIn, useStackLinks, waitForApp } from "./helpers";

/**
 * A real model on a large app (issue 15): the prompt shows what fits of 64 files and lists the
 * rest by path; the model reads one that did not fit, Kiln answers in its next call of the same
 * turn, and the model edits it. The worker runs in this process against a stand-in for
 * Anthropic's Messages API that replays recorded-shape streams in order and keeps every request
 * body, so the test sees what the model was sent (the file's contents, the prompt cache marks).
 */
useStackLinks();
const { Chat } = await import("../../functions/core/chat");
const { Jobs } = await import("../../functions/core/jobs");
const { Apps } = await import("../../functions/core/apps");
const { AppFiles } = await import("../../functions/core/app-files");
const { Users } = await import("../../functions/core/users");
const { handler } = await import("../../functions/worker");

interface Sent {
  system?: { type: string; text: string; cache_control?: { type: string } }[];
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
}

const textOf = (m: Sent["messages"][number]) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join(""));

/** Streams the scripted answers one per model call, in order; a `cut` answer's stream stops without its end events. */
async function scriptedModel(answers: { chunks: string[]; cut?: boolean }[]) {
  const sent: Sent[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString()) as Sent & { stream?: boolean };
    if (!body.stream) {
      const text = JSON.stringify([{ title: "Add search", prompt: "Add a search box" }, { title: "Add tags", prompt: "Add tags" }, { title: "Add export", prompt: "Export to CSV" }]);
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ id: "msg_j", type: "message", role: "assistant", model: "claude-sonnet-4-20250514", content: [{ type: "text", text }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 5, output_tokens: 5 } }),
      );
      return;
    }
    const answer = answers[sent.length];
    sent.push(body);
    res.writeHead(200, { "content-type": "text/event-stream" });
    if (answer?.cut) res.end(sse(answer.chunks, "none"));
    else res.end(sse(answer?.chunks ?? ["Nothing more to do."]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    sent,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** A model app with 64 stored files, one of them (pages/Archive) too large to fit the prompt beside the others. */
async function largeApp(label: string) {
  const { token, user } = await signedIn(label);
  const app = await Apps.create((await Users.get(user.id))!, { name: label, user_description: "A large app", model: "claude_sonnet_4" });
  const files: Record<string, string> = {
    "entities/Task": JSON.stringify({ name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"] }),
    "layout/main": "export default function Layout({ children }) {\n  return <main>{children}</main>;\n}",
    "pages/Archive": pageOfSize("Archive", 30_000),
  };
  for (let i = 0; i < 40; i++) files[`pages/Report${i}`] = pageOfSize(`Report${i}`, 5_000);
  for (let i = 0; i < 21; i++) files[`components/Widget${i}`] = pageOfSize(`Widget${i}`, 3_000);
  for (const [path, content] of Object.entries(files)) await AppFiles.write(app.id, path, content);
  return { token, user, app, files };
}

/** Send the new app's first message and answer the ai-turn job it queued, without running it. */
async function queueTurn(userId: string, appId: string, content: string): Promise<JobPayload<"ai-turn">> {
  const queued: Job[] = [];
  Jobs.useLocalRunner((job) => queued.push(job));
  try {
    await Chat.send((await Users.get(userId))!, (await Apps.get(appId))!, SendMessageBody.parse({ content }), null, { firstTurn: true });
  } finally {
    Jobs.useLocalRunner(undefined);
  }
  const job = queued.find((j) => j.name === "ai-turn");
  if (job?.name !== "ai-turn") throw new Error("no ai-turn job was queued");
  return job.payload;
}

async function runWith(model: Awaited<ReturnType<typeof scriptedModel>>, job: JobPayload<"ai-turn">) {
  process.env.ANTHROPIC_BASE_URL = model.url;
  try {
    await handler({ name: "ai-turn", payload: job });
  } finally {
    process.env.ANTHROPIC_BASE_URL = anthropicUrl();
    await model.close();
  }
}

const FOOT = '  return <ul className="p-6">{rows.map((r) => <li key={r}>{r}</li>)}</ul>;';
const HEADED = '  return <section className="p-6"><h1>Archived</h1><ul>{rows.map((r) => <li key={r}>{r}</li>)}</ul></section>;';
const readArchive = { chunks: ["<kiln-plan>Add a heading to the archived list</kiln-plan>\nI need to see that page first.\n<kiln-re", 'ad path="pages/Archive" />'] };

describe("a model on an app of 64 files", () => {
  it(
    "asks for a file that did not fit, receives its contents in its next call, and edits it; the stable prompt is marked for Anthropic's cache",
    async () => {
      const { token, user, app, files } = await largeApp("reach");
      const job = await queueTurn(user.id, app.id, "Give the archived list a heading");
      const edit = `<kiln-edit path="pages/Archive">\n<<<<<<< SEARCH\n${FOOT}\n=======\n${HEADED}\n>>>>>>> REPLACE\n</kiln-edit>\n`;
      const model = await scriptedModel([readArchive, { chunks: [edit.slice(0, 120), edit.slice(120), "Added the heading."] }]);
      await runWith(model, job);

      expect(model.sent).toHaveLength(2);
      const [first, second] = model.sent;
      // the first call lists the archive by path only: its rows are not in the prompt
      const firstSystem = first.system!.map((b) => b.text).join("\n");
      expect(firstSystem).toMatch(/^- pages\/Archive \([\d,]+ characters\)$/m);
      expect(firstSystem).not.toContain("Archive row 100");
      expect(firstSystem).toContain('<kiln-read path="pages/Reports" />');
      // the second call carries the model's request and Kiln's answer: the whole file
      expect(textOf(second.messages.at(-2)!)).toContain('<kiln-read path="pages/Archive" />');
      expect(textOf(second.messages.at(-1)!)).toContain(`<file path="pages/Archive">\n${files["pages/Archive"]}\n</file>`);
      // the stable prefix (protocol, conventions, file tree) is one system block marked for the prompt cache, the same in both calls
      for (const body of model.sent) {
        expect(body.system![0].cache_control).toEqual({ type: "ephemeral" });
        expect(body.system![0].text).toContain("# How you answer");
        expect(body.system![0].text).toContain("# The app's files (64;");
      }
      expect(second.system![0].text).toBe(first.system![0].text);

      const tree = await AppFiles.tree(app.id);
      expect(tree["pages/Archive"]).toBe(files["pages/Archive"].replace(FOOT, HEADED));
      const done = await waitForApp(token, app.id);
      expect(done.status.state).toBe("ready");
      const message = done.conversation.messages.at(-1);
      expect(message.content).toContain('<kiln-read path="pages/Archive" />');
      expect(message.content).toContain("Added the heading.");
    },
    90_000,
  );

  it(
    "keeps the app as it was when the stream after a read ends early inside an edit whose block is complete",
    async () => {
      const { token, user, app, files } = await largeApp("reach-cut");
      const job = await queueTurn(user.id, app.id, "Give the archived list a heading");
      const cut = `<kiln-edit path="pages/Archive">\n<<<<<<< SEARCH\n${FOOT}\n=======\n${HEADED}\n>>>>>>> REPLACE\n</kiln-ed`;
      const model = await scriptedModel([readArchive, { chunks: [cut.slice(0, 100), cut.slice(100)], cut: true }]);
      await runWith(model, job);

      expect(model.sent).toHaveLength(2);
      expect(textOf(model.sent[1].messages.at(-1)!)).toContain(files["pages/Archive"]);
      expect(await AppFiles.tree(app.id)).toEqual(files);
      const done = await waitForApp(token, app.id);
      expect(done.status.state).not.toBe("processing");
      expect(done.conversation.messages.at(-1).receipt?.not_applied?.length ?? 0).toBeGreaterThan(0);
    },
    90_000,
  );
});
