import { describe, expect, it } from "vitest";
import { ANSWER_TOKEN_BUDGET, CHARS_PER_TOKEN, SEARCH_HITS, answerRequests, estimateTokens } from "../../functions/agent/context";
import { actionsOf, parseMessage } from "../../lib/agent/parser";
import { type Action, isFileRequest, serialize } from "../../lib/agent/protocol";

/** The model's file requests (list, read, search: protocol.ts), Kiln's bounded answers to them (the prompt's cache marks: prompt-cache.test.ts). */

describe("file request tags", () => {
  it("reads list, read and search, self-closing or not, whatever the chunking", () => {
    const text = 'Let me look.\n<kiln-list under="pages/" /><kiln-read path="pages/Archive"></kiln-read>\n<kiln-search query=\'say "hi"\' />\n<kiln-list/>';
    const expected: Action[] = [
      { type: "list", under: "pages" },
      { type: "read", path: "pages/Archive" },
      { type: "search", query: 'say "hi"' },
      { type: "list" },
    ];
    expect(actionsOf(text)).toEqual(expected);
    for (let at = 1; at < text.length; at += 7) {
      const segments = parseMessage(text.slice(0, at));
      expect(segments.filter((s) => s.kind === "action" && s.action).length).toBeLessThanOrEqual(expected.length);
    }
    expect(expected.every(isFileRequest)).toBe(true);
    // written back and read again, each is the same action
    expect(actionsOf(expected.map(serialize).join("\n"))).toEqual(expected);
  });

  it("refuses a read without a valid path and a search without a query", () => {
    const reasons: string[] = [];
    const segments = parseMessage('<kiln-read path="../etc/passwd" /><kiln-search query="  " />', (_open, reason) => reasons.push(reason));
    expect(segments.every((s) => s.kind !== "action" || s.action === null)).toBe(true);
    expect(reasons).toHaveLength(2);
    expect(reasons[1]).toContain("the search has no query");
  });
});

describe("answers to file requests", () => {
  const files = {
    "pages/Archive": "export default function Archive() {\n  return <h1>Old tasks</h1>;\n}",
    "pages/Home": "export default function Home() {\n  return <h1>Tasks</h1>;\n}",
    "components/Card": "export default function Card() { return null; }",
  };

  it("reads a file whole, says when one does not exist, lists a folder and finds lines", () => {
    const answer = answerRequests(files, [
      { type: "read", path: "pages/Archive" },
      { type: "read", path: "pages/Gone" },
      { type: "list", under: "pages" },
      { type: "search", query: "TASKS</h1" },
    ]);
    expect(answer).toContain(`<file path="pages/Archive">\n${files["pages/Archive"]}\n</file>`);
    expect(answer).toContain("There is no file pages/Gone. The app's files: components/Card, pages/Archive, pages/Home");
    expect(answer).toContain("Files under pages (2):\n- pages/Archive (");
    expect(answer).not.toContain("- components/Card");
    expect(answer).toContain('Lines containing "TASKS</h1":\npages/Archive:2: return <h1>Old tasks</h1>;\npages/Home:2: return <h1>Tasks</h1>;');
  });

  it("bounds a search's lines and a round's tokens, and says what it left out", () => {
    const many = { "pages/Big": Array.from({ length: 200 }, (_, i) => `const hit${i} = 1;`).join("\n") };
    const searched = answerRequests(many, [{ type: "search", query: "hit" }]);
    expect(searched.match(/^pages\/Big:\d+:/gm)).toHaveLength(SEARCH_HITS);
    expect(searched).toContain("more matches left out");

    const huge = { "pages/A": "x = 1;\n".repeat(12_000), "pages/B": "y = 2;\n".repeat(12_000), "pages/C": "z", "pages/D": "w = 3;\n".repeat(40_000) };
    const reads = ["pages/D", "pages/A", "pages/B", "pages/C"].map((path) => ({ type: "read" as const, path }));
    const answer = answerRequests(huge, reads, "anthropic");
    expect(answer).toMatch(/pages\/D is too large to send whole \(about [\d,]+ tokens\): find the lines you need with <kiln-search/);
    expect(answer).toContain('<file path="pages/A">');
    expect(answer).not.toContain('<file path="pages/B">');
    expect(answer).toContain('<file path="pages/C">\nz\n</file>');
    expect(answer).toContain("Not answered, to keep within the context (ask again, fewer at a time): pages/B");
    expect(estimateTokens(answer, "anthropic")).toBeLessThanOrEqual(ANSWER_TOKEN_BUDGET + 100);
  });
});

describe("token estimate", () => {
  it("counts by each provider family's ratio, Claude's the densest, and squeezes long runs of one character", () => {
    const code = 'export default function Home() {\n  return <h1 className="p-6">Tasks</h1>;\n}\n'.repeat(100);
    expect(estimateTokens(code, "anthropic")).toBe(Math.ceil(code.length / CHARS_PER_TOKEN.anthropic));
    expect(estimateTokens(code, "bedrock")).toBe(estimateTokens(code, "anthropic"));
    expect(estimateTokens(code, "anthropic")).toBeGreaterThan(estimateTokens(code, "google"));
    expect(estimateTokens(code)).toBeGreaterThan(estimateTokens(code, "openai-compatible"));
    expect(estimateTokens(" ".repeat(800), "anthropic")).toBe(Math.ceil(100 / CHARS_PER_TOKEN.anthropic));
  });
});
