import { describe, expect, it } from "vitest";
import { type EngineInput, nameFromDescription, planOffline, runOfflineEngine } from "../../functions/agent/offline";
import { entity } from "./offline-fixtures";
import { CRM, build, checkTree, parse, paths } from "./offline-engine-turns";

/** The offline engine's first turn: the entities it detects, the pages it writes, styles, streaming and app names. */

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
