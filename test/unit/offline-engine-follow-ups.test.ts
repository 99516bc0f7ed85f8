import { describe, expect, it } from "vitest";
import { planOffline, suggestOffline } from "../../functions/agent/offline";
import { readModel } from "../../functions/agent/offline/model";
import { renderAll } from "../../functions/agent/offline/templates";
import { entity } from "./offline-fixtures";
import { CRM, build, checkTree, follow, paths } from "./offline-engine-turns";

/** The offline engine's follow-ups, each applied to a first turn's app: fields, entities, pages, theme, titles, frozen files, hand edits, discussion and suggestions. */

describe("offline engine: follow-ups", () => {
  const app = build().files;

  it("never touches a frozen file, and never claims the change it could not make", () => {
    const partly = follow(app, "Add a priority field to tasks", { frozen: ["pages/TaskForm"] });
    expect(paths(partly.actions)).toEqual(expect.arrayContaining(["entities/Task", "pages/Tasks"]));
    expect(paths(partly.actions)).not.toContain("pages/TaskForm");
    expect(partly.files["pages/TaskForm"]).toBe(app["pages/TaskForm"]);
    expect(partly.text).toContain("I made only part of this change: pages/TaskForm is frozen, so I left it unchanged");
    expect(partly.text).not.toMatch(/Added (a|the) priority/i);

    const none = follow(app, "Add a priority field to tasks", { frozen: ["entities/Task", "pages/TaskForm", "pages/Tasks", "pages/TaskDetail"] });
    expect(none.actions).toEqual([]);
    expect(none.text).toMatch(/^I couldn't make this change: .* frozen, so I left them unchanged/);
  });

  it("adds a field with edits to the schema, the form and the list, and removes it again", () => {
    const added = follow(app, "Add a priority field to tasks");
    expect(paths(added.actions)).toEqual(expect.arrayContaining(["entities/Task", "pages/TaskForm", "pages/Tasks"]));
    expect(added.actions.find((a) => a.type === "edit" && a.path === "pages/TaskForm")).toBeDefined();
    expect(entity(added.files, "Task").properties.priority).toMatchObject({ type: "string", enum: ["low", "medium", "high"] });
    expect(added.files["pages/TaskForm"]).toContain('setField("priority", value)');
    expect(added.files["pages/Tasks"]).toContain("<TableHead>Priority</TableHead>");
    checkTree(added.files);

    const removed = follow(added.files, "remove the priority field from tasks");
    expect(entity(removed.files, "Task").properties.priority).toBeUndefined();
    expect(removed.files["pages/TaskForm"]).not.toContain("priority");
    checkTree(removed.files);
  });

  it.each([
    ["tasks should have an estimate", "Task", "estimate", { type: "string" }],
    ["add a completed field to tasks", "Task", "completed", { type: "boolean" }],
    ["give deals a budget", "Deal", "budget", { type: "number" }],
    ["add a start date to deals", "Deal", "start_date", { type: "string", format: "date" }],
    ["add a billing email to customers", "Customer", "billing_email", { type: "string", format: "email" }],
    ["Add a size field to deals with options small, large", "Deal", "size", { enum: ["small", "large"] }],
    ["add a severity (number) to tasks", "Task", "severity", { type: "number" }],
  ])("%s", (message, name, field, prop) => {
    const out = follow(app, message);
    expect(entity(out.files, name).properties[field]).toMatchObject(prop);
    checkTree(out.files);
  });

  it("says so when the field already exists", () => {
    const out = follow(app, "add a phone number to customers");
    expect(out.actions).toEqual([]);
    expect(out.text).toMatch(/already have a `phone` field/);
  });

  it("renames and removes fields", () => {
    const renamed = follow(app, "rename the company field on customers to organization");
    expect(Object.keys(entity(renamed.files, "Customer").properties)).toContain("organization");
    expect(renamed.files["pages/CustomerForm"]).toContain("form.organization");
    expect(renamed.files["pages/CustomerForm"]).not.toContain("form.company");
    checkTree(renamed.files);
    const removed = follow(app, "remove phone from customers");
    expect(entity(removed.files, "Customer").properties.phone).toBeUndefined();
    checkTree(removed.files);
  });

  it("adds an entity with its pages and a navigation link", () => {
    const out = follow(app, "add an entity for invoices");
    for (const p of ["entities/Invoice", "pages/Invoices", "pages/InvoiceDetail", "pages/InvoiceForm"]) expect(out.files[p], p).toBeDefined();
    expect(out.files["layout/main"]).toContain('page: "Invoices"');
    expect(out.actions.find((a) => a.type === "edit" && a.path === "layout/main")).toBeDefined();
    expect(entity(out.files, "Invoice").properties.customer_id).toBeDefined();
    checkTree(out.files);
  });

  it("removes a page set (keeping the entity) and removes an entity", () => {
    const page = follow(app, "remove the deals page");
    expect(page.actions.filter((a) => a.type === "delete").map((a) => (a as { path: string }).path).sort()).toEqual(["pages/DealDetail", "pages/DealForm", "pages/Deals"]);
    expect(page.files["layout/main"]).not.toContain('page: "Deals"');
    expect(page.files["entities/Deal"]).toBeDefined();
    checkTree(page.files);

    const gone = follow(app, "delete the Deals entity");
    expect(gone.files["entities/Deal"]).toBeUndefined();
    expect(gone.files["pages/Deals"]).toBeUndefined();
    expect(entity(gone.files, "Task").properties.deal_id).toBeUndefined();
    expect(Object.values(gone.files).some((c) => c.includes("@/entities/Deal"))).toBe(false);
    checkTree(gone.files);
  });

  it("changes only the theme for style, dark mode and colour requests", () => {
    const dark = follow(app, "Make it dark");
    expect(paths(dark.actions)).toEqual(["components/Theme"]);
    expect(dark.files["components/Theme"]).toContain("dark mode");
    const glass = follow(dark.files, "use the glassmorphism style");
    expect(glass.files["components/Theme"]).toContain("backdrop-blur");
    const green = follow(glass.files, "change the primary colour to green");
    expect(paths(green.actions)).toEqual(["components/Theme"]);
    expect(green.files["components/Theme"]).toContain("from-slate-900 via-green-900");
    expect(follow(green.files, "make it dark").actions).toEqual([]);
  });

  it("changes the app title and the dashboard title, and renames a page with its links", () => {
    const titled = follow(app, 'Rename the app to "Acme Sales"');
    expect(titled.files["layout/main"]).toContain('const APP_TITLE = "Acme Sales";');
    const dash = follow(titled.files, "change the dashboard title to Overview");
    expect(dash.files["pages/Dashboard"]).toContain("<h1 className={theme.heading}>Overview</h1>");
    const renamed = follow(dash.files, "rename the Tasks page to To-dos");
    expect(renamed.actions.find((a) => a.type === "rename")).toEqual({ type: "rename", from: "pages/Tasks", to: "pages/ToDos" });
    expect(renamed.files["pages/ToDos"]).toContain("export default function ToDos()");
    expect(Object.values(renamed.files).some((c) => c.includes('createPageUrl("Tasks")') || c.includes('page: "Tasks"'))).toBe(false);
    checkTree(renamed.files);
    // the model is read back from the renamed files: later changes still work
    const later = follow(renamed.files, "add a notes field to deals");
    checkTree(later.files);
  });

  it("fits edits around hand-made changes, and leaves a file alone when they do not fit", () => {
    const handEdited = { ...app, "pages/TaskForm": app["pages/TaskForm"].replace('"New task"', '"Add a follow-up"') };
    const out = follow(handEdited, "add an estimate field to tasks");
    expect(out.files["pages/TaskForm"]).toContain('"Add a follow-up"');
    expect(out.files["pages/TaskForm"]).toContain("form.estimate");

    const rewritten = { ...app, "pages/TaskForm": "export default function TaskForm() {\n  return null;\n}\n" };
    const skipped = follow(rewritten, "add an estimate field to tasks");
    expect(paths(skipped.actions)).not.toContain("pages/TaskForm");
    expect(skipped.text).toMatch(/pages\/TaskForm was changed by hand/);
  });

  it("keeps the files and its own reading of them in step over a long run of changes", () => {
    const steps = [
      "add an entity for invoices", "make it dark", "add a priority field to deals", "rename the Deals page to Pipeline",
      "use the neo-brutalism style", "rename the stage field to phase", "remove the tasks page", "add expenses",
      "change the dashboard title to Home Base", "rename the app to Acme", "delete the customer entity", "add a tasks page",
      "add contacts", "add a contact to deals", "add projects", "give projects a client", "rename the Home page to Start", "remove TaskForm",
    ];
    let files = app;
    for (const step of steps) {
      const out = follow(files, step);
      expect(out.actions.length, step).toBeGreaterThan(0);
      files = out.files;
      checkTree(files);
      const rendered = renderAll(readModel(files, "CRM").model);
      for (const [path, content] of Object.entries(rendered)) if (path in files) expect(files[path], `${step}: ${path}`).toBe(content);
    }
    expect(files["layout/main"]).toContain('const APP_TITLE = "Acme";');
    expect(files["pages/Start"]).toContain("<h1 className={theme.heading}>Start</h1>");
  });

  it("answers honestly, without actions, when it cannot help", () => {
    const out = follow(app, "Integrate Stripe payments and send a weekly email digest");
    expect(out.text).not.toMatch(/<kiln-/);
    expect(out.text).toMatch(/offline engine/);
    expect(out.text).toMatch(/model provider/);
    expect(out.text).toMatch(/"Configure" in the README/);
    expect(out.text).toMatch(/add an entity for invoices/);
  });

  it("discussion mode answers from the files and never emits actions", () => {
    const out = planOffline({ message: "Where is the due date of a task set?", files: app, appName: "CRM", discussion: true, currentPage: "Tasks" });
    expect(out).not.toMatch(/<kiln-/);
    expect(out).toContain("Task (entities/Task)");
    expect(out).toMatch(/"task" appears in entities\/Task/);
    expect(out).toContain("You are looking at pages/Tasks.");
    const first = planOffline({ message: CRM, files: {}, appName: "", discussion: true });
    expect(first).not.toMatch(/<kiln-/);
    expect(first).toMatch(/Customer, Deal and Task/);
  });

  it("suggests exactly three follow-ups that it can carry out", () => {
    for (const files of [app, follow(app, "use the neumorphism style").files, build("my personal notes").files]) {
      const suggestions = suggestOffline(files, "CRM");
      expect(suggestions).toHaveLength(3);
      for (const s of suggestions) {
        const out = follow(files, s.prompt);
        expect(out.actions.length, s.prompt).toBeGreaterThan(1);
        checkTree(out.files);
      }
    }
    expect(suggestOffline({}, "")).toHaveLength(3);
  });

  it("does not offer other people to an app that has its people", () => {
    const gym = build("A gym app where members book classes with trainers, and trainers log attendance.").files;
    const suggestions = suggestOffline(gym, "Gym App");
    expect(suggestions.map((s) => s.title)).not.toContain("Add customers");
    expect(suggestions).toHaveLength(3);
    for (const s of suggestions) expect(follow(gym, s.prompt).actions.length, s.prompt).toBeGreaterThan(1);
  });
});
