import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { launchChromium } from "./chromium";

export const webUrl = () => inject("webUrl");

export const launch = launchChromium;

export async function newContext(browser: Browser, viewport = { width: 1280, height: 860 }): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL: webUrl() });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: webUrl() });
  // Waits, not assertions of speed: a busy CI machine compiling an app in the page may need more than Playwright's 30 s.
  context.setDefaultTimeout(45_000);
  return context;
}

/** Sign in the way a person does: Continue with Google -> the local identity page -> an account. */
export async function signInThroughIdentityPage(page: Page, account: { name?: RegExp; email?: string }, startPath = "/user-settings") {
  await page.goto(startPath);
  await page.waitForURL(/\/login\?from_url=/);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/\/api\/local\/identity/);
  if (account.name) {
    await page.getByRole("button", { name: account.name }).click();
  } else {
    await page.getByLabel("Or sign in with any e-mail address").fill(account.email!);
    await page.getByRole("button", { name: "Continue" }).click();
  }
}

export const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@e2e.kiln`;

/** Waits for a toast whose text matches, and answers its whole text. */
export async function toastSaying(page: Page, text: string | RegExp): Promise<string> {
  const toast = page.getByTestId("toast").filter({ hasText: text });
  await toast.waitFor();
  return (await toast.innerText()).trim();
}
