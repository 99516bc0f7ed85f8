import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newContext, useTeamBox } from "./browser";

/**
 * A team's Kiln (`npm run team`, issue 23) in a real browser: the login screen's e-mail and password
 * form, the mailed code read from the stack's outbox as the operator would, and a forgotten password.
 * On a team stack of its own, on fresh data, so the first account is the admin.
 */

const EMAIL = "ada@team.test";
const PASSWORD = "correct horse battery";
const NEW_PASSWORD = "a brand new passphrase";

const box = useTeamBox();

/** Waits for the form's code step, then enters the code mailed last to the address. */
async function enterCode(page: Page, code: () => Promise<string>) {
  await page.getByTestId("password-code").waitFor();
  await page.getByTestId("password-code").fill(await code());
}

async function home(page: Page) {
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByTestId("avatar-menu").waitFor();
}

describe("a team's Kiln: the sign-in form", () => {
  it("signs the first person up as the admin, refuses a wrong password, and resets a forgotten one", async () => {
    const page = await (await newContext(box.browser, undefined, box.stack.url)).newPage();
    await page.goto("/");
    await page.waitForURL((url) => url.pathname === "/login");
    // no Google, no identity page: the password form
    await page.getByTestId("password-email").waitFor();
    expect(await page.getByRole("button", { name: "Continue with Google" }).count()).toBe(0);

    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("Full name").fill("Ada Lovelace");
    await page.getByTestId("password-email").fill(EMAIL);
    await page.getByTestId("password-password").fill(PASSWORD);
    await page.getByLabel("Confirm password").fill(PASSWORD);
    await page.getByTestId("password-submit").click();
    await enterCode(page, () => box.kiln.lastCode(EMAIL));
    await page.getByTestId("password-verify").click();
    await home(page);

    // the first account is the platform's admin: the account menu offers the admin pages
    await page.getByTestId("avatar-menu").click();
    await page.getByRole("menuitem", { name: "User Management" }).waitFor();
    await page.getByText(EMAIL).first().waitFor();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    // on the login page with its form: its address once the navigation commits, then the form itself (not every subresource's load)
    await page.waitForURL((url) => url.pathname === "/login", { waitUntil: "commit" });
    await page.getByTestId("password-email").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();

    await page.getByTestId("password-email").fill(EMAIL);
    await page.getByTestId("password-password").fill("not my password");
    await page.getByTestId("password-submit").click();
    expect(await page.getByTestId("password-error").innerText()).toBe("Invalid email or password");

    await page.getByRole("button", { name: "Forgot password?" }).click();
    // the address typed on the sign-in form is kept
    expect(await page.getByTestId("password-email").inputValue()).toBe(EMAIL);
    await page.getByTestId("password-reset-request").click();
    await page.getByText("If an account exists for this email, you will receive a password reset code shortly.").waitFor();
    await enterCode(page, () => box.kiln.codeMailed(EMAIL, "Reset your password for Kiln"));
    await page.getByTestId("password-new").fill(NEW_PASSWORD);
    await page.getByLabel("Confirm password").fill(NEW_PASSWORD);
    await page.getByTestId("password-reset").click();
    expect(await page.getByTestId("password-notice").innerText()).toBe("Your password has been reset. Please sign in with your new password.");

    // the old password no longer signs in; the new one does, with a new code
    await page.getByTestId("password-password").fill(PASSWORD);
    await page.getByTestId("password-submit").click();
    expect(await page.getByTestId("password-error").innerText()).toBe("Invalid email or password");
    await page.getByTestId("password-password").fill(NEW_PASSWORD);
    await page.getByTestId("password-submit").click();
    await enterCode(page, () => box.kiln.lastCode(EMAIL));
    await page.getByTestId("password-verify").click();
    await home(page);
    expect(await page.evaluate(() => fetch("/api/auth/me", { headers: { authorization: `Bearer ${localStorage.getItem("token")}` } }).then((r) => r.json()))).toMatchObject({
      email: EMAIL,
      full_name: "Ada Lovelace",
      platform_role: "platform_admin",
    });
    await page.context().close();
  });
});
