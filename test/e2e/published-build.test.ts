import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { apiCall, launch, newContext, ownerWithBuiltApp, webUrl } from "./browser";
import { firstRenderMs, storeSnapshot, storedSnapshot } from "./published-app";

/**
 * A published app renders from the build made at publish (compiled modules, built CSS) with no
 * Tailwind compiled in the visitor's page, exactly as an app published before builds still
 * renders by compiling in the page.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const appHost = (slug: string) => `http://${slug}.localhost:${new URL(webUrl()).port}`;

/** A visitor's first look: a fresh browser, the app's address, its first page on screen. */
async function visit(origin: string): Promise<{ page: Page; errors: string[]; text: string }> {
  const page = await (await newContext(browser)).newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.goto(`${origin}/`);
  await firstRenderMs(page);
  // the first page draws before its records arrive: compare what it shows once they have
  await page.waitForFunction(() => !document.getElementById("root")!.innerText.includes("Loading…"));
  return { page, errors, text: await page.locator("#root").innerText() };
}

describe("a published app's build", () => {
  it("renders the app from its build with no Tailwind in the page, as the app published before builds renders by compiling", async () => {
    const owner = await ownerWithBuiltApp("built", null, "A CRM to track customers, deals and follow-up tasks");
    expect((await apiCall("PUT", `/api/apps/${owner.appId}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
    const deployed = await apiCall("POST", `/api/apps/${owner.appId}/deploy`, { token: owner.token });
    expect(deployed.status).toBe(200);
    const { slug } = (await apiCall("GET", `/api/apps/${owner.appId}`, { token: owner.token })).body;

    const built = await visit(appHost(slug));
    expect(built.errors).toEqual([]);
    expect(await built.page.locator("style[data-kiln-build]").count()).toBe(1);
    expect(await built.page.locator('style[type="text/tailwindcss"]').count()).toBe(0);
    // routing: another page of the menu, through the app's own links
    const link = built.page.locator("#root a[href^='/']").filter({ hasNotText: /^$/ }).nth(1);
    const href = await link.getAttribute("href");
    await link.click();
    await built.page.waitForURL((url) => url.pathname.toLowerCase() === href!.toLowerCase());
    await firstRenderMs(built.page);

    // the same version stored as a publish wrote it before builds: the page compiles it, and shows the same
    const links = inject("stackLinks");
    const snapshot = JSON.parse(await storedSnapshot(links, owner.appId, deployed.body.version));
    await storeSnapshot(links, owner.appId, deployed.body.version, JSON.stringify(snapshot.files));
    const before = await visit(appHost(slug));
    expect(before.errors).toEqual([]);
    expect(await before.page.locator("style[data-kiln-build]").count()).toBe(0);
    expect(await before.page.locator('style[type="text/tailwindcss"]').count()).toBe(1);
    expect(before.text).toBe(built.text);
  });
});
