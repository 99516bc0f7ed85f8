import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, launch, newContext, tokenFor, uniqueEmail, webUrl } from "./browser";

/**
 * Analytics from real visits (issue 8, spec 03 §7.12): an invited user browses a published
 * private app in Chromium, and each page they open is a visit the owner's stats count.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("a published app's visits reach the owner's analytics", () => {
  it("an invited user opens four pages; the stats count four visits of theirs, by page", async () => {
    const token = await tokenFor(uniqueEmail("visits-owner"));
    const created = await call("POST", "/api/apps", { token, body: { user_description: "A task tracker with tasks and projects" } });
    expect(created.status).toBe(201);
    const appId = created.body.id as string;
    await expect.poll(async () => (await call("GET", `/api/apps/${appId}`, { token })).body.status.state, { timeout: 45_000 }).toBe("ready");
    const app = (await call("GET", `/api/apps/${appId}`, { token })).body;
    expect(app.public_settings).toBe("private_with_login");
    const invited = uniqueEmail("visitor");
    expect((await call("POST", `/api/apps/${appId}/users/invite-user`, { token, body: { user_email: invited, role: "user" } })).status).toBe(200);
    expect((await call("POST", `/api/apps/${appId}/deploy`, { token })).status).toBe(200);

    const origin = `http://${app.slug}.localhost:${new URL(webUrl()).port}`;
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${origin}/`);
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(/\/api\/local\/identity/);
    await page.getByLabel("Or sign in with any e-mail address").fill(invited);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/" && !url.searchParams.has("access_token"));

    // the layout's navigation: the main page is open; three more pages by its links
    const nav = page.locator("aside nav a");
    await expect.poll(() => nav.count()).toBeGreaterThanOrEqual(3);
    const links = (await nav.evaluateAll((as) => as.map((a) => a.getAttribute("href")!))).slice(0, 3);
    for (const href of [...links.slice(1), links[0]]) {
      await page.locator(`aside nav a[href="${href}"]`).click();
      await page.waitForURL((url) => url.pathname === href);
    }

    const stats = async () => (await call("GET", `/api/app-logs/${appId}/stats`, { token })).body;
    await expect.poll(async () => (await stats()).top_users, { timeout: 15_000 }).toEqual([{ email: invited, visits: 4 }]);
    const body = await stats();
    expect(body).toMatchObject({ unique_users_count: 1, visits_counted: 4 });
    const main = app.main_page as string;
    const opened = [main, ...links.slice(1).map((h) => h.slice(1)), links[0].slice(1)];
    const expected = new Map<string, number>();
    for (const name of opened) expected.set(name, (expected.get(name) ?? 0) + 1);
    expect(Object.fromEntries(body.top_pages.map((p: any) => [p.page_name, p.visits]))).toEqual(Object.fromEntries(expected));
  });
});
