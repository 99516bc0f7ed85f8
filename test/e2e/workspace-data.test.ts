import { readFile } from "node:fs/promises";
import Papa from "papaparse";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, toastSaying, uniqueEmail, waitForApp, webUrl } from "./browser";

/**
 * The workspace's data views as an owner on the free plan uses them (spec 02 §2 "Entity
 * data table", "Users table"): records added, edited and deleted through the sheet, a CSV
 * imported, exported and imported back unchanged, Delete All; users invited, and the
 * admin role held back by the free plan.
 */
let browser: Browser;
let context: BrowserContext;
let page: Page;
let appId: string;
let entity: string;
let schema: { properties: Record<string, { type?: string; enum?: unknown[]; format?: string }>; required?: string[] };
/** the entity's first plain text field: what the test writes and reads back */
let textField: string;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { width: 1400, height: 900 });
  page = await context.newPage();
  await signInThroughIdentityPage(page, { email: uniqueEmail("data") }, "/");
  await page.getByTestId("prompt-input").waitFor({ timeout: 20_000 });
  const app = await api<{ id: string }>("POST", "/apps", { user_description: "A simple task tracker" });
  appId = app.id;
  await waitForApp(page, appId, (a) => a.status?.state === "ready");
  const full = await api<{ entities: Record<string, typeof schema> }>("GET", `/apps/${appId}`);
  entity = Object.keys(full.entities)[0];
  schema = full.entities[entity];
  textField = Object.entries(schema.properties).find(([, p]) => p.type === "string" && !p.enum && !p.format)![0];
});
afterAll(async () => {
  await browser?.close();
});

/** A call to Kiln's API from the page, as the signed-in owner. */
async function api<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${localStorage.getItem("token")}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body },
  );
}

/** Open a workspace view by its address and wait for it; a view that never shows fails with what the page shows instead. */
async function openView(view: string, testId: string) {
  await page.goto(`/apps/${appId}/editor/workspace/${view}`);
  await page
    .getByTestId(testId)
    .waitFor({ timeout: 30_000 })
    .catch(async (err: unknown) => {
      const shown = await page.locator("body").innerText().catch(() => "");
      throw new Error(`${testId} did not show at ${page.url()}; the page shows: ${shown.slice(0, 800)}`, { cause: err });
    });
}

const openTable = () => openView(`entity-${entity}`, "entity-data-view");

const records = () => api<Record<string, unknown>[]>("GET", `/apps/${appId}/entities/${entity}?sort=created_date`);
const rows = () => page.getByTestId("record-row");

/** Fill the sheet: the text field, and every other required field with a value of its type. */
async function fillSheet(text: string) {
  const sheet = page.getByTestId("record-sheet");
  await sheet.waitFor();
  await sheet.getByTestId(`field-${textField}`).fill(text);
  for (const field of schema.required ?? []) {
    if (field === textField) continue;
    const p = schema.properties[field];
    const input = sheet.getByTestId(`field-${field}`);
    if (p.enum) await input.selectOption(String(p.enum[0]));
    else if (p.type === "number" || p.type === "integer") await input.fill("1");
    else if (p.type === "boolean") continue;
    else if (p.format === "date") await input.fill("2026-02-03");
    else await input.fill(`${field} value`);
  }
}

async function exportCsv(): Promise<string> {
  const downloaded = page.waitForEvent("download");
  await page.getByTestId("data-actions").click();
  await page.getByRole("menuitem", { name: "Export CSV" }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${entity}_export.csv`);
  return readFile((await download.path())!, "utf8");
}

/** The entity's own fields of each exported row, in a stable order. */
function ownFields(csv: string) {
  const parsed = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  const fields = Object.keys(schema.properties);
  return parsed.data.map((row) => Object.fromEntries(fields.map((f) => [f, row[f]]))).sort((a, b) => String(a[textField]).localeCompare(String(b[textField])));
}

describe("Entity data table", () => {
  it("adds, edits and deletes a record through the sheet", async () => {
    await openTable();
    const before = (await records()).length;

    await page.getByTestId("add-record").click();
    await fillSheet("Buy milk");
    await page.getByTestId("record-save").click();
    await toastSaying(page, "Record created");
    const row = rows().filter({ hasText: "Buy milk" });
    await row.waitFor();
    expect(await records()).toHaveLength(before + 1);

    await row.click();
    const field = page.getByTestId("record-sheet").getByTestId(`field-${textField}`);
    await expect.poll(() => field.inputValue()).toBe("Buy milk");
    await field.fill("Buy oat milk");
    await page.getByTestId("record-save").click();
    await toastSaying(page, "Record updated");
    await rows().filter({ hasText: "Buy oat milk" }).waitFor();
    expect((await records()).some((r) => r[textField] === "Buy oat milk")).toBe(true);

    // a delete asks first: Cancel keeps the row, Delete removes it
    await rows().filter({ hasText: "Buy oat milk" }).getByTestId("delete-record").click();
    const confirm = page.getByTestId("confirm-dialog");
    expect(await confirm.innerText()).toContain(`Delete this ${entity}?`);
    expect(await confirm.innerText()).toContain("will be deleted. This cannot be undone.");
    await confirm.getByTestId("confirm-cancel").click();
    await confirm.waitFor({ state: "detached" });
    expect((await records()).some((r) => r[textField] === "Buy oat milk")).toBe(true);
    await rows().filter({ hasText: "Buy oat milk" }).getByTestId("delete-record").click();
    await confirm.getByTestId("confirm-action").click();
    await toastSaying(page, "Record deleted");
    await rows().filter({ hasText: "Buy oat milk" }).waitFor({ state: "detached" });
    expect((await records()).some((r) => r[textField] === "Buy oat milk")).toBe(false);
  });

  it("imports a CSV, exports it, and the export imports back to the same records", async () => {
    // Start from an empty table: Delete All asks first, and Cancel keeps everything.
    await openTable();
    await api("POST", `/apps/${appId}/entities/${entity}`, Object.fromEntries((schema.required ?? []).map((f) => [f, sample(f)])));
    page.once("dialog", (dialog) => void dialog.dismiss());
    await page.getByTestId("data-actions").click();
    await page.getByRole("menuitem", { name: "Delete All" }).click();
    const before = (await records()).length;
    expect(before).toBeGreaterThan(0);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("data-actions").click();
    await page.getByRole("menuitem", { name: "Delete All" }).click();
    // the deletion's own answer first: the empty table may still be the one shown before the record above was made through the API
    expect(await toastSaying(page, /Deleted \d+ records?/)).toBe(`Deleted ${before} ${before === 1 ? "record" : "records"}`);
    await page.getByTestId("records-empty").getByText("No records found").waitFor();
    await page.getByText("Add your first record").waitFor();
    expect(await records()).toHaveLength(0);

    // every field a cell can hold plainly (required ones included), so the file has several columns
    const others = Object.entries(schema.properties)
      .filter(([f, p]) => f !== textField && (p.type === "string" || p.type === "number" || p.type === "integer" || p.type === "boolean"))
      .map(([f]) => f);
    const header = [textField, ...others];
    const csv = Papa.unparse({
      fields: header,
      data: ["Alpha, with a comma", 'Beta "quoted"', "Gamma"].map((text) => [text, ...others.map((f) => sample(f))]),
    });
    await page.getByTestId("import-csv-input").setInputFiles({ name: "tasks.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    expect(await toastSaying(page, /Imported|Import Failed/)).toBe("Imported 3 records");
    await expect.poll(() => rows().count()).toBe(3);
    expect((await records()).map((r) => r[textField]).sort()).toEqual(["Alpha, with a comma", 'Beta "quoted"', "Gamma"]);

    const exported = await exportCsv();
    expect(ownFields(exported).map((r) => r[textField])).toEqual(["Alpha, with a comma", 'Beta "quoted"', "Gamma"]);

    // Round trip: empty the table, import the export, export again: the same records.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("data-actions").click();
    await page.getByRole("menuitem", { name: "Delete All" }).click();
    await page.getByTestId("records-empty").waitFor();
    await page.getByTestId("import-csv-input").setInputFiles({ name: `${entity}_export.csv`, mimeType: "text/csv", buffer: Buffer.from(exported) });
    expect(await toastSaying(page, /Imported|Import Failed/)).toBe("Imported 3 records");
    await expect.poll(() => rows().count()).toBe(3);
    expect(ownFields(await exportCsv())).toEqual(ownFields(exported));
  });

  it("a CSV that matches no field is refused with the reason, and nothing is stored", async () => {
    await openTable();
    const before = (await records()).length;
    await page.getByTestId("import-csv-input").setInputFiles({ name: "wrong.csv", mimeType: "text/csv", buffer: Buffer.from("nothing,here\n1,2\n") });
    const text = await toastSaying(page, "Import Failed");
    expect(text).toContain("No column of the CSV matches");
    expect(await records()).toHaveLength(before);
  });

  it("pages a large table through the cursors, and exports every record", async () => {
    await openTable();
    await api("DELETE", `/apps/${appId}/entities/${entity}`, {});
    const base = Object.fromEntries((schema.required ?? []).map((f) => [f, sample(f)]));
    await api("POST", `/apps/${appId}/entities/${entity}/bulk`, Array.from({ length: 620 }, (_, i) => ({ ...base, [textField]: `Row ${String(i).padStart(4, "0")}` })));
    await page.reload();
    await page.getByTestId("entity-data-view").waitFor({ timeout: 30_000 });
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(500);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(620);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    const exported = ownFields(await exportCsv());
    expect(exported).toHaveLength(620);
    expect(new Set(exported.map((r) => r[textField])).size).toBe(620);
    await api("DELETE", `/apps/${appId}/entities/${entity}`, {});
  });

  it("shows the entity's schema", async () => {
    await openTable();
    await page.getByTestId("data-actions").click();
    await page.getByRole("menuitem", { name: "Schema" }).click();
    const json = JSON.parse((await page.getByTestId("schema-json").innerText()).trim());
    expect(Object.keys(json.properties)).toEqual(Object.keys(schema.properties));
    await page.keyboard.press("Escape");
  });
});

describe("Users table", () => {
  it("invites a user; on the free plan the admin role stays behind the gate", async () => {
    await openView("users", "users-view");

    await page.getByTestId("invite-user").click();
    const dialog = page.getByTestId("invite-user-dialog");
    await dialog.waitFor();
    await dialog.getByTestId("invite-send").click();
    await dialog.getByText("Please enter an email address").waitFor();
    expect(await dialog.locator('option[value="admin"]').isDisabled()).toBe(true);
    expect(await dialog.getByTestId("invite-admin-gate").innerText()).toBe("Paid plans only");

    const invited = uniqueEmail("invited");
    await dialog.getByTestId("invite-email").fill(invited);
    await dialog.getByTestId("invite-send").click();
    await toastSaying(page, `Invitation sent to ${invited}`);
    const row = page.getByTestId("user-row").filter({ hasText: invited });
    await row.waitFor();

    // The edit sheet leaves e-mail and name alone; choosing admin on the free plan stops at the gate.
    await row.click();
    const sheet = page.getByTestId("record-sheet");
    await sheet.waitFor();
    expect(await sheet.getByTestId("field-email").count()).toBe(0);
    expect(await sheet.getByTestId("field-full_name").count()).toBe(0);
    await sheet.getByTestId("field-role").selectOption("admin");
    await page.getByTestId("record-save").click();
    const gate = page.getByTestId("subscription-required");
    await gate.getByText("Subscription Required").waitFor();
    await gate.getByText("Only paying users can make other users admins").waitFor();
    expect(await gate.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/billing");
    const users = await api<{ email: string; role: string }[]>("GET", `/apps/${appId}/entities/User`);
    expect(users.find((u) => u.email === invited)?.role).toBe("user");
  });
});

describe("Users table on a paid plan", () => {
  it("invites an admin, promotes a user, and deletes one", async () => {
    const me = await api<{ id: string }>("GET", "/auth/me");
    const admin = await fetch(`${webUrl()}/api/local/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@kiln.local" }) });
    const { access_token } = (await admin.json()) as { access_token: string };
    const upgraded = await fetch(`${webUrl()}/api/auth/${me.id}/update-user`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ subscription_tier: "builder" }),
    });
    expect(upgraded.status).toBe(200);

    await openView("users", "users-view");
    await page.getByTestId("invite-user").click();
    const dialog = page.getByTestId("invite-user-dialog");
    expect(await dialog.locator('option[value="admin"]').isDisabled()).toBe(false);
    expect(await dialog.getByTestId("invite-admin-gate").count()).toBe(0);
    const boss = uniqueEmail("boss");
    await dialog.getByTestId("invite-email").fill(boss);
    await dialog.getByTestId("invite-role").selectOption("admin");
    await dialog.getByTestId("invite-send").click();
    await toastSaying(page, `Invitation sent to ${boss}`);
    await page.getByTestId("user-row").filter({ hasText: boss }).getByText("admin").waitFor();

    const user = page.getByTestId("user-row").filter({ hasText: "invited-" });
    await user.click();
    await page.getByTestId("record-sheet").getByTestId("field-role").selectOption("admin");
    await page.getByTestId("record-save").click();
    await toastSaying(page, "User updated");
    await user.getByText("admin").waitFor();
    const users = await api<{ email: string; role: string }[]>("GET", `/apps/${appId}/entities/User`);
    expect(users.filter((u) => u.role === "admin").map((u) => u.email)).toEqual(expect.arrayContaining([boss, expect.stringMatching(/^invited-/)]));

    await page.getByTestId("user-row").filter({ hasText: boss }).getByTestId("delete-user").click();
    await page.getByTestId("confirm-dialog").getByTestId("confirm-action").click();
    await toastSaying(page, "User deleted");
    await page.getByTestId("user-row").filter({ hasText: boss }).waitFor({ state: "detached" });
    expect((await api<{ email: string }[]>("GET", `/apps/${appId}/entities/User`)).some((u) => u.email === boss)).toBe(false);
  });
});

describe("API page", () => {
  it("shows a working example with the owner's api_key for the chosen entity, and copies it", async () => {
    await openView("api", "api-view");
    const me = await api<{ api_key: string }>("GET", "/auth/me");
    const code = page.getByTestId("api-example");
    await expect.poll(() => code.innerText()).toContain(`/api/apps/${appId}/entities/${entity}`);
    expect(await code.innerText()).toContain(me.api_key);
    expect(await code.innerText()).toContain("api_key: API_KEY");

    await page.getByRole("tab", { name: "Python" }).click();
    await expect.poll(() => code.innerText()).toContain("import requests");
    await page.getByTestId("api-copy").click();
    await page.getByTestId("api-copy").getByText("Copied!").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await code.innerText());
    await page.getByTestId("api-copy").getByText("Copy", { exact: true }).waitFor();
  });
});

/** A value of a required field's type, for records made outside the sheet. */
function sample(field: string): string | number | boolean {
  const p = schema.properties[field];
  if (p.enum) return p.enum[0] as string;
  if (p.type === "number" || p.type === "integer") return 1;
  if (p.type === "boolean") return false;
  if (p.format === "date") return "2026-02-03";
  return `${field} value`;
}
