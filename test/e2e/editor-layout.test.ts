import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, uniqueEmail } from "./browser";

/**
 * The editor at the sizes a new user tried (issue 8 "What a new user hit"): on a 375 px phone
 * every toolbar button, Publish included, is on screen; at 1440 px the workspace view, not
 * its sidebar, gets the room, so the code editor shows a readable line.
 */

let browser: Browser;
let appId: string;
const email = uniqueEmail("layout");

beforeAll(async () => {
  browser = await launch();
  const page = await (await newContext(browser)).newPage();
  await signInThroughIdentityPage(page, { email }, "/");
  await page.getByTestId("prompt-input").fill("A task tracker with tasks and projects");
  await page.getByTestId("submit-prompt").click();
  await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/, { timeout: 20_000 });
  appId = new URL(page.url()).pathname.split("/")[2]!;
  await page.context().close();
}, 90_000);
afterAll(async () => {
  await browser?.close();
});

async function editorAt(width: number, height: number, path: string): Promise<Page> {
  const page = await (await newContext(browser, { width, height })).newPage();
  await signInThroughIdentityPage(page, { email }, path);
  return page;
}

describe("the editor's layout", () => {
  it("at 375 px the toolbar fits: Publish, Share, Version History and the mode toggle are wholly on screen", async () => {
    const page = await editorAt(375, 812, `/apps/${appId}/editor/preview`);
    const toolbar = page.getByTestId("workspace-toolbar");
    await toolbar.waitFor();
    for (const id of ["mode-workspace", "mode-preview", "network-toggle", "history-toggle", "share-app", "publish-app"]) {
      const box = await toolbar.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x, id).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(375);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await toolbar.getByTestId("publish-app").click();
    await page.getByRole("dialog").waitFor();
    await page.context().close();
  });

  it("at 375 px the prompt box's credit line is whole: it wraps between its parts, nothing is cut", async () => {
    const page = await editorAt(375, 812, `/apps/${appId}/editor/preview`);
    await page.getByTestId("edit-app").click();
    const cost = page.getByTestId("chat-drawer").getByTestId("send-cost");
    await cost.waitFor();
    expect(await cost.textContent()).toMatch(/^1 credit · \d+ left today, \d+ this month$/);
    // every box of the line holds its text (none scrolled or clipped) and the line ends on screen
    const clipped = await cost.evaluate((el) => [el, ...el.querySelectorAll("*")].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.outerHTML.slice(0, 80)));
    expect(clipped).toEqual([]);
    const box = (await cost.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it("at 1440 px the workspace view gets the room: the sidebar starts at 15 % of the screen and the code editor shows 65 characters a line, 85 with the file tree folded; the paid-only banner links to /billing", async () => {
    const page = await editorAt(1440, 900, `/apps/${appId}/editor/workspace/code`);
    const view = page.getByTestId("workspace-view");
    await view.waitFor();
    const editor = view.locator(".cm-content").first();
    await editor.waitFor();
    const viewBox = (await view.boundingBox())!;
    const sidebarBox = (await page.getByTestId("workspace-sidebar").boundingBox())!;
    // the chat keeps its 33 %; of the other 67 % the sidebar takes 15 % of the screen (was 25 %: a 608 px view)
    expect(sidebarBox.width).toBeGreaterThanOrEqual(200);
    expect(sidebarBox.width).toBeLessThanOrEqual(225);
    expect(viewBox.width).toBeGreaterThanOrEqual(740);
    const charsPerLine = () =>
      editor.evaluate((el) => {
        const probe = document.createElement("span");
        probe.textContent = "x".repeat(100);
        el.querySelector(".cm-line")!.append(probe);
        const perChar = probe.getBoundingClientRect().width / 100;
        probe.remove();
        return Math.floor(el.closest(".cm-scroller")!.clientWidth / perChar);
      });
    expect(await charsPerLine()).toBeGreaterThanOrEqual(65);
    // folding the file tree gives the editor the whole view
    await page.getByRole("button", { name: "Hide files" }).click();
    await page.getByTestId("code-file-tree").waitFor({ state: "hidden" });
    expect(await charsPerLine()).toBeGreaterThanOrEqual(85);
    await page.getByRole("button", { name: "Show files" }).click();
    await page.getByTestId("code-file-tree").waitFor();
    // on the free plan the read-only banner leads to the plans
    const upgrade = page.getByTestId("code-readonly-banner").getByRole("link", { name: "Upgrade" });
    expect(await upgrade.getAttribute("href")).toBe("/billing");
    await page.context().close();
  });
});
