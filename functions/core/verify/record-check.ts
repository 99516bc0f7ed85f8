import type { Locator, Page } from "playwright-core";
import type { RecordCheck } from "../../../schemas/verification";
import { Actor, type AppCaller } from "../actor";
import { Entities } from "../entities/entities";
import { EntityWrites } from "../entities/writes";
import { type PageWatch, runtimePanels } from "./page-check";

/**
 * One record made the way a person makes it: the entity's list page, its New/Add button, the
 * form's required fields filled with plausible values, Save. The create request the page
 * sends is read off the wire, the record is then found through the app's API as the same
 * user (row rules apply) and deleted, so the app's data is as it was.
 */

type Prop = Record<string, unknown>;

export interface RecordCheckInput {
  page: Page;
  watch: PageWatch;
  appId: string;
  entity: string;
  /** the app's files (`pages/X` -> source), to find the page that creates the entity */
  files: Record<string, string>;
  /** the preview user (the app's owner as a user of the app) */
  caller: AppCaller;
  /** opens one of the app's pages by name; false when it did not render */
  open: (page: string) => Promise<boolean>;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const CREATE_CONTROL = /^\s*(\+\s*)?(new|add|create)\b/i;
const SUBMIT_CONTROL = /^\s*(save|create|add|submit)\b/i;
const NO_CHOICE = "offers no choice";

/** The page to start from: one that links to `{Entity}Form`, else one that creates the entity itself, else the form page. */
export function startPage(entity: string, files: Record<string, string>): { page: string; form: string | null } | null {
  const pages = Object.keys(files).filter((p) => p.startsWith("pages/")).map((p) => p.slice("pages/".length));
  const form = pages.includes(`${entity}Form`) ? `${entity}Form` : null;
  const uses = new RegExp(`@/entities/${escape(entity)}["']|entities\\.${escape(entity)}\\b`);
  const creates = new RegExp(`\\b${escape(entity)}\\.create\\(|entities\\.${escape(entity)}\\.create\\(`);
  const candidates = pages.filter((p) => p !== form && !p.endsWith("Detail") && uses.test(files[`pages/${p}`]));
  const linking = form ? candidates.find((p) => files[`pages/${p}`].includes(`"${form}"`)) : undefined;
  const creating = candidates.find((p) => creates.test(files[`pages/${p}`]));
  const page = linking ?? creating ?? form;
  return page ? { page, form } : null;
}

/** A value a person would type into this field, as its input takes it. */
export function sampleValue(name: string, prop: Prop, inputType: string | null): string {
  const format = typeof prop.format === "string" ? prop.format : "";
  if (Array.isArray(prop.enum) && prop.enum.length) return String(prop.enum[0]);
  if (inputType === "date" || format === "date") return "2026-11-24";
  if (inputType === "datetime-local" || format === "date-time") return "2026-11-24T09:30";
  if (inputType === "time" || format === "time") return "09:30";
  if (inputType === "email" || format === "email") return "verify@example.com";
  if (inputType === "url" || format === "uri" || format === "url") return "https://example.com";
  if (inputType === "number" || prop.type === "number" || prop.type === "integer") {
    const min = typeof prop.minimum === "number" ? prop.minimum : 1;
    const max = typeof prop.maximum === "number" ? prop.maximum : Math.max(min, 3);
    return String(Math.min(Math.max(3, min), max));
  }
  const text = `Verification ${name.replace(/_/g, " ")}`;
  return typeof prop.maxLength === "number" ? text.slice(0, prop.maxLength) : text;
}

/** The control of one field: by id or name, else by its label. */
async function fieldOf(form: Locator, name: string): Promise<Locator | null> {
  const byId = form.locator(`[id="${name}"], [name="${name}"]`).first();
  if (await byId.count()) return byId;
  const label = name.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2");
  const byLabel = form.getByLabel(new RegExp(`^\\s*${escape(label)}\\b`, "i")).first();
  return (await byLabel.count()) ? byLabel : null;
}

/** Types, picks or chooses a value; answers why it could not. */
async function fill(page: Page, control: Locator, name: string, prop: Prop): Promise<string | null> {
  const kind = await control.evaluate((el) => ({ tag: el.tagName.toLowerCase(), type: el.getAttribute("type"), role: el.getAttribute("role"), value: (el as HTMLInputElement).value ?? "" }));
  if (kind.type === "checkbox" || kind.type === "radio" || kind.type === "hidden") return null;
  if (kind.tag === "select") {
    const options = await control.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    if (!options.length) return `the field "${name}" ${NO_CHOICE}`;
    await control.selectOption(options[0]);
    return null;
  }
  if (kind.role === "combobox" || kind.tag === "button") {
    // a Radix-style select: an enum with a default is already chosen
    if (Array.isArray(prop.enum) && prop.default !== undefined) return null;
    await control.click();
    const option = page.getByRole("option").first();
    try {
      await option.waitFor({ timeout: 2_000 });
    } catch {
      await page.keyboard.press("Escape");
      return `the field "${name}" ${NO_CHOICE}`;
    }
    await option.click();
    return null;
  }
  if (kind.value.trim()) return null;
  await control.fill(sampleValue(name, prop, kind.type));
  return null;
}

const isCreate = (appId: string, entity: string) => (url: string, method: string) =>
  method === "POST" && new RegExp(`/api/apps/${escape(appId)}/entities/${escape(entity)}$`).test(new URL(url).pathname);

/** The form on screen, or after the page's New/Add button was pressed. */
async function reachForm(input: RecordCheckInput, start: { page: string; form: string | null }): Promise<Locator | null> {
  const { page } = input;
  const form = page.locator("form").first();
  if (start.page !== start.form) {
    const control = page.getByRole("link", { name: CREATE_CONTROL }).or(page.getByRole("button", { name: CREATE_CONTROL })).first();
    if (await control.count()) {
      await control.click();
      try {
        await form.waitFor({ timeout: 5_000 });
        return form;
      } catch {
        // no form appeared: the form page itself, when there is one
      }
    }
  }
  if (start.form && (await input.open(start.form)) && (await form.count())) return form;
  return (await form.count()) ? form : null;
}

/** Creates one record through the entity's form, checks it through the API, deletes it. */
export async function checkRecord(input: RecordCheckInput): Promise<RecordCheck> {
  const { watch, entity } = input;
  const empty: RecordCheck = { entity, status: "failed", page: null, created: false, removed: false, error: null, errors: [] };
  const start = startPage(entity, input.files);
  if (!start) return { ...empty, status: "skipped", error: `No page of the app creates a ${entity}` };
  watch.take();
  const result: RecordCheck = { ...empty, page: start.page };
  let outcome: "done" | "needs-other-records" = "done";
  try {
    outcome = await attempt(input, start, result);
  } catch (err) {
    result.error ??= `Creating a ${entity} through its form failed: ${((err as Error).message ?? String(err)).split("\n")[0]}`;
  }
  result.errors = watch.take().filter((f) => f.kind !== "a11y");
  if (result.error === null && result.errors.length) result.error = `Creating a ${entity} showed ${result.errors.length === 1 ? "an error" : `${result.errors.length} errors`}`;
  result.status = outcome === "needs-other-records" && !result.errors.length ? "skipped" : result.error === null && result.created && result.removed ? "passed" : "failed";
  return result;
}

/**
 * The steps, each writing what it found into `result` (`error` set at the first that fails).
 * `needs-other-records`: a required choice had nothing to choose (a link to an entity with no
 * records yet), so the form could not be sent; that is the app's data, not its code.
 */
async function attempt(input: RecordCheckInput, start: { page: string; form: string | null }, result: RecordCheck): Promise<"done" | "needs-other-records"> {
  const { page, watch, entity } = input;
  const asUser = <T>(fn: () => Promise<T>) => Actor.provide({ type: "app", caller: input.caller }, fn);
  const scope = await asUser(() => Entities.open(input.caller, entity));
  const fail = (error: string) => ((result.error = error), "done" as const);
  if (!(await input.open(start.page))) return fail(`The page ${start.page} did not render`);
  const form = await reachForm(input, start);
  if (!form) return fail(`No form to create a ${entity} was found from ${start.page}`);

  const problems: string[] = [];
  for (const name of scope.schema.required) {
    const control = await fieldOf(form, name);
    if (!control) continue;
    const problem = await fill(page, control, name, scope.schema.properties[name] ?? {});
    if (problem) problems.push(problem);
  }
  // required inputs the schema does not name (a confirmation, a linked record's picker)
  for (const control of await form.locator("input[required], textarea[required]").all()) {
    const name = (await control.getAttribute("id")) ?? (await control.getAttribute("name")) ?? "field";
    const problem = await fill(page, control, name, scope.schema.properties[name] ?? {});
    if (problem) problems.push(problem);
  }

  const created = page.waitForResponse((res) => isCreate(input.appId, entity)(res.url(), res.request().method()), { timeout: 6_000 }).catch(() => null);
  const submit = form.locator('button[type="submit"]').or(form.getByRole("button", { name: SUBMIT_CONTROL })).first();
  if (!(await submit.count())) return fail(`The ${entity} form has no Save button`);
  await submit.click();
  const response = await created;
  if (!response) {
    const shown = await form.locator('[role="alert"], [aria-invalid="true"], .text-red-500, .text-destructive').allTextContents().catch(() => [] as string[]);
    const why = [...problems, ...shown.map((t) => t.trim()).filter(Boolean)].slice(0, 3).join("; ");
    result.error = `Saving the ${entity} form sent no create request${why ? ` (${why})` : ""}`;
    return problems.some((p) => p.endsWith(NO_CHOICE)) ? "needs-other-records" : "done";
  }
  const body = (await response.json().catch(() => null)) as { id?: unknown; message?: unknown } | null;
  if (!response.ok() || typeof body?.id !== "string") {
    return fail(`Saving the ${entity} form answered ${response.status()}${typeof body?.message === "string" ? `: ${body.message}` : ""}`);
  }
  const id = body.id;
  // what the page does after saving (usually the new record's detail page) is part of creating it
  await watch.settled();
  for (const finding of (await runtimePanels(page)).findings) watch.add(finding);
  try {
    await asUser(() => Entities.get(scope, id));
  } catch (err) {
    return fail(`The new ${entity} is not readable through the API: ${(err as Error).message}`);
  }
  result.created = true;
  try {
    await asUser(() => EntityWrites.remove(scope, id));
    result.removed = true;
  } catch (err) {
    result.error = `The new ${entity} (${id}) could not be deleted: ${(err as Error).message}`;
  }
  return "done";
}
