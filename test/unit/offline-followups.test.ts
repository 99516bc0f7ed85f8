import { describe, expect, it } from "vitest";
import { homePageOf } from "../../functions/agent/home-page";
import { planOffline } from "../../functions/agent/offline";
import { readModel } from "../../functions/agent/offline/model";
import { renderAll } from "../../functions/agent/offline/templates";
import { checkTree, entity, type Files, fixtureApp, follow, touched } from "./offline-fixtures";


/** The files agree with the engine's own reading of them: a later turn starts from what is there. */
function inStep(files: Files) {
  const rendered = renderAll(readModel(files, "App").model);
  for (const [path, content] of Object.entries(rendered)) if (path in files) expect(files[path], path).toBe(content);
}

describe("renaming an entity reaches every place its name shows", () => {
  const app = fixtureApp("habits");

  it('"rename Habit to Routine": schema, pages, navigation, labels and links', () => {
    expect(app["entities/Habit"]).toBeDefined();
    const out = follow(app, "rename Habit to Routine");
    expect(out.files["entities/Habit"]).toBeUndefined();
    expect(entity(out.files, "Routine")).toMatchObject({ name: "Routine" });
    for (const page of ["Routines", "RoutineDetail", "RoutineForm"]) expect(out.files[`pages/${page}`], page).toContain(`export default function ${page}(`);
    for (const page of ["Habits", "HabitDetail", "HabitForm"]) expect(out.files[`pages/${page}`], page).toBeUndefined();
    expect(out.actions).toContainEqual({ type: "rename", from: "pages/Habits", to: "pages/Routines" });
    expect(out.files["layout/main"]).toContain('{ title: "Routines", page: "Routines"');
    const everything = Object.values(out.files).join("\n").replace(/const APP_TITLE = .*/, "");
    expect(everything).not.toMatch(/\bHabits?\b|@\/entities\/Habit\b|\bhabits?\b/);
    expect(out.files["pages/RoutineForm"]).toMatch(/Routine\.create\(/);
    expect(out.files["pages/Routines"]).toMatch(/New routine/i);
    expect(out.text).toContain("Renamed Habit to Routine everywhere");
    expect(out.text).toContain("Records saved before as Habit records are not moved to Routine");
    checkTree(out.files);
    inStep(out.files);
  });

  it("renames the links from other entities, and their pages follow", () => {
    const crm = fixtureApp("crm");
    expect(entity(crm, "Deal").properties.customer_id).toBeDefined();
    const out = follow(crm, "rename the customer entity to client");
    expect(entity(out.files, "Deal").properties.client_id).toMatchObject({ type: "string" });
    expect(entity(out.files, "Deal").properties.customer_id).toBeUndefined();
    expect(entity(out.files, "Task").properties.client_id).toBeDefined();
    expect(out.files["pages/DealForm"]).toContain("Client.list(");
    expect(out.files["pages/ClientDetail"]).toContain("Deal.filter({ client_id: id })");
    expect(Object.values(out.files).join("\n").replace(/const APP_TITLE = .*/, "")).not.toMatch(/\bCustomers?\b|customer_id/);
    expect(out.text).toMatch(/Deal and Task now link to Client through `client_id` \(was `customer_id`\)/);
    checkTree(out.files);
    inStep(out.files);
  });

  it("a page word still renames only the page; an unknown name or a clash is said plainly", () => {
    const page = follow(app, "rename the Habits page to Routines");
    expect(page.files["entities/Habit"]).toBeDefined();
    expect(page.files["pages/Routines"]).toBeDefined();
    const clash = follow(app, "rename habit to note");
    expect(clash.actions).toEqual([]);
    expect(clash.text).toContain("The app already has a Note entity, so I can't rename Habit to it.");
  });
});

describe("adding an entity with its fields in one sentence", () => {
  it('"add a time entry entity with date, hours and project": a link when Project exists, text otherwise', () => {
    const withProjects = fixtureApp("projects");
    const out = follow(withProjects, "add a time entry entity with date, hours and project");
    const schema = entity(out.files, "TimeEntry");
    expect(schema.properties).toEqual({
      date: { type: "string", format: "date" },
      hours: { type: "number" },
      project_id: { type: "string", description: "id of the related Project" },
    });
    expect(out.files["entities/Project"]).toBe(withProjects["entities/Project"]);
    for (const page of ["TimeEntries", "TimeEntryDetail", "TimeEntryForm"]) expect(out.files[`pages/${page}`], page).toBeDefined();
    expect(out.files["layout/main"]).toContain('page: "TimeEntries"');
    expect(out.files["pages/TimeEntryForm"]).toContain("Project.list(");
    expect(out.text).toContain("Added TimeEntry with `date` (a date), `hours` (a number) and `project_id` (a link to Project).");
    checkTree(out.files);
    inStep(out.files);

    const alone = follow(fixtureApp("habits"), "add a time entry entity with date, hours and project");
    expect(entity(alone.files, "TimeEntry").properties).toEqual({ date: { type: "string", format: "date" }, hours: { type: "number" }, project: { type: "string" } });
    expect(alone.files["entities/Project"]).toBeUndefined();
    checkTree(alone.files);
  });

  it("options named before the entity: \"add a priority field with options low, high to tasks\"", () => {
    const out = follow(fixtureApp("crm"), "add a priority field with options low, high to tasks");
    expect(entity(out.files, "Task").properties.priority).toMatchObject({ type: "string", enum: ["low", "high"] });
  });

  it("an entity that exists gets the fields the sentence names", () => {
    const out = follow(fixtureApp("crm"), "add a customer entity with website and birthday");
    expect(entity(out.files, "Customer").properties).toMatchObject({ website: { type: "string", format: "uri" }, birthday: { type: "string", format: "date" } });
    expect(out.files["entities/Customer"]).toBeDefined();
  });

  it("the last word of a compound name finds it: \"entries\" is TimeEntry", () => {
    const app = follow(fixtureApp("crm"), "add a time entry entity with date, hours and notes").files;
    const out = follow(app, "add a billable field to entries");
    expect(entity(out.files, "TimeEntry").properties.billable).toEqual({ type: "boolean", default: false });
  });

  it("creates exactly what was named, for other phrasings too", () => {
    const app = fixtureApp("habits");
    const out = follow(app, "create invoices with amount, due date and paid");
    // typed as the first turn types them: an amount is money
    expect(entity(out.files, "Invoice").properties).toEqual({ amount: { type: "number", format: "currency" }, due_date: { type: "string", format: "date" }, paid: { type: "boolean", default: false } });
    checkTree(out.files);
  });
});

describe("follow-ups as people say them", () => {
  const app = fixtureApp("crm");

  it('"let me upload a photo for each deal" adds a picture upload; "add a rating out of 5 to deals" a rating up to 5', () => {
    expect(entity(follow(app, "let me upload a photo for each deal").files, "Deal").properties.photo).toEqual({ type: "string", format: "image" });
    expect(entity(follow(app, "add a rating out of 5 to deals").files, "Deal").properties.rating).toEqual({ type: "number", format: "rating", minimum: 1, maximum: 5 });
    expect(entity(follow(app, "add a start time to tasks").files, "Task").properties.start_time).toEqual({ type: "string", format: "time" });
  });

  it('"add an industry dropdown to customers with retail, tech and finance" adds a choice with those options', () => {
    const out = follow(app, "add an industry dropdown to customers with retail, tech and finance");
    expect(entity(out.files, "Customer").properties.industry).toEqual({ type: "string", enum: ["retail", "tech", "finance"], default: "retail" });
    checkTree(out.files);
  });

  it('"I want to see deals on a kanban board" adds the board', () => {
    const out = follow(app, "I want to see deals on a kanban board");
    expect(out.files["pages/DealBoard"]).toContain("export default function DealBoard(");
    expect(out.files["layout/main"]).toContain('page: "DealBoard"');
  });

  it('"track products too, with a price and a stock count" adds the entity with those fields', () => {
    const out = follow(app, "track products too, with a price and a stock count");
    expect(entity(out.files, "Product").properties).toMatchObject({ price: { type: "number", format: "currency" }, stock_count: { type: "number" } });
    checkTree(out.files);
  });

  it('"make the deal value required" makes the form refuse a blank value; "make the customer name optional" undoes it', () => {
    const out = follow(app, "make the deal value required");
    expect(entity(out.files, "Deal").required).toEqual(["title", "value"]);
    expect(out.files["pages/DealForm"]).toContain('"Value is required."');
    expect(out.text).toContain("Deal's `value` is now required");
    const optional = follow(app, "make the customer name optional");
    expect(entity(optional.files, "Customer").required).toEqual([]);
    expect(optional.files["pages/CustomerForm"]).not.toContain('"Name is required."');
    const same = follow(app, "the title of a task should be required");
    expect(same.actions).toEqual([]);
    expect(same.text).toContain("Task's `title` is already required, so nothing changed.");
    inStep(out.files);
  });
});

describe("the navigation, choices and links as people ask for them", () => {
  const app = fixtureApp("crm");

  it('"hide the tasks page from the menu" drops only the link: the pages, entity and records stay, and it comes back', () => {
    const out = follow(app, "hide the tasks page from the menu");
    expect(out.files["layout/main"]).not.toContain('page: "Tasks"');
    for (const page of ["Tasks", "TaskDetail", "TaskForm"]) expect(out.files[`pages/${page}`], page).toBe(app[`pages/${page}`]);
    expect(out.files["entities/Task"]).toBe(app["entities/Task"]);
    expect(out.text).toContain("The navigation no longer links pages/Tasks");
    // read back from the files: a later change keeps it out of the menu
    const later = follow(out.files, "make the header blue");
    expect(later.files["layout/main"]).not.toContain('page: "Tasks"');
    inStep(out.files);
    const back = follow(out.files, "show tasks in the menu again");
    expect(back.files["layout/main"]).toContain('{ title: "Tasks", page: "Tasks"');
    expect(follow(app, "show tasks in the menu").text).toContain("pages/Tasks is already in the navigation, so nothing changed.");
  });

  it('"change deal stages to new, negotiating, won and lost" replaces the choices; "add a status to customers with …" sets them', () => {
    const out = follow(app, "change deal stages to new, negotiating, won and lost");
    expect(entity(out.files, "Deal").properties.stage).toMatchObject({ enum: ["new", "negotiating", "won", "lost"], default: "new" });
    expect(out.text).toContain('Records saved as "prospect", "qualified" and "proposal" keep that value until edited.');
    const status = follow(app, "add a status to customers with active, paused and closed");
    expect(entity(status.files, "Customer").properties.status).toMatchObject({ enum: ["active", "paused", "closed"] });
    const fresh = follow(app, "add a type to deals with new business and renewal");
    expect(entity(fresh.files, "Deal").properties.type).toMatchObject({ enum: ["new_business", "renewal"] });
    inStep(out.files);
  });

  it('"link deals to tasks" adds a link field; a link that exists is said', () => {
    const out = follow(app, "link deals to tasks");
    expect(entity(out.files, "Deal").properties.task_id).toEqual({ type: "string", description: "id of the related Task" });
    expect(out.files["pages/DealForm"]).toMatch(/import \{ Task(?: as TaskEntity)? \} from "@\/entities\/Task"/);
    expect(follow(app, "link tasks to deals").text).toContain("Tasks already have a `deal_id` field");
    checkTree(out.files);
  });
});

describe("more everyday phrasings", () => {
  const app = fixtureApp("crm");

  it.each([
    ["I need a place to track invoices", (f: Files) => expect(entity(f, "Invoice").properties.amount).toBeDefined()],
    ["add a date of birth to customers", (f: Files) => expect(entity(f, "Customer").properties.date_of_birth).toEqual({ type: "string", format: "date" })],
    ["let customers have multiple tags", (f: Files) => expect(entity(f, "Customer").properties.tags).toEqual({ type: "string", description: "comma-separated" })],
    ["add a checkbox for vip customers", (f: Files) => expect(entity(f, "Customer").properties.vip).toEqual({ type: "boolean", default: false })],
    ["show deals grouped by stage", (f: Files) => expect(f["pages/DealBoard"]).toContain("export default function DealBoard(")],
  ])("%s", (message, check) => {
    const out = follow(app, message);
    check(out.files);
    checkTree(out.files);
  });

  it('"add a notes section to deals" is the notes field, which deals have', () => {
    expect(follow(app, "can you add a notes section to deals").text).toContain("Deals already have a `notes` field");
  });
});

describe("choices of a list field", () => {
  const app = fixtureApp("crm");

  it.each([
    ["add 'blocked' to task status", ["todo", "in_progress", "done", "blocked"]],
    ["add blocked and waiting as status options for tasks", ["todo", "in_progress", "done", "blocked", "waiting"]],
    ["add the option blocked to the status of tasks", ["todo", "in_progress", "done", "blocked"]],
  ])("%s", (message, values) => {
    const out = follow(app, message);
    expect(entity(out.files, "Task").properties.status.enum).toEqual(values);
    expect(touched(out.actions).sort()).toEqual(["entities/Task", "pages/Dashboard", "pages/TaskForm", "pages/Tasks"]);
    expect(out.files["pages/TaskForm"]).toContain(`const STATUS_OPTIONS = [${values.map((v) => `"${v}"`).join(", ")}];`);
    checkTree(out.files);
    inStep(out.files);
  });

  it("a choice that is there already changes nothing, and says so", () => {
    const out = follow(app, "add done to task status");
    expect(out.actions).toEqual([]);
    expect(out.text).toContain("already offers");
    expect(out.text).toContain("Nothing in the app changed, so this message is not charged.");
  });
});

describe("colouring named parts of the app", () => {
  const app = fixtureApp("crm");

  it('"make the header blue" changes only components/Theme, and the colour stays through later style changes', () => {
    const out = follow(app, "make the header blue");
    expect(touched(out.actions)).toEqual(["components/Theme"]);
    expect(out.files["components/Theme"]).toContain("// Colours: header blue.");
    expect(out.files["components/Theme"]).toMatch(/brand: "[^"]*bg-blue-600 text-white"/);
    const dark = follow(out.files, "make it dark");
    expect(dark.files["components/Theme"]).toMatch(/brand: "[^"]*bg-blue-600 text-white"/);
    inStep(dark.files);
  });

  it.each([
    ["colour the sidebar green", /sidebar: "[^"]*bg-green-700/],
    ["make the buttons red", /primaryButton: "[^"]*bg-red-600 text-white hover:bg-red-700"/],
    ["change the background colour to slate", /page: "[^"]*bg-slate-50 text-slate-900"/],
    ["make the links purple", /link: "[^"]*text-purple-600"/],
    ["make the cards amber", /card: "[^"]*bg-amber-50 border-amber-200"/],
  ])("%s", (message, re) => {
    const out = follow(app, message);
    expect(touched(out.actions)).toEqual(["components/Theme"]);
    expect(out.files["components/Theme"]).toMatch(re);
    inStep(out.files);
  });

  it.each([
    ["make the header dark green", "header dark green", /brand: "[^"]*bg-green-800 text-white"/],
    ["make the sidebar light blue", "sidebar light blue", /sidebar: "[^"]*bg-blue-500 border-blue-600"/],
    ["make the buttons deep purple", "buttons dark purple", /primaryButton: "[^"]*bg-purple-800 text-white hover:bg-purple-900"/],
    ["make the background dark slate", "background dark slate", /page: "[^"]*bg-slate-900 text-slate-100"/],
  ])("%s: a shade darker or lighter, kept through later changes", (message, line, re) => {
    const out = follow(app, message);
    expect(touched(out.actions)).toEqual(["components/Theme"]);
    expect(out.files["components/Theme"]).toContain(`// Colours: ${line}.`);
    expect(out.files["components/Theme"]).toMatch(re);
    expect(out.text).toContain(`Made the ${line}.`);
    // the shade is read back from the file: a later change keeps it
    const later = follow(out.files, "make the links purple");
    expect(later.files["components/Theme"]).toContain(`// Colours: ${line}, links purple.`);
    expect(later.files["components/Theme"]).toMatch(re);
    inStep(out.files);
  });

  it("a title that starts with a colour word is a title, not a colour", () => {
    const out = follow(app, "change the Tasks heading to Green Tasks");
    expect(out.files["components/Theme"]).toBe(app["components/Theme"]);
    expect(out.files["layout/main"]).toContain('{ title: "Green Tasks", page: "Tasks"');
  });

  it("several parts in one sentence, each its own colour; an unknown colour is named", () => {
    const out = follow(app, "make the header blue and the sidebar and buttons green");
    expect(out.files["components/Theme"]).toContain("// Colours: header blue, sidebar green, buttons green.");
    const odd = follow(app, "make the header beige");
    expect(odd.actions).toEqual([]);
    expect(odd.text).toContain('I can\'t colour the header "beige"');
  });
});

describe("removing the Dashboard", () => {
  it("leaves the navigation starting at a list page and no link to the removed page", () => {
    const app = fixtureApp("crm");
    const out = follow(app, "remove the Dashboard page");
    expect(out.files["pages/Dashboard"]).toBeUndefined();
    expect(out.files["layout/main"]).not.toContain('"Dashboard"');
    expect(/page: "(\w+)"/.exec(out.files["layout/main"])?.[1]).toBe("Customers");
    // the app then opens on the first page of the navigation, not on a detail page
    expect(homePageOf(out.files)).toBe("Customers");
    checkTree(out.files);
    const renamed = follow(app, "rename the dashboard page to Start");
    expect(homePageOf(renamed.files)).toBe("Start");
  });
});

describe("a message with several requests", () => {
  const app = fixtureApp("crm");

  it('"add a priority field to tasks and make the header blue" does both', () => {
    const out = follow(app, "add a priority field to tasks and make the header blue");
    expect(entity(out.files, "Task").properties.priority).toMatchObject({ enum: ["low", "medium", "high"] });
    expect(out.files["components/Theme"]).toContain("// Colours: header blue.");
    expect(out.text).toContain("This message had 2 requests, and I did each:");
    expect(out.text).toMatch(/1\. "add a priority field to tasks": done\./);
    expect(out.text).toMatch(/2\. "make the header blue": done\./);
    expect(out.actions.filter((a) => a.type === "plan")).toHaveLength(1);
    checkTree(out.files);
    inStep(out.files);
  });

  it("says exactly which request it could not do, and does the rest", () => {
    const out = follow(app, "Add a source field to deals. Then integrate Stripe payments; rename the app to Acme");
    expect(entity(out.files, "Deal").properties.source).toBeDefined();
    expect(out.files["layout/main"]).toContain('const APP_TITLE = "Acme";');
    expect(out.text).toContain("This message had 3 requests; I did 2 of them:");
    // a payment provider is beyond the engine: said as not built, with the reason, never as "not understood"
    expect(out.text).toMatch(/2\. "integrate Stripe payments": not done\. I did not build the online payments you asked for\. Taking a payment needs a payment provider/);
    expect(out.text).toContain("configure a model provider");
  });

  it("requests that build on each other apply in order", () => {
    const out = follow(app, "add a time entry entity with date and hours, then rename time entry to work log");
    expect(out.files["entities/WorkLog"]).toBeDefined();
    expect(out.files["entities/TimeEntry"]).toBeUndefined();
    checkTree(out.files);
    inStep(out.files);
  });

  it("a list inside one request is not split", () => {
    const out = follow(app, "add phone, website and notes to deals");
    expect(Object.keys(entity(out.files, "Deal").properties)).toEqual(expect.arrayContaining(["phone", "website", "notes"]));
    expect(out.text).not.toContain("requests");
  });
});

describe("frozen files and turns that change nothing", () => {
  const app = fixtureApp("crm");

  it("names exactly the frozen files it did not write, per request", () => {
    const out = follow(app, "add a priority field to tasks and make the header blue", { frozen: ["components/Theme", "pages/TaskForm"] });
    expect(out.files["components/Theme"]).toBe(app["components/Theme"]);
    expect(out.files["pages/TaskForm"]).toBe(app["pages/TaskForm"]);
    expect(entity(out.files, "Task").properties.priority).toBeDefined();
    expect(out.text).toContain("This message had 2 requests; I did 0 of them and part of 1 more:");
    expect(out.text).toMatch(/1\. "add a priority field to tasks": partly done\. I made only part of this change: pages\/TaskForm is frozen/);
    expect(out.text).toMatch(/2\. "make the header blue": not done\. I couldn't make this change: components\/Theme is frozen/);
  });

  it("a frozen page that a rename would move stays, and its edits under the new name are named as not written", () => {
    const out = follow(fixtureApp("habits"), "rename Habit to Routine", { frozen: ["pages/HabitForm"] });
    expect(out.files["pages/HabitForm"]).toBeDefined();
    expect(out.files["pages/RoutineForm"]).toBeUndefined();
    expect(out.files["entities/Routine"]).toBeDefined();
    expect(out.text).toContain("I made only part of this change: pages/HabitForm is frozen, so I left it unchanged");
    expect(out.text).toContain("The changes to pages/RoutineForm were not written either, since the frozen page keeps its old name.");
  });

  it("a turn that changes nothing says so plainly, with no action", () => {
    for (const message of ["make it light", "integrate with the warehouse robots", "add a phone field to customers"]) {
      const out = follow(app, message);
      expect(out.actions, message).toEqual([]);
      expect(out.text, message).toContain("Nothing in the app changed, so this message is not charged.");
    }
  });

  it("is deterministic and fast", () => {
    const input = { message: "add a priority field to tasks and make the header blue, then rename deal to opportunity", files: app, appName: "CRM" };
    const started = performance.now();
    const first = planOffline(input);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(planOffline(input)).toBe(first);
  });
});
