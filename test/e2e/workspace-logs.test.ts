import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, toastSaying, uniqueEmail } from "./browser";

/**
 * The workspace's Logs and Analytics views over an app's real activity, and the Version
 * History panel bringing deleted records back (issue 5, spec 02 Logs Explorer, Analytics, Version History).
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let appId: string;
let entity: string;
let required: string[];
const ownerEmail = uniqueEmail("logs");

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { width: 1400, height: 900 });
  page = await context.newPage();
  await signInThroughIdentityPage(page, { email: ownerEmail }, "/");
  await page.getByTestId("prompt-input").waitFor();
  const app = await api("POST", "/api/apps", { user_description: "A CRM to track customers, deals and follow-up tasks" });
  expect(app.status).toBe(201);
  appId = app.body.id;
  await untilReady();
  const built = (await api("GET", `/api/apps/${appId}`)).body;
  entity = Object.keys(built.entities)[0]!;
  required = built.entities[entity].required ?? [];
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

/** A call to Kiln's API as the signed-in owner, from the page (its token, its origin). */
async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const token = localStorage.getItem("token");
      const res = await fetch(path, {
        method,
        headers: { ...(token && !("x-base44-anonymous-id" in headers) ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
    { method, path, body, headers },
  );
}

/** Polls the app until its turn is done (a plain loop: it also runs in beforeAll, where expect.poll cannot). */
async function untilReady() {
  const deadline = Date.now() + 45_000;
  while ((await api("GET", `/api/apps/${appId}`)).body.status.state !== "ready") {
    if (Date.now() > deadline) throw new Error(`app ${appId} is not ready after 45 s`);
    await page.waitForTimeout(250);
  }
}

const recordOf = (label: string) => Object.fromEntries(required.map((f) => [f, label]));
const workspace = (view: string) => page.goto(`/apps/${appId}/editor/workspace/${view}`);

describe("Logs and Analytics", () => {
  it("the logs explorer lists the app's real activity and filters it", async () => {
    for (const p of ["Home", "Home", "Deals"]) expect((await api("POST", `/api/app-logs/${appId}/log-user-in-app/${p}`)).status).toBe(200);
    // a visitor's visit counts only while the app is open to visitors
    expect((await api("PUT", `/api/apps/${appId}`, { public_settings: "public_without_login" })).status).toBe(200);
    expect((await api("POST", `/api/app-logs/${appId}/log-user-in-app/home`, undefined, { "x-base44-anonymous-id": "e2e-visitor" })).status).toBe(200);
    expect((await api("PUT", `/api/apps/${appId}`, { public_settings: "private_with_login" })).status).toBe(200);
    expect((await api("POST", `/api/apps/${appId}/entities/${entity}`, recordOf("logged"))).status).toBe(201);
    expect((await api("GET", `/api/apps/${appId}/entities/NoSuchThing`)).status).toBe(404);

    await workspace("logs");
    const view = page.getByTestId("logs-view");
    await view.waitFor();
    const rows = view.getByTestId("log-row");
    // the activity above; the preview's own entity calls may add to it
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(6);
    expect(await view.getByTestId("logs-table").innerText()).toContain("e2e-visitor");
    await expect.poll(() => view.getByTestId("logs-next").isDisabled()).toBe(true);

    await view.getByTestId("logs-filter-errors").click();
    await expect.poll(async () => [...new Set(await rows.evaluateAll((els) => els.map((e) => e.getAttribute("data-status"))))]).toEqual(["error"]);
    const failed = rows.filter({ hasText: "NoSuchThing" });
    expect(await failed.getAttribute("data-type")).toBe("entity");
    await failed.click();
    await view.getByTestId("log-details").waitFor();

    await view.getByTestId("logs-filter-errors").click();
    await view.getByTestId("logs-filter-type").selectOption("visit");
    await expect.poll(() => rows.count()).toBe(4);
    await view.getByTestId("logs-filter-email").fill(ownerEmail);
    await view.getByTestId("logs-filter-email").press("Enter");
    await expect.poll(() => rows.count()).toBe(3);
  });

  it("analytics shows unique users, top pages and top users, and 'Not enough data' for one day", async () => {
    await workspace("analytics");
    const view = page.getByTestId("analytics-view");
    await view.waitFor();
    await expect.poll(() => view.getByTestId("analytics-unique-users").innerText()).toBe("2");
    const pages = view.getByTestId("analytics-top-pages");
    await expect.poll(() => pages.innerText()).toContain("Home");
    expect(await pages.locator("tbody tr").first().innerText()).toMatch(/Home\s+\/\s+2/);
    expect(await view.getByTestId("analytics-top-users").locator("tbody tr").count()).toBe(1);
    await view.getByTestId("analytics-not-enough").waitFor();

    await view.getByTestId("analytics-filter-page_name").fill("Deals");
    await view.getByTestId("analytics-filter-page_name").press("Enter");
    await expect.poll(() => view.getByTestId("analytics-visits").innerText()).toBe("1");
  });
});

describe("Version History", () => {
  it("restores code and data: records deleted after a checkpoint come back", async () => {
    const created: any[] = [];
    for (const label of ["one", "two", "three"]) created.push((await api("POST", `/api/apps/${appId}/entities/${entity}`, recordOf(label))).body);
    const before = (await api("GET", `/api/apps/${appId}/entities/${entity}?sort=created_date`)).body as any[];
    expect((await api("POST", `/api/apps/${appId}/chat/message`, { content: "add a priority field to tasks" })).status).toBe(201);
    await untilReady();
    for (const r of before) expect((await api("DELETE", `/api/apps/${appId}/entities/${entity}/${r.id}`)).status).toBe(200);
    expect((await api("GET", `/api/apps/${appId}/entities/${entity}`)).body).toEqual([]);

    await workspace("overview");
    await page.getByTestId("history-toggle").click();
    const panel = page.getByTestId("version-history");
    await panel.waitFor();
    await panel.getByTestId("checkpoint-item").filter({ hasText: "add a priority field to tasks" }).click();
    await expect.poll(() => panel.getByTestId("file-tree").innerText()).toContain(entity);
    await panel.getByTestId("checkpoint-restore").click();

    const dialog = page.getByTestId("restore-dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("cannot be undone");
    await dialog.getByTestId("restore-code-and-data").click();
    await dialog.getByTestId("restore-confirm").click();
    expect(await toastSaying(page, "Restored the code")).toContain(`${before.length} records`);
    await panel.waitFor({ state: "detached" });

    const after = (await api("GET", `/api/apps/${appId}/entities/${entity}?sort=created_date`)).body;
    expect(after).toEqual(before);
    expect(created.every((c) => after.some((r: any) => r.id === c.id))).toBe(true);
  });
});
