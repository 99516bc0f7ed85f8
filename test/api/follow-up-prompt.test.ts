import { describe, expect, it } from "vitest";
import { SendMessageBody } from "../../schemas/chat";
import type { Job, JobPayload } from "../../schemas/jobs";
import { type SentBody, pageOfSize, scriptedAnthropic } from "./fake-anthropic";
import { runTurnAgainst, signedIn, useStackLinks, workerModules } from "./helpers";

/**
 * Prompts that do not grow with the app (issue 24 §4), through the worker against a stand-in for Anthropic's Messages
 * API: a follow-up on an app of 30 pages shows whole the page the request names, the file the last answer changed, the
 * layout and the entities, and lists the rest by path; its automated fix round shows only the file its problem names.
 */
useStackLinks();
const { Chat, Jobs, Apps, AppFiles, Users, Messages } = await workerModules();

const textOf = (m: SentBody["messages"][number]) => (typeof m.content === "string" ? m.content : m.content.map((p) => p.text ?? "").join(""));
const systemOf = (body: SentBody) => (body.system ?? []).map((b) => b.text).join("\n\n");
const whole = (system: string) => [...system.matchAll(/<file path="([^"]+)">/g)].map((m) => m[1]).sort();

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

describe("a follow-up on an app of 30 pages", () => {
  it(
    "sends the files the request touches whole and the rest by path, and its fix round only the file its problem names",
    async () => {
      const { user } = await signedIn("follow-up-prompt");
      const app = await Apps.create((await Users.get(user.id))!, { name: "Reports", user_description: "Reports", model: "claude_sonnet_4" });
      const files: Record<string, string> = {
        "entities/Task": JSON.stringify({ name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"] }),
        "layout/main": "export default function Layout({ children }) {\n  return <main>{children}</main>;\n}",
      };
      for (let i = 0; i < 30; i++) files[`pages/Report${i}`] = pageOfSize(`Report${i}`, 2_500);
      for (const [path, content] of Object.entries(files)) await AppFiles.write(app.id, path, content);
      await Messages.append(app.id, { role: "user", content: "Add a third report" }, user.email);
      await Messages.append(app.id, { role: "assistant", content: '<kiln-plan>Report 3</kiln-plan>\n<kiln-write path="pages/Report3">\n…\n</kiln-write>\nDone.', state: "done" }, null);
      const job = await queueTurn(user.id, app.id, "Give Report5 a heading");

      const foot = '  return <ul className="p-6">{rows.map((r) => <li key={r}>{r}</li>)}</ul>;';
      const headed = '  return <section className="p-6"><h1>Report 5</h1><ul>{rows.map((r) => <li key={r}>{r}</li>)}</ul></section>;';
      const edit = (search: string) => `<kiln-edit path="pages/Report5">\n<<<<<<< SEARCH\n${search}\n=======\n${headed}\n>>>>>>> REPLACE\n</kiln-edit>\n`;
      const model = await scriptedAnthropic([
        { chunks: ["<kiln-plan>Add a heading</kiln-plan>\n", edit("  return <div>this line is not in the file</div>;"), "Done."] },
        { chunks: [edit(foot), "Added the heading."] },
      ]);
      await runTurnAgainst(model, job);

      expect(model.sent).toHaveLength(2);
      const [first, fix] = model.sent;
      const firstSystem = systemOf(first);
      expect(whole(firstSystem)).toEqual(["entities/Task", "layout/main", "pages/Report3", "pages/Report5"]);
      expect(firstSystem).toMatch(/^- pages\/Report29 \([\d,]+ characters\)$/m);
      expect(firstSystem).toContain("only the files this request most likely touches are shown whole");

      const fixSystem = systemOf(fix);
      expect(textOf(fix.messages.at(-1)!)).toContain("The edit of pages/Report5 was not applied");
      expect(whole(fixSystem)).toEqual(["entities/Task", "pages/Report5"]);
      expect(fixSystem).toContain("only the files these problems concern are shown whole");
      expect(fixSystem).toMatch(/^- pages\/Report3 \([\d,]+ characters\)$/m);
      expect(fixSystem.length).toBeLessThan(firstSystem.length);
      expect((await AppFiles.tree(app.id))["pages/Report5"]).toBe(files["pages/Report5"].replace(foot, headed));
    },
    90_000,
  );
});
