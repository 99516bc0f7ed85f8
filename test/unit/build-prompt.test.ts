import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../functions/agent/context";
import { buildPrompt, collapseActions, FILE_TREE_TOKENS, mentionedFiles, type PromptInput } from "../../functions/agent/prompt";
import { DIVIDER_MARK, REPLACE_MARK, SEARCH_MARK } from "../../lib/agent/protocol";

/** The prompt a turn sends: the protocol and conventions taught, where the user is, the file tree within budget, and the history. */

describe("buildPrompt", () => {
  const entity = JSON.stringify({ name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"] }, null, 2);
  const base = (over: Partial<PromptInput> = {}): PromptInput => ({
    appName: "Task Tracker",
    files: {
      "entities/Task": entity,
      "layout/main": "export default function Layout({ children }) { return <main>{children}</main>; }",
      "pages/Dashboard": "export default function Dashboard() { return <h1>Tasks</h1>; }",
    },
    customInstructions: "",
    frozenFiles: [],
    discussion: false,
    history: [],
    message: "Add a help page",
    ...over,
  });

  it("teaches the action protocol as protocol.ts defines it, and the app conventions", () => {
    const { system } = buildPrompt(base());
    for (const form of [
      "<kiln-plan>One short line: what this turn will do.</kiln-plan>",
      '<kiln-write path="pages/Dashboard">',
      "</kiln-write>",
      '<kiln-edit path="components/TaskCard">',
      `${SEARCH_MARK}\nexact lines now in the file\n${DIVIDER_MARK}\nthe lines to put in their place\n${REPLACE_MARK}`,
      '<kiln-delete path="pages/Old" />',
      '<kiln-rename from="pages/Tasks" to="pages/Todos" />',
    ]) {
      expect(system).toContain(form);
    }
    expect(system).toMatch(/exactly one <kiln-plan> line/);
    expect(system).toMatch(/Never write placeholders such as "\/\/ rest of code unchanged"/);
    expect(system).toContain("entities/<Name>");
    for (const part of ['"@/entities/<Name>"', "Task.list(", "Task.filter(", "Task.get(id)", "Task.create(data)", "Task.update(id, data)", "Task.delete(id)", "@/api/base44Client", "@/integrations/Core", "@/functions/<name>", "@/components/ui/button", "lucide-react", "react-router-dom", "date-fns", 'createPageUrl("Name") from "@/utils"', "Tailwind"]) {
      expect(system).toContain(part);
    }
    expect(system).toContain('"Task Tracker"');
    expect(system).not.toMatch(/Discussion mode|Frozen files|Custom instructions|Where the user is/);
  });

  it("lists frozen files, quotes custom instructions verbatim, and sets discussion mode", () => {
    const instructions = "Always use British spelling.\n<kiln-write path=\"x\"> is not an instruction to follow blindly.\n  Keep indentation.";
    const { system } = buildPrompt(base({ frozenFiles: ["layout/main", "pages/Dashboard"], customInstructions: instructions, discussion: true, style: "glassmorphism" }));
    expect(system).toMatch(/# Frozen files\n[^#]*Never write, edit, delete or rename them[^#]*- layout\/main\n- pages\/Dashboard/);
    expect(system).toContain(`<<<CUSTOM INSTRUCTIONS>>>\n${instructions}\n<<<END CUSTOM INSTRUCTIONS>>>`);
    expect(system).toContain("answer in text only; emit no action tags");
    expect(system.trimEnd().endsWith("emit no action tags (no plan, write, edit, delete, rename or secret request). Explain, advise or plan in words; the user will switch discussion mode off when they want changes made.")).toBe(true);
    expect(system).toContain('"glassmorphism" style');
  });

  it("says where the user is: the current page and the selected element's file and line", () => {
    const { system } = buildPrompt(base({ currentPage: "Dashboard", element: { tagName: "h1", filename: "src/pages/Dashboard.jsx", lineNumber: 12, classes: "text-2xl font-bold" } }));
    expect(system).toContain('looking at the page "Dashboard" (pages/Dashboard)');
    expect(system).toContain('a <h1> with classes "text-2xl font-bold", at line 12 of pages/Dashboard');
  });

  it("shows the whole tree with contents while it is small", () => {
    const { system } = buildPrompt(base());
    expect(system).toContain(`<file path="entities/Task">\n${entity}\n</file>`);
    expect(system).toContain('<file path="pages/Dashboard">\nexport default function Dashboard()');
    expect(system).not.toContain("listed by path only");
    expect(buildPrompt(base({ files: {} })).system).toContain("no files yet");
  });

  it("truncates a very large tree: entities, layout, the current page, the selected file and the mentioned files stay whole", () => {
    const big = (name: string) => `export default function ${name}() {\n${"  // a long line of generated markup and logic for this page\n".repeat(200)}}\n`;
    const files: Record<string, string> = { "entities/Task": entity, "entities/Project": entity.replace(/Task/g, "Project"), "layout/main": big("Layout") };
    for (let i = 0; i < 20; i++) files[`pages/Report${i}`] = big(`Report${i}`);
    files["components/Tiny"] = "export default function Tiny() { return null; }";
    expect(estimateTokens(Object.values(files).join(""))).toBeGreaterThan(FILE_TREE_TOKENS * 2);

    const { system } = buildPrompt(
      base({ files, currentPage: "Report3", element: { tagName: "div", filename: "pages/Report7", lineNumber: 4 }, message: "In Report9, add a chart; also pages/Report11 needs a title" }),
    );
    for (const kept of ["entities/Task", "entities/Project", "layout/main", "pages/Report3", "pages/Report7", "pages/Report9", "pages/Report11", "components/Tiny"]) {
      expect(system).toContain(`<file path="${kept}">\n${files[kept]}\n</file>`);
    }
    expect(system).toContain("listed by path only");
    const hidden = Object.keys(files).filter((p) => !system.includes(`<file path="${p}">`));
    expect(hidden.length).toBeGreaterThan(8);
    for (const p of hidden) expect(system).toMatch(new RegExp(`^- ${p} \\([\\d,]+ characters\\)$`, "m"));
    expect(estimateTokens(system)).toBeLessThan(FILE_TREE_TOKENS + 8_000);
  });

  it("finds the files a message names, by path or by name, without prefix matches", () => {
    const paths = ["pages/Report1", "pages/Report11", "components/tasks/TaskCard", "layout/main", "entities/Task"];
    expect(mentionedFiles("fix pages/Report11 please", paths)).toEqual(["pages/Report11"]);
    expect(mentionedFiles("the card in TaskCard.jsx and Report1 look off", paths)).toEqual(["pages/Report1", "components/tasks/TaskCard"]);
    expect(mentionedFiles("tasks are slow; the main menu too", paths)).toEqual([]);
  });

  it("sends the last ten messages, assistant action bodies collapsed, then the message with its attachments", () => {
    const answer = `<kiln-plan>Build the dashboard</kiln-plan>\n<kiln-write path="pages/Dashboard">\n${"const x = 1;\n".repeat(200)}</kiln-write>\n<kiln-edit path="layout/main">\n${SEARCH_MARK}\na\n${DIVIDER_MARK}\nb\n${REPLACE_MARK}\n</kiln-edit>\n<kiln-delete path="pages/Old" />\nDone: a dashboard.`;
    const history: PromptInput["history"] = [];
    for (let i = 0; i < 8; i++) history.push({ role: "user", content: `request ${i}` }, { role: "assistant", content: i === 7 ? answer : `answer ${i}` });
    const { messages } = buildPrompt(base({ history, message: "Now add a chart", fileUrls: ["https://files.example/sketch.png"] }));

    expect(messages).toHaveLength(11);
    expect(messages[0]).toEqual({ role: "user", content: "request 3" });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant", "user", "assistant", "user", "assistant", "user"]);
    expect(messages[9].content).toBe(
      '<kiln-plan>Build the dashboard</kiln-plan>\n<kiln-write path="pages/Dashboard">…</kiln-write>\n<kiln-edit path="layout/main">…</kiln-edit>\n<kiln-delete path="pages/Old" />\nDone: a dashboard.',
    );
    expect(messages[10]).toEqual({ role: "user", content: "Now add a chart\n\nAttached files:\n- https://files.example/sketch.png" });
  });

  it("collapses an unclosed write, and keeps the conversation alternating from a user message", () => {
    expect(collapseActions('Working on it.\n<kiln-write path="pages/About">\nexport default function About() {')).toBe('Working on it.\n<kiln-write path="pages/About">…</kiln-write>');
    const { messages } = buildPrompt(
      base({
        history: [
          { role: "assistant", content: "Welcome! What shall we build?" },
          { role: "user", content: "A task app" },
          { role: "user", content: "with projects" },
          { role: "assistant", content: "" },
        ],
      }),
    );
    expect(messages).toEqual([{ role: "user", content: "A task app\n\nwith projects\n\nAdd a help page" }]);
  });
});
