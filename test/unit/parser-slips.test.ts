import { describe, expect, it } from "vitest";
import { unwrapFence } from "../../lib/agent/file-body";
import { ActionStreamParser, type OpenAction, actionsOf, parseMessage } from "../../lib/agent/parser";
import type { Action } from "../../lib/agent/protocol";
import { repair } from "../../lib/agent/repair";

/** What the stream parser reports, in order, as the turn hears it (an action closes the moment it is applied live). */
function heard(chunks: string[]) {
  const events: string[] = [];
  const closed: Action[] = [];
  const unknown: string[] = [];
  const parser = new ActionStreamParser({
    onActionOpen: (open: OpenAction) => events.push(`open ${open.type}${open.path ? ` ${open.path}` : ""}`),
    onActionClose: (open, action) => {
      events.push(`close ${open.type}`);
      closed.push(action);
    },
    onInvalid: (open, reason) => events.push(`invalid ${open?.type ?? "tag"}: ${reason}`),
    onUnknownTag: (name, attributes) => unknown.push(`${name}${attributes ? " …" : ""}`),
  });
  const live: Action[][] = [];
  for (const chunk of chunks) {
    parser.push(chunk);
    live.push([...closed]);
  }
  const end = parser.end();
  return { events, closed, unknown, live, end };
}

/** Every split of `text` in two gives what the whole text gives. */
function sameAtEverySplit(text: string) {
  const whole = heard([text]);
  for (let i = 0; i <= text.length; i++) expect(heard([text.slice(0, i), text.slice(i)]).events).toEqual(whole.events);
  expect(heard([...text]).events).toEqual(whole.events);
  return whole;
}

const page = 'export default function Leads() {\n  return <div className="p-6">Leads</div>;\n}';
const entity = '{"name": "Lead", "type": "object", "properties": {"name": {"type": "string"}}}';

describe("a plan tag never swallows actions", () => {
  it("an unclosed plan ends at the next action tag, which is applied while the answer still streams", () => {
    const chunks = [
      "<kiln-plan>Add leads: an entity and a page\n",
      `<kiln-write path="entities/Lead">\n${entity}\n</kiln-write>\n`,
      `<kiln-write path="pages/Leads">\n${page}\n</kiln-write>\n`,
      "Done: leads are in.",
    ];
    const r = heard(chunks);
    expect(r.events).toEqual(["open plan", "close plan", "open write entities/Lead", "close write", "open write pages/Leads", "close write"]);
    expect(r.closed[0]).toEqual({
      type: "plan",
      content: "Add leads: an entity and a page",
    });
    // the entity was applied after the second chunk, before the answer ended
    expect(r.live[1]).toEqual([
      { type: "plan", content: "Add leads: an entity and a page" },
      { type: "write", path: "entities/Lead", content: entity },
    ]);
    expect(r.end.unclosed).toBeNull();
    sameAtEverySplit(chunks.join(""));
  });

  it("an unclosed secret request ends at the next action tag too, and a closed plan may still say 1 < 2", () => {
    const text = `<kiln-plan>Check 1 < 2 and <b>bold</b></kiln-plan><kiln-secrets>[{"secretName": "SLACK_WEBHOOK_URL", "description": "Slack"}]\n<kiln_delete path="pages/Old" />`;
    const r = sameAtEverySplit(text);
    expect(r.closed).toEqual([
      { type: "plan", content: "Check 1 < 2 and <b>bold</b>" },
      {
        type: "secrets",
        secrets: [{ secretName: "SLACK_WEBHOOK_URL", description: "Slack" }],
      },
      { type: "delete", path: "pages/Old" },
    ]);
  });

  it("a plan wrapped around the actions: its late closing tag closes nothing and is not left in the chat text", () => {
    const text = `<kiln-plan>Add leads\n<kiln-write path="pages/Leads">\n${page}\n</kiln-write>\n</kiln-plan>\nDone.`;
    sameAtEverySplit(text);
    expect(parseMessage(text).flatMap((s) => (s.kind === "text" ? [s.text] : []))).toEqual(["\n\nDone."]);
    const r = repair(text);
    expect(r.content).toBe(`<kiln-plan>Add leads</kiln-plan><kiln-write path="pages/Leads">\n${page}\n</kiln-write>\n\nDone.`);
    expect(r.repairs).toEqual([]);
  });

  it("the repaired answer closes the plan where it ended, and keeps every action", () => {
    const raw = `<kiln-plan>Add leads\n<kiln-write path="pages/Leads">\n${page}\n</kiln-write>\nDone.`;
    const r = repair(raw);
    expect(r.actions).toEqual([
      { type: "plan", content: "Add leads" },
      { type: "write", path: "pages/Leads", content: page },
    ]);
    expect(r.content).toBe(`<kiln-plan>Add leads</kiln-plan><kiln-write path="pages/Leads">\n${page}\n</kiln-write>\nDone.`);
    expect(r.cutOff).toEqual([]);
  });
});

describe("tag spelling variants are the same actions", () => {
  it.each([
    ["kiln_write", "kiln_write"],
    ["Kiln-Write", "Kiln-Write"],
    ["kilnWrite", "kilnWrite"],
    ["KILN_WRITE", "kiln-write"],
  ])("<%s …>…</%s> is a write, whatever the split", (open, close) => {
    const r = sameAtEverySplit(`Here:\n<${open} path="pages/Leads">\n${page}\n</${close}>\nDone.`);
    expect(r.closed).toEqual([{ type: "write", path: "pages/Leads", content: page }]);
  });

  it("reads spelled-out edits, renames and plans, and a closing tag spelled another way never ends the body early", () => {
    const text = `<kiln_plan>Rename</kiln_plan>\n<kilnEdit path="pages/Leads">\n<<<<<<< SEARCH\nLeads\n=======\nProspects\n>>>>>>> REPLACE\n</kilnEdit>\n<Kiln_Rename from="pages/Leads" to="pages/Prospects"></Kiln_Rename>\n<kiln_write path="pages/A">\nconst s = "</kiln_writer>";\n</kiln_write>`;
    const r = sameAtEverySplit(text);
    expect(r.closed).toEqual([
      { type: "plan", content: "Rename" },
      {
        type: "edit",
        path: "pages/Leads",
        edits: [{ search: "Leads", replace: "Prospects" }],
      },
      { type: "rename", from: "pages/Leads", to: "pages/Prospects" },
      {
        type: "write",
        path: "pages/A",
        content: 'const s = "</kiln_writer>";',
      },
    ]);
  });

  it("the web client's parseMessage reads them the same, and the repaired answer writes them in the protocol's spelling", () => {
    const raw = `<kiln_write path="pages/Leads">\n${page}\n</kiln_write>`;
    expect(parseMessage(raw).flatMap((s) => (s.kind === "action" ? [s.action] : []))).toEqual([{ type: "write", path: "pages/Leads", content: page }]);
    expect(repair(raw).content).toBe(`<kiln-write path="pages/Leads">\n${page}\n</kiln-write>`);
  });

  it("names a Kiln-looking tag that is no action, so the turn can report it", () => {
    const r = heard(['Here <kiln-file path="pages/A">x</kiln-file> and <kiln_page name="B"> and <kilnx> and <div>']);
    expect(r.unknown).toEqual(["<kiln-file …", "<kiln_page …", "<kilnx"]);
    expect(r.closed).toEqual([]);
  });
});

describe("fences and prose around a file are taken off the moment the write closes", () => {
  it("a ```tsx fence inside the write is not in the file", () => {
    const r = heard([`<kiln-write path="components/StatCard">\n\`\`\`tsx\n${page}\n`, "```\n</kiln-write>"]);
    expect(r.closed).toEqual([{ type: "write", path: "components/StatCard", content: page }]);
  });

  it("a line of prose, then a fence, then a closing remark: only the code is the file", () => {
    const r = heard([`<kiln-write path="pages/Leads">\nHere is the updated page:\n\n\`\`\`jsx pages/Leads.jsx\n${page}\n\`\`\`\nThis lists the leads.\n</kiln-write>`]);
    expect(r.closed).toEqual([{ type: "write", path: "pages/Leads", content: page }]);
  });

  it("an entity schema in a ```json fence is valid JSON once the fence is off", () => {
    expect(actionsOf(`<kiln-write path="entities/Lead">\n\`\`\`json\n${entity}\n\`\`\`\n</kiln-write>`)).toEqual([{ type: "write", path: "entities/Lead", content: entity }]);
  });

  it("leaves a file without a wrapper alone, and never takes a shell fence for the file", () => {
    const withTemplate = "const md = `\n```js\nx\n```\n`;\nexport default md;";
    expect(unwrapFence(`\n${page}\n`)).toBeNull();
    expect(unwrapFence(`\n${withTemplate}\n`)).toBeNull();
    expect(unwrapFence("\nRun this:\n```bash\nnpm i\n```\n")).toBeNull();
    expect(actionsOf(`<kiln-write path="pages/Md">\n${withTemplate}\n</kiln-write>`)).toEqual([{ type: "write", path: "pages/Md", content: withTemplate }]);
  });

  it("a fence that is never closed before the closing tag is still taken off", () => {
    expect(actionsOf(`<kiln-write path="pages/Leads">\n\`\`\`tsx\n${page}\n</kiln-write>`)).toEqual([{ type: "write", path: "pages/Leads", content: page }]);
  });
});

describe("where an action starts, for a turn that must take back what a cut stream left half-written", () => {
  it("pending() gives the open action, its body so far and where its tag starts; closingFor() the tag a normal end implies", () => {
    const parser = new ActionStreamParser();
    const head = "<kiln-plan>x</kiln-plan>\nAnd now ";
    parser.push(head);
    parser.push('<kiln_write path="pages/A">\nconst a');
    const pending = parser.pending()!;
    expect(pending).toEqual({
      open: { id: 1, type: "write", path: "pages/A" },
      body: "\nconst a",
      startsAt: head.length,
    });
    expect(parser.closingFor(pending.open)).toBe("\n</kiln-write>");
  });
});
