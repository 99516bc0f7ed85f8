import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { EntitySchema, filePathPattern } from "../../schemas/app-files";
import { type EngineInput, nameFromDescription, planOffline, runOfflineEngine, suggestOffline } from "../../functions/agent/offline";
import { readModel } from "../../functions/agent/offline/model";
import { renderAll } from "../../functions/agent/offline/templates";

type Files = Record<string, string>;
type Parsed =
  | { type: "plan"; content: string }
  | { type: "write"; path: string; content: string }
  | { type: "edit"; path: string; edits: { search: string; replace: string }[] }
  | { type: "delete"; path: string }
  | { type: "rename"; from: string; to: string };

/** A tiny extractor for the protocol's tags (the project's parser is separate). */
function parse(text: string): Parsed[] {
  const out: Parsed[] = [];
  const tag =
    /<kiln-plan>([\s\S]*?)<\/kiln-plan>|<kiln-write path="([^"]+)">\n([\s\S]*?)\n<\/kiln-write>|<kiln-edit path="([^"]+)">\n([\s\S]*?)\n<\/kiln-edit>|<kiln-delete path="([^"]+)" \/>|<kiln-rename from="([^"]+)" to="([^"]+)" \/>/g;
  for (const m of text.matchAll(tag)) {
    if (m[1] !== undefined) out.push({ type: "plan", content: m[1] });
    else if (m[2]) out.push({ type: "write", path: m[2], content: m[3] });
    else if (m[4]) {
      const edits = [...m[5].matchAll(/<<<<<<< SEARCH\n([\s\S]*?)\n=======\n([\s\S]*?)\n>>>>>>> REPLACE/g)].map((e) => ({ search: e[1], replace: e[2] }));
      out.push({ type: "edit", path: m[4], edits });
    } else if (m[6]) out.push({ type: "delete", path: m[6] });
    else out.push({ type: "rename", from: m[7], to: m[8] });
  }
  return out;
}

/** Applies actions; every search must match exactly once. */
function apply(files: Files, actions: Parsed[]): Files {
  const next = { ...files };
  for (const a of actions) {
    if (a.type === "write") next[a.path] = a.content;
    else if (a.type === "delete") delete next[a.path];
    else if (a.type === "rename") {
      next[a.to] = next[a.from];
      delete next[a.from];
    } else if (a.type === "edit") {
      let text = next[a.path];
      expect(text, `edit of a missing file ${a.path}`).toBeDefined();
      for (const e of a.edits) {
        expect(text.split(e.search).length - 1, `search in ${a.path} occurs once:\n${e.search}`).toBe(1);
        text = text.replace(e.search, () => e.replace);
      }
      next[a.path] = text;
    }
  }
  return next;
}

const ALLOWED_IMPORT = /^(react|react-router-dom|lucide-react|date-fns|@\/utils|@\/integrations\/Core|@\/entities\/\w+|@\/components\/ui\/(button|card|input|textarea|label|badge|select|table|dialog|checkbox)|@\/components\/[\w/]+)$/;

/** Every code file compiles as JSX, imports only what the runtime provides, and every entity is a valid schema. */
function checkTree(files: Files) {
  for (const [path, content] of Object.entries(files)) {
    expect(path).toMatch(filePathPattern);
    if (path.startsWith("entities/")) {
      const json = JSON.parse(content);
      expect(json.type).toBe("object");
      expect(EntitySchema.safeParse(json).success, path).toBe(true);
      continue;
    }
    expect(() => transformSync(content, { loader: "jsx" }), path).not.toThrow();
    for (const m of content.matchAll(/^import .* from "([^"]+)";$/gm)) {
      expect(m[1], `${path} imports ${m[1]}`).toMatch(ALLOWED_IMPORT);
      const local = /^@\/(entities|components)\/(?!ui\/)(.+)$/.exec(m[1]);
      if (local) expect(files[`${local[1]}/${local[2]}`], `${path} imports ${m[1]}`).toBeDefined();
    }
  }
}

const CRM = "A CRM to track customers, deals and follow-up tasks";
const build = (message = CRM, style: string | null = null): { text: string; files: Files } => {
  const text = planOffline({ message, files: {}, appName: "", style });
  return { text, files: apply({}, parse(text)) };
};
const follow = (files: Files, message: string, extra: Partial<EngineInput> = {}) => {
  const text = planOffline({ message, files, appName: "CRM", ...extra });
  const actions = parse(text);
  return { text, actions, files: apply(files, actions) };
};
const entity = (files: Files, name: string) => JSON.parse(files[`entities/${name}`]);
const paths = (actions: Parsed[]) => actions.map((a) => (a.type === "rename" ? a.to : a.type === "plan" ? "" : a.path)).filter(Boolean);

describe("offline engine: first turn", () => {
  const { text, files } = build();

  it("detects Customer, Deal and Task with typed fields", () => {
    expect(Object.keys(files).filter((p) => p.startsWith("entities/")).sort()).toEqual(["entities/Customer", "entities/Deal", "entities/Task"]);
    const customer = entity(files, "Customer");
    expect(customer).toMatchObject({ name: "Customer", type: "object", required: ["name"] });
    expect(customer.properties.email).toEqual({ type: "string", format: "email" });
    expect(customer.properties.phone.type).toBe("string");
    expect(customer.properties.company.type).toBe("string");
    expect(customer.properties.status.enum).toEqual(["lead", "active", "churned"]);
    const deal = entity(files, "Deal");
    expect(deal.properties.value.type).toBe("number");
    expect(deal.properties.stage.enum).toEqual(["prospect", "qualified", "proposal", "won", "lost"]);
    expect(deal.properties.customer_id.type).toBe("string");
    expect(deal.properties.close_date).toEqual({ type: "string", format: "date" });
    expect(deal.required).toContain("title");
    const task = entity(files, "Task");
    expect(task.properties.due_date.format).toBe("date");
    expect(task.properties.priority).toBeUndefined(); // left for the first follow-up ("add a priority field to tasks")
    expect(task.properties.status.enum).toEqual(["todo", "in_progress", "done"]);
    expect(Object.keys(task.properties)).toEqual(expect.arrayContaining(["customer_id", "deal_id"]));
  });

  it("emits a plan, then entities, a layout, a dashboard and list/detail/form pages per entity", () => {
    const actions = parse(text);
    expect(actions[0].type).toBe("plan");
    expect(paths(actions).slice(0, 3)).toEqual(["entities/Customer", "entities/Deal", "entities/Task"]);
    for (const page of ["Dashboard", "Customers", "CustomerDetail", "CustomerForm", "Deals", "DealDetail", "DealForm", "Tasks", "TaskDetail", "TaskForm"]) {
      expect(files[`pages/${page}`], page).toMatch(new RegExp(`export default function ${page}\\(`));
      expect(files["layout/main"]).toContain(`"${page}"`);
    }
    for (const page of ["Dashboard", "Customers", "Deals", "Tasks"]) expect(files["layout/main"]).toContain(`page: "${page}"`);
    expect(files["layout/main"]).toMatch(/export default function Layout\(\{ children, currentPageName \}\)/);
    expect(files["layout/main"]).toContain("createPageUrl(item.page)");
    expect(text.startsWith("Here is a first version of Customer CRM.")).toBe(true);
    expect(text.trim().endsWith("</kiln-write>")).toBe(false);
    expect(text).toMatch(/Built Customer CRM:[\s\S]*Entities: Customer/);
  });

  it("writes pages that use the entity API, the URL's id, search, filters and validation", () => {
    expect(files["pages/Dashboard"]).toContain('Deal.list("-created_date")');
    expect(files["pages/Dashboard"]).toContain('value={formatMoney(totalDealValue, "USD")}'); // money in its currency (schemas/money.ts)
    expect(files["pages/Tasks"]).toMatch(/Task\.delete\(task\.id\)/);
    expect(files["pages/Tasks"]).toContain("setSearch");
    expect(files["pages/Tasks"]).toContain("statusFilter");
    expect(files["pages/TaskDetail"]).toContain("useLocation()");
    expect(files["pages/TaskDetail"]).toContain('new URLSearchParams(location.search).get("id")');
    expect(files["pages/TaskDetail"]).toContain("Task.get(id)");
    expect(files["pages/CustomerDetail"]).toContain("Deal.filter({ customer_id: id })");
    expect(files["pages/TaskForm"]).toContain("Task.update(id, data)");
    expect(files["pages/TaskForm"]).toContain("Task.create(data)");
    expect(files["pages/TaskForm"]).toContain('problems.title = "Title is required."');
    expect(files["pages/CustomerForm"]).toContain('problems.email = "Enter a valid e-mail address."');
    expect(files["components/StatCard"]).toBeDefined();
    expect(files["components/StatusBadge"]).toBeDefined();
  });

  it("every path matches the file conventions, every file compiles, imports stay within the runtime's", () => {
    checkTree(files);
  });

  it.each([null, "neo-brutalism", "neumorphism", "glassmorphism", "material-design", "claymorphism"])("style %s compiles and has its own look", (style) => {
    const app = build(`${CRM}\n---\nA style preset prompt`, style);
    checkTree(app.files);
    const theme = app.files["components/Theme"];
    expect(theme).toContain(`Theme: ${style ?? "clean"} style`);
    const mark = { "neo-brutalism": "shadow-[6px_6px_0_0_#000]", neumorphism: "shadow-[8px_8px_16px_", glassmorphism: "backdrop-blur", "material-design": "uppercase tracking-wider", claymorphism: "rounded-[2rem]" }[style ?? ""];
    if (mark) expect(theme).toContain(mark);
  });

  it.each([
    ["Project management with projects, tasks and expenses", ["Project", "Task", "Expense"]],
    ["Inventory and orders for my shop", ["Product", "Order"]],
    ["school: students and courses", ["Student", "Course"]],
    ["help desk tickets", ["Ticket"]],
    ["Book my appointments with clients", ["Appointment", "Client"]],
    ["an app to track my plants", ["Plant"]],
    ["hello", ["Item"]],
  ])("%s -> %j", (description, expected) => {
    const app = build(description);
    expect(Object.keys(app.files).filter((p) => p.startsWith("entities/")).map((p) => p.slice(9))).toEqual(expected);
    checkTree(app.files);
  });

  it("is deterministic, and the stream joins to the whole answer in chunks of about 40-200 characters", () => {
    const input: EngineInput = { message: CRM, files: {}, appName: "", style: "glassmorphism" };
    expect(planOffline(input)).toBe(planOffline({ ...input }));
    const chunks = [...runOfflineEngine(input)];
    expect(chunks.join("")).toBe(planOffline(input));
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.every((c) => c.length <= 200)).toBe(true);
    expect(chunks.slice(0, -1).every((c) => c.length >= 40)).toBe(true);
    expect([...runOfflineEngine(input)]).toEqual(chunks);
  });

  it("names apps from their description", () => {
    expect(nameFromDescription(CRM)).toBe("Customer CRM");
    expect(nameFromDescription("A habit tracker for my mornings")).toBe("Habit Tracker");
    expect(nameFromDescription("A contacts app called friends hub")).toBe("Friends Hub");
    expect(nameFromDescription("hello")).toBe("My App");
    // written as a person talks: the business, or what the app is for, not the first words
    expect(nameFromDescription("I run a small bakery and want to track orders, customers and what we bake each day")).toBe("Bakery Manager");
    expect(nameFromDescription("An app for my book club: members suggest books and we schedule meetings")).toBe("Book Club");
    expect(nameFromDescription("Help me manage my rental properties, tenants and rent payments")).toBe("Rental Property Tracker");
    expect(nameFromDescription("Teachers create quizzes and students take them and get scores")).toBe("Quiz Tracker");
    for (const d of [CRM, "an app to track my plants", "x".repeat(300)]) {
      const name = nameFromDescription(d);
      expect(name.length).toBeLessThanOrEqual(40);
      expect(name).toMatch(/^([A-Z0-9][A-Za-z0-9]*)( [A-Z0-9][A-Za-z0-9]*)*$/);
    }
  });
});

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

describe("offline engine: sources", () => {
  it("are pure: no Node APIs, no clock, no randomness", () => {
    const dir = join(__dirname, "../../functions/agent/offline");
    const files: string[] = [];
    const walk = (d: string) => {
      for (const f of readdirSync(d)) {
        const p = join(d, f);
        if (statSync(p).isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(dir);
    for (const f of files) {
      const src = readFileSync(f, "utf8");
      // relative modules and two pure word libraries only (the templates' own import lines are the generated apps')
      for (const m of src.matchAll(/^import .* from "([^"]+)";$/gm)) expect(m[1], f).toMatch(/^(\.\.?\/|@\/|react$|react-router-dom$|lucide-react$|date-fns$|pluralize$|diff$)/);
      expect(src, f).not.toMatch(/Math\.random|Date\.now|new Date\(\)|process\.|require\(/);
      expect(src.split("\n").length, f).toBeLessThanOrEqual(420);
    }
  });
});
