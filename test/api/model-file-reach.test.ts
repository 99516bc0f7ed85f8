import { describe, expect, it } from "vitest";
import { promptChars, ratioKey } from "../../functions/agent/context";
import { SendMessageBody } from "../../schemas/chat";
import type { Job, JobPayload } from "../../schemas/jobs";
import { type SentBody, pageOfSize, scriptedAnthropic } from "./fake-anthropic";
import { runTurnAgainst, signedIn, useStackLinks, waitForApp, workerModules } from "./helpers";

/**
 * A real model on a large app (issue 15): the prompt shows what fits of 64 files and lists the
 * rest by path; the model reads one that did not fit, Kiln answers in its next call of the same
 * turn, and the model edits it. The worker runs in this process against a stand-in for
 * Anthropic's Messages API that replays recorded-shape streams in order and keeps every request
 * body, so the test sees what the model was sent (the file's contents, the prompt cache marks).
 */
useStackLinks();
const { Chat, Jobs, Apps, AppFiles, Users, Messages } = await workerModules();

const textOf = (m: SentBody["messages"][number]) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join(""));
/** The prompt cache marks of a message: on its last block, where the AI SDK puts a message's mark. */
const markOf = (m: SentBody["messages"][number]) => (typeof m.content === "string" ? undefined : m.content.at(-1)?.cache_control);
/** Messages as sent, without their cache marks. */
const unmarked = (messages: SentBody["messages"]) => JSON.stringify(messages, (key, value) => (key === "cache_control" ? undefined : value));
/** Every cache breakpoint a request carries, system and messages together (Anthropic allows 4). */
const breakpoints = (body: SentBody) =>
  [...(body.system ?? []), ...body.messages.flatMap((m) => (typeof m.content === "string" ? [] : m.content))].filter((b) => b.cache_control).length;

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
async function queueTurn(userId: string, appId: string, content: string, fileUrls?: string[]): Promise<JobPayload<"ai-turn">> {
  const queued: Job[] = [];
  Jobs.useLocalRunner((job) => queued.push(job));
  try {
    await Chat.send((await Users.get(userId))!, (await Apps.get(appId))!, SendMessageBody.parse({ content, file_urls: fileUrls }), null, { firstTurn: true });
  } finally {
    Jobs.useLocalRunner(undefined);
  }
  const job = queued.find((j) => j.name === "ai-turn");
  if (job?.name !== "ai-turn") throw new Error("no ai-turn job was queued");
  return job.payload;
}


const FOOT = '  return <ul className="p-6">{rows.map((r) => <li key={r}>{r}</li>)}</ul>;';
const HEADED = '  return <section className="p-6"><h1>Archived</h1><ul>{rows.map((r) => <li key={r}>{r}</li>)}</ul></section>;';
const readArchive = { chunks: ["<kiln-plan>Add a heading to the archived list</kiln-plan>\nI need to see that page first.\n<kiln-re", 'ad path="pages/Archive" />'] };

describe("a model on an app of 64 files", () => {
  it(
    "asks for a file that did not fit, receives its contents in its next call, and edits it; the stable prompt and the repeated conversation are marked for Anthropic's cache",
    async () => {
      const { token, user, app, files } = await largeApp("reach");
      const job = await queueTurn(user.id, app.id, "Give the archived list a heading");
      const edit = `<kiln-edit path="pages/Archive">\n<<<<<<< SEARCH\n${FOOT}\n=======\n${HEADED}\n>>>>>>> REPLACE\n</kiln-edit>\n`;
      const model = await scriptedAnthropic([readArchive, { chunks: [edit.slice(0, 120), edit.slice(120), "Added the heading."] }]);
      await runTurnAgainst(model, job);

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
      // the stable prefix is two system blocks marked for the prompt cache, the same in both calls: the rules (protocol,
      // conventions), which the app's next turn repeats, then the file tree, which this turn's next call repeats (issue 24 §4)
      for (const body of model.sent) {
        expect(body.system![0].cache_control).toEqual({ type: "ephemeral" });
        expect(body.system![0].text).toContain("# How you answer");
        expect(body.system![1].cache_control).toEqual({ type: "ephemeral" });
        expect(body.system![1].text).toMatch(/^# The app's files \(64;/);
        expect(breakpoints(body)).toBeLessThanOrEqual(4);
      }
      // the first call marks its end; the second repeats it byte for byte, mark included, and marks its own end for a next read
      expect(first.messages.map(markOf)).toEqual([{ type: "ephemeral" }]);
      expect(second.messages.map(markOf)).toEqual([{ type: "ephemeral" }, undefined, { type: "ephemeral" }]);
      expect(breakpoints(second)).toBe(4);
      expect(JSON.stringify(second.system)).toBe(JSON.stringify(first.system));
      expect(JSON.stringify(second.messages.slice(0, first.messages.length))).toBe(JSON.stringify(first.messages));

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
    "repeats the first call byte for byte in the second, after five earlier exchanges and with an attachment, and records what the cache did",
    async () => {
      const { token, user, app, files } = await largeApp("reach-cache");
      for (let i = 1; i <= 5; i++) {
        await Messages.append(app.id, { role: "user", content: `Earlier request ${i}` }, user.email);
        await Messages.append(app.id, { role: "assistant", content: `<kiln-plan>Step ${i}</kiln-plan>\nDone step ${i}.`, state: "done" }, null);
      }
      const job = await queueTurn(user.id, app.id, "Give the archived list a heading", ["https://files.example/sketch.png"]);
      const edit = `<kiln-edit path="pages/Archive">\n<<<<<<< SEARCH\n${FOOT}\n=======\n${HEADED}\n>>>>>>> REPLACE\n</kiln-edit>\n`;
      const model = await scriptedAnthropic([
        // usage in proportion to what a follow-up sends now (the files it touches whole, the rest by path: issue 24 §4)
        { ...readArchive, usage: { input_tokens: 1_000, output_tokens: 1, cache_creation_input_tokens: 10_000, cache_read_input_tokens: 0 } },
        { chunks: [edit, "Added the heading."], usage: { input_tokens: 500, output_tokens: 1, cache_creation_input_tokens: 3_000, cache_read_input_tokens: 11_000 } },
      ]);
      await runTurnAgainst(model, job);

      expect(model.sent).toHaveLength(2);
      const [first, second] = model.sent;
      // all ten earlier messages and the request with its attachment, in both calls: the history window does not move for a read round
      expect(first.messages).toHaveLength(11);
      expect(textOf(first.messages[0])).toBe("Earlier request 1");
      expect(textOf(first.messages[10])).toBe("Give the archived list a heading\n\nAttached files:\n- https://files.example/sketch.png");
      expect(JSON.stringify(second.system)).toBe(JSON.stringify(first.system));
      // the marks move on call by call (they are no part of the cached content): the first call's end, marked in both, is where the second reads
      expect(unmarked(second.messages.slice(0, 11))).toBe(unmarked(first.messages));
      expect(first.messages.map(markOf).flatMap((m, i) => (m ? [i] : []))).toEqual([8, 10]);
      expect(second.messages.map(markOf).flatMap((m, i) => (m ? [i] : []))).toEqual([10, 12]);
      expect(second.messages).toHaveLength(13);
      expect(textOf(second.messages[12])).not.toContain("Attached files");
      expect(breakpoints(second)).toBe(4);
      expect((await AppFiles.tree(app.id))["pages/Archive"]).toBe(files["pages/Archive"].replace(FOOT, HEADED));

      // the turn's usage: every input token of both calls, the cache's reads and writes beside them
      const done = await waitForApp(token, app.id);
      expect(done.conversation.messages.at(-1).metadata).toMatchObject({ input_tokens: 25_500, cache_read_tokens: 11_000, cache_write_tokens: 13_000 });
      // the ratio the next turn's budget uses is learned from all 14,500 input tokens of the last call, cached ones included
      const sentChars = promptChars({ system: second.system!.map((b) => b.text).join("\n\n"), messages: second.messages.map((m) => ({ content: textOf(m) })) });
      const meta = (await Apps.get(app.id))!;
      expect(meta.token_ratios?.[ratioKey("anthropic", "claude-sonnet-4-20250514")]).toBeCloseTo(sentChars / 14_500, 6);
    },
    90_000,
  );

  it(
    "keeps the app as it was when the stream after a read ends early inside an edit whose block is complete",
    async () => {
      const { token, user, app, files } = await largeApp("reach-cut");
      const job = await queueTurn(user.id, app.id, "Give the archived list a heading");
      const cut = `<kiln-edit path="pages/Archive">\n<<<<<<< SEARCH\n${FOOT}\n=======\n${HEADED}\n>>>>>>> REPLACE\n</kiln-ed`;
      const model = await scriptedAnthropic([readArchive, { chunks: [cut.slice(0, 100), cut.slice(100)], cut: true }]);
      await runTurnAgainst(model, job);

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
