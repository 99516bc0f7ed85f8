import { beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, newContext, signInThroughIdentityPage, uniqueEmail } from "./browser";
import { appHost, continueWithGoogle, expectLoginFrom, mailsTo, openBrowserPerFile, ownerWithApp, publish, setApp, userEmails } from "./runner-helpers";

/**
 * Signing in to published apps on their own host, driven in real Chromium (spec 03 §2.13, §5, §8):
 * the owner's choice of e-mail and password sign-in, and a private app that lets in only the invited.
 */

const { browser, freshPage } = openBrowserPerFile();

describe("e-mail and password sign-in is the owner's choice", () => {
  it("a new app's sign-in screen shows only 'Continue with Google' until its owner turns the form on in App Settings", async () => {
    const owner = await ownerWithApp("choice-owner", "A book swap with books and members");
    await setApp(owner.token, owner.app.id, { public_settings: "public_with_login" });
    await publish(owner.token, owner.app.id);
    const origin = appHost(owner.app.slug);
    const { page, errors } = await freshPage();

    await page.goto(`${origin}/login`);
    await page.getByText("Sign in to continue").waitFor();
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    for (const control of [page.getByLabel("Email"), page.getByLabel("Password"), page.getByRole("button", { name: "Sign up" }), page.getByRole("button", { name: "Forgot password?" })]) {
      expect(await control.count()).toBe(0);
    }

    const builder = await (await newContext(browser())).newPage();
    await signInThroughIdentityPage(builder, { email: owner.email }, `/apps/${owner.app.id}/editor/workspace/app-settings?selectedParam=enable-username-password`);
    const toggle = builder.getByLabel("E-mail and password sign-in");
    await toggle.waitFor({ state: "attached" });
    expect(await toggle.isChecked()).toBe(false);
    await builder.getByTestId("settings-username-password").click();
    await expect.poll(async () => (await call("GET", `/api/apps/${owner.app.id}`, { token: owner.token })).body.enable_username_password).toBe(true);
    expect(await toggle.isChecked()).toBe(true);

    await page.reload();
    await page.getByLabel("Email").waitFor();
    await page.getByLabel("Password").waitFor();
    await page.getByRole("button", { name: "Sign up" }).waitFor();
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(errors).toEqual([]);
    await builder.context().close();
  });
});

describe("a published private app refuses a stranger on every path, in a real browser", () => {
  let owner: Awaited<ReturnType<typeof ownerWithApp>>;
  let origin: string;
  let title: string;
  const invited = uniqueEmail("invited");

  beforeAll(async () => {
    owner = await ownerWithApp("rota-owner", "A private staff rota with shifts and people");
    expect(owner.app.public_settings).toBe("private_with_login");
    title = JSON.parse(/const APP_TITLE = ("(?:[^"\\]|\\.)*");/.exec(owner.app.layout)![1]);
    await setApp(owner.token, owner.app.id, { enable_username_password: true });
    await publish(owner.token, owner.app.id);
    const invite = await call("POST", `/api/apps/${owner.app.id}/users/invite-user`, { token: owner.token, body: { user_email: invited, role: "user" } });
    expect(invite.status).toBe(200);
    origin = appHost(owner.app.slug);
  }, 90_000);

  it("a stranger is sent to the app's sign-in; register, Google and forgot-password all refuse; no user, no mail", async () => {
    const stranger = uniqueEmail("stranger");
    const before = await userEmails(owner.token, owner.app.id);
    const { page, errors } = await freshPage();

    await page.goto(`${origin}/`);
    await expectLoginFrom(page, origin, `${origin}/`, owner.app.id);
    await page.getByRole("heading", { name: `Welcome to ${owner.app.name}` }).waitFor();
    await page.getByText("Sign in to continue").waitFor();

    // Register: the server says the e-mail is not registered for this app.
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Create your account").waitFor();
    await page.getByLabel("Email").fill(stranger);
    await page.getByLabel("Password", { exact: true }).fill("let me in please");
    await page.getByLabel("Confirm password").fill("let me in please");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("alert").filter({ hasText: "You are not registered for this app. Ask its owner for an invitation." }).waitFor();

    // Google (the local identity page) as the stranger: back on the sign-in screen with the error.
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await continueWithGoogle(page, stranger);
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/login" && url.searchParams.get("error") === "user_not_registered");
    expect(new URL(page.url()).searchParams.get("access_token")).toBeNull();
    await page.getByRole("heading", { name: "Access Restricted" }).waitFor();
    await page.getByText("You are not registered to use this application. Please contact the app administrator to request access.").waitFor();

    // Forgot password: the same neutral confirmation as for anyone.
    await page.getByRole("button", { name: "Sign in with a different account" }).click();
    await page.getByText("Sign in to continue").waitFor();
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("Email").fill(stranger);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(`We've sent password reset instructions to ${stranger}`).waitFor();

    expect(await page.evaluate(() => localStorage.getItem("base44_access_token"))).toBeNull();
    expect(await mailsTo(stranger)).toEqual([]);
    expect(await userEmails(owner.token, owner.app.id)).toEqual(before);
    expect(errors).toEqual([]);
  });

  it("an invited user registers, enters the code in the six boxes, signs in and sees the app", async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${origin}/`);
    await expectLoginFrom(page, origin, `${origin}/`, owner.app.id);

    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("Email").fill(invited);
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByLabel("Confirm password").fill("correct horse");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Verify your email").waitFor();
    await page.getByText(`We sent a 6-digit code to ${invited}`).waitFor();

    const code = (await mailsTo(invited))[0]?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel("Digit 1").click();
    await page.keyboard.type(code!);
    for (let i = 0; i < 6; i++) expect(await page.getByLabel(`Digit ${i + 1}`).inputValue()).toBe(code![i]);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Email verified successfully! Redirecting to login...").waitFor();

    // Back on sign-in after the delay, the e-mail carried over.
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(invited);
    await page.getByLabel("Password").fill("correct horse");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.waitForURL((url) => url.origin === origin && url.pathname === "/" && !url.searchParams.has("access_token"));
    await page.getByText(title).first().waitFor();
    expect(await page.getByTestId("runtime-notice").count()).toBe(0);
    expect(await page.getByTestId("remix-badge").count()).toBe(0); // a private app has no badge
    expect(await page.evaluate(() => localStorage.getItem("base44_access_token"))).toMatch(/^ey/);
    expect(await userEmails(owner.token, owner.app.id)).toContain(invited);
    expect(errors).toEqual([]);
  });

  it("the invited user sets a new password from the e-mailed link (/reset-password) and signs in with it", async () => {
    const { page } = await freshPage();
    await page.goto(`${origin}/login`);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(invited);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    const link = (await mailsTo(invited))[0]?.text.match(/(http\S+\/reset-password\?token=\S+)/)?.[1];
    expect(link?.startsWith(`${origin}/reset-password?token=`)).toBe(true);
    await page.goto(link!);
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await page.getByText(`Choose a new password for ${owner.app.name}`).waitFor();
    await page.getByLabel("New password").fill("battery staple");
    await page.getByLabel("Confirm password").fill("battery stapler");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByRole("alert").filter({ hasText: "Passwords do not match" }).waitFor();
    await page.getByLabel("Confirm password").fill("battery staple");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByRole("heading", { name: "Password reset successful!" }).waitFor();
    await page.getByText(`You can now sign in to ${owner.app.name} with your new password`).waitFor();

    await page.waitForURL((url) => url.origin === origin && url.pathname === "/login");
    await page.getByLabel("Email").fill(invited);
    await page.getByLabel("Password").fill("battery staple");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/" && !url.searchParams.has("access_token"));
    await page.getByText(title).first().waitFor();
  });
});
