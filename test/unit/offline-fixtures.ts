/** Running the offline engine's answers through Kiln's own parser and applier, as a turn does. */
import { transformSync } from "esbuild";
import { expect } from "vitest";
import { EntitySchema, filePathPattern } from "../../schemas/app-files";
import { applyAction } from "../../functions/agent/apply";
import { type EngineInput, planOffline } from "../../functions/agent/offline";
import { entityJson, type JsonProp, printEntity } from "../../functions/agent/offline/entities";
import { newModel } from "../../functions/agent/offline/model";
import { defaultTheme } from "../../functions/agent/offline/styles";
import { renderAll } from "../../functions/agent/offline/templates";
import { parseMessage } from "../../lib/agent/parser";
import type { Action } from "../../lib/agent/protocol";

export type Files = Record<string, string>;

/** The actions of an answer; every one must be well formed. */
export function actionsOf(text: string): Action[] {
  return parseMessage(text).flatMap((s) => {
    if (s.kind !== "action") return [];
    expect(s.complete && s.action, `a malformed action in:\n${s.body}`).toBeTruthy();
    return [s.action!];
  });
}

/** Applies the actions as a turn does; every one must apply. */
export function applyAll(files: Files, actions: Action[], frozen: string[] = []): Files {
  let out = files;
  for (const a of actions) {
    const applied = applyAction(out, a, new Set(frozen));
    expect(applied.problem, JSON.stringify(a).slice(0, 300)).toBeUndefined();
    out = applied.files;
  }
  return out;
}

const ALLOWED_IMPORT = /^(react|react-router-dom|lucide-react|date-fns|@\/utils|@\/entities\/\w+|@\/components\/ui\/(button|card|input|textarea|label|badge|select|table|dialog|checkbox)|@\/components\/[\w/]+)$/;
/** What a first turn's files may import: a picture field uploads through the Core integration. */
export const FIRST_TURN_IMPORT = /^(react|react-router-dom|lucide-react|date-fns|@\/utils|@\/integrations\/Core|@\/entities\/\w+|@\/components\/ui\/(button|card|input|textarea|label|badge|select|table|checkbox)|@\/components\/[\w/]+)$/;

/** Every code file compiles as JSX, imports only what `allowed` names and the app has, and links only to pages it has; every entity is a valid schema. */
export function checkTree(files: Files, allowed: RegExp = ALLOWED_IMPORT) {
  for (const [path, content] of Object.entries(files)) {
    expect(path).toMatch(filePathPattern);
    if (path.startsWith("entities/")) {
      expect(EntitySchema.safeParse(JSON.parse(content)).success, path).toBe(true);
      continue;
    }
    expect(() => transformSync(content, { loader: "jsx" }), path).not.toThrow();
    for (const m of content.matchAll(/^import .* from "([^"]+)";$/gm)) {
      expect(m[1], `${path} imports ${m[1]}`).toMatch(allowed);
      const local = /^@\/(entities|components)\/(?!ui\/)(.+)$/.exec(m[1]);
      if (local) expect(files[`${local[1]}/${local[2]}`], `${path} imports ${m[1]}`).toBeDefined();
    }
    for (const m of content.matchAll(/createPageUrl\("([A-Za-z]\w*)"\)|page: "([A-Za-z]\w*)"/g)) expect(files[`pages/${m[1] ?? m[2]}`], `${path} links to ${m[1] ?? m[2]}`).toBeDefined();
  }
}

const text: JsonProp = { type: "string" };
const date: JsonProp = { type: "string", format: "date" };
const num: JsonProp = { type: "number" };
const choice = (...values: string[]): JsonProp => ({ type: "string", enum: values, default: values[0] });
const link = (entity: string): JsonProp => ({ type: "string", description: `id of the related ${entity}` });

/** Apps as the offline engine renders them, from fixed schemas: the follow-up tests do not depend on the first turn's planner. */
const APPS: Record<string, [string, Record<string, JsonProp>, string[]][]> = {
  crm: [
    ["Customer", { name: text, email: { type: "string", format: "email" }, phone: text, company: text, status: choice("lead", "active", "churned"), notes: text }, ["name"]],
    ["Deal", { title: text, customer_id: link("Customer"), value: num, stage: choice("prospect", "qualified", "proposal", "won", "lost"), close_date: date, notes: text }, ["title"]],
    ["Task", { title: text, customer_id: link("Customer"), deal_id: link("Deal"), due_date: date, status: choice("todo", "in_progress", "done") }, ["title"]],
  ],
  habits: [
    ["Habit", { name: text, frequency: choice("daily", "weekly"), streak: num, notes: text }, ["name"]],
    ["Note", { title: text, content: text, habit_id: link("Habit") }, ["title"]],
  ],
  projects: [
    ["Project", { name: text, status: choice("planning", "active", "completed"), start_date: date, budget: num }, ["name"]],
    ["Task", { title: text, project_id: link("Project"), status: choice("todo", "in_progress", "done"), due_date: date }, ["title"]],
    ["Expense", { title: text, amount: num, date, project_id: link("Project") }, ["title"]],
  ],
};

export function fixtureApp(which: keyof typeof APPS): Files {
  const schemas = APPS[which].map(([name, properties, required]) => entityJson(name, properties, required));
  const files: Files = renderAll(newModel(which === "crm" ? "Customer CRM" : "My App", defaultTheme(null), schemas));
  for (const s of schemas) files[`entities/${s.name}`] = printEntity(s);
  return files;
}

/** An app built by the first turn (for tests about what the engine as a whole does). */
export function build(message: string): Files {
  return applyAll({}, actionsOf(planOffline({ message, files: {}, appName: "" })));
}

/** One follow-up turn: the answer, its actions and the files after them. */
export function follow(files: Files, message: string, extra: Partial<EngineInput> = {}) {
  const text = planOffline({ message, files, appName: "App", ...extra });
  const actions = actionsOf(text);
  return { text, actions, files: applyAll(files, actions, extra.frozen ?? []) };
}

export const entity = (files: Files, name: string) => JSON.parse(files[`entities/${name}`]);
export const touched = (actions: Action[]) => actions.flatMap((a) => (a.type === "rename" ? [a.from, a.to] : "path" in a ? [a.path] : []));
