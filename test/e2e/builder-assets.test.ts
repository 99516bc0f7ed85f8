import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launch, newContext, webUrl } from "./browser";

/** What every builder page asks for besides itself (issue 21 "What a new user hit": `/favicon.ico` was a 404 on every page). */

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("the builder's icon", () => {
  it("/favicon.ico answers with Kiln's mark as an icon, and the SVG one beside it", async () => {
    const res = await fetch(`${webUrl()}/favicon.ico`);
    expect(res.status).toBe(200);
    // an ICO file's header: reserved 0, type 1 (icon)
    expect([...new Uint8Array(await res.arrayBuffer()).slice(0, 4)]).toEqual([0, 0, 1, 0]);
    expect((await fetch(`${webUrl()}/favicon.svg`)).status).toBe(200);
  });

  it("a first visit asks for nothing that is not there: no 404 and no red console line", async () => {
    const page = await (await newContext(browser)).newPage();
    const missing: string[] = [];
    const errors: string[] = [];
    page.on("response", (response) => response.status() === 404 && missing.push(response.url()));
    page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    const icons = await page.locator("link[rel=icon]").evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    for (const href of icons) expect((await fetch(href)).status, href).toBe(200);
    expect(icons.map((href) => new URL(href).pathname).sort()).toEqual(["/favicon.ico", "/favicon.svg"]);
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
