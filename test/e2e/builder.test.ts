import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, uniqueEmail, waitForApp } from "./browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { width: 1400, height: 900 });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const apiAs = (path: string) => page.evaluate(async (p) => (await fetch(`/api${p}`, { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } })).json(), path);

const appIdFromUrl = () => new URL(page.url()).pathname.split("/")[2];

/** The app is ready; with `answered`, only once the turn of that user message has its answer (not the state before it was sent). */
function waitUntilReady(answered?: string) {
  return waitForApp(page, appIdFromUrl(), (app) => {
    if (app.status?.state !== "ready") return false;
    if (answered === undefined) return true;
    const messages: { role: string; content: string; state?: string }[] = app.conversation?.messages ?? [];
    const last = messages.at(-1);
    return messages.some((m) => m.role === "user" && m.content === answered) && last?.role === "assistant" && last.state !== "streaming";
  });
}

describe("the builder, offline, in a real browser", () => {
  it("describe an app, pick a style, and watch it being built", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("builder") }, "/");
    await page.getByRole("heading", { name: "What would you build today?" }).waitFor();
    await page.getByTestId("prompt-input").fill("A CRM to track customers, deals and follow-up tasks");
    await page.getByTestId("style-neo-brutalism").click();
    await page.getByTestId("submit-prompt").click();
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/, { timeout: 20_000 });

    // Actions stream in as steps, then the app is ready with suggestions.
    await page.getByTestId("action-step").first().waitFor({ timeout: 30_000 });
    await waitUntilReady();
    await page.getByTestId("suggestion-1").waitFor({ timeout: 20_000 });
    const app = await apiAs(`/apps/${appIdFromUrl()}`);
    expect(Object.keys(app.entities)).toEqual(expect.arrayContaining(["Customer", "Deal", "Task"]));
    expect(app.style).toBe("neo-brutalism");
    expect(app.conversation.messages[0].content).toContain("---");
    await page.getByTestId("view-code").click();
    await page.getByTestId("file-entities/Task").waitFor();
  });

  it("a follow-up is applied, and Message Details shows its diff", async () => {
    const input = page.getByTestId("chat-input");
    await input.fill("add a priority field to tasks");
    await input.press("Enter");
    await waitUntilReady("add a priority field to tasks");
    const app = await apiAs(`/apps/${appIdFromUrl()}`);
    expect(app.entities.Task.properties.priority).toMatchObject({ type: "string" });
    expect(await input.inputValue()).toBe("");

    const lastAssistant = app.conversation.messages.at(-1);
    await page.getByTestId(`message-${lastAssistant.id}`).getByRole("button", { name: /details/i }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Code Changes").waitFor();
    await dialog.getByText("entities/Task").first().waitFor();
    await page.keyboard.press("Escape");
  });

  it("reverting the last message brings the app back and the text back into the input", async () => {
    const app = await apiAs(`/apps/${appIdFromUrl()}`);
    const lastUser = [...app.conversation.messages].reverse().find((m: { role: string }) => m.role === "user");
    await page.getByTestId(`revert-${lastUser.id}`).click();
    await page.getByTestId("revert-dialog").getByTestId("revert-confirm").click();
    await page.waitForFunction(() => (document.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement | null)?.value === "add a priority field to tasks", undefined, { timeout: 15_000 });
    const reverted = await apiAs(`/apps/${appIdFromUrl()}`);
    expect(reverted.entities.Task.properties.priority).toBeUndefined();
  });

  it("lists the app on /apps", async () => {
    await page.goto("/apps");
    await page.getByTestId("app-card").first().waitFor();
    expect(await page.getByTestId("app-card").count()).toBe(1);
  });
});
