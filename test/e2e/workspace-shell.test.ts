import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEATURE_MESSAGES } from "../../lib/tiers";
import { launch, newContext, signInThroughIdentityPage, toastSaying, uniqueEmail } from "./browser";

/** The owner workspace's shell (spec 02 Layout, Overview, Share, Publish, App Settings), driven in a real browser. */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let appId: string;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { width: 1400, height: 900 });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

async function apiAs(p: Page, path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<{ status: number; body: any }> {
  return p.evaluate(
    async ({ path, init }) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (init.auth !== false) headers.Authorization = `Bearer ${localStorage.getItem("token")}`;
      const res = await fetch(`/api${path}`, { method: init.method ?? "GET", headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { path, init },
  );
}
const appNow = async () => (await apiAs(page, `/apps/${appId}`)).body;
const workspace = (view: string, search = "") => `/apps/${appId}/editor/workspace/${view}${search}`;

describe("the owner workspace", () => {
  it("a new app: the dashboard route opens the overview beside the chat, with the sidebar's items", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("shell") }, "/");
    await page.getByTestId("prompt-input").fill("A CRM to track customers, deals and follow-up tasks");
    await page.getByTestId("submit-prompt").click();
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/, { timeout: 20_000 });
    appId = new URL(page.url()).pathname.split("/")[2]!;
    // The first version may be built before a browser could see "Creating Your App": that screen is tested in test/unit/app-stage-screens.test.tsx.
    await expect.poll(async () => (await appNow()).status.state, { timeout: 45_000, interval: 250 }).toBe("ready");

    await page.goto(`/apps/${appId}/dashboard`);
    await page.waitForURL(/\/editor\/workspace\/overview$/);
    await page.getByTestId("overview-view").waitFor();
    expect(await page.getByTestId("chat-input").count()).toBe(1);
    const sidebar = page.getByTestId("workspace-sidebar");
    for (const id of ["overview", "users", "entity-Customer", "entity-Deal", "entity-Task", "analytics", "security", "code", "logs", "api", "logo", "app-settings"]) {
      await sidebar.getByTestId(`workspace-nav-${id}`).waitFor();
    }
    expect(await sidebar.getByTestId("workspace-nav-secrets").count()).toBe(0);
    await sidebar.getByTestId("workspace-nav-logo").click();
    await page.waitForURL(/\/workspace\/logo$/);
    await page.getByText("PNG, JPG up to 5MB").waitFor();
    await page.getByTestId("logo-tab-generate").click();
    expect(await page.getByTestId("logo-prompt").inputValue()).toBe("A modern, minimalist logo for a business app");
    await page.getByTestId("logo-generate").click();
    await toastSaying(page, "Failed to generate logo"); // a new app has no logo to regenerate
    await page.getByTestId("logo-generate-error").getByText(/No image model is configured/).waitFor();
  });

  it("an unknown view says so", async () => {
    await page.goto(workspace("no-such-view"));
    await page.getByTestId("unknown-view").getByText("Unknown view").waitFor();
    await page.goto(workspace("entity-Nope"));
    await page.getByText("Unknown view").waitFor();
  });

  it("overview: rename (with the spec's refusals), star, description and visibility", async () => {
    await page.goto(workspace("overview"));
    await page.getByTestId("overview-rename").click();
    await page.getByTestId("overview-name-input").fill("   ");
    await page.getByTestId("overview-name-save").click();
    await toastSaying(page, "App name cannot be empty");

    await page.getByTestId("overview-name-input").fill("Deal Desk");
    await page.getByTestId("overview-name-save").click();
    await page.getByTestId("overview-name").filter({ hasText: "Deal Desk" }).waitFor();
    await expect.poll(async () => (await appNow()).name).toBe("Deal Desk");

    await page.getByTestId("overview-star").click();
    await expect.poll(async () => (await appNow()).is_starred).toBe(true);

    await page.getByTestId("overview-description").fill("Deals and follow-ups for a small sales team");
    await page.getByTestId("overview-name").click(); // blur saves
    await expect.poll(async () => (await appNow()).user_description).toBe("Deals and follow-ups for a small sales team");

    await page.getByTestId("overview-visibility").selectOption("public_without_login");
    await expect.poll(async () => (await appNow()).public_settings).toBe("public_without_login");
    await page.getByTestId("overview-created").getByText(/Created .* ago/).waitFor();

    await page.getByTestId("overview-open-app").click();
    await page.waitForURL(new RegExp(`/apps/${appId}/editor/preview/[^/]+$`));
  });

  it("the network activity panel lists the preview's requests; its filter cycles", async () => {
    await page.getByTestId("preview-frame").waitFor();
    await page.frameLocator('[data-testid="preview-frame"]').locator("h1").first().waitFor({ timeout: 30_000 });
    // the toolbar counts the entries, and a request's end reaches the panel
    await page.getByTestId("network-toggle").locator("xpath=..").getByText(/^([1-9]\d*|99\+)$/).waitFor({ timeout: 15_000 });
    await page.getByTestId("network-toggle").click();
    const panel = page.getByTestId("network-panel");
    await panel.locator('[data-testid="activity-entry"][data-kind="request"]').first().waitFor({ timeout: 15_000 });
    await panel.locator('[data-testid="activity-entry"][data-kind="request"]').getByText("200", { exact: true }).first().waitFor({ timeout: 15_000 });
    for (const line of await panel.getByTestId("activity-line").allTextContents()) expect(line.length).toBeLessThanOrEqual(61);
    const filter = panel.getByTestId("network-filter");
    for (const next of ["requests", "logs", "success", "error", "all"]) {
      await filter.click();
      await filter.getByText(`Filter: ${next}`).waitFor();
    }
    await page.keyboard.press("Escape");
  });

  it("Share: the public link, the invite form, and the admin role gated on the free plan", async () => {
    await page.getByTestId("mode-workspace").click();
    await page.waitForURL(/\/workspace\/overview$/);
    await page.getByTestId("share-app").click();
    const dialog = page.getByTestId("share-dialog");
    await dialog.getByText("Share Your App").waitFor();
    const slug = (await appNow()).slug;
    expect(await dialog.getByTestId("share-url").inputValue()).toContain(`${slug}.localhost`);
    expect(await dialog.locator('option[value="admin"]').isDisabled()).toBe(true);
    await dialog.getByTestId("share-admin-gate").getByText(FEATURE_MESSAGES.assign_admin!).waitFor();

    await dialog.getByTestId("share-invite-send").click();
    await dialog.getByTestId("share-invite-error").getByText("Please enter an email address").waitFor();
    const invitee = uniqueEmail("invitee");
    await dialog.getByTestId("share-invite-email").fill(invitee);
    await dialog.getByTestId("share-invite-send").click();
    await toastSaying(page, `Invitation sent to ${invitee}`);
    await page.keyboard.press("Escape");
  });

  it("Publish: idle, publishing, then the public link opens", async () => {
    await page.getByTestId("publish-app").click();
    const dialog = page.getByTestId("publish-dialog");
    // the app is public and its Customer e-mails have no rules: the publish names that critical finding and goes once it is acknowledged (issue 24 §3)
    await dialog.getByTestId("publish-confirm").click();
    await dialog.getByTestId("publish-error").getByText(/rls-Customer-personal-data-no-rules/).waitFor();
    await dialog.locator('[data-testid="publish-acknowledge"][data-finding-id="rls-Customer-personal-data-no-rules"]').click();
    const popup = context.waitForEvent("page", { timeout: 20_000 });
    await dialog.getByTestId("publish-confirm").click();
    const opened = await popup;
    const slug = (await appNow()).slug;
    expect(new URL(opened.url()).hostname).toBe(`${slug}.localhost`);
    await dialog.getByTestId("publish-done").waitFor();
    expect((await appNow()).last_deployed_at).toBeTruthy();
    await opened.close();
    await page.keyboard.press("Escape");
  });

  it("narrow screens: the sidebar becomes a menu under 1024 px; under 768 px the chat opens from Edit App", async () => {
    await page.setViewportSize({ width: 900, height: 860 });
    await page.goto(workspace("overview"));
    await page.getByTestId("overview-view").waitFor();
    expect(await page.getByTestId("workspace-sidebar").count()).toBe(0);
    await page.getByTestId("workspace-menu").click();
    await page.getByTestId("workspace-menu-logo").click();
    await page.waitForURL(/\/workspace\/logo$/);

    await page.setViewportSize({ width: 700, height: 860 });
    await page.getByTestId("edit-app").waitFor();
    expect(await page.getByTestId("chat-input").isVisible()).toBe(false);
    await page.getByTestId("edit-app").click();
    await page.getByTestId("chat-drawer").getByTestId("chat-input").waitFor();
    await page.keyboard.press("Escape");
    await page.setViewportSize({ width: 1400, height: 900 });
  });

  it("App Settings: the chosen section is highlighted, the main page changes, the badge is gated on the free plan", async () => {
    await page.goto(workspace("app-settings", "?selectedParam=main-page"));
    await page.locator('[data-testid="settings-main-page"][data-highlighted]').waitFor();
    const pages = Object.keys((await appNow()).pages);
    const other = pages.find((p) => p !== (pages.includes("Dashboard") ? "Dashboard" : pages[0]))!;
    await page.getByTestId("settings-main-page-select").selectOption(other);
    await expect.poll(async () => (await appNow()).main_page).toBe(other);

    const badge = page.getByTestId("settings-branding-badge");
    await badge.getByText(FEATURE_MESSAGES.badge_toggle!).waitFor();
    expect(await badge.locator('input[type="checkbox"]').isDisabled()).toBe(true);
    expect(await page.getByTestId("settings-admin-controls").count()).toBe(0); // not a platform admin

    await page.goto(workspace("app-settings", "?selectedParam=platform-badge"));
    await page.locator('[data-testid="settings-branding-badge"][data-highlighted]').waitFor();
  });

  it("a platform admin blocks the app; its API then refuses", async () => {
    const entity = "Customer";
    expect((await apiAs(page, `/apps/${appId}/entities/${entity}`, { auth: false })).status).toBe(200); // public without login

    const adminContext = await newContext(browser, { width: 1400, height: 900 });
    const admin = await adminContext.newPage();
    await signInThroughIdentityPage(admin, { email: "admin@kiln.local" }, workspace("app-settings", "?selectedParam=admin-controls"));
    await admin.waitForURL(/\/workspace\/app-settings/);
    const controls = admin.getByTestId("settings-admin-controls");
    await controls.locator("[data-highlighted]").or(admin.locator('[data-testid="settings-admin-controls"][data-highlighted]')).first().waitFor();
    await controls.getByTestId("settings-block").click();
    await toastSaying(admin, "App blocked");
    await controls.getByRole("button", { name: "Unblock App" }).waitFor();
    await adminContext.close();

    const refused = await apiAs(page, `/apps/${appId}/entities/${entity}`, { auth: false });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/blocked/);
  });

  it("Delete App asks first; declining keeps the app, accepting deletes it", async () => {
    await page.goto(workspace("app-settings", "?selectedParam=delete-app"));
    page.once("dialog", (d) => void d.dismiss());
    await page.getByTestId("settings-delete").click();
    expect((await apiAs(page, `/apps/${appId}`)).status).toBe(200);

    page.once("dialog", (d) => void d.accept());
    await page.getByTestId("settings-delete").click();
    await page.waitForURL(/\/apps$/);
    expect((await apiAs(page, `/apps/${appId}`)).status).toBe(404);
  });
});
