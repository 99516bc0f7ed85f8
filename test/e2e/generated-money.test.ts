import type { Browser, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, uniqueEmail, webUrl } from "./browser";

/**
 * Money in a generated app (issue 8), in the real preview: the offline engine's pages compile
 * in the runtime and show a price and the dashboard's total with their currency.
 */

let browser: Browser;
let page: Page;
let token: string;
let appId: string;
/** console errors and uncaught exceptions of the preview frame */
const frameErrors: string[] = [];

async function api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${webUrl()}/api${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

const preview = (): FrameLocator => page.frameLocator('[data-testid="preview-frame"]');

beforeAll(async () => {
  browser = await launch();
  token = (await api("POST", "/local/token", { email: uniqueEmail("money") })).body.access_token;
  const created = await api("POST", "/apps", { user_description: "Inventory and orders for my shop" });
  expect(created.status).toBe(201);
  appId = created.body.id;
  const deadline = Date.now() + 45_000;
  while ((await api("GET", `/apps/${appId}`)).body.status.state !== "ready") {
    if (Date.now() > deadline) throw new Error("the app was not built within 45 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  expect((await api("POST", `/apps/${appId}/entities/Product`, { name: "Desk lamp", sku: "DL-1", price: 1250, quantity: 3 })).status).toBe(201);

  page = await (await newContext(browser, { width: 1400, height: 900 })).newPage();
  page.on("console", (msg) => {
    if (msg.type() === "error" && msg.location().url.includes("//preview--")) frameErrors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on("pageerror", (err) => frameErrors.push(`uncaught: ${err.message}`));
  // signed in the way Kiln's own sign-in hands a token over
  await page.goto(`/login?${new URLSearchParams({ from_url: `/apps/${appId}/editor/preview/Products` })}#access_token=${token}`);
  await page.waitForURL(/\/editor\/preview\/Products$/);
});
afterAll(async () => {
  await browser?.close();
});

describe("a generated app's money", () => {
  it("the products list shows the price with its currency, a quantity as a plain number", async () => {
    const row = preview().getByRole("row").filter({ hasText: "Desk lamp" });
    await row.waitFor({ timeout: 60_000 });
    const cells = await row.getByRole("cell").allInnerTexts();
    expect(cells).toContain("$1,250.00");
    expect(cells).toContain("3");
    expect(frameErrors).toEqual([]);
    expect(await page.getByTestId("issues-panel").count()).toBe(0);
  });

  it("the dashboard totals money in its currency", async () => {
    await page.getByTestId("page-picker").selectOption("Dashboard");
    const total = preview().getByText("Total price of products");
    await total.waitFor();
    expect(await total.locator("..").innerText()).toMatch(/^Total price of products\s*\$1,250\.00$/);
    expect(frameErrors).toEqual([]);
  });
});
