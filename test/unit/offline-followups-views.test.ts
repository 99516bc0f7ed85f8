import { describe, expect, it } from "vitest";
import { suggestOffline } from "../../functions/agent/offline";
import { readModel } from "../../functions/agent/offline/model";
import { renderAll } from "../../functions/agent/offline/templates";
import { checkTree, entity, type Files, fixtureApp, follow, touched } from "./offline-fixtures";


function inStep(files: Files) {
  const rendered = renderAll(readModel(files, "App").model);
  for (const [path, content] of Object.entries(rendered)) if (path in files) expect(files[path], path).toBe(content);
}

/** The CHARTS line of the dashboard, as the page holds it. */
const chartsOf = (files: Files) => JSON.parse(/^const CHARTS = (\[.*\]);$/m.exec(files["pages/Dashboard"] ?? "")?.[1] ?? "[]");

describe("boards and calendars as follow-ups", () => {
  const app = fixtureApp("crm");

  it('"add a board for tasks": a kanban page by status, linked from the navigation', () => {
    const out = follow(app, "add a board for tasks");
    expect(out.files["pages/TaskBoard"]).toBeDefined();
    expect(out.files["layout/main"]).toContain('page: "TaskBoard"');
    expect(out.text).toContain("a kanban board of tasks with a column for each `status` (todo, in_progress and done)");
    checkTree(out.files);
    inStep(out.files);
    const again = follow(out.files, "show tasks as a kanban");
    expect(again.actions).toEqual([]);
    expect(again.text).toContain("Task already has a board: pages/TaskBoard.");
  });

  it('"add a calendar view of tasks": a month calendar by the due date; removing it keeps the tasks', () => {
    const out = follow(app, "add a calendar view of tasks");
    expect(out.files["pages/TaskCalendar"]).toContain("due_date");
    expect(out.files["layout/main"]).toContain('page: "TaskCalendar"');
    checkTree(out.files);
    inStep(out.files);
    const removed = follow(out.files, "remove the task calendar page");
    expect(removed.files["pages/TaskCalendar"]).toBeUndefined();
    expect(removed.files["pages/Tasks"]).toBeDefined();
    expect(removed.files["layout/main"]).not.toContain("TaskCalendar");
    checkTree(removed.files);
  });

  it("says why it cannot: no status field, or a board by another field", () => {
    const plain = follow(app, "remove the status field from tasks").files;
    expect(Object.values(entity(plain, "Task").properties).some((p) => (p as { enum?: unknown }).enum)).toBe(false);
    const out = follow(plain, "add a board for tasks");
    expect(out.actions).toEqual([]);
    expect(out.text).toContain("I can't add a board for tasks: tasks have no status or other choice field to make columns from.");
    const other = follow(app, "add a board for deals by close date");
    expect(other.actions).toEqual([]);
    expect(other.text).toContain("makes its columns from `stage`");
  });
});

describe("charts as follow-ups", () => {
  const app = fixtureApp("crm");

  it('"add a chart of tasks by status" counts tasks by status on the dashboard', () => {
    const before = chartsOf(app).length;
    const out = follow(app, "add a chart of tasks by status");
    expect(touched(out.actions)).toContain("pages/Dashboard");
    expect(chartsOf(out.files)).toHaveLength(before + 1);
    expect(chartsOf(out.files).at(-1)).toMatchObject({ entity: "Task", by: "status", sum: null });
    expect(out.text).toContain("the number of tasks for each `status` value");
    checkTree(out.files);
    inStep(out.files);
  });

  it.each([
    ["add a chart of deal value by month", { entity: "Deal", by: "close_date", sum: "value" }],
    ["add a chart of the total value of deals by stage", { entity: "Deal", by: "stage", sum: "value" }],
    ["chart deals by customer", { entity: "Deal", by: "customer_id", sum: null }],
  ])("%s", (message, chart) => {
    const out = follow(app, message);
    expect(chartsOf(out.files)).toContainEqual(expect.objectContaining(chart));
    expect(out.text).toContain('Added the bar chart "');
    checkTree(out.files);
    inStep(out.files);
  });

  it("a chart follows a rename of its entity, and goes with a removed field", () => {
    const charted = follow(app, "add a chart of tasks by status").files;
    const renamed = follow(charted, "rename task to todo");
    expect(chartsOf(renamed.files)).toContainEqual(expect.objectContaining({ entity: "Todo", by: "status" }));
    expect(JSON.stringify(chartsOf(renamed.files))).not.toMatch(/Task/);
    checkTree(renamed.files);
    inStep(renamed.files);
    const removed = follow(renamed.files, "remove the status field from todos");
    expect(chartsOf(removed.files).some((c: { entity: string; by: string }) => c.entity === "Todo" && c.by === "status")).toBe(false);
    checkTree(removed.files);
    inStep(removed.files);
  });

  it("the same chart twice changes nothing; without a dashboard it says so", () => {
    const once = follow(app, "add a chart of tasks by status").files;
    const twice = follow(once, "add a chart of tasks by status");
    expect(twice.actions).toEqual([]);
    expect(twice.text).toContain('The dashboard already has the chart "Tasks by status"');
    const bare = follow(app, "remove the dashboard").files;
    expect(follow(bare, "add a chart of tasks by status").text).toContain("Charts go on the dashboard, and this app has none any more");
  });

  it("an unknown field or entity is named", () => {
    const out = follow(app, "add a chart of deals by colour");
    expect(out.actions).toEqual([]);
    expect(out.text).toContain('Deal has no field "colour"');
    const none = follow(app, "add a chart of spaceships by size");
    expect(none.text).toContain('I couldn\'t tell which records "spaceships" means');
  });
});

describe("suggestions", () => {
  it("offer a board for records with stages, which the engine then builds", () => {
    const app = fixtureApp("crm");
    const suggestions = suggestOffline(app, "CRM");
    expect(suggestions).toHaveLength(3);
    const board = suggestions.find((s) => s.prompt === "Add a board for customers");
    expect(board).toBeDefined();
    const out = follow(app, board!.prompt);
    expect(out.files["pages/CustomerBoard"]).toBeDefined();
    expect(suggestOffline(out.files, "CRM").some((s) => s.prompt === "Add a board for customers")).toBe(false);
    for (const s of suggestOffline(out.files, "CRM")) expect(follow(out.files, s.prompt).actions.length, s.prompt).toBeGreaterThan(1);
  });
});
