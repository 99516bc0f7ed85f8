import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Frame, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, uniqueEmail, waitForApp, webUrl } from "./browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** console errors and uncaught exceptions of the preview frame (its own origin, preview--{slug}.localhost) */
const frameErrors: string[] = [];

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { width: 1400, height: 900 });
  page = await context.newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error" && msg.location().url.includes("//preview--")) frameErrors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (err) => frameErrors.push(`uncaught: ${err.message}`));
});
afterAll(async () => {
  await browser?.close();
});

async function api<T = any>(path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ path, init }) => {
      const res = await fetch(`/api${path}`, {
        method: init.method ?? "GET",
        headers: { Authorization: `Bearer ${init.token ?? localStorage.getItem("token")}`, "Content-Type": "application/json" },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: res.status, body: await res.json() };
    },
    { path, init },
  );
}

const appIdFromUrl = () => new URL(page.url()).pathname.split("/")[2];

async function waitUntilReady() {
  await waitForApp(page, appIdFromUrl(), (a) => a.status?.state === "ready");
}

const pickerShows = (name: string) =>
  page.waitForFunction((value) => (document.querySelector('[data-testid="page-picker"]') as HTMLSelectElement | null)?.value === value, name);

const preview = (): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');

async function previewFrame(): Promise<Frame> {
  const handle = await page.getByTestId("preview-frame").elementHandle();
  const frame = await handle!.contentFrame();
  if (!frame) throw new Error("the preview frame has no document");
  return frame;
}

describe("the preview: the app runs on its own origin, live, beside the chat", () => {
  let slug: string;

  it("an app built by the offline engine renders in the preview with no console error", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("preview") }, "/");
    await page.getByTestId("prompt-input").fill("A CRM to track customers, deals and follow-up tasks");
    await page.getByTestId("submit-prompt").click();
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/, { timeout: 20_000 });
    await waitUntilReady();
    slug = (await api(`/apps/${appIdFromUrl()}`)).body.slug;

    await preview().getByRole("heading", { name: "Dashboard" }).waitFor({ timeout: 60_000 });
    // The lists have loaded through the real @base44/sdk against the app API.
    await preview().getByText("No customers yet.").waitFor();

    const frame = await previewFrame();
    const address = new URL(frame.url());
    expect(address.hostname).toBe(`preview--${slug}.localhost`);
    expect(address.port).toBe(new URL(webUrl()).port);
    expect(address.search).not.toContain("access_token"); // the SDK took the token out of the address
    const frameToken = await frame.evaluate(() => localStorage.getItem("base44_access_token"));
    const builderToken = await page.evaluate(() => localStorage.getItem("token"));
    expect(frameToken).toBeTruthy();
    expect(frameToken).not.toBe(builderToken);

    // Elements carry where they are written, for Visual Edit.
    const location = await frame.locator('[data-source-location^="pages/Dashboard:"]').first().getAttribute("data-source-location");
    expect(location).toMatch(/^pages\/Dashboard:\d+:\d+$/);
    expect(await frame.locator('[data-source-location^="layout/main:"]').count()).toBeGreaterThan(0);

    expect(frameErrors).toEqual([]);
    expect(await page.getByTestId("issues-panel").count()).toBe(0);
  });

  it("the builder's own origin never serves the runtime", async () => {
    const res = await page.request.get(`${webUrl()}/runtime/index.html`);
    expect(res.status()).toBe(404);
  });

  it("navigation between pages works, and the page picker follows the app", async () => {
    await preview().getByRole("link", { name: "Tasks", exact: true }).click();
    await preview().getByRole("heading", { name: "Tasks" }).waitFor();
    await page.waitForURL(/\/editor\/preview\/Tasks$/);
    await pickerShows("Tasks");

    await page.getByTestId("page-picker").selectOption("TaskForm");
    await preview().getByRole("heading", { name: "New task" }).waitFor();
    await page.waitForURL(/\/editor\/preview\/TaskForm$/);
    expect(frameErrors).toEqual([]);
  });

  it("a full page load inside the frame (as `window.location.href = …` in an app) stays signed in", async () => {
    const frame = await previewFrame();
    await frame.evaluate(() => {
      window.location.href = "/Deals";
    });
    await preview().getByRole("heading", { name: "Deals" }).waitFor();
    await preview().getByText("No deals found.").waitFor();
    await pickerShows("Deals");
    await page.getByTestId("page-picker").selectOption("TaskForm");
    await preview().getByRole("heading", { name: "New task" }).waitFor();
    expect(frameErrors).toEqual([]);
  });

  it("a chat follow-up re-renders the preview without reloading the frame", async () => {
    const frame = await previewFrame();
    await frame.evaluate(() => ((window as unknown as { __kilnMarker: string }).__kilnMarker = "still here"));
    expect(await preview().getByText("Priority", { exact: true }).count()).toBe(0);

    const input = page.getByTestId("chat-input");
    await input.fill("add a priority field to tasks");
    await input.press("Enter");
    await preview().getByText("Priority", { exact: true }).waitFor({ timeout: 60_000 });
    await waitUntilReady();

    expect(await frame.evaluate(() => (window as unknown as { __kilnMarker?: string }).__kilnMarker)).toBe("still here");
    await preview().getByRole("heading", { name: "New task" }).waitFor(); // the route is kept
    expect(frameErrors).toEqual([]);

    // The hidden code view skipped the save; opened, it shows the file as saved.
    await page.getByTestId("view-code").click();
    await page.getByTestId("file-entities/Task").click();
    await page.waitForFunction(() => document.querySelector('[data-testid="code-view"][data-path="entities/Task"] .cm-content')?.textContent?.includes("priority"));
    await page.getByTestId("view-preview").click();
  });

  it("the mobile width, and Refresh loads the app again on the same page", async () => {
    await page.getByTestId("device-mobile").click();
    expect((await page.getByTestId("preview-frame").boundingBox())!.width).toBe(390);
    await page.getByTestId("device-desktop").click();

    const before = await page.getByTestId("preview-frame").elementHandle();
    await page.getByTestId("preview-refresh").click();
    await page.waitForFunction((frame) => !frame!.isConnected, before);
    await preview().getByRole("heading", { name: "New task" }).waitFor();
    expect(await (await previewFrame()).evaluate(() => (window as unknown as { __kilnMarker?: string }).__kilnMarker)).toBeUndefined();
    expect(frameErrors).toEqual([]);
  });

  it("a page the app lacks shows Page Not Found with its name", async () => {
    // As a link of the app to a page it lacks would: the router moves to /Reports.
    const frame = await previewFrame();
    await frame.evaluate(() => {
      history.pushState({}, "", "/Reports");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await preview().getByText("Page Not Found").waitFor();
    await preview().getByText('The page "Reports" could not be found in this application.').waitFor();
    await preview().getByRole("link", { name: "Go Home" }).click();
    await preview().getByRole("heading", { name: "Dashboard" }).waitFor();
  });

  it("a broken file shows Issues Found, and Resolve with AI sends the errors as a free automated fix", async () => {
    // Code edits are a paid-plan feature: the platform admin moves this user to a paid plan.
    const admin = await page.evaluate(async () => {
      const res = await fetch("/api/local/token", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "admin@kiln.local" }) });
      return (await res.json()).access_token as string;
    });
    const me = (await api("/auth/me")).body;
    expect((await api(`/auth/${me.id}/update-user`, { method: "POST", body: { subscription_tier: "pro" }, token: admin })).status).toBe(200);

    const appId = appIdFromUrl();
    const dashboard: string = (await api(`/apps/${appId}`)).body.pages.Dashboard;
    const broken = dashboard.replace("export default function Dashboard() {", "export default function Dashboard() {\n  const broken = ;");
    const written = await api(`/apps/${appId}/coding/write`, { method: "POST", body: { file_path: "pages/Dashboard", content: broken } });
    expect(written.status).toBe(200);

    await preview().getByTestId("runtime-error").waitFor();
    await preview().getByText("Syntax error in pages/Dashboard").first().waitFor();
    await page.getByTestId("issues-panel").waitFor();
    expect(await page.getByTestId("issues-count").innerText()).toBe("1");
    await page.getByTestId("issues-toggle").click();
    await page.getByTestId("issue").getByText(/Syntax error in pages\/Dashboard \(line \d+\)/).waitFor();
    // The layout survives a broken page.
    await preview().getByRole("link", { name: "Tasks", exact: true }).waitFor();

    const resolve = page.getByTestId("resolve-with-ai");
    expect(await resolve.isEnabled()).toBe(true);
    await resolve.click();
    // shown as an automated fix, its errors behind "See errors"
    const notice = page.getByTestId("automated-fix-notice").last();
    await notice.waitFor();
    await notice.getByTestId("toggle-errors").click();
    await notice.getByText(/The app preview shows this error\. Please fix it:/).waitFor();
    const messages = (await api(`/apps/${appId}`)).body.conversation.messages as { role: string; content: string; additional_message_params?: { automated_fix?: boolean } }[];
    const sent = messages.filter((m) => m.role === "user").at(-1)!;
    expect(sent.content).toContain("Syntax error in pages/Dashboard");
    expect(sent.content).toContain("const broken = ;");
    expect(sent.additional_message_params?.automated_fix).toBe(true);
  });

  it("every part of the UI kit imports, renders and works, with no console error", async () => {
    await waitUntilReady(); // "Resolve with AI" started a turn
    // The broken page fixed by hand: the issues go with it.
    const appId = appIdFromUrl();
    const dashboard: string = (await api(`/apps/${appId}`)).body.pages.Dashboard;
    const fixed = dashboard.replace("\n  const broken = ;", "");
    expect((await api(`/apps/${appId}/coding/write`, { method: "POST", body: { file_path: "pages/Dashboard", content: fixed } })).status).toBe(200);
    await preview().getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByTestId("issues-panel").waitFor({ state: "detached" });
    frameErrors.length = 0;

    const content = readFileSync(new URL("../fixtures/ui-kit-page.jsx", import.meta.url), "utf8");
    expect((await api(`/apps/${appId}/coding/write`, { method: "POST", body: { file_path: "pages/Kit", content } })).status).toBe(200);
    await page.getByTestId("page-picker").selectOption("Kit");
    await preview().getByRole("heading", { name: "Kit" }).waitFor();

    await preview().getByRole("button", { name: "Toast" }).click();
    await preview().getByText("It worked").waitFor();
    await preview().getByRole("button", { name: "Sonner" }).click();
    await preview().getByText("Sonner toast").waitFor();
    await preview().getByRole("button", { name: "Open dialog" }).click();
    await preview().getByText("Dialog body").waitFor();
    await page.keyboard.press("Escape");
    await preview().getByRole("combobox").click();
    await preview().getByRole("option", { name: "Pear" }).click();
    await preview().getByRole("combobox").getByText("Pear").waitFor();
    await preview().getByRole("button", { name: "Question" }).click();
    await preview().getByText("Answer").waitFor();
    await preview().getByRole("gridcell", { name: "20" }).first().click();
    expect(await preview().getByTestId("picked").innerText()).toBe("2026-01-20");
    expect(await preview().getByText("function function").count()).toBe(1); // base44.entities.Task.list and InvokeLLM
    expect(frameErrors).toEqual([]);
  });
});
