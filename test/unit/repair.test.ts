import { describe, expect, it } from "vitest";
import { actionsOf } from "../../lib/agent/parser";
import { serialize } from "../../lib/agent/protocol";
import { normalizePath, repair } from "../../lib/agent/repair";

const code = `export default function Dashboard() {\n  return <div className="p-4">Hi</div>;\n}`;
const fenced = (info: string, body = code) => "```" + info + "\n" + body + "\n```";
const write = (path: string, content = code) => serialize({ type: "write", path, content });

describe("repair: well-formed answers", () => {
  it("leaves a well-formed answer as it is, with nothing repaired", () => {
    const raw = `Sure.\n<kiln-plan>Add a page.</kiln-plan>\n${write("pages/Dashboard")}\n\nI also explained:\n${fenced("bash", "npm test")}\nDone.`;
    expect(repair(raw)).toEqual({ content: raw, actions: actionsOf(raw), repairs: [], cutOff: [] });
  });

  it("is idempotent: repairing repaired content changes nothing", () => {
    const raws = [
      `**pages/A.jsx**\n${fenced("jsx")}\n<kiln-write path="pages/B">\nb`,
      `\`\`\`xml\n<kiln-delete path="pages/A" />\n\`\`\`\n</kiln-write> <kiln-write path="bad path">x</kiln-write>`,
      `<kiln-write path="pages/A">\na\n<kiln-edit path="pages/B">\n<<<<<<< SEARCH\nx\n=======\ny\n>>>>>>> REPLACE\n</kiln-edit>`,
    ];
    for (const raw of raws) {
      const once = repair(raw);
      const twice = repair(once.content);
      expect(twice.content).toBe(once.content);
      expect(twice.actions).toEqual(once.actions);
      expect(actionsOf(once.content)).toEqual(once.actions);
    }
  });
});

describe("repair: code in plain fences", () => {
  const shapes: [string, string][] = [
    ["fence info ```jsx pages/Dashboard", `Here it is:\n${fenced("jsx pages/Dashboard")}`],
    ["fence info ```jsx:pages/Dashboard", fenced("jsx:pages/Dashboard")],
    ['fence info ```jsx title="pages/Dashboard"', fenced('jsx title="pages/Dashboard"')],
    ["fence info ```jsx filename=pages/Dashboard.jsx", fenced("jsx filename=pages/Dashboard.jsx")],
    ["fence info ```pages/Dashboard.jsx", fenced("pages/Dashboard.jsx")],
    ["a line `pages/Dashboard.jsx` before the fence", `pages/Dashboard.jsx\n${fenced("jsx")}`],
    ["a line **pages/Dashboard.jsx** before the fence", `**pages/Dashboard.jsx**\n\n${fenced("jsx")}`],
    ["a line File: pages/Dashboard.jsx before the fence", `File: pages/Dashboard.jsx\n${fenced("jsx")}`],
    ["a heading ### `src/pages/Dashboard.jsx` before the fence", `### \`src/pages/Dashboard.jsx\`\n${fenced("")}`],
    ["a first line // pages/Dashboard.jsx inside the fence", fenced("jsx", `// pages/Dashboard.jsx\n${code}`)],
    ["a first line /* File: src/pages/Dashboard.tsx */ inside the fence", fenced("tsx", `/* File: src/pages/Dashboard.tsx */\n${code}`)],
  ];
  for (const [shape, raw] of shapes) {
    it(`turns code named by ${shape} into a write`, () => {
      const r = repair(raw);
      expect(r.actions).toEqual([{ type: "write", path: "pages/Dashboard", content: code }]);
      expect(r.repairs).toEqual(["code for pages/Dashboard in a plain code fence became a write"]);
      expect(r.content).toContain(write("pages/Dashboard"));
      expect(r.content).not.toContain("```");
    });
  }

  it("keeps the chat text around the fence, dropping only a line that is just the file name", () => {
    expect(repair(`Here you go:\n\n**pages/Dashboard.jsx**\n${fenced("jsx")}\n\nEnjoy!`).content).toBe(`Here you go:\n\n${write("pages/Dashboard")}\n\nEnjoy!`);
    expect(repair(`Update \`pages/Dashboard.jsx\`:\n${fenced("jsx")}`).content).toBe(`Update \`pages/Dashboard.jsx\`:\n${write("pages/Dashboard")}`);
  });

  it("maps file names onto the conventions", () => {
    expect(normalizePath("src/pages/Dashboard.jsx")).toBe("pages/Dashboard");
    expect(normalizePath("./src/components/tasks/TaskCard.tsx")).toBe("components/tasks/TaskCard");
    expect(normalizePath("Layout.jsx")).toBe("layout/main");
    expect(normalizePath("layout.jsx")).toBe("layout/main");
    expect(normalizePath("src/Layout.js")).toBe("layout/main");
    expect(normalizePath("entities/Task.json")).toBe("entities/Task");
    expect(normalizePath("functions/sendEmail/index.ts")).toBe("functions/sendEmail");
    expect(normalizePath("src/App.jsx")).toBeNull();
    expect(normalizePath("Dashboard.jsx")).toBeNull();
    expect(normalizePath("styles/app.css")).toBeNull();
  });

  it("turns a fenced Layout.jsx into layout/main and a fenced entities/Task.json into entities/Task", () => {
    const schema = '{\n  "name": "Task",\n  "type": "object",\n  "properties": {}\n}';
    const r = repair(`Layout.jsx\n${fenced("jsx")}\n\n\`entities/Task.json\`\n${fenced("json", schema)}`);
    expect(r.actions).toEqual([
      { type: "write", path: "layout/main", content: code },
      { type: "write", path: "entities/Task", content: schema },
    ]);
  });

  it("leaves fences that name no file as text", () => {
    const raw = `Run this:\n${fenced("bash", "npm install")}\nand this snippet:\n${fenced("jsx", "<Button />")}\nor \`Dashboard.jsx\`:\n${fenced("jsx")}`;
    expect(repair(raw)).toEqual({ content: raw, actions: [], repairs: [], cutOff: [] });
  });

  it("never takes a fence in another language for a file, whatever names it", () => {
    const raw = `functions/seed.js\n${fenced("bash", "node seed.js")}`;
    expect(repair(raw).actions).toEqual([]);
  });

  it("leaves entity code that is not JSON as text, saying why", () => {
    const raw = `entities/Task.json\n${fenced("json", "{ name: 'Task' }")}`;
    const r = repair(raw);
    expect(r.content).toBe(raw);
    expect(r.actions).toEqual([]);
    expect(r.repairs[0]).toMatch(/^left a code fence for entities\/Task as text: entities\/Task must be JSON/);
  });

  it("leaves a fence as text when the answer already has an action for that file (a snippet of it)", () => {
    const raw = `${write("pages/Dashboard")}\nThe key part:\n${fenced("jsx pages/Dashboard", "return <div />;")}`;
    const r = repair(raw);
    expect(r.actions).toEqual([{ type: "write", path: "pages/Dashboard", content: code }]);
    expect(r.content).toBe(raw);
  });

  it("leaves code in a fence the stream cut off at the end as text, never a write, and reports it cut off", () => {
    const raw = `Here:\n\`\`\`jsx pages/Dashboard\nexport default function Dashboard() {`;
    const r = repair(raw);
    expect(r.actions).toEqual([]);
    expect(r.content).toBe(raw);
    expect(r.cutOff).toEqual([{ path: "pages/Dashboard", type: "write" }]);
    expect(r.repairs).toEqual(["left a code fence for pages/Dashboard as text: the answer ended inside it"]);
  });
});

describe("repair: unclosed tags", () => {
  it("never applies a write the answer ended inside: it stays unclosed in the message and is reported cut off", () => {
    const raw = `<kiln-plan>Add it.</kiln-plan>\n<kiln-write path="pages/Dashboard">\nexport default function Dashboard() {\n  return <div>`;
    const r = repair(raw);
    expect(r.actions).toEqual([{ type: "plan", content: "Add it." }]);
    expect(r.content).toBe(raw);
    expect(r.cutOff).toEqual([{ path: "pages/Dashboard", type: "write" }]);
    expect(r.repairs).toEqual(["left the write of pages/Dashboard unapplied: the answer ended before its closing tag"]);
  });

  it("never applies an edit the answer ended inside, even its complete blocks", () => {
    const raw = `<kiln-edit path="components/TaskCard">\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nc\n=======\nd`;
    const r = repair(raw);
    expect(r.actions).toEqual([]);
    expect(r.content).toBe(raw);
    expect(r.cutOff).toEqual([{ path: "components/TaskCard", type: "edit" }]);
  });

  it("reads a cut-off write's path as the app knows it", () => {
    const r = repair(`<kiln-write path="src/pages/A.jsx">\nconst a`);
    expect(r.actions).toEqual([]);
    expect(r.cutOff).toEqual([{ path: "pages/A", type: "write" }]);
  });

  it("closes a write whose closing tag is missing where the next action begins", () => {
    const r = repair(`<kiln-write path="pages/A">\nconst a = 1;\n<kiln-write path="pages/B">\nconst b = 2;\n</kiln-write>\nDone.`);
    expect(r.actions).toEqual([
      { type: "write", path: "pages/A", content: "const a = 1;" },
      { type: "write", path: "pages/B", content: "const b = 2;" },
    ]);
    expect(r.content).toBe(`${write("pages/A", "const a = 1;")}\n${write("pages/B", "const b = 2;")}\nDone.`);
    expect(r.repairs).toEqual(["closed the write of pages/A where the next action began (its closing tag was missing)"]);
  });
});

describe("repair: stray and unknown tags", () => {
  it("leaves a stray closing tag as text", () => {
    const raw = `All set.</kiln-write> Anything else?`;
    expect(repair(raw)).toEqual({ content: raw, actions: [], repairs: ["left a stray </kiln-write> as text"], cutOff: [] });
  });

  it("leaves an unknown <kiln-…> tag as text", () => {
    const raw = `<kiln-file path="pages/A">x</kiln-file> and <kiln-thinking>hmm</kiln-thinking>`;
    const r = repair(raw);
    expect(r.content).toBe(raw);
    expect(r.actions).toEqual([]);
    expect(r.repairs).toEqual(['left an unknown <kiln-file path="pages/A"> tag as text', "left an unknown <kiln-thinking> tag as text"]);
  });

  it("keeps an action it cannot apply in the message as written, saying why", () => {
    const raw = `<kiln-write path="pages/My Page">\nx\n</kiln-write>`;
    const r = repair(raw);
    expect(r.content).toBe(raw);
    expect(r.actions).toEqual([]);
    expect(r.repairs[0]).toMatch(/^left the write of pages\/My Page unapplied: "pages\/My Page" is not a valid path/);
  });
});

describe("repair: tags wrapped in a markdown fence", () => {
  it("treats tags inside ```xml … ``` as tags and drops the fence", () => {
    const raw = `Here:\n\`\`\`xml\n<kiln-plan>Add it.</kiln-plan>\n${write("pages/Dashboard")}\n\`\`\`\nDone.`;
    const r = repair(raw);
    expect(r.actions).toEqual([
      { type: "plan", content: "Add it." },
      { type: "write", path: "pages/Dashboard", content: code },
    ]);
    expect(r.content).toBe(`Here:\n<kiln-plan>Add it.</kiln-plan>\n${write("pages/Dashboard")}\nDone.`);
    expect(r.repairs).toEqual(["read the action tags inside a code fence as tags"]);
  });

  it("never applies a fenced write whose closing tag never came, even when the fence closed", () => {
    const r = repair(`Here:\n\`\`\`xml\n<kiln-write path="pages/Dashboard">\n${code}\n\`\`\``);
    expect(r.actions).toEqual([]);
    expect(r.cutOff).toEqual([{ path: "pages/Dashboard", type: "write" }]);
  });

  it("takes a file's content out of a fence written inside its own tag", () => {
    const r = repair(`<kiln-write path="pages/Dashboard">\n\`\`\`jsx\n${code}\n\`\`\`\n</kiln-write>`);
    expect(r.actions).toEqual([{ type: "write", path: "pages/Dashboard", content: code }]);
    expect(r.repairs).toEqual(["took the content of pages/Dashboard out of the markdown fence around it"]);
  });
});

describe("repair: paths and repeats", () => {
  it("reads a tag's path written as a file name onto the conventions", () => {
    const r = repair(`<kiln-write path="src/pages/Dashboard.jsx">\n${code}\n</kiln-write><kiln-rename from="pages/A.jsx" to="pages/B.jsx" />`);
    expect(r.actions).toEqual([
      { type: "write", path: "pages/Dashboard", content: code },
      { type: "rename", from: "pages/A", to: "pages/B" },
    ]);
    expect(r.repairs).toEqual(['read the path "src/pages/Dashboard.jsx" as pages/Dashboard', 'read the path "pages/A.jsx" as pages/A', 'read the path "pages/B.jsx" as pages/B']);
  });

  it("keeps both writes of the same path, in order (the later wins when applied)", () => {
    const raw = `${write("pages/A", "one")}\n${write("pages/A", "two")}\n**pages/A.jsx**\n${fenced("jsx", "three")}`;
    const r = repair(raw);
    expect(r.actions).toEqual([
      { type: "write", path: "pages/A", content: "one" },
      { type: "write", path: "pages/A", content: "two" },
    ]);
    const fromFences = repair(`pages/A.jsx\n${fenced("jsx", "one")}\npages/A.jsx\n${fenced("jsx", "two")}`);
    expect(fromFences.actions).toEqual([
      { type: "write", path: "pages/A", content: "one" },
      { type: "write", path: "pages/A", content: "two" },
    ]);
  });
});
