import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInSettings } from "../../stacks/local/team";
import { type TestProvider, startTestProvider } from "../api/oidc-provider";
import { useTeamBox } from "./browser";

/**
 * A team's Kiln with single sign-on (issue 23) in a real browser: the login screen's provider button, the
 * provider's own sign-in page (a real OpenID Connect provider, oidc-provider, on this machine), and back to
 * Kiln signed in. On a team stack of its own, on fresh data, so the first account is the admin.
 */

const NAME = "Continue with Test SSO";
const SECRET = "a client secret for the browser test";

let provider: TestProvider;
const box = useTeamBox(async () => {
  provider = await startTestProvider();
  const settings = signInSettings({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: "kiln-e2e", OIDC_CLIENT_SECRET: SECRET, OIDC_NAME: NAME });
  if (typeof settings === "string") throw new Error(settings);
  return settings;
});

beforeAll(() => {
  provider.register({ clientId: "kiln-e2e", clientSecret: SECRET, redirectUri: `${box.stack.url}/api/auth/oidc/callback` });
});

afterAll(async () => {
  await provider?.stop();
});

async function loginPage(path = "/"): Promise<Page> {
  const context = await box.browser.newContext({ baseURL: box.stack.url, viewport: { width: 1280, height: 860 } });
  context.setDefaultTimeout(45_000);
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === "/login");
  return page;
}

/** The provider's own sign-in page: any login name (here the e-mail, the account's id there) and any password. */
async function signInAtProvider(page: Page, login: string) {
  await page.getByRole("button", { name: NAME }).click();
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

describe("a team's Kiln: single sign-on", () => {
  it("signs in through the provider's button, beside the password form, and lands on the home page as the first admin", async () => {
    const page = await loginPage();
    // the password form stays
    await page.getByTestId("password-email").waitFor();
    await signInAtProvider(page, "ada@team.test");
    await page.waitForURL((url) => url.origin === box.stack.url && url.pathname === "/");
    await page.getByTestId("avatar-menu").waitFor();
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const me = await box.kiln.me(token!);
    expect([me.email, me.platform_role]).toEqual(["ada@team.test", "platform_admin"]);
    // the token left the address at once
    expect(page.url()).not.toContain("access_token");
    await page.context().close();
  });

  it("shows on the login screen why the provider's account was refused", async () => {
    provider.accounts.set("gus@team.test", { email_verified: false });
    const page = await loginPage();
    await signInAtProvider(page, "gus@team.test");
    await page.waitForURL((url) => url.origin === box.stack.url && url.pathname === "/login");
    await page.getByRole("alert").filter({ hasText: "Your single sign-on account has no verified e-mail address, so Kiln cannot sign you in with it." }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await page.context().close();
  });

  it("says only Kiln's own words: a crafted link's text is never shown, an unknown code is ignored", async () => {
    const page = await loginPage("/login?error=Call%20555-0100%20to%20unlock&sso_error=not-a-code");
    await page.getByTestId("password-email").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await page.getByText("555-0100").count()).toBe(0);
    await page.goto(`${box.stack.url}/login?sso_error=refused`);
    await page.getByRole("alert").filter({ hasText: `${NAME} did not sign you in.` }).waitFor();
    await page.context().close();
  });
});
