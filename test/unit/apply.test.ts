import { describe, expect, it } from "vitest";
import { applyAction, applyEdits } from "../../functions/agent/apply";
import { changesBetween, receiptOf } from "../../functions/core/apps/changes";
import type { Action } from "../../lib/agent/protocol";

const task = JSON.stringify({ name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"] });
const files = { "pages/Tasks": "export default function Tasks() {\n  return <div>Tasks</div>;\n}\n", "entities/Task": task };
const none = new Set<string>();

describe("applying actions", () => {
  it("writes a new file and reports it changed", () => {
    const r = applyAction(files, { type: "write", path: "pages/Home", content: "x" }, none);
    expect(r.changed).toEqual({ "pages/Home": "x" });
    expect(r.files["pages/Home"]).toBe("x");
    expect(files).not.toHaveProperty("pages/Home");
  });

  it("never writes, deletes or renames a frozen file", () => {
    const frozen = new Set(["pages/Tasks"]);
    const actions: Action[] = [
      { type: "write", path: "pages/Tasks", content: "gone" },
      { type: "delete", path: "pages/Tasks" },
      { type: "rename", from: "pages/Tasks", to: "pages/Todos" },
      { type: "edit", path: "pages/Tasks", edits: [{ search: "Tasks", replace: "Todos" }] },
    ];
    for (const action of actions) {
      const r = applyAction(files, action, frozen);
      expect(r.changed).toEqual({});
      expect(r.problem).toMatch(/frozen/);
    }
  });

  it("edits by search/replace, tolerating indentation differences", () => {
    const r = applyAction(files, { type: "edit", path: "pages/Tasks", edits: [{ search: "return <div>Tasks</div>;", replace: "return <h1>Tasks</h1>;" }] }, none);
    expect(r.files["pages/Tasks"]).toContain("<h1>Tasks</h1>");
    expect(r.problem).toBeUndefined();
    expect(applyEdits("  a\n    b\n", [{ search: "a\nb", replace: "c" }]).text).toBe("c\n");
  });

  it("fails the whole edit, visibly and changing nothing, when a SEARCH block does not occur exactly once", () => {
    const missing = applyAction(files, { type: "edit", path: "pages/Tasks", edits: [{ search: "return <div>Tasks</div>;", replace: "return <h1>Tasks</h1>;" }, { search: "nope", replace: "x" }] }, none);
    expect(missing.changed).toEqual({});
    expect(missing.files).toBe(files);
    expect(missing.problem).toBe("The edit of pages/Tasks was not applied: block 2 of 2 does not match the file.");
    const twice = applyAction({ "pages/A": "<li>x</li>\n<li>x</li>\n" }, { type: "edit", path: "pages/A", edits: [{ search: "<li>x</li>", replace: "<li>y</li>" }] }, none);
    expect(twice.changed).toEqual({});
    expect(twice.problem).toBe("The edit of pages/A was not applied: its SEARCH block matches 2 places in the file, so where to change it is ambiguous.");
    const fuzzyTwice = applyEdits("  a\n  b\nc\n    a\n    b\n", [{ search: "a\nb", replace: "z" }]);
    expect(fuzzyTwice).toEqual({ text: "  a\n  b\nc\n    a\n    b\n", problem: expect.stringMatching(/matches 2 places/) });
  });

  it("refuses an entity that is not a valid schema", () => {
    expect(applyAction(files, { type: "write", path: "entities/Task", content: "{" }, none).problem).toBe("entities/Task is not valid JSON");
    expect(applyAction(files, { type: "write", path: "entities/Task", content: '{"name":"Task"}' }, none).problem).toMatch(/not a valid entity schema/);
  });

  it("renames and deletes", () => {
    const renamed = applyAction(files, { type: "rename", from: "pages/Tasks", to: "pages/Todos" }, none);
    expect(renamed.changed).toEqual({ "pages/Tasks": null, "pages/Todos": files["pages/Tasks"] });
    const deleted = applyAction(files, { type: "delete", path: "pages/Tasks" }, none);
    expect(deleted.changed).toEqual({ "pages/Tasks": null });
    expect(applyAction(files, { type: "delete", path: "pages/Missing" }, none).changed).toEqual({});
  });
});

describe("receipts", () => {
  it("lists what changed and flags removals the request never mentioned", () => {
    const after = { "entities/Task": task.replace("title", "name"), "pages/Dashboard": "d" };
    const receipt = receiptOf(files, after, "rename the title field");
    expect(receipt.files).toEqual({ added: ["pages/Dashboard"], modified: ["entities/Task"], deleted: ["pages/Tasks"] });
    expect(receipt.pages).toEqual({ added: ["Dashboard"], removed: ["Tasks"] });
    expect(receipt.unrequested_removals).toEqual(["pages/Tasks"]);
    expect(receiptOf(files, after, "remove the tasks page").unrequested_removals).toEqual([]);
  });

  it("diffs two trees per file with the change kind and language", () => {
    expect(changesBetween({ a: "1" } as never, {} as never)).toEqual([{ path: "a", change: "deleted", language: "javascript", original: "1", modified: "" }]);
    expect(changesBetween(files, files)).toEqual([]);
  });
});
