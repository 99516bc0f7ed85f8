import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, toastSaying, uniqueEmail, webUrl } from "./browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  await context?.close();
  context = await newContext(browser);
  page = await context.newPage();
});

const field = (name: string) => page.locator(`input[name="${name}"]`);

describe("Sign-in page", () => {
  it("signs in a seeded user through the local identity page and returns to from_url", async () => {
    await signInThroughIdentityPage(page, { name: /Max Maker/ });
    await page.waitForURL(`${webUrl()}/user-settings`);
    await page.getByRole("heading", { name: "Account Information" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toMatch(/^ey/);
    expect(await field("email").inputValue()).toBe("maker@kiln.local");
    expect(await field("email").getAttribute("readonly")).not.toBeNull();
    expect(await field("username").getAttribute("readonly")).not.toBeNull();
  });

  it("the token never travels in a query string: no request, Referer or history entry carries it", async () => {
    const requests: { url: string; referer: string }[] = [];
    page.on("request", (r) => requests.push({ url: r.url(), referer: r.headers().referer ?? "" }));
    const handOver = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/local/identity");
    await signInThroughIdentityPage(page, { name: /Max Maker/ });
    await page.waitForURL(`${webUrl()}/user-settings`);
    await page.getByRole("heading", { name: "Account Information" }).waitFor();
    const token = (await page.evaluate(() => localStorage.getItem("token")))!;
    expect(token).toMatch(/^ey/);

    // the sign-in handed the token over through /login, in the fragment only
    const handedTo = new URL((await handOver).headers().location!, webUrl());
    expect(handedTo.pathname).toBe("/login");
    expect(handedTo.hash).toBe(`#access_token=${token}`);
    expect(requests.filter((r) => new URL(r.url).search.includes(token) || /access_token/.test(new URL(r.url).search)).map((r) => r.url)).toEqual([]);
    expect(requests.filter((r) => r.referer.includes(token)).map((r) => r.referer)).toEqual([]);

    const cdp = await context.newCDPSession(page);
    const { entries } = (await cdp.send("Page.getNavigationHistory")) as { entries: { url: string }[] };
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.filter((e) => e.url.includes(token) || e.url.includes("access_token")).map((e) => e.url)).toEqual([]);
    expect(page.url()).not.toContain(token);
  });

  it("the identity page says plainly that it is local", async () => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Google" }).click();
    await page.waitForURL(/\/api\/local\/identity/);
    expect(await page.getByText("Local identity provider · development only").isVisible()).toBe(true);
  });
});

describe("Account Information", () => {
  it("requires Full Name, saves name and phone, and keeps them after a reload", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("settings") });
    await page.waitForURL(/\/user-settings$/);
    await field("full_name").fill("");
    await field("phone_number").fill("+44 20 7946 0958");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await page.getByText("Full Name is required").isVisible()).toBe(true);

    await field("full_name").fill("Katherine Johnson");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toastSaying(page, "User settings updated successfully!");

    await page.reload();
    await field("full_name").waitFor();
    expect(await field("full_name").inputValue()).toBe("Katherine Johnson");
    expect(await field("phone_number").inputValue()).toBe("+44 20 7946 0958");
  });

  it("shows the server's detail when saving fails", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("failing") });
    await page.waitForURL(/\/user-settings$/);
    await field("full_name").fill("Ok Name");
    await field("phone_number").fill("letters are not a phone");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await toastSaying(page, "Failed to update user settings")).toMatch(/^Failed to update user settings: phone_number: Phone Number may contain only/);
  });

  it("copies and regenerates the API key", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("apikey") });
    await page.waitForURL(/\/user-settings$/);
    await page.getByRole("button", { name: "Show API key" }).click();
    const before = await page.getByTestId("api-key").inputValue();
    expect(before).toMatch(/^[0-9a-f]{32}$/);

    await page.getByRole("button", { name: "Copy API key" }).click();
    await toastSaying(page, "API key copied to clipboard!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(before);

    await page.getByRole("button", { name: "Regenerate" }).click();
    await page.getByRole("button", { name: "Regenerate key" }).click();
    await toastSaying(page, "API key regenerated successfully!");
    const after = await page.getByTestId("api-key").inputValue();
    expect(after).toMatch(/^[0-9a-f]{32}$/);
    expect(after).not.toBe(before);

    const old = await fetch(`${webUrl()}/api/auth/me`, { headers: { api_key: before } });
    expect(old.status).toBe(401);
  });

  it("shows a change made in another tab at once, through the real-time channel", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("twotabs") });
    await page.waitForURL(/\/user-settings$/);
    const other = await context.newPage();
    // the second tab hears the change only once its socket has joined the user's room: wait for the server's "joined"
    const joined = new Promise<void>((resolve) =>
      other.on("websocket", (ws) =>
        ws.on("framereceived", (frame) => {
          const text = String(frame.payload);
          if (text.includes('"event":"joined"') && text.includes('"room":"user:')) resolve();
        }),
      ),
    );
    await other.goto("/user-settings");
    await other.locator('input[name="full_name"]').waitFor();
    await joined;

    await field("full_name").fill("Changed Elsewhere");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await other.waitForFunction(
      () => (document.querySelector('input[name="full_name"]') as HTMLInputElement | null)?.value === "Changed Elsewhere",
      undefined,
      { timeout: 10_000 },
    );
  });
});

describe("Leaving", () => {
  it("Sign Out clears the token and goes to /login", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("signout") });
    await page.waitForURL(/\/user-settings$/);
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(/\/login\?from_url=/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.goto("/user-settings");
    await page.waitForURL(/\/login\?from_url=/);
  });

  it("any 401 clears the token and sends the user to /login with from_url set to where they were", async () => {
    await signInThroughIdentityPage(page, { email: uniqueEmail("expired") });
    await page.waitForURL(/\/user-settings$/);
    await page.evaluate(() => localStorage.setItem("token", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJub2JvZHkifQ.forged"));
    await page.goto("/user-settings?tab=profile");
    await page.waitForURL(/\/login\?from_url=/);
    const from = new URL(page.url()).searchParams.get("from_url");
    expect(from).toBe(`${webUrl()}/user-settings?tab=profile`);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });
});

describe("Common layout on a phone", () => {
  it("puts the account items and Sign Out in a drawer", async () => {
    await context.close();
    context = await newContext(browser, { width: 390, height: 844 });
    page = await context.newPage();
    await signInThroughIdentityPage(page, { email: uniqueEmail("mobile") });
    await page.waitForURL(/\/user-settings$/);
    // the header is on screen (its phone menu button) before the avatar's absence means anything
    const openMenu = page.getByRole("button", { name: "Open menu" });
    await openMenu.waitFor();
    expect(await page.getByTestId("avatar-menu").isVisible()).toBe(false);
    await openMenu.click();
    const drawer = page.getByRole("dialog");
    await drawer.getByText("My Profile").waitFor();
    await drawer.getByText("Sign Out").click();
    await page.waitForURL(/\/login\?from_url=/);
  });
});

describe("Public pages", () => {
  it("the responsible-use policy lists 20 prohibited uses and was last updated 23 March 2025", async () => {
    await page.goto("/responsible-use-policy");
    const list = page.getByTestId("prohibited-uses");
    await list.waitFor();
    expect(await list.locator("li").count()).toBe(20);
    expect(await page.getByText("23 March 2025").first().isVisible()).toBe(true);
  });

  it("the terms carry the figures of the spec", async () => {
    await page.goto("/terms-of-service");
    await page.getByRole("heading", { name: /Terms of Service/ }).first().waitFor();
    const text = await page.locator("body").innerText();
    for (const figure of ["13", "30 days", "15 days", "1.5 percent"]) expect(text).toContain(figure);
  });

  it("the privacy policy opens without signing in", async () => {
    await page.goto("/privacy-policy");
    await page.getByRole("heading", { name: /Privacy Policy/ }).first().waitFor();
    expect(page.url()).toBe(`${webUrl()}/privacy-policy`);
  });

  it("an unknown address shows 'Page not found' with 'Go home'", async () => {
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await page.getByRole("link", { name: "Go home" }).click();
    await page.waitForURL(/\/login\?from_url=/);
  });
});
