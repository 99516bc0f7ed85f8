import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";
import { apiCall as call, launch, tokenFor, uniqueEmail, untilBuilt, webUrl } from "./browser";

/**
 * What the tests of published apps on their own host share (test/e2e/runner*.test.ts): a browser
 * with nothing stored, apps set up through the API, and the app's sign-in screen.
 */

/**
 * One browser for a test file, launched before its tests and closed after: call once at the file's top level.
 * `freshPage` opens a fresh browser context with nothing stored: a stranger's, a user's. Uncaught errors of its pages are kept.
 */
export function openBrowserPerFile() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser: () => browser,
    async freshPage(): Promise<{ page: Page; errors: string[] }> {
      const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      return { page, errors };
    },
  };
}

export const port = () => new URL(webUrl()).port;
export const appHost = (slug: string) => `http://${slug}.localhost:${port()}`;

/** A platform user and an app the offline engine built for them. */
export async function ownerWithApp(label: string, description: string) {
  const email = uniqueEmail(label);
  const token = await tokenFor(email);
  const me = (await call("GET", "/api/auth/me", { token })).body;
  const created = await call("POST", "/api/apps", { token, body: { user_description: description } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { email, token, userId: me.id as string, app: await untilBuilt(token, created.body.id) };
}

export async function publish(token: string, appId: string) {
  const res = await call("POST", `/api/apps/${appId}/deploy`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export async function setApp(token: string, appId: string, patch: Record<string, unknown>) {
  const res = await call("PUT", `/api/apps/${appId}`, { token, body: patch });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

export async function write(token: string, appId: string, file_path: string, content: string) {
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path, content } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

let adminToken: string | undefined;

/** The mails the local outbox holds for one address, newest first (read as the platform admin). */
export async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: (adminToken ??= await tokenFor("admin@kiln.local")) });
  expect(res.status).toBe(200);
  return res.body;
}

export async function userEmails(token: string, appId: string): Promise<string[]> {
  const res = await call("GET", `/api/apps/${appId}/entities/User`, { token });
  expect(res.status).toBe(200);
  return res.body.map((u: { email: string }) => u.email);
}

/** "Continue with Google" on the app's sign-in screen, through the local identity page, as `email`. */
export async function continueWithGoogle(page: Page, email: string) {
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/\/api\/local\/identity/);
  await page.getByLabel("Or sign in with any e-mail address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The app's sign-in screen, reached by the runner's redirect from `from`. */
export async function expectLoginFrom(page: Page, origin: string, from: string, appId: string) {
  await page.waitForURL((url) => url.origin === origin && url.pathname === "/login");
  const url = new URL(page.url());
  expect(url.searchParams.get("from_url")).toBe(from);
  expect(url.searchParams.get("app_id")).toBe(appId);
}
