import type { Browser, BrowserContext, Frame, Page } from "playwright-core";
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

const appIdFromUrl = () => new URL(page.url()).pathname.split("/")[2];

async function appNow(): Promise<any> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/apps/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return res.json();
  }, appIdFromUrl());
}

async function previewFrame(): Promise<Frame> {
  const handle = await page.getByTestId("preview-frame").elementHandle();
  const frame = await handle!.contentFrame();
  if (!frame) throw new Error("the preview frame has no document");
  return frame;
}

/** With Visual Edit on, the main page's heading picked: the app as it was, the page, the heading and the open panel. */
async function pickMainHeading() {
  const before = await appNow();
  const main = before.main_page as string;
  const heading = page.frameLocator('[data-testid="preview-frame"]').locator(`h1[data-source-location^="pages/${main}:"]`).first();
  await heading.waitFor({ timeout: 20_000 });
  if ((await page.getByTestId("visual-edit-toggle").getAttribute("aria-pressed")) !== "true") await page.getByTestId("visual-edit-toggle").click();
  await heading.click();
  const panel = page.getByTestId("visual-edit-panel");
  await panel.waitFor();
  return { before, main, heading, panel };
}

describe("Visual Edit", () => {
  it("selects an element in the preview, previews a class change live, and Save rewrites that source line", async () => {
    // The free plan: Visual Edit's class-only saves are allowed where code editing is not.
    await signInThroughIdentityPage(page, { email: uniqueEmail("visual") }, "/");
    await page.getByTestId("prompt-input").fill("A simple tracker for books I want to read");
    await page.getByTestId("submit-prompt").click();
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/, { timeout: 20_000 });
    await waitForApp(page, appIdFromUrl(), (a) => a.status?.state === "ready");
    await expect.poll(async () => (await appNow()).main_page, { timeout: 10_000 }).toBeTruthy();
    const before = await appNow();
    const main = before.main_page as string;
    const frameLocator = page.frameLocator('[data-testid="preview-frame"]');
    const heading = frameLocator.locator(`h1[data-source-location^="pages/${main}:"]`).first();
    await heading.waitFor({ timeout: 60_000 });

    const toggle = page.getByTestId("visual-edit-toggle");
    await toggle.click();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");

    await heading.click();
    const panel = page.getByTestId("visual-edit-panel");
    await panel.waitFor();
    await panel.getByText("Text & Font").waitFor();
    const location = (await heading.getAttribute("data-source-location"))!;
    const [, line] = location.match(/:(\d+):\d+$/)!;

    const classes = page.getByTestId("visual-edit-classes");
    const original = await classes.inputValue();
    await classes.fill(`${original} text-rose-600`.trim());
    // Live in the frame before anything is saved.
    await expect.poll(() => heading.getAttribute("class")).toContain("text-rose-600");
    expect((await appNow()).pages[main]).toBe(before.pages[main]);

    await panel.getByRole("button", { name: "Save Changes" }).click();
    await panel.waitFor({ state: "detached", timeout: 5_000 }).catch(async (err) => {
      const shown = await page.getByTestId("visual-edit-error").textContent().catch(() => null);
      throw new Error(`${shown ?? "no error shown"} — at ${location}: ${before.pages[main].split("\n")[Number(line) - 1]}`, { cause: err });
    });
    await expect.poll(async () => (await appNow()).pages[main].split("\n")[Number(line) - 1], { timeout: 10_000 }).toContain("text-rose-600");
    const after = await appNow();
    const changed = after.pages[main].split("\n").filter((l: string, i: number) => l !== before.pages[main].split("\n")[i]);
    expect(changed).toHaveLength(1);
    expect(after.conversation.messages.at(-1)).toMatchObject({ role: "user", additional_message_params: { manual_edit: true } });
    await page.getByTestId("manual-edit-notice").first().waitFor();

    // The refreshed preview renders the saved class from source.
    await expect.poll(async () => (await (await previewFrame()).locator(`h1[data-source-location="${location}"]`).first().getAttribute("class").catch(() => null)) ?? "", { timeout: 20_000 }).toContain("text-rose-600");
  });

  it("Discard puts the classes back and changes nothing", async () => {
    const { before, main, heading, panel } = await pickMainHeading();
    const classes = page.getByTestId("visual-edit-classes");
    const original = await heading.getAttribute("class");
    await classes.fill("bg-lime-300");
    await expect.poll(() => heading.getAttribute("class")).toBe("bg-lime-300");
    await panel.getByRole("button", { name: "Discard" }).click();
    await panel.waitFor({ state: "detached" });
    await expect.poll(() => heading.getAttribute("class")).toBe(original);
    expect((await appNow()).pages[main]).toBe(before.pages[main]);
  });

  it("a save from a file changed since the element was picked is refused, overwriting nothing, and Reload starts again from the file as it is", async () => {
    const { before, main, heading, panel } = await pickMainHeading();
    const line = Number((await heading.getAttribute("data-source-location"))!.match(/:(\d+):\d+$/)![1]);
    await page.getByTestId("visual-edit-classes").fill("text-sky-700");

    // another tab changes the same line's classes first (a class-only change, as Visual Edit makes)
    const lines = (before.pages[main] as string).split("\n");
    lines[line - 1] = lines[line - 1]!.replace(/className="([^"]*)"/, 'className="$1 tracking-tight"');
    const theirs = lines.join("\n");
    const wrote = await page.evaluate(
      async ({ id, file_path, content }) =>
        (await fetch(`/api/apps/${id}/coding/write`, { method: "POST", headers: { Authorization: `Bearer ${localStorage.getItem("token")}`, "Content-Type": "application/json" }, body: JSON.stringify({ file_path, content }) })).status,
      { id: appIdFromUrl(), file_path: `pages/${main}`, content: theirs },
    );
    expect(wrote).toBe(200);

    await panel.getByRole("button", { name: "Save Changes" }).click();
    const error = page.getByTestId("visual-edit-error");
    await error.waitFor();
    expect(await error.innerText()).toContain("This file was changed after you picked the element, so nothing was saved");
    expect((await appNow()).pages[main]).toBe(theirs);
    await page.getByTestId("visual-edit-reload").click();
    await panel.waitFor({ state: "detached" });
    await expect.poll(async () => (await (await previewFrame()).locator(`h1[data-source-location^="pages/${main}:"]`).first().getAttribute("class").catch(() => null)) ?? "", { timeout: 20_000 }).toContain("tracking-tight");
    expect((await appNow()).pages[main]).toBe(theirs);
  });
});
