import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, uniqueEmail } from "./browser";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = await (await newContext(browser)).newPage();
  await signInThroughIdentityPage(page, { email: uniqueEmail("prompt-start") }, "/");
  await page.waitForFunction(() => !!localStorage.getItem("token"));
  // The sign-in ends with the app's own navigation home: let it finish before going elsewhere.
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByTestId("prompt-input").waitFor();
});
afterAll(async () => {
  await browser?.close();
});

describe("the prompt-start route /create-app (spec 02)", () => {
  it("says 'No prompt provided' without a prompt", async () => {
    await page.goto("/create-app", { waitUntil: "domcontentloaded" });
    await page.getByTestId("create-app-no-prompt").getByText("No prompt provided").waitFor({ timeout: 10_000 }).catch(async (err) => {
      throw new Error(`${page.url()}: ${(await page.locator("body").innerText()).slice(0, 500)}`, { cause: err });
    });
  });

  it("creates the app from ?prompt= and opens its editor", async () => {
    await page.goto(`/create-app?prompt=${encodeURIComponent("A recipe box for family recipes")}`, { waitUntil: "domcontentloaded" });
    await page.waitForURL(/\/apps\/[^/]+\/editor\/preview/);
  });
});
