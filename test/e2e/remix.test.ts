import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REMIX_NEEDS_BACKEND_FUNCTIONS, REMIX_NOT_ALLOWED } from "../../schemas/remix";
import { SECRET_VALUES_REQUIRED } from "../../schemas/secrets";
import { apiCall as call, appAsOwner, tokenFor, uniqueEmail, useBrowser } from "./browser";

/** The remix page (spec 03 §2.8, §4 Remix) in a real browser: Create Copy with secrets, the blocked plan, an immediate remix. */

const browser = useBrowser();

const userId = async (token: string) => (await call("GET", "/api/auth/me", { token })).body.id as string;

/** An app built from a description, ready. */
async function builtApp(token: string, description: string): Promise<any> {
  const created = await call("POST", "/api/apps", { token, body: { user_description: description } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await expect.poll(async () => (await call("GET", `/api/apps/${created.body.id}`, { token })).body.status.state, { timeout: 45_000, interval: 250 }).toBe("ready");
  return (await call("GET", `/api/apps/${created.body.id}`, { token })).body;
}

/** The pages the editor's page picker offers, once it offers some. */
async function editorPages(page: Page): Promise<string[]> {
  const picker = page.getByTestId("page-picker");
  await expect.poll(async () => (await picker.count()) && picker.locator("option").count(), { timeout: 45_000, interval: 250 }).toBeGreaterThan(0);
  return (await picker.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))).sort();
}

const signedInPage = (email: string, startPath: string): Promise<Page> => browser.signedIn(email, startPath);

describe("/remix-app/{appId}", () => {
  it("Create Copy of an app with a secret: the secret form refuses a blank value, then the copy opens in the editor with the same pages", async () => {
    const email = uniqueEmail("remix-owner");
    const token = await tokenFor(email);
    const built = await builtApp(token, "A CRM to track customers, deals and follow-up tasks");
    expect((await call("PUT", `/api/apps/${built.id}/secrets`, { token, body: { API_KEY: "original value" } })).status).toBe(200);
    // the chat now says "I've added API_KEY secrets" too
    const app = (await call("GET", `/api/apps/${built.id}`, { token })).body;

    const page = await signedInPage(email, `/apps/${app.id}/editor/workspace/app-settings`);
    await page.waitForURL(/\/workspace\/app-settings/);
    const [tab] = await Promise.all([browser.context().waitForEvent("page"), page.getByTestId("settings-clone").click()]);
    await tab.waitForURL(new RegExp(`/remix-app/${app.id}\\?clone_history=true$`));

    const form = tab.getByTestId("remix-secrets-form");
    await form.waitFor();
    await form.getByText("API_KEY").waitFor();
    await tab.getByTestId("remix-submit").click();
    await form.getByText(SECRET_VALUES_REQUIRED).waitFor();
    expect(tab.url()).toContain("/remix-app/");

    await tab.getByTestId("remix-secret-API_KEY").fill("my own value");
    await tab.getByTestId("remix-submit").click();
    await tab.waitForURL(/\/apps\/[^/]+\/editor\/preview/);
    const copyId = new URL(tab.url()).pathname.split("/")[2]!;
    expect(copyId).not.toBe(app.id);
    expect(await editorPages(tab)).toEqual(Object.keys(app.pages).sort());

    const copy = (await call("GET", `/api/apps/${copyId}`, { token })).body;
    expect(copy.remixed_from).toEqual({ app_id: app.id, name: app.name });
    // clone_history=true: the conversation came along
    expect(copy.conversation.messages.map((m: any) => m.content)).toEqual(app.conversation.messages.map((m: any) => m.content));
    expect((await call("GET", `/api/apps/${copyId}/secrets`, { token })).body.secrets.map((s: any) => s.name)).toEqual(["API_KEY"]);
  });

  it("a Free user sees 'Remix Not Allowed' for an app with backend functions; on Builder the remix starts at once", async () => {
    const admin = await tokenFor("admin@kiln.local");
    const ownerToken = await tokenFor(uniqueEmail("remix-fn-owner"));
    expect((await call("POST", `/api/auth/${await userId(ownerToken)}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
    const app = await builtApp(ownerToken, "A to-do list");
    const fn = 'Deno.serve(() => new Response("hi"));';
    const write = await call("POST", `/api/apps/${app.id}/coding/write`, { token: ownerToken, body: { file_path: "functions/hello", content: fn } });
    expect(write.status).toBe(200);
    expect((await call("PUT", `/api/apps/${app.id}`, { token: ownerToken, body: { public_settings: "public_with_login", is_remixable: true } })).status).toBe(200);

    const email = uniqueEmail("remix-free");
    const page = await signedInPage(email, `/remix-app/${app.id}`);
    const blocked = page.getByTestId("remix-blocked");
    await blocked.getByText(REMIX_NOT_ALLOWED).waitFor();
    await blocked.getByText(REMIX_NEEDS_BACKEND_FUNCTIONS).waitFor();
    expect(await page.getByTestId("remix-upgrade").getAttribute("href")).toBe("/billing");

    expect((await call("POST", `/api/auth/${await userId(await tokenFor(email))}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
    await page.reload();
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/);
    expect(await editorPages(page)).toEqual(Object.keys(app.pages).sort());
    const copyId = new URL(page.url()).pathname.split("/")[2]!;
    const copy = await appAsOwner(page, copyId);
    expect(copy.functions).toEqual({ hello: fn });
    expect(copy.conversation.messages).toEqual([]);
  });

  it("a private app of someone else is refused with the server's message", async () => {
    const ownerToken = await tokenFor(uniqueEmail("remix-private-owner"));
    const app = await builtApp(ownerToken, "A reading list");
    const page = await signedInPage(uniqueEmail("remix-stranger"), `/remix-app/${app.id}`);
    await page.getByTestId("remix-requirements-error").getByText("This app does not exist or cannot be remixed").waitFor();
  });
});
