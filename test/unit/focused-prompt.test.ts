import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../functions/agent/context";
import { changedInHistory, changedPaths, importsOf, neighbours } from "../../functions/agent/focus";
import { buildPrompt, FOLLOW_UP_WHOLE_TOKENS, type PromptInput } from "../../functions/agent/prompt";
import { promptFor, stableBlocks } from "../../functions/agent/prompt-cache";
import { promptTokensPerTurn } from "../bench/prompt-tokens";

/**
 * Prompts that do not grow with the app (issue 24 §4): a follow-up on a grown app shows whole only the files its request
 * most likely touches and lists the rest by path; a fix round shows only the files its problems concern.
 */

const page = (name: string, imports: string[] = [], lines = 60) =>
  [
    ...imports.map((i) => `import ${i.slice(i.lastIndexOf("/") + 1)} from "@/${i}";`),
    `import { Task } from "@/entities/Task";`,
    `export default function ${name}() {`,
    ...Array.from({ length: lines }, (_, i) => `  // ${name} renders row ${i} of its generated markup and logic, with classes and handlers`),
    `}`,
  ].join("\n");

function grownApp(): Record<string, string> {
  const files: Record<string, string> = {
    "entities/Task": JSON.stringify({ name: "Task", type: "object", properties: { title: { type: "string" } } }),
    "entities/Project": JSON.stringify({ name: "Project", type: "object", properties: { name: { type: "string" } } }),
    "layout/main": "export default function Layout({ children }) { return <main>{children}</main>; }",
    "components/TaskCard": page("TaskCard", [], 30),
    "components/Unused": page("Unused", [], 30),
    "pages/Tasks": page("Tasks", ["components/TaskCard"]),
    "pages/Board": page("Board", ["components/TaskCard"]),
    "pages/Projects": page("Projects"),
  };
  for (let i = 0; i < 8; i++) files[`pages/Report${i}`] = page(`Report${i}`);
  return files;
}

const input = (over: Partial<PromptInput>): PromptInput => ({
  appName: "Tasks",
  files: grownApp(),
  customInstructions: "",
  frozenFiles: [],
  discussion: false,
  history: [
    { role: "user", content: "Add a projects page" },
    { role: "assistant", content: '<kiln-plan>Projects</kiln-plan>\n<kiln-write path="pages/Projects">\n…\n</kiln-write>\nDone.' },
  ],
  message: "Make the Tasks page show due dates",
  provider: "anthropic",
  ...over,
});

const whole = (system: string) => [...system.matchAll(/<file path="([^"]+)">/g)].map((m) => m[1]).sort();
const listed = (system: string) => [...system.matchAll(/^- (\S+) \([\d,]+ characters\)$/gm)].map((m) => m[1]).sort();

describe("follow-up prompts", () => {
  it("the test app is past the follow-up budget, and within the first-turn budget", () => {
    const total = Object.values(grownApp()).reduce((n, f) => n + estimateTokens(f, "anthropic"), 0);
    expect(total).toBeGreaterThan(FOLLOW_UP_WHOLE_TOKENS);
    expect(whole(buildPrompt(input({ history: [] })).system)).toEqual(Object.keys(grownApp()).sort());
  });

  it("shows whole the named page, its imports, the last answer's files, the current page, the layout and every entity; the rest by path", () => {
    const { system } = buildPrompt(input({ currentPage: "Report2" }));
    expect(whole(system)).toEqual(["components/TaskCard", "entities/Project", "entities/Task", "layout/main", "pages/Projects", "pages/Report2", "pages/Tasks"]);
    expect(listed(system)).toEqual(["components/Unused", "pages/Board", ...Array.from({ length: 8 }, (_, i) => `pages/Report${i}`).filter((p) => p !== "pages/Report2")].sort());
    expect(system).toContain("only the files this request most likely touches are shown whole");
    expect(system).toContain('<kiln-read path="…" />');
  });

  it("shows the importers of a named component", () => {
    expect(whole(buildPrompt(input({ message: "Give the TaskCard a border" })).system)).toEqual(
      ["components/TaskCard", "entities/Project", "entities/Task", "layout/main", "pages/Board", "pages/Projects", "pages/Tasks"],
    );
  });

  it("an app within the follow-up budget is still sent whole", () => {
    const files = { "entities/Task": grownApp()["entities/Task"], "pages/Tasks": page("Tasks", [], 10), "pages/Board": page("Board", [], 10) };
    const { system } = buildPrompt(input({ files }));
    expect(whole(system)).toEqual(Object.keys(files).sort());
    expect(system).not.toContain("listed by path only");
  });

  it("a fix round shows only the files its problems name and the files the turn changed, with their neighbours, and the entities", () => {
    const problems = "pages/Board: TaskItem is not defined (line 12).";
    const { system, messages } = buildPrompt(input({ message: problems, focus: problems, fix: true, changed: ["components/TaskCard"], currentPage: "Tasks" }));
    expect(whole(system)).toEqual(["components/TaskCard", "entities/Project", "entities/Task", "pages/Board", "pages/Tasks"]);
    expect(system).toContain("only the files these problems concern are shown whole");
    expect(messages.at(-1)!.content).toBe(problems);
  });

  it("keeps the file section byte-identical across a turn's calls (the cached prefix), whatever the read answers name", () => {
    const first = buildPrompt(input({ focus: "Make the Tasks page show due dates" }));
    const read = buildPrompt(
      input({
        focus: "Make the Tasks page show due dates",
        rounds: [{ role: "user", content: "Make the Tasks page show due dates" }, { role: "assistant", content: '<kiln-read path="pages/Report5" />' }],
        message: "Here is what you asked for.\n\n<file path=\"pages/Report5\">…</file>",
      }),
    );
    expect(read.stableSystem).toBe(first.stableSystem);
  });
});

describe("focus helpers", () => {
  it("reads imports and importers, one step, without entities", () => {
    const files = grownApp();
    expect(importsOf(files["pages/Tasks"], new Set(Object.keys(files)))).toEqual(["components/TaskCard", "entities/Task"]);
    expect(neighbours(files, ["components/TaskCard"])).toEqual(["pages/Board", "pages/Tasks"]);
  });

  it("names what the last answer wrote, edited or renamed to, and what a turn changed", () => {
    const history: PromptInput["history"] = [
      { role: "assistant", content: '<kiln-write path="pages/Old">x</kiln-write>' },
      { role: "user", content: "rename it" },
      { role: "assistant", content: '<kiln-rename from="pages/Old" to="pages/New" />\n<kiln-edit path="layout/main">…</kiln-edit>' },
    ];
    expect(changedInHistory(history)).toEqual(["pages/New", "layout/main"]);
    expect(changedPaths({ a: "1", b: "2" }, { a: "1", b: "3", c: "4" })).toEqual(["b", "c"]);
  });
});

describe("the 10-turn session (test/bench/prompt-tokens.ts)", () => {
  it("costs the same on a first turn, and far less on the follow-ups of a grown app", () => {
    const turns = promptTokensPerTurn();
    expect(turns).toHaveLength(10);
    expect(turns[0].after).toBe(turns[0].before);
    for (const t of turns.slice(3)) expect(t.after).toBeLessThan(t.before * 0.7);
    expect(turns.reduce((n, t) => n + t.after, 0)).toBeLessThan(turns.reduce((n, t) => n + t.before, 0) * 0.6);
  });
});

describe("the prompt cache's marks (prompt-cache.ts)", () => {
  it("marks the rules and the file tree apart, so a next turn whose files changed still reads the rules from the cache", () => {
    const turnOf = (over: Partial<PromptInput>) => {
      const p = buildPrompt(input(over));
      return { ...p, signal: new AbortController().signal };
    };
    const one = promptFor({ provider: "anthropic", modelId: "claude-sonnet-4-20250514" }, turnOf({ currentPage: "Tasks" }));
    const two = promptFor({ provider: "anthropic", modelId: "claude-sonnet-4-20250514" }, turnOf({ message: "Give the TaskCard a border" }));
    if (!Array.isArray(one.system) || !Array.isArray(two.system)) throw new Error("expected system blocks");
    expect(one.system.map((b) => Boolean(b.providerOptions))).toEqual([true, true, false]); // rules, files, where the user is
    expect(one.system[0].content).toContain("# How you answer");
    expect(one.system[1].content).toMatch(/^# The app's files \(/);
    expect(two.system[0].content).toBe(one.system[0].content);
    expect(two.system[1].content).not.toBe(one.system[1].content);
    expect(stableBlocks("NO FILE TREE HERE")).toEqual(["NO FILE TREE HERE"]);
  });
});
