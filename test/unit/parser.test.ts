import { describe, expect, it } from "vitest";
import { ActionStreamParser, actionsOf, type OpenAction, parseMessage } from "../../lib/agent/parser";
import { type Action, serialize } from "../../lib/agent/protocol";

type Event =
  | { on: "text"; text: string }
  | { on: "open"; open: OpenAction }
  | { on: "stream"; id: number; chunk: string }
  | { on: "close"; open: OpenAction; action: Action }
  | { on: "invalid"; open: OpenAction | null; reason: string; raw: string };

/** Feeds the chunks and records the callbacks, joining consecutive text and body pieces so any chunking compares equal. */
function run(chunks: string[]) {
  const events: Event[] = [];
  const lengths = new Map<number, number>();
  const add = (event: Event) => {
    const last = events[events.length - 1];
    if (event.on === "text" && last?.on === "text") last.text += event.text;
    else if (event.on === "stream" && last?.on === "stream" && last.id === event.id) last.chunk += event.chunk;
    else events.push(event);
  };
  const parser = new ActionStreamParser({
    onText: (text) => add({ on: "text", text }),
    onActionOpen: (open) => add({ on: "open", open: { ...open } }),
    onActionStream: (open, chunk, length) => {
      const sofar = (lengths.get(open.id) ?? 0) + chunk.length;
      lengths.set(open.id, sofar);
      expect(length).toBe(sofar);
      add({ on: "stream", id: open.id, chunk });
    },
    onActionClose: (open, action) => add({ on: "close", open: { ...open }, action }),
    onInvalid: (open, reason, raw) => add({ on: "invalid", open: open && { ...open }, reason, raw }),
  });
  for (const chunk of chunks) parser.push(chunk);
  const end = parser.end();
  return { events, end };
}

const whole = (text: string) => run([text]);
const closed = (text: string) => whole(text).events.flatMap((e) => (e.on === "close" ? [e.action] : []));
const invalid = (text: string) => whole(text).events.flatMap((e) => (e.on === "invalid" ? [e] : []));
const textOf = (text: string) => whole(text).events.flatMap((e) => (e.on === "text" ? [e.text] : [])).join("");

const jsx = `import { useState } from "react";

export default function Dashboard() {
  const [n, setN] = useState(0);
  return (
    <div className="p-4">
      {n < 3 && <span>few</span>}
      <p>{"</kiln-wri"} is not the end, nor is </kiln-edit> or <kiln-write></p>
    </div>
  );
}`;

const sample = [
  "Sure! <b>Here</b> is the plan, and 1 < 2.\n\n",
  "<kiln-plan>  Add a dashboard page.  </kiln-plan>\n",
  `<kiln-write path="pages/Dashboard">\n${jsx}\n</kiln-write>\n\n`,
  `<kiln-edit path='components/tasks/TaskCard'>\n<<<<<<< SEARCH\n<div>old</div>\n=======\n<div>new</div>\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nconst a = 1;\n=======\nconst a = 2;\n>>>>>>> REPLACE\n</kiln-edit>`,
  "  \t\n",
  `<kiln-delete path="pages/Old" />`,
  `<kiln-delete path="pages/Older"></kiln-delete>`,
  `<kiln-rename from="pages/Tasks" to='pages/Todos'/>`,
  `<kiln-write path="pages/My Page">\nx\n</kiln-write>`,
  "<kiln-writer> <kilnx> <kiln-", "foo>",
  `<kiln-write path="entities/Task">\n{"name": "Task", "type": "object", "properties": {}}\n</kiln-write>`,
  `<kiln-delete path="pages/Bare">then text <kiln-edit path="oops\n>`,
  "\nDone <", "kiln-write path=\"pages/Tail\">\nconst x = 1 </",
].join("");

describe("streaming action parser: chunking", () => {
  const reference = whole(sample);

  it("gives the same callbacks whatever the split: at every single index", () => {
    for (let i = 0; i <= sample.length; i++) {
      expect(run([sample.slice(0, i), sample.slice(i)])).toEqual(reference);
    }
  });

  it("gives the same callbacks char by char and in random chunk sizes", () => {
    expect(run([...sample])).toEqual(reference);
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let round = 0; round < 200; round++) {
      const chunks: string[] = [];
      for (let at = 0; at < sample.length; ) {
        const size = 1 + Math.floor(random() * 40);
        chunks.push(sample.slice(at, at + size));
        at += size;
      }
      expect(run(chunks)).toEqual(reference);
    }
  });

  it("holds back a partial tag until it is unambiguous", () => {
    const texts: string[] = [];
    const opened: OpenAction[] = [];
    const parser = new ActionStreamParser({ onText: (t) => texts.push(t), onActionOpen: (o) => opened.push(o) });
    parser.push("Hello <kiln-wr");
    expect(texts.join("")).toBe("Hello ");
    parser.push('ite path="pages/A"');
    expect(opened).toEqual([]);
    parser.push(">\nbody");
    expect(opened).toEqual([{ id: 0, type: "write", path: "pages/A" }]);
    expect(texts.join("")).toBe("Hello ");
  });

  it("holds back a possible closing tag inside a body and streams it once it is not one", () => {
    const chunks: string[] = [];
    const parser = new ActionStreamParser({ onActionStream: (_o, chunk) => chunks.push(chunk) });
    parser.push('<kiln-write path="pages/A">\na </kiln-wr');
    expect(chunks.join("")).toBe("\na ");
    parser.push("iter");
    expect(chunks.join("")).toBe("\na </kiln-writer");
  });

  it("the sample streams the whole body of each action and the texts between them unchanged", () => {
    const actions = reference.events.flatMap((e) => (e.on === "close" ? [e.action] : []));
    expect(actions.map((a) => a.type)).toEqual(["plan", "write", "edit", "delete", "delete", "rename", "write", "delete"]);
    expect(reference.end).toEqual({ unclosed: { id: 9, type: "write", path: "pages/Tail" }, bodySoFar: "\nconst x = 1 </" });
    expect(reference.events.filter((e) => e.on === "invalid").map((e) => (e.on === "invalid" ? (e.open?.path ?? e.raw) : ""))).toEqual(["pages/My Page", '<kiln-edit path="oops\n']);
  });
});

describe("streaming action parser: tags and text", () => {
  it("treats < that does not start a kiln tag as ordinary text", () => {
    const text = "if a < b then <div> and </div>, <kilnx>, <kiln-writer>, <kiln-foo path=\"x\">, <kiln- and <";
    expect(whole(text).events).toEqual([{ on: "text", text }]);
  });

  it("emits text outside actions unchanged, whitespace between actions included", () => {
    const text = `Intro\n\n<kiln-delete path="pages/A" />\n \t\n<kiln-delete path="pages/B" />  \nOutro\n`;
    expect(textOf(text)).toBe("Intro\n\n\n \t\n  \nOutro\n");
  });

  it("ends a write body only at its exact closing tag, so JSX with < and </div> is body", () => {
    expect(closed(`<kiln-write path="pages/Dashboard">\n${jsx}\n</kiln-write>`)).toEqual([{ type: "write", path: "pages/Dashboard", content: jsx }]);
  });

  it("reads double-quoted, single-quoted and unquoted attributes, in any order and spacing", () => {
    expect(closed(`<kiln-write path="pages/A">a</kiln-write><kiln-write path='pages/B'>b</kiln-write><kiln-write\n  path = pages/C >c</kiln-write>`)).toEqual([
      { type: "write", path: "pages/A", content: "a" },
      { type: "write", path: "pages/B", content: "b" },
      { type: "write", path: "pages/C", content: "c" },
    ]);
    expect(closed(`<kiln-rename to="pages/B" from='pages/A' />`)).toEqual([{ type: "rename", from: "pages/A", to: "pages/B" }]);
  });

  it("accepts self-closing and paired delete and rename tags", () => {
    const text = `<kiln-delete path="pages/A" /><kiln-delete path="pages/B"/><kiln-delete path="pages/C"></kiln-delete><kiln-delete path=pages/D/><kiln-rename from="pages/E" to="pages/F"></kiln-rename> after`;
    expect(closed(text)).toEqual([
      { type: "delete", path: "pages/A" },
      { type: "delete", path: "pages/B" },
      { type: "delete", path: "pages/C" },
      { type: "delete", path: "pages/D" },
      { type: "rename", from: "pages/E", to: "pages/F" },
    ]);
    expect(textOf(text)).toBe(" after");
  });

  it("does not let a delete without a slash or closing tag swallow the text after it", () => {
    const text = `<kiln-delete path="pages/A">\nNow the rest.`;
    expect(closed(text)).toEqual([{ type: "delete", path: "pages/A" }]);
    expect(textOf(text)).toBe("\nNow the rest.");
  });

  it("strips exactly one leading and one trailing newline from a write body", () => {
    expect(closed(`<kiln-write path="pages/A">\n\n  x\n\n</kiln-write>`)).toEqual([{ type: "write", path: "pages/A", content: "\n  x\n" }]);
    expect(closed(`<kiln-write path="pages/A">x</kiln-write>`)).toEqual([{ type: "write", path: "pages/A", content: "x" }]);
  });

  it("trims the plan", () => {
    expect(closed("<kiln-plan>\n  Build a task tracker.\n</kiln-plan>")).toEqual([{ type: "plan", content: "Build a task tracker." }]);
  });

  it("reports a kiln tag whose attributes cannot be read and keeps it as text", () => {
    const text = `<kiln-write path="pages/A\n>x`;
    expect(invalid(text)).toEqual([{ on: "invalid", open: null, reason: expect.stringContaining("could not read the tag"), raw: '<kiln-write path="pages/A\n' }]);
    expect(textOf(text)).toBe(text);
  });

  it("flushes a tag cut off at the end of the stream as text", () => {
    expect(whole('ok <kiln-write path="pages/A"').events).toEqual([{ on: "text", text: 'ok <kiln-write path="pages/A"' }]);
  });

  it("end() answers the action left open with its body so far", () => {
    const { end, events } = whole('<kiln-write path="pages/A">\nconst a = <div>');
    expect(end).toEqual({ unclosed: { id: 0, type: "write", path: "pages/A" }, bodySoFar: "\nconst a = <div>" });
    expect(events.some((e) => e.on === "close" || e.on === "invalid")).toBe(false);
  });
});

describe("streaming action parser: edits", () => {
  it("parses an edit with several SEARCH/REPLACE blocks", () => {
    const text = `<kiln-edit path="components/TaskCard">
<<<<<<< SEARCH
  <h2>{task.title}</h2>
=======
  <h2 className="font-bold">{task.title}</h2>
>>>>>>> REPLACE
<<<<<<< SEARCH
=======
// added at the top
>>>>>>> REPLACE

<<<<<<< SEARCH
a
b
=======
>>>>>>> REPLACE
</kiln-edit>`;
    expect(closed(text)).toEqual([
      {
        type: "edit",
        path: "components/TaskCard",
        edits: [
          { search: "  <h2>{task.title}</h2>", replace: '  <h2 className="font-bold">{task.title}</h2>' },
          { search: "", replace: "// added at the top" },
          { search: "a\nb", replace: "" },
        ],
      },
    ]);
  });

  it("reports an edit without a complete block as invalid and emits no action", () => {
    for (const body of ["just some code", "<<<<<<< SEARCH\na\n=======\nb\n"]) {
      const text = `<kiln-edit path="pages/A">\n${body}\n</kiln-edit>`;
      expect(closed(text)).toEqual([]);
      expect(invalid(text)).toEqual([
        { on: "invalid", open: { id: 0, type: "edit", path: "pages/A" }, reason: "the edit of pages/A has no complete SEARCH/=======/REPLACE block", raw: text },
      ]);
    }
  });
});

describe("streaming action parser: validation", () => {
  it("reports invalid paths and emits no action for them", () => {
    const bad = [
      `<kiln-write path="pages/My Page">x</kiln-write>`,
      `<kiln-write path="src/pages/A.jsx">x</kiln-write>`,
      `<kiln-write>x</kiln-write>`,
      `<kiln-edit path="../etc/passwd">x</kiln-edit>`,
      `<kiln-delete path="pages/" />`,
      `<kiln-rename from="pages/A" to="Pages B" />`,
    ];
    for (const text of bad) {
      expect(closed(text)).toEqual([]);
      expect(invalid(text)).toHaveLength(1);
    }
    expect(invalid(bad[0])[0].reason).toBe('"pages/My Page" is not a valid path: file paths look like pages/Name, components/Name, components/dir/Name, layout/main, entities/Name or functions/name');
    expect(invalid(bad[2])[0].reason).toBe("the path is missing");
    expect(invalid(bad[5])[0].reason).toMatch(/^"Pages B" is not a valid target path/);
  });

  it("accepts every file path convention", () => {
    const paths = ["pages/Dashboard", "components/TaskCard", "components/tasks/TaskCard", "layout/main", "functions/sendEmail"];
    expect(closed(paths.map((p) => `<kiln-delete path="${p}" />`).join(""))).toEqual(paths.map((path) => ({ type: "delete", path })));
  });

  it("requires a write to entities/<Name> to be JSON", () => {
    const ok = `<kiln-write path="entities/Task">\n{"name": "Task", "type": "object", "properties": {}}\n</kiln-write>`;
    expect(closed(ok)).toEqual([{ type: "write", path: "entities/Task", content: '{"name": "Task", "type": "object", "properties": {}}' }]);
    const bad = `<kiln-write path="entities/Task">\n{ name: "Task" }\n</kiln-write>`;
    expect(closed(bad)).toEqual([]);
    expect(invalid(bad)[0].reason).toMatch(/^entities\/Task must be JSON \(an entity schema\): /);
    expect(invalid(bad)[0].raw).toBe(bad);
  });
});

describe("parseMessage and actionsOf", () => {
  it("shows a half-streamed write as incomplete, with its body so far", () => {
    const content = `Working on it.\n<kiln-write path="pages/Dashboard">\nexport default function Dashboard() {\n  return <div>`;
    expect(parseMessage(content)).toEqual([
      { kind: "text", text: "Working on it.\n" },
      {
        kind: "action",
        open: { id: 0, type: "write", path: "pages/Dashboard" },
        action: null,
        complete: false,
        body: "\nexport default function Dashboard() {\n  return <div>",
      },
    ]);
  });

  it("lists text and actions in order; an invalid action is complete with no action", () => {
    const content = `A <kiln-delete path="pages/X" /> B <kiln-write path="bad path">x</kiln-write> C`;
    expect(parseMessage(content)).toEqual([
      { kind: "text", text: "A " },
      { kind: "action", open: { id: 0, type: "delete", path: "pages/X" }, action: { type: "delete", path: "pages/X" }, complete: true, body: "" },
      { kind: "text", text: " B " },
      { kind: "action", open: { id: 1, type: "write", path: "bad path" }, action: null, complete: true, body: "x" },
      { kind: "text", text: " C" },
    ]);
  });

  it("actionsOf gives complete actions only, in order", () => {
    const content = `<kiln-plan>p</kiln-plan> <kiln-write path="pages/A">\na\n</kiln-write> <kiln-write path="pages/B">\nb`;
    expect(actionsOf(content)).toEqual([
      { type: "plan", content: "p" },
      { type: "write", path: "pages/A", content: "a" },
    ]);
  });

  it("reads back every serialized action unchanged", () => {
    const actions: Action[] = [
      { type: "plan", content: "Add tasks." },
      { type: "write", path: "pages/Tasks", content: "\nconst a = <div>x</div>;\n" },
      { type: "write", path: "entities/Task", content: '{\n  "name": "Task"\n}' },
      { type: "edit", path: "layout/main", edits: [{ search: "a\n", replace: "" }, { search: "", replace: "b" }] },
      { type: "delete", path: "components/ui/Old" },
      { type: "rename", from: "pages/Tasks", to: "pages/Todos" },
    ];
    expect(actionsOf(actions.map(serialize).join("\n"))).toEqual(actions);
  });
});
