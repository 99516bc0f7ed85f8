import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, uniqueEmail, untilBuilt, webUrl } from "./browser";

/**
 * Browser security (issue 8), seen by real Chromium: the builder's and the apps' headers, the
 * policy holding (no inline script runs on the builder), an uploaded SVG with a script that
 * downloads instead of running, and tokens leaving an app's address before any request.
 */

let browser: Browser;
let token: string;
let app: { id: string; slug: string };

const port = () => new URL(webUrl()).port;
const host = (label: string) => `http://${label}.localhost:${port()}`;

async function api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${webUrl()}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** A page that records every Content-Security-Policy violation Chromium reports. */
async function watchedPage(): Promise<{ page: Page; violations: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  return { page, violations };
}

/**
 * Opens `url` in `page` and answers its document's response, taken from the response event. Not
 * from page.goto's answer: goto answers null, though the document loads, when the page that was
 * there asks for a navigation of its own while goto's is in flight (Chromium ignores it; Playwright
 * then no longer knows which request made the new document). A busy machine makes that overlap likely.
 */
async function openDocument(page: Page, url: string): Promise<Response> {
  const response = page.waitForResponse((r) => r.url() === url && r.request().isNavigationRequest() && r.frame() === page.mainFrame());
  response.catch(() => undefined); // should goto fail, its error is the one to report
  await page.goto(url);
  expect(page.url()).toBe(url);
  return response;
}

beforeAll(async () => {
  browser = await launch();
  token = (await api("POST", "/api/local/token", { email: uniqueEmail("headers") })).body.access_token;
  const created = await api("POST", "/api/apps", { user_description: "A simple notes app" });
  expect(created.status).toBe(201);
  app = await untilBuilt(token, created.body.id);
  expect((await api("POST", `/api/apps/${app.id}/deploy`)).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

describe("the builder's origin", () => {
  it("sends a CSP with scripts from its own origin only, refuses framing, nosniff and no referrer; the SPA runs under it", async () => {
    const { page, violations } = await watchedPage();
    const headers = (await openDocument(page, `${webUrl()}/login`)).headers();
    expect(headers["content-security-policy"]).toContain("script-src 'self';");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain(`frame-src http://*.localhost:${port()}`);
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    await page.getByText("Welcome to Kiln").waitFor();
    expect(violations).toEqual([]);

    // the policy holds: a script put into the page inline never runs
    const ran = await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "window.__inlineRan = true";
      document.head.append(script);
      return (window as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await page.context().close();
  });
});

describe("an app's origins", () => {
  it("the preview may be framed by the builder only, a published app by the builder and itself; both under the runtime's CSP, which it runs under", async () => {
    const previewPage = await watchedPage();
    const preview = (await openDocument(previewPage.page, `${host(`preview--${app.slug}`)}/`)).headers();
    expect(preview["content-security-policy"]).toContain(`frame-ancestors ${webUrl()}`);
    expect(preview["content-security-policy"]).toContain("script-src 'self' 'unsafe-eval' blob: data:;");
    expect(preview["x-content-type-options"]).toBe("nosniff");
    expect(previewPage.violations).toEqual([]);
    await previewPage.page.context().close();

    // A page of its own: nothing the preview's page still does can race this navigation.
    const { page, violations } = await watchedPage();
    const published = (await openDocument(page, `${host(app.slug)}/`)).headers();
    expect(published["content-security-policy"]).toContain(`frame-ancestors 'self' ${webUrl()}`);
    expect(published["content-security-policy"]).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    await page.locator("#root *").first().waitFor();
    await page.waitForFunction(() => !document.querySelector("[data-testid=runtime-loading]"));
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it("keeps ?access_token= out of every request's Referer, and out of the address once the runtime starts", async () => {
    const { page } = await watchedPage();
    const secret = "token-that-must-not-travel";
    const referers: string[] = [];
    page.on("request", (r) => referers.push(r.headers().referer ?? ""));
    const lookup = page.waitForRequest((r) => r.url().includes("/api/apps/public/prod/domain/"));
    await page.goto(`${host(app.slug)}/?access_token=${secret}`, { waitUntil: "commit" });
    await lookup;
    // The token is no one's: the runtime clears it and starts again signed out, and this private app sends the
    // visitor to its sign-in. That end is waited for by the address alone: two reloads in a row (a loaded CI
    // machine once spent the test's whole minute here) give no in-page wait a document to poll.
    await page.waitForURL((url) => url.pathname === "/login");
    const address = new URL(page.url());
    expect(address.searchParams.has("access_token")).toBe(false);
    expect(address.searchParams.get("from_url")).toBe(`${host(app.slug)}/`);
    expect(referers.filter((r) => r.includes(secret))).toEqual([]);
    await page.context().close();
  });
});

describe("uploaded files", () => {
  it("an SVG with a script downloads from its Kiln link instead of running", async () => {
    const form = new FormData();
    form.append("file", new File([`<svg xmlns="http://www.w3.org/2000/svg"><script>document.title = "script ran"</script><circle r="4"/></svg>`], "evil.svg", { type: "image/svg+xml" }));
    const uploaded = await fetch(`${webUrl()}/api/files`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };

    const { page } = await watchedPage();
    const download = page.waitForEvent("download");
    await page.goto(url).catch(() => undefined); // a download aborts the navigation
    expect((await download).suggestedFilename()).toBe("evil.svg");
    expect(await page.title()).not.toBe("script ran");
    await page.context().close();
  });
});
