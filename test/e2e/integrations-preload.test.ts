import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, uniqueEmail } from "./browser";

const REQUIRED = "Please fill in all required API keys before submitting.";
const STRIPE_KEY = `sk_test_e2e${Math.random().toString(36).slice(2)}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  context = await newContext(browser, { width: 1280, height: 900 });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

/** A GET as the signed-in user, answered as raw text so a value could be seen in any form. */
async function apiText(path: string): Promise<string> {
  return page.evaluate(async (p) => {
    const res = await fetch(`/api${p}`, { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return res.text();
  }, path);
}

const appIdFromUrl = () => new URL(page.url()).pathname.split("/")[2];

/** Clicks submit and answers the text of the alert it raises. */
async function submitExpectingAlert(): Promise<string> {
  // Accepted from the listener: an alert left open would block the click itself.
  const message = new Promise<string>((resolve) => page.once("dialog", (d) => (resolve(d.message()), void d.accept())));
  await page.getByTestId("submit-prompt").click();
  return message;
}

describe("Home ?integrations= preload, in a real browser", () => {
  it("shows the chosen integration as a card, notes unknown ids, and removes either", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("preload") }, "/?integrations=stripe-payments,no-such-thing");
    await page.getByRole("heading", { name: "What would you build today?" }).waitFor();
    const card = page.getByTestId("integration-card-stripe-payments");
    await card.waitFor();
    expect(await card.innerText()).toContain("Stripe Payments");

    const note = page.getByTestId("unknown-integrations");
    await note.waitFor();
    expect(await note.innerText()).toContain("no-such-thing");
    await page.getByTestId("dismiss-unknown-integrations").click();
    await note.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("integrations")).toBe("stripe-payments");
    await card.waitFor();

    await page.getByTestId("remove-integration-stripe-payments").click();
    await card.waitFor({ state: "detached" });
    expect(await page.getByTestId("secret-field-STRIPE_SECRET_KEY").count()).toBe(0);
    expect(new URL(page.url()).searchParams.has("integrations")).toBe(false);
  });

  it("asks for the required key masked, refuses a blank one with the spec's alert, then creates the app with it", async () => {
    await page.goto("/?integrations=stripe-payments");
    const input = page.getByTestId("secret-input-STRIPE_SECRET_KEY");
    await input.waitFor();
    expect(await input.getAttribute("type")).toBe("password");

    await page.getByTestId("prompt-input").fill("A shop that sells handmade candles");
    expect(await submitExpectingAlert()).toBe(REQUIRED);
    await input.fill("    ");
    expect(await submitExpectingAlert()).toBe(REQUIRED);
    expect(page.url()).not.toMatch(/\/editor\//);

    await input.fill(STRIPE_KEY);
    await page.getByTestId("secret-toggle-STRIPE_SECRET_KEY").click();
    expect(await input.getAttribute("type")).toBe("text");
    await page.getByTestId("secret-toggle-STRIPE_SECRET_KEY").click();
    expect(await input.getAttribute("type")).toBe("password");

    await page.getByTestId("submit-prompt").click();
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/, { timeout: 20_000 });
    const appId = appIdFromUrl();
    const secrets = await apiText(`/apps/${appId}/secrets`);
    expect(JSON.parse(secrets).secrets.map((s: { name: string }) => s.name)).toEqual(["STRIPE_SECRET_KEY"]);
    expect(secrets).not.toContain(STRIPE_KEY);
    const app = await apiText(`/apps/${appId}`);
    expect(JSON.parse(app).integrations).toEqual(["stripe-payments"]);
    expect(app).not.toContain(STRIPE_KEY);
  });

  it("reuses an existing secret, picked by 'secret_name — app_name'", async () => {
    await page.goto("/?integrations=stripe-payments");
    const field = page.getByTestId("secret-field-STRIPE_SECRET_KEY");
    await field.waitFor();
    await field.getByText("Use existing secret").click();
    const select = page.getByTestId("secret-existing-STRIPE_SECRET_KEY");
    await select.waitFor();
    // The secret of the same name is preselected.
    const label = await select.locator("option:checked").innerText();
    expect(label).toMatch(/^STRIPE_SECRET_KEY — .+/);

    await select.selectOption("");
    await page.getByTestId("prompt-input").fill("A tip jar for my podcast");
    expect(await submitExpectingAlert()).toBe(REQUIRED);
    await select.selectOption({ label });

    await page.getByTestId("submit-prompt").click();
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/, { timeout: 20_000 });
    const secrets = await apiText(`/apps/${appIdFromUrl()}/secrets`);
    expect(JSON.parse(secrets).secrets.map((s: { name: string }) => s.name)).toEqual(["STRIPE_SECRET_KEY"]);
    expect(secrets).not.toContain(STRIPE_KEY);
  });
});
