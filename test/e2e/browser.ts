import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import type { LocalStackOptions } from "../../stacks/local/stack";
import { type TeamClient, teamClient } from "../api/team-client";
import { launchChromium } from "./chromium";

export const webUrl = () => inject("webUrl");

/** The SPA build a test's own stack serves: dist/, or KILN_WEB_DIR (a copy, while another checkout rebuilds dist/; see global-setup.ts). */
export const builtWebDir = () => process.env.KILN_WEB_DIR ?? path.resolve(import.meta.dirname, "../../dist");

export const launch = launchChromium;

/** `baseURL`: another stack's address, for a test that starts a stack of its own (a team's Kiln, saved model providers). */
export async function newContext(browser: Browser, viewport = { width: 1280, height: 860 }, baseURL = webUrl()): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, baseURL });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  // Waits, not assertions of speed: a busy CI machine compiling an app in the page may need more than Playwright's 30 s.
  context.setDefaultTimeout(45_000);
  return context;
}

/**
 * One browser for a test file and a fresh context per test, closed after it. Call once at the file's top level;
 * `signedIn` opens a page of a new context signed in through the identity page, starting at `path`.
 */
export function useBrowser() {
  let browser: Browser;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** the context of the page `signedIn` opened in this test */
    context: () => context!,
    async signedIn(email: string, path: string): Promise<Page> {
      context = await newContext(browser);
      const page = await context.newPage();
      await signInThroughIdentityPage(page, { email }, path);
      return page;
    },
  };
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

/** An app's user signs in on its published host (its login page -> the local identity page -> an e-mail) and is on `path`. */
export async function signInOnApp(page: Page, origin: string, email: string, path: string) {
  await page.goto(`${origin}${path}`);
  await page.waitForURL((url) => url.origin === origin && url.pathname === "/login");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/\/api\/local\/identity/);
  await page.getByLabel("Or sign in with any e-mail address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.origin === origin && url.pathname !== "/login" && !url.searchParams.has("access_token"));
  if (new URL(page.url()).pathname !== path) await page.goto(`${origin}${path}`);
}

export const uniqueEmail = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@e2e.kiln`;

/** One call to the stack's API from the test itself (setting up what the browser then sees), as a script would make it. */
export async function apiCall(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: any }> {
  const res = await fetch(`${webUrl()}${path}`, {
    method,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A platform token for an account, through the local-only token route. */
export const tokenFor = async (email: string) => (await apiCall("POST", "/api/local/token", { body: { email } })).body.access_token as string;

/**
 * A new owner with a built app (the offline engine builds it from `description`); `tier` moves them
 * to that plan through the platform admin. Polled by hand: expect.poll may not run in a beforeAll.
 */
export async function ownerWithBuiltApp(label: string, tier: "builder" | null, description: string): Promise<{ email: string; token: string; appId: string; appName: string }> {
  const email = uniqueEmail(label);
  const token = await tokenFor(email);
  if (tier) {
    const me = (await apiCall("GET", "/api/auth/me", { token })).body;
    const moved = await apiCall("POST", `/api/auth/${me.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: tier } });
    if (moved.status !== 200) throw new Error(`moving ${email} to ${tier}: ${moved.status} ${JSON.stringify(moved.body)}`);
  }
  const created = await apiCall("POST", "/api/apps", { token, body: { user_description: description } });
  if (created.status !== 201) throw new Error(`creating an app: ${created.status} ${JSON.stringify(created.body)}`);
  const app = await untilBuilt(token, created.body.id);
  if (app.status.state !== "ready") throw new Error(`the app was not built: ${app.status.state} ${app.status.details ?? ""}`);
  return { email, token, appId: app.id, appName: app.name };
}

/** Polls the app, as its owner, until its turn is over (any state but "processing"); fails after `timeout`, naming the state. */
export async function untilBuilt(token: string, appId: string, timeout = 45_000): Promise<any> {
  for (const deadline = Date.now() + timeout; ; await new Promise((r) => setTimeout(r, 250))) {
    const res = await apiCall("GET", `/api/apps/${appId}`, { token });
    if (res.status !== 200) throw new Error(`reading app ${appId}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.status.state !== "processing") return res.body;
    if (Date.now() > deadline) throw new Error(`app ${appId} was still processing after ${timeout / 1000} s: ${res.body.status.details ?? ""}`);
  }
}

/** Waits for a toast whose text matches, and answers its whole text. */
export async function toastSaying(page: Page, text: string | RegExp): Promise<string> {
  const toast = page.getByTestId("toast").filter({ hasText: text });
  await toast.waitFor();
  return (await toast.innerText()).trim();
}

/** The app as its owner reads it, fetched by the signed-in page (its token, its origin). */
export function appAsOwner(page: Page, appId: string): Promise<any> {
  return page.evaluate(async (id) => {
    const res = await fetch(`/api/apps/${id}`, { headers: { Authorization: `Bearer ${localStorage.getItem("token")}` } });
    return res.json();
  }, appId);
}

/**
 * Polls the app until `ready(app)` holds. Polled from here, not with page.waitForFunction: that one
 * does not await an async predicate, and the Promise it gets back is always truthy.
 */
export async function waitForApp(page: Page, appId: string, ready: (app: any) => boolean, timeout = 45_000): Promise<any> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const app = await appAsOwner(page, appId);
    if (ready(app)) return app;
    if (Date.now() > deadline) throw new Error(`the app never got there; its status: ${JSON.stringify(app.status)}`);
    await page.waitForTimeout(250);
  }
}

/**
 * A team's Kiln of the test file's own (`npm run team`: fresh data, so the first account is its admin), a client of
 * it and a browser, started before the file's tests and stopped after them. `settings` may start a third party the
 * stack is configured with (an OIDC provider) and answers the stack's team options.
 */
export function useTeamBox(settings: () => Promise<Pick<LocalStackOptions, "oidc" | "signupDomains">> = async () => ({})) {
  const box = {} as { stack: StackProcess; kiln: TeamClient; browser: Browser };
  beforeAll(async () => {
    box.stack = await startLocalStackProcess({ seed: false, team: true, webDir: builtWebDir(), ...(await settings()) });
    box.kiln = teamClient(box.stack);
    box.browser = await launch();
  });
  afterAll(async () => {
    await box.browser?.close();
    box.kiln?.close();
    await box.stack?.stop();
  });
  return box;
}
