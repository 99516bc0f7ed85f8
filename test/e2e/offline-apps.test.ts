import type { BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DescriptionCase, doingDescriptions, offlineDescriptions } from "../fixtures/offline-descriptions";
import { apiCall, launch, newContext, ownerWithBuiltApp } from "./browser";
import { type Schema, filesAfterEachTurn, openEditorPreview, previewOf, sampleValue, showPage, staticHeadingOf, watchPreviewErrors } from "./offline-preview";

/**
 * Apps the offline planner builds from the public set, in the real preview: one description per
 * idea category (twelve) and two of people doing things (every description with a link when KILN_OFFLINE_E2E_ALL=1, which takes
 * 10-30 minutes), each rendered page by page with no console error, and a record created through
 * its form linked to another.
 */

/** The first description of each category that has a link, so each app proves a linked record. */
const perCategory: DescriptionCase[] = [...new Set(offlineDescriptions.map((c) => c.category))].map(
  (category) => offlineDescriptions.find((c) => c.category === category && c.links.length)!,
);
const all = process.env.KILN_OFFLINE_E2E_ALL === "1";
// ... and two of people doing things: a booking with its attendance, a loan with its due date
const sample = all ? offlineDescriptions.filter((c) => c.links.length) : [...perCategory, doingDescriptions[0], doingDescriptions[2]];

let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("apps the offline planner builds, in the real preview", () => {
  it("samples one description per idea category", () => {
    expect(new Set(sample.map((c) => c.category)).size).toBe(12);
  });

  it.each(sample.map((c) => [`${c.category}: ${c.description.slice(0, 40)}…`, c] as const))("%s: every page renders without an error, and a linked record is created through its form", async (_, c) => {
    // the files the offline engine writes for the description: the same code the server ran to build the app
    const [files] = filesAfterEachTurn(c.description);
    const [from, to] = c.links[0].split(">");
    const schemaOf = (name: string) => JSON.parse(files[`entities/${name}`]) as Required<Schema>;
    const { token, appId } = await ownerWithBuiltApp("offline-apps", null, c.description);
    const built = (await apiCall("GET", `/api/apps/${appId}`, { token })).body;
    expect(Object.keys(built.entities).sort()).toEqual(Object.keys(files).filter((p) => p.startsWith("entities/")).map((p) => p.slice(9)).sort());

    // the record to link to, made through the API
    const target = schemaOf(to);
    const parentName = `${to} one`;
    const parent: Record<string, unknown> = {};
    for (const f of target.required) parent[f] = f === target.required[0] && target.properties[f].type === "string" && !target.properties[f].format && !target.properties[f].enum ? parentName : sampleValue(f, target.properties[f], to);
    const made = await apiCall("POST", `/api/apps/${appId}/entities/${to}`, { token, body: parent });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const label = String(parent[target.required[0]]);

    const context: BrowserContext = await newContext(browser, { width: 1400, height: 900 });
    try {
      const page: Page = await context.newPage();
      const errors = watchPreviewErrors(page);
      await openEditorPreview(page, appId, token, `${from}Form`);
      const preview: FrameLocator = previewOf(page);

      // the form: required fields typed in, the linked record chosen by its name
      const source = schemaOf(from);
      await preview.locator("form").waitFor({ timeout: 60_000 });
      const titleField = source.required[0];
      let title = "";
      for (const f of source.required) {
        const prop = source.properties[f];
        if (prop.enum || prop.type === "boolean") continue;
        const value = sampleValue(f, prop, from);
        if (f === titleField) title = value;
        await preview.locator(`[id="${f}"]`).fill(value);
      }
      const key = `${to.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase()}_id`;
      await preview.locator(`[id="${key}"]`).click();
      await preview.getByRole("option", { name: label }).click();
      await preview.getByRole("button", { name: "Save" }).click();

      // the detail page names the linked record, and the record holds its id
      await preview.getByRole("link", { name: label }).first().waitFor();
      const records = (await apiCall("GET", `/api/apps/${appId}/entities/${from}`, { token })).body as Record<string, unknown>[];
      expect(records.map((r) => [r[titleField], r[key]])).toEqual([[source.properties[titleField].type === "number" ? Number(title) : title, made.body.id]]);

      // every other page of the app renders: dashboard, lists, boards, calendars
      const pages = Object.keys(files).filter((p) => p.startsWith("pages/") && !/(Detail|Form)$/.test(p)).map((p) => p.slice(6));
      for (const name of pages) await showPage(page, name, staticHeadingOf(files[`pages/${name}`])!);
      expect(errors).toEqual([]);
      expect(await page.getByTestId("issues-panel").count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});
