import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { FEATURE_MESSAGES } from "../../lib/tiers";
import { GITHUB_NOT_CONFIGURED, GITHUB_USERNAME_INVALID, GITHUB_USERNAME_REQUIRED } from "../../schemas/export";
import { useBrowser, ownerWithBuiltApp } from "./browser";

/**
 * Export in real Chromium against the whole local stack (spec 02 §2, §4, §5, §6, §9): the
 * toolbar's code menu, the ZIP dialog's status switching after 1 second and the download
 * itself, the GitHub dialog on a Kiln without GitHub credentials and its username rules, and
 * the plan gate for a Free owner. The GitHub flow itself is driven in test/api/export.test.ts.
 */

const browser = useBrowser();

const ownerWithApp = (label: string, tier: "builder" | null) => ownerWithBuiltApp(label, tier, "A simple task tracker with a list of tasks and their status");

describe("Export from the toolbar", () => {
  let owner: Awaited<ReturnType<typeof ownerWithApp>>;
  beforeAll(async () => {
    owner = await ownerWithApp("export-owner", "builder");
  }, 90_000);

  it("Export to ZIP: the status switches after 1 second and the ZIP downloads", async () => {
    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/workspace/overview`);
    await page.getByTestId("export-menu").click();
    await page.getByTestId("menu-zip").click();
    const dialog = page.getByTestId("zip-dialog");
    await expect.poll(() => dialog.getAttribute("data-status")).toBe("idle");

    const downloading = page.waitForEvent("download");
    const clicked = Date.now();
    await page.getByTestId("zip-download").click();
    await expect.poll(() => page.getByTestId("zip-status").innerText()).toBe("Preparing your download…");
    await expect.poll(() => page.getByTestId("zip-status").innerText(), { timeout: 5_000 }).toBe("Your download has started.");
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(1000);

    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const bytes = readFileSync((await download.path())!);
    // a ZIP's local file header
    expect(bytes.subarray(0, 4).toString("latin1")).toBe("PK\u0003\u0004");
    expect(bytes.length).toBeGreaterThan(10_000);
  });

  it("GitHub integration on a Kiln without GitHub credentials says how to configure them", async () => {
    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/workspace/overview`);
    await page.getByTestId("export-menu").click();
    await page.getByTestId("menu-github").click();
    const dialog = page.getByTestId("github-dialog");
    await expect.poll(() => dialog.getAttribute("data-state")).toBe("not-configured");
    expect(await page.getByTestId("github-not-configured").innerText()).toContain(GITHUB_NOT_CONFIGURED);
    expect(await page.getByTestId("github-export").count()).toBe(0);
  });

  it("an exported app's Invite tab holds to the GitHub username rules", async () => {
    // the app was exported while this Kiln had credentials: its repository is on the app
    Object.assign(process.env, inject("stackLinks"));
    const { Apps } = await import("../../functions/core/apps/apps");
    await Apps.update(owner.appId, { github_repo_url: "https://github.com/kiln-bot/task-tracker" }, false);

    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/workspace/overview`);
    await page.getByTestId("export-menu").click();
    await page.getByTestId("menu-github").click();
    await expect.poll(() => page.getByTestId("github-dialog").getAttribute("data-state")).toBe("exported");
    expect(await page.getByTestId("github-repo-url").innerText()).toBe("https://github.com/kiln-bot/task-tracker");
    await page.getByTestId("github-tab-invite").click();

    const name = page.getByTestId("github-username");
    await name.fill("ada.lovelace");
    await expect.poll(() => page.getByTestId("github-username-error").innerText()).toBe(GITHUB_USERNAME_INVALID);
    await name.fill("ada@example");
    await expect.poll(() => page.getByTestId("github-username-error").innerText()).toBe(GITHUB_USERNAME_INVALID);
    await name.fill("");
    expect(await page.getByTestId("github-username-error").count()).toBe(0);
    await page.getByTestId("github-invite").click();
    await expect.poll(() => page.getByTestId("github-username-error").innerText()).toBe(GITHUB_USERNAME_REQUIRED);
  });
});

describe("the plan gate (spec 02 §6)", () => {
  it("a Free owner meets it in both dialogs, with Upgrade to /billing", async () => {
    const owner = await ownerWithApp("export-free", null);
    const page = await browser.signedIn(owner.email, `/apps/${owner.appId}/editor/workspace/overview`);
    await page.getByTestId("export-menu").click();
    await page.getByTestId("menu-zip").click();
    expect(await page.getByTestId("export-gate").innerText()).toContain(FEATURE_MESSAGES.code_export!);
    expect(await page.getByTestId("zip-download").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.getByTestId("export-menu").click();
    await page.getByTestId("menu-github").click();
    await expect.poll(() => page.getByTestId("github-dialog").getAttribute("data-state")).toBe("gated");
    expect(await page.getByTestId("export-upgrade").getAttribute("href")).toBe("/billing");
  }, 90_000);
});
