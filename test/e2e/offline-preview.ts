import type { FrameLocator, Page } from "playwright-core";
import { expect } from "vitest";
import { nameFromDescription } from "../../functions/agent/offline";
import { turn } from "../../scripts/score-offline/run";
import { apiCall } from "./browser";

/**
 * An app the offline engine builds, driven in the real preview (the editor's page picker and frame):
 * its pages opened one by one and a record saved through each entity's form, found through the API.
 * Shared by offline-apps.test.ts (the public fixtures) and offline-sets.test.ts (issue 25's sets).
 */

export type Files = Record<string, string>;
export type Prop = { type: string; format?: string; enum?: string[]; maximum?: number; description?: string };
export type Schema = { properties: Record<string, Prop>; required?: string[] };

/** The files after each turn of an app's life, built in-process as scripts/score-offline/run.ts builds them: the first turn, then each follow-up. */
export function filesAfterEachTurn(description: string, followUps: string[] = []): Files[] {
  const appName = nameFromDescription(description);
  const states = [turn({}, description, appName).files];
  for (const message of followUps) states.push(turn(states[states.length - 1], message, appName).files);
  return states;
}

/** Files in the shape GET /api/apps/{id} answers them (functions/core/apps/files.ts), to compare an app the server built with one built here. */
export function asTheApiGroupsThem(files: Files) {
  const grouped = { pages: {} as Files, components: {} as Files, functions: {} as Files, entities: {} as Record<string, unknown>, layout: null as string | null };
  for (const [path, content] of Object.entries(files)) {
    const [kind, ...rest] = path.split("/");
    const name = rest.join("/");
    if (kind === "entities") grouped.entities[name] = JSON.parse(content);
    else if (kind === "layout") grouped.layout = content;
    else if (kind === "pages" || kind === "components" || kind === "functions") grouped[kind][name] = content;
  }
  return grouped;
}

/** A value a person would type for a field of this kind, as the form's input takes it. */
export function sampleValue(name: string, prop: Prop, label: string): string {
  if (prop.enum) return prop.enum[0];
  if (prop.format === "date") return "2026-11-24";
  if (prop.format === "time") return "09:30";
  if (prop.format === "email") return "sam@example.com";
  if (prop.format === "url") return "https://example.com";
  if (prop.type === "number") return prop.format === "rating" ? "4" : "12";
  return `${label} ${name}`;
}

/** A page's fixed heading (dashboards, lists, boards, calendars), or null when it is worked out at run time (forms, details). */
export function staticHeadingOf(source: string): string | null {
  return /<h1 className=\{theme\.heading\}>([^<{]+)<\/h1>/.exec(source)?.[1].trim() ?? null;
}

/** Errors the preview's app reports (console errors from its origin, uncaught exceptions), collected as they happen. */
export function watchPreviewErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error" && msg.location().url.includes("//preview--")) errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (err) => errors.push(`uncaught: ${err.message}`));
  return errors;
}

export const previewOf = (page: Page): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');

/** Opens the app's editor on one of its pages, signed in with the owner's token. */
export async function openEditorPreview(page: Page, appId: string, token: string, pageName: string) {
  await page.goto(`/login?${new URLSearchParams({ from_url: `/apps/${appId}/editor/preview/${pageName}` })}#access_token=${token}`);
  await page.waitForURL(new RegExp(`/editor/preview/${pageName}$`));
}

/** Shows a page through the editor's page picker and waits for its heading. */
export async function showPage(page: Page, name: string, heading: string) {
  await page.getByTestId("page-picker").selectOption(name);
  await previewOf(page).getByRole("heading", { name: heading, exact: true }).waitFor();
}

/** The entity a field links to ("id of the related Cafe"), if it is one of the app's. */
export function linkTarget(prop: Prop, entities: string[]): string | null {
  const named = /^id of the related (\w+)$/.exec(prop.description ?? "")?.[1];
  return named && entities.includes(named) ? named : null;
}

/** The entities in an order that puts what a record links to before it (a cycle is cut where it closes). */
export function parentsFirst(schemas: Record<string, Schema>): string[] {
  const names = Object.keys(schemas);
  const order: string[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    if (order.includes(name) || visiting.has(name)) return;
    visiting.add(name);
    for (const prop of Object.values(schemas[name].properties)) {
      const target = linkTarget(prop, names);
      if (target && target !== name) visit(target);
    }
    order.push(name);
  };
  names.forEach(visit);
  return order;
}

/** The field a form's choice of a linked record shows (`{cafe.name || cafe.id}` after the `cafe_id` trigger). */
function optionLabelField(formSource: string, key: string): string | null {
  const at = formSource.indexOf(`<SelectTrigger id="${key}"`);
  if (at < 0) return null;
  return /\{(\w+)\.(\w+) \|\| \1\.id\}/.exec(formSource.slice(at))?.[2] ?? null;
}

export interface PageResult {
  page: string;
  problem?: string;
}
export interface StateResult {
  pages: PageResult[];
  forms: PageResult[];
}

/** An app as its owner reaches it through the API. */
export interface App {
  id: string;
  token: string;
}

const recordsOf = async (appId: string, token: string, entity: string) => (await apiCall("GET", `/api/apps/${appId}/entities/${entity}`, { token })).body as Record<string, unknown>[];

/**
 * Saves one record through an entity's form page as a person would: required fields typed (choices
 * picked), each link set to the record saved for its target earlier. Answers the record the API then
 * holds: exactly one new one, with the values typed and the links chosen, shown on its detail page.
 */
async function saveThroughForm(page: Page, app: App, files: Files, entity: string, tag: string, saved: Map<string, Record<string, unknown>>): Promise<Record<string, unknown>> {
  const preview = previewOf(page);
  const schema = JSON.parse(files[`entities/${entity}`]) as Schema;
  const entities = Object.keys(files).filter((p) => p.startsWith("entities/")).map((p) => p.slice(9));
  const form = files[`pages/${entity}Form`];
  const before = new Set((await recordsOf(app.id, app.token, entity)).map((r) => r.id));
  const newHeading = /\{id \? "[^"]*" : "([^"]+)"\}/.exec(form)?.[1];
  await page.getByTestId("page-picker").selectOption(`${entity}Form`);
  await (newHeading ? preview.getByRole("heading", { name: newHeading, exact: true }) : preview.locator("form")).waitFor();

  const typed: Record<string, unknown> = {};
  for (const f of schema.required ?? []) {
    const prop = schema.properties[f];
    // a required link is chosen below, with the others
    if (!prop || prop.type === "boolean" || linkTarget(prop, entities)) continue;
    if (prop.enum) {
      await preview.locator(`[id="${f}"]`).click();
      await preview.getByRole("option").first().click();
      continue;
    }
    const value = sampleValue(f, prop, `${entity} ${tag}`);
    await preview.locator(`[id="${f}"]`).fill(value);
    typed[f] = prop.type === "number" ? Number(value) : value;
  }
  const links: Record<string, unknown> = {};
  for (const f of Object.keys(schema.properties)) {
    const target = linkTarget(schema.properties[f], [...saved.keys()]);
    const parent = target ? saved.get(target)! : null;
    if (!parent) continue;
    const field = optionLabelField(form, f);
    if (!field) throw new Error(`${entity}Form: no choice of a ${target} under [id="${f}"]`);
    await preview.locator(`[id="${f}"]`).click();
    await preview.getByRole("option", { name: String(parent[field] || parent.id), exact: true }).click();
    links[f] = parent.id;
  }
  await preview.getByRole("button", { name: "Save" }).click();

  // the app moves on to the record's detail page, and the API holds exactly the one new record
  await expect.poll(() => page.getByTestId("page-picker").inputValue(), { timeout: 20_000 }).toBe(`${entity}Detail`);
  let made: Record<string, unknown>[] = [];
  await expect.poll(async () => (made = (await recordsOf(app.id, app.token, entity)).filter((r) => !before.has(r.id))).length, { timeout: 10_000 }).toBe(1);
  const record = made[0];
  expect(Object.fromEntries(Object.keys({ ...typed, ...links }).map((f) => [f, record[f]]))).toEqual({ ...typed, ...links });
  const detail = files[`pages/${entity}Detail`] ?? "";
  const titleField = /<h1[^>]*>\{\w+\.(\w+) \|\|/.exec(detail)?.[1];
  if (titleField && typeof record[titleField] === "string" && record[titleField]) await preview.getByRole("heading", { name: String(record[titleField]), exact: true }).waitFor();
  return record;
}

/**
 * Every page of an app in the preview the page is already showing, with the problems of each: a record
 * saved through each entity's form (parents first, so each links to the one saved before it), then every
 * other page shown by the picker. A page's problem is the first thing that failed on it, or an error the
 * app logged while it was shown; `tag` tells this state's typed values from an earlier one's.
 */
export async function checkEveryPage(page: Page, app: App, files: Files, tag: string, errors: string[]): Promise<StateResult> {
  const result: StateResult = { pages: [], forms: [] };
  const schemas: Record<string, Schema> = {};
  for (const path of Object.keys(files)) if (path.startsWith("entities/")) schemas[path.slice(9)] = JSON.parse(files[path]) as Schema;
  const saved = new Map<string, Record<string, unknown>>();
  const attempt = async (name: string, into: PageResult[], step: () => Promise<void>) => {
    const seen = errors.length;
    let problem: string | undefined;
    try {
      await step();
    } catch (err) {
      problem = (err as Error).message.split("\n")[0];
    }
    if (!problem && errors.length > seen) problem = errors.slice(seen).join("; ");
    into.push(problem ? { page: name, problem } : { page: name });
  };
  for (const entity of parentsFirst(schemas)) {
    if (!files[`pages/${entity}Form`]) continue;
    await attempt(`${entity}Form`, result.forms, async () => {
      saved.set(entity, await saveThroughForm(page, app, files, entity, tag, saved));
    });
  }
  for (const path of Object.keys(files).filter((p) => p.startsWith("pages/"))) {
    const name = path.slice(6);
    if (/(Form|Detail)$/.test(name) && schemas[name.replace(/(Form|Detail)$/, "")]) continue;
    await attempt(name, result.pages, async () => {
      const heading = staticHeadingOf(files[path]);
      if (heading) await showPage(page, name, heading);
      else {
        await page.getByTestId("page-picker").selectOption(name);
        await previewOf(page).locator("h1").first().waitFor();
      }
    });
  }
  const issues = await page.getByTestId("issues-panel").count();
  if (issues) result.pages.push({ page: "(issues panel)", problem: (await page.getByTestId("issues-panel").innerText()).split("\n").slice(0, 3).join(" ") });
  return result;
}

/** The problems of a state, one line each, for an assertion that lists them all. */
export const problemsOf = (state: StateResult): string[] => [...state.forms, ...state.pages].flatMap((p) => (p.problem ? [`${p.page}: ${p.problem}`] : []));
