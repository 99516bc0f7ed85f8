import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, toastSaying, uniqueEmail } from "./browser";

/**
 * The code workspace, Security and Secrets views as owners use them (spec 02 §2): a paid
 * owner edits a page and saves (the chat records the manual edit, the preview shows it),
 * a free owner sees the editor read-only; creator-only read rules saved to the entity
 * file; secrets added, listed and deleted.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A call to Kiln's API from the page, as the signed-in owner (or with another token). */
async function api<T = any>(page: Page, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const res = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: `Bearer ${token ?? localStorage.getItem("token")}`, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    },
    { method, path, body, token },
  );
}

/** A signed-in owner with a built app; `paid` moves them to the builder plan through the platform admin. */
async function ownerWithApp(label: string, paid: boolean, create: Record<string, unknown> = {}): Promise<{ context: BrowserContext; page: Page; appId: string }> {
  const context = await newContext(browser, { width: 1500, height: 950 });
  const page = await context.newPage();
  await signInThroughIdentityPage(page, { email: uniqueEmail(label) }, "/");
  await page.waitForURL((url) => !url.pathname.startsWith("/api/local") && !url.pathname.startsWith("/login"));
  await page.waitForFunction(() => !!localStorage.getItem("token"));
  if (paid) {
    const admin = await page.evaluate(async () => {
      const res = await fetch("/api/local/token", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@kiln.local" }) });
      return (await res.json()).access_token as string;
    });
    const me = await api<{ id: string }>(page, "GET", "/auth/me");
    await api(page, "POST", `/auth/${me.id}/update-user`, { subscription_tier: "builder" }, admin);
  }
  const app = await api<{ id: string }>(page, "POST", "/apps", { user_description: "A simple tracker for books I want to read", ...create });
  // the first turn is over: ready, the main page written, the assistant's message done
  for (const deadline = Date.now() + 60_000; ; await page.waitForTimeout(300)) {
    const now = await api(page, "GET", `/apps/${app.id}`);
    const last = now.conversation.messages.at(-1);
    if (now.status.state === "ready" && now.main_page && now.pages[now.main_page] && last?.role === "assistant" && last.state !== "streaming") break;
    if (Date.now() > deadline) throw new Error(`the app was not built: ${JSON.stringify(now.status)}`);
  }
  return { context, page, appId: app.id };
}

describe("Code workspace", () => {
  let page: Page;
  let appId: string;
  let main: string;

  beforeAll(async () => {
    ({ page, appId } = await ownerWithApp("code", true));
    main = (await api(page, "GET", `/apps/${appId}`)).main_page;
  });

  it("a paid owner edits a page: an error warns but Save stays, Discard reverts, Save records the edit and the preview shows it", async () => {
    // the heading's source line, from the preview's own source stamps
    await page.goto(`/apps/${appId}/editor/preview`);
    const heading = page.frameLocator('[data-testid="preview-frame"]').locator(`h1[data-source-location^="pages/${main}:"]`).first();
    await heading.waitFor({ timeout: 30_000 });
    const line = Number((await heading.getAttribute("data-source-location"))!.match(/:(\d+):\d+$/)![1]);

    await page.goto(`/apps/${appId}/editor/workspace/code?filePath=pages/${main}&line=${line}`);
    const editor = page.getByTestId("code-editor");
    await editor.and(page.locator(`[data-path="pages/${main}"]`)).waitFor();
    await expect.poll(() => page.getByTestId(`code-file-pages/${main}`).getAttribute("aria-current")).toBe("true");
    await expect.poll(() => page.getByTestId("code-readonly-banner").count()).toBe(0);
    // ?line= put the cursor on the heading's line
    const active = page.getByTestId("code-editor").locator(".cm-activeLine");
    await expect.poll(() => active.innerText()).toContain("<h1");
    const headingLine = page.getByTestId("code-editor").locator(".cm-line", { hasText: "<h1" }).first();
    await headingLine.click();
    await page.keyboard.press("End");

    // a syntax error: the warning shows, Save is still offered
    await page.keyboard.insertText(" {");
    await page.getByTestId("code-error").waitFor();
    const bar = page.getByTestId("code-save-bar");
    await bar.waitFor();
    expect(await bar.getByRole("button", { name: "Save" }).isEnabled()).toBe(true);
    await bar.getByRole("button", { name: "Discard" }).click();
    await bar.waitFor({ state: "detached" });
    await page.getByTestId("code-error").waitFor({ state: "detached" });

    await headingLine.click();
    await page.keyboard.press("End");
    await page.keyboard.insertText(" Edited in code");
    await bar.waitFor();
    await bar.getByRole("button", { name: "Save" }).click();
    await toastSaying(page, "File saved");
    await bar.waitFor({ state: "detached" });
    await expect.poll(async () => ((await api(page, "GET", `/apps/${appId}`)).pages[main] as string).split("\n")[line - 1]).toMatch(/<h1.*Edited in code/);
    const last = (await api(page, "GET", `/apps/${appId}`)).conversation.messages.at(-1);
    expect(last).toMatchObject({ role: "user", additional_message_params: { manual_edit: true } });
    await page.getByText("Files have been manually edited.").last().waitFor();

    await page.getByTestId("mode-preview").click();
    await page.frameLocator('[data-testid="preview-frame"]').getByText("Edited in code").first().waitFor({ timeout: 30_000 });
  });

  it("a save made from a version changed since (another tab) is refused: the editor says so, nothing is overwritten, Reload shows the file as it is", async () => {
    await page.goto(`/apps/${appId}/editor/workspace/code?filePath=pages/${main}`);
    await page.getByTestId("code-editor").and(page.locator(`[data-path="pages/${main}"]`)).waitFor();
    await page.getByTestId("code-editor").locator(".cm-line").first().click();
    await page.keyboard.press("End");
    await page.keyboard.insertText(" // from this tab");
    const bar = page.getByTestId("code-save-bar");
    await bar.waitFor();

    const theirs = `${(await api(page, "GET", `/apps/${appId}`)).pages[main]}\n// from another tab`;
    await api(page, "POST", `/apps/${appId}/coding/write`, { file_path: `pages/${main}`, content: theirs });
    await bar.getByRole("button", { name: "Save" }).click();
    const conflict = page.getByTestId("code-conflict");
    await conflict.waitFor();
    expect(await conflict.innerText()).toContain("This file was changed after you opened it");
    expect((await api(page, "GET", `/apps/${appId}`)).pages[main]).toBe(theirs);

    await conflict.getByRole("button", { name: "Reload file" }).click();
    await conflict.waitFor({ state: "detached" });
    await bar.waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("code-editor").locator(".cm-line").first().innerText()).not.toContain("from this tab");
    expect((await api(page, "GET", `/apps/${appId}`)).pages[main]).toBe(theirs);
  });

  it("the file tree's search starts at 2 characters", async () => {
    await page.goto(`/apps/${appId}/editor/workspace/code`);
    const tree = page.getByTestId("code-file-tree");
    await tree.waitFor();
    const all = await tree.locator('[data-testid^="code-file-"]').count();
    const search = page.getByLabel("Search files");
    await search.fill(main.slice(0, 1));
    expect(await tree.locator('[data-testid^="code-file-"]').count()).toBe(all);
    await search.fill("layout");
    await expect.poll(() => tree.locator('[data-testid^="code-file-"]').count()).toBe(1);
    await page.getByTestId("code-file-layout/main").waitFor();
  });

  it("Security: Create Access Rules with creator-only read, saved to the entity file", async () => {
    await page.goto(`/apps/${appId}/editor/workspace/security`);
    const app = await api(page, "GET", `/apps/${appId}`);
    const entity = Object.keys(app.entities)[0];
    await page.getByTestId(`security-entity-${entity}`).click();
    await page.getByRole("button", { name: "Create Access Rules" }).click();
    await page.getByTestId("read-rules").getByLabel("Rule type").waitFor();
    expect(await page.getByTestId("read-rules").getByLabel("Rule type").inputValue()).toBe("creatorOnly");
    await page.getByRole("tab", { name: "Write/Delete" }).click();
    await page.getByTestId("write-inherited").waitFor();
    await page.getByRole("button", { name: "Save Rules" }).click();
    await toastSaying(page, "Security rules saved");
    await expect
      .poll(async () => (await api(page, "GET", `/apps/${appId}`)).entities[entity].rls)
      .toEqual({ read: { created_by: "{{user.email}}" }, write: { created_by: "{{user.email}}" } });

    await page.getByRole("button", { name: "Remove All Rules" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove All Rules" }).click();
    await expect.poll(async () => (await api(page, "GET", `/apps/${appId}`)).entities[entity].rls).toBeUndefined();
    await page.getByRole("button", { name: "Create Access Rules" }).waitFor();
  });
});

describe("Secrets", () => {
  it("adds a secret (the chat hears of it), lists names only, and deletes it", async () => {
    // Secrets show for apps made with integrations (their keys were entered at creation) or with backend functions on.
    const { page, appId } = await ownerWithApp("secrets", true, {
      integrations: ["resend-email"],
      secrets: [{ type: "value", name: "RESEND_API_KEY", value: "re-secret-123" }],
    });
    await page.goto(`/apps/${appId}/editor/workspace/secrets`);
    await page.getByTestId("secrets-info").waitFor();
    await page.getByTestId("secret-RESEND_API_KEY").waitFor();
    expect(await page.getByTestId("secrets-list").innerText()).not.toContain("re-secret-123");

    await page.getByRole("button", { name: "Add Secret" }).click();
    const dialog = page.getByTestId("add-secret-dialog");
    const add = dialog.getByRole("button", { name: "Add Secret" });
    await dialog.getByLabel("Name").fill("WEATHER_API_KEY");
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel("Value").fill("wk-123456");
    await add.click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("secret-WEATHER_API_KEY").waitFor();
    expect(await page.getByTestId("secrets-list").innerText()).not.toContain("wk-123456");
    await page.getByText("I've added WEATHER_API_KEY secrets").first().waitFor();
    expect((await api(page, "GET", `/apps/${appId}/secrets`)).secrets.map((s: { name: string }) => s.name).sort()).toEqual(["RESEND_API_KEY", "WEATHER_API_KEY"]);

    await page.getByRole("button", { name: "Delete WEATHER_API_KEY" }).click();
    await toastSaying(page, "Secret deleted");
    await page.getByTestId("secret-WEATHER_API_KEY").waitFor({ state: "detached" });
    expect((await api(page, "GET", `/apps/${appId}/secrets`)).secrets.map((s: { name: string }) => s.name)).toEqual(["RESEND_API_KEY"]);
  });
});

describe("Code workspace on the free plan", () => {
  it("is read-only under the plan's banner", async () => {
    const { page, appId } = await ownerWithApp("code-free", false);
    const main = (await api(page, "GET", `/apps/${appId}`)).main_page;
    await page.goto(`/apps/${appId}/editor/workspace/code?filePath=pages/${main}`);
    await page.getByTestId("code-readonly-banner").getByText("Code editing is only available on paid plans").waitFor();
    await page.getByTestId("code-editor").locator(".cm-content").focus();
    await page.keyboard.insertText("typed");
    expect(await page.getByTestId("code-save-bar").count()).toBe(0);
    expect(await page.getByTestId("code-editor").locator(".cm-content").innerText()).not.toContain("typed");
  });
});
