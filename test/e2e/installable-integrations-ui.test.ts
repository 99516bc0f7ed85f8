import { describe, expect, it } from "vitest";
import { PACKAGE_NEEDS_BACKEND_FUNCTIONS } from "../../schemas/packages";
import { apiCall as call, toastSaying, useBrowser, ownerWithBuiltApp } from "./browser";

/**
 * Installable integrations in real Chromium against the whole local stack (issue 11): a catalogue
 * item's "Add to app" installs its package into one of the owner's apps and names the secrets it
 * still needs; App Settings → Integrations lists it with its endpoints and removes it; a Free
 * owner gets the plan's words and an Upgrade link.
 */

const browser = useBrowser();

const ownerWithApp = (label: string, tier: "builder" | null) => ownerWithBuiltApp(label, tier, "A simple order tracker with a list of orders and their status");

const appOf = async (owner: { token: string; appId: string }) => (await call("GET", `/api/apps/${owner.appId}`, { token: owner.token })).body;

describe("Installable integrations in the web", () => {
  it("a Builder owner adds Slack Notifications to their app, is told to add its secret, sees Slack with PostMessage in App Settings and removes it", async () => {
    const owner = await ownerWithApp("packages-ui-owner", "builder");
    const entry = (await call("GET", "/api/integration-catalog-items/catalog/slack-notifications", { token: owner.token })).body;
    expect(entry.package).toEqual({ name: "Slack", endpoints: ["PostMessage"] });

    const page = await browser.signedIn(owner.email, "/integrations-catalog/item/slack-notifications");
    await page.getByTestId("add-to-app").click();
    const dialog = page.getByTestId("add-to-app-dialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("base44.integrations.Slack.PostMessage(...)");
    expect(await page.getByTestId("add-to-app-confirm").isDisabled()).toBe(true);
    await page.getByTestId(`add-to-app-app-${owner.appId}`).click();
    await page.getByTestId("add-to-app-confirm").click();

    const said = await toastSaying(page, `Slack added to ${owner.appName}`);
    expect(said).toContain("Add SLACK_WEBHOOK_URL in the app's Secrets");
    expect(await page.getByTestId("add-to-app-secrets-link").getAttribute("href")).toBe(`/apps/${owner.appId}/editor/workspace/secrets`);
    await dialog.waitFor({ state: "detached" });
    const installed = await appOf(owner);
    expect(Object.keys(installed.installable_integrations)).toEqual(["Slack"]);
    expect(installed.installable_integrations.Slack.catalog_item_id).toBe("slack-notifications");

    // the app's code calls a package it has not installed: App Settings warns of it
    const written = await call("POST", `/api/apps/${owner.appId}/coding/write`, {
      token: owner.token,
      body: { file_path: "pages/Texts", content: 'import { base44 } from "@/api/base44Client";\nexport default function Texts() { return <button onClick={() => base44.integrations.Twilio.SendSms({ to: "+15550001111", from: "+15550002222", body: "hi" })}>Text</button>; }', version: null },
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);

    // the secrets link leads to the app's Secrets view
    await page.getByTestId("add-to-app-secrets-link").click();
    await page.waitForURL(new RegExp(`/apps/${owner.appId}/editor/workspace/secrets$`));
    await page.getByTestId("workspace-nav-secrets").waitFor();

    await page.goto(`/apps/${owner.appId}/editor/workspace/app-settings?selectedParam=integrations`);
    const section = page.getByTestId("settings-integrations");
    // the workspace loads the app first: under a loaded machine that takes longer than the default 5 s
    await expect.poll(() => section.getAttribute("data-highlighted"), { timeout: 15_000 }).toBe("true");
    const slack = section.getByTestId("integration-Slack");
    await expect.poll(() => slack.getByTestId("integration-endpoint").allInnerTexts()).toEqual(["base44.integrations.Slack.PostMessage(...)"]);
    await expect.poll(() => slack.getByTestId("integration-source").innerText()).toBe("Slack Notifications");
    expect(await slack.getByTestId("integration-name").innerText()).toBe("Slack");
    await expect.poll(() => section.getByTestId("integration-missing").allInnerTexts()).toEqual([expect.stringContaining("base44.integrations.Twilio, which is not installed")]);

    await slack.getByTestId("integration-remove-Slack").click();
    const confirm = page.getByTestId("integration-remove-dialog");
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain("Remove Slack?");
    expect(Object.keys((await appOf(owner)).installable_integrations)).toEqual(["Slack"]);
    await page.getByTestId("integration-remove-confirm").click();
    await toastSaying(page, "Slack removed");
    await expect.poll(() => section.getByTestId("integrations-empty").innerText()).toContain("No integrations installed");
    expect(await section.getByTestId("integrations-empty").getByRole("link").getAttribute("href")).toBe("/integrations-catalog");
    expect((await appOf(owner)).installable_integrations).toEqual({});
  });

  it("a Free owner trying to add it gets the plan's words and an Upgrade link to /billing, and nothing is installed", async () => {
    const free = await ownerWithApp("packages-ui-free", null);
    const page = await browser.signedIn(free.email, "/integrations-catalog/item/slack-notifications");
    await page.getByTestId("add-to-app").click();
    await page.getByTestId(`add-to-app-app-${free.appId}`).click();
    await page.getByTestId("add-to-app-confirm").click();
    await expect.poll(() => page.getByTestId("add-to-app-error").innerText()).toBe(PACKAGE_NEEDS_BACKEND_FUNCTIONS);
    expect(await page.getByTestId("add-to-app-upgrade").getAttribute("href")).toBe("/billing");
    expect((await appOf(free)).installable_integrations ?? {}).toEqual({});
  });
});
