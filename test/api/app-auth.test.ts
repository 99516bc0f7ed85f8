import { beforeAll, describe, expect, it } from "vitest";
import { auth, googleSignIn, mailsTo, member, originOf, readingListApp } from "./app-auth-helpers";
import { call, type signedIn, uniqueEmail } from "./helpers";

/**
 * A generated app's own sign-in (spec 03 §2.13, §5, §8; reference §3) against the real
 * local stack: register, one-time codes, passwords and Google. Codes and reset links are
 * read from the local outbox, as a user would read them from their mailbox.
 */

async function codeFor(email: string): Promise<string> {
  const [newest] = await mailsTo(email);
  const code = newest?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function resetTokenFor(email: string): Promise<string> {
  const [newest] = await mailsTo(email);
  const token = newest?.text.match(/reset-password\?token=(\S+)/)?.[1];
  if (!token) throw new Error(`no reset link mailed to ${email}`);
  return decodeURIComponent(token);
}

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;
let slug: string;

beforeAll(async () => {
  ({ owner, appId, slug } = await readingListApp());
}, 60_000);

describe("register, one-time code, sign-in (public_with_login)", () => {
  it("registers, mails a 6-digit code, verifies it, then signs in; me and updateMe work with the token", async () => {
    const email = uniqueEmail("reader");
    const registered = await auth(appId, "register", { email, password: "correct horse", full_name: "Rita Reader" });
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({ id: expect.any(String), message: expect.any(String), otp_expires_in_minutes: 10 });
    const [mail] = await mailsTo(email);
    expect(mail.text).toMatch(/\b\d{6}\b/);

    // Not verified yet: the password does not sign in.
    expect((await auth(appId, "login", { email, password: "correct horse" })).body.detail).toBe("Invalid email or password");

    const wrong = await auth(appId, "verify-otp", { email, otp_code: (Number(await codeFor(email)) ^ 1).toString().padStart(6, "0") });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe("Invalid verification code");

    const verified = await auth(appId, "verify-otp", { email, otp_code: await codeFor(email) });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ id: registered.body.id, success: true, access_token: expect.any(String) });

    const login = await auth(appId, "login", { email, password: "correct horse" });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: registered.body.id, email, full_name: "Rita Reader", role: "user", _app_role: "user", is_verified: true, app_id: appId });

    const me = await call("GET", `/api/apps/${appId}/entities/User/me`, { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    const updated = await call("PUT", `/api/apps/${appId}/entities/User/me`, {
      token: login.body.access_token,
      body: { favourite_genre: "poetry", role: "admin", email: "someone@else.test", full_name: "Changed", is_verified: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ favourite_genre: "poetry", role: "user", email, full_name: "Rita Reader", is_verified: true });
  });

  it("a stale token left in the caller's storage does not stand in the way of signing in", async () => {
    const { email, password } = await member(appId);
    const res = await auth(appId, "login", { email, password }, "expired.or.forged");
    expect(res.status).toBe(200);
  });

  it("answers an unknown e-mail exactly as a wrong password", async () => {
    const { email } = await member(appId);
    const wrongPassword = await auth(appId, "login", { email, password: "not the password" });
    const unknown = await auth(appId, "login", { email: uniqueEmail("nobody"), password: "not the password" });
    expect(wrongPassword.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(wrongPassword.body);
    expect(unknown.body.detail).toBe("Invalid email or password");
  });

  it("checks the registration body with the spec's messages and creates nothing on bad input", async () => {
    const email = uniqueEmail("short");
    const short = await auth(appId, "register", { email, password: "seven77" });
    expect(short.status).toBe(400);
    expect(short.body.detail).toContain("Password must be at least 8 characters long");
    expect((await auth(appId, "register", { email: "not-an-email", password: "long enough" })).status).toBe(400);
    expect(await mailsTo(email)).toEqual([]);
    const users = await call("GET", `/api/apps/${appId}/entities/User?q=${encodeURIComponent(JSON.stringify({ email }))}`, { token: owner.token });
    expect(users.body).toEqual([]);
  });

  it("refuses to register an e-mail that already has an account", async () => {
    const { email } = await member(appId);
    const again = await auth(appId, "register", { email, password: "another password" });
    expect(again.status).toBe(409);
    expect((await auth(appId, "login", { email, password: "another password" })).status).toBe(400);
  });

  it("a code takes 5 guesses, then must be resent; resend waits out a live code", async () => {
    const email = uniqueEmail("guesser");
    expect((await auth(appId, "register", { email, password: "correct horse" })).status).toBe(200);
    const first = await codeFor(email);

    const early = await auth(appId, "resend-otp", { email });
    expect(early.status).toBe(429);
    expect(early.body.detail).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);

    const wrong = (Number(first) ^ 1).toString().padStart(6, "0");
    for (let i = 0; i < 5; i++) expect((await auth(appId, "verify-otp", { email, otp_code: wrong })).body.detail).toBe("Invalid verification code");
    const spent = await auth(appId, "verify-otp", { email, otp_code: first });
    expect(spent.status).toBe(400);
    expect(spent.body.detail).toBe("Too many incorrect attempts. Please request a new code.");

    const resent = await auth(appId, "resend-otp", { email });
    expect(resent.status).toBe(200);
    expect(resent.body.otp_expires_in_minutes).toBe(10);
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await auth(appId, "verify-otp", { email, otp_code: await codeFor(email) })).status).toBe(200);
  });

  it("rejects a code that is not 6 digits before looking anything up", async () => {
    const res = await auth(appId, "verify-otp", { email: uniqueEmail(), otp_code: "12a456" });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("The verification code must be 6 digits");
  });

  it("locks sign-in for an e-mail after 10 failures, even with the right password (429)", async () => {
    const { email, password } = await member(appId);
    for (let i = 0; i < 10; i++) expect((await auth(appId, "login", { email, password: `wrong-${i}-password` })).status).toBe(400);
    const locked = await auth(appId, "login", { email, password });
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toBe("Too many sign-in attempts. Please try again in 15 minutes.");
  });
});

describe("passwords: change and reset", () => {
  it("changes the password with the current one, for the signed-in user only", async () => {
    const user = await member(appId);
    const other = await member(appId);
    const wrongCurrent = await auth(appId, "change-password", { user_id: user.id, current_password: "not it at all", new_password: "brand new pass" }, user.token);
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.detail).toBe("Current password is incorrect");
    const foreign = await auth(appId, "change-password", { user_id: other.id, current_password: other.password, new_password: "brand new pass" }, user.token);
    expect(foreign.status).toBe(403);
    const visitor = await auth(appId, "change-password", { user_id: user.id, current_password: user.password, new_password: "brand new pass" });
    expect(visitor.status).toBe(403);
    expect(visitor.body.extra_data.reason).toBe("auth_required");

    const changed = await auth(appId, "change-password", { user_id: user.id, current_password: user.password, new_password: "brand new pass" }, user.token);
    expect(changed.status).toBe(200);
    expect((await auth(appId, "login", { email: user.email, password: user.password })).status).toBe(400);
    expect((await auth(appId, "login", { email: user.email, password: "brand new pass" })).status).toBe(200);
  });

  it("reset: the same answer for anyone, a link only to a user, used once", async () => {
    const user = await member(appId);
    const stranger = uniqueEmail("stranger");
    const forUser = await auth(appId, "reset-password-request", { email: user.email });
    const forStranger = await auth(appId, "reset-password-request", { email: stranger });
    expect(forUser.status).toBe(200);
    expect(forStranger.body).toEqual(forUser.body);
    expect(await mailsTo(stranger)).toEqual([]);

    const token = await resetTokenFor(user.email);
    const [mail] = await mailsTo(user.email);
    expect(mail.text).toContain(`http://${slug}.localhost:`);

    const short = await auth(appId, "reset-password", { reset_token: token, new_password: "short" });
    expect(short.status).toBe(400);
    expect(short.body.detail).toContain("Password must be at least 8 characters long");

    const reset = await auth(appId, "reset-password", { reset_token: token, new_password: "after the reset" });
    expect(reset.status).toBe(200);
    const reused = await auth(appId, "reset-password", { reset_token: token, new_password: "again and again" });
    expect(reused.status).toBe(400);
    expect(reused.body.detail).toBe("Reset token invalid");
    expect((await auth(appId, "reset-password", { reset_token: `${user.id}.forged`, new_password: "again and again" })).body.detail).toBe("Reset token invalid");
    expect((await auth(appId, "login", { email: user.email, password: "after the reset" })).status).toBe(200);
  });
});

describe("Google sign-in for an app (local identity page)", () => {
  it("creates the user on a public app and returns to from_url with an app token", async () => {
    const email = uniqueEmail("google");
    const back = await googleSignIn(appId, email, `${originOf(slug)}/Books?x=1`);
    expect(back.origin).toBe(originOf(slug));
    expect(back.pathname).toBe("/Books");
    expect(back.searchParams.get("is_new_user")).toBe("true");
    const me = await call("GET", `/api/apps/${appId}/entities/User/me`, { token: back.searchParams.get("access_token")! });
    expect(me.body).toMatchObject({ email, is_verified: true });
  });

  it("never sends a token to a foreign origin", async () => {
    const back = await googleSignIn(appId, uniqueEmail("google"), "https://evil.example/steal");
    expect(back.hostname).toBe(`${slug}.localhost`);
    expect(back.searchParams.get("access_token")).toBeTruthy();
  });

  it("inside a frame (popup_origin) the token goes to the app's own popup page, which hands it to the opener", async () => {
    const back = await googleSignIn(appId, uniqueEmail("popup"), `${originOf(slug)}/`, originOf(slug));
    expect(back.origin + back.pathname).toBe(`${originOf(slug)}/api/apps/auth/popup-done`);
    expect(new URLSearchParams(back.hash.slice(1)).get("access_token")).toBeTruthy();
    const page = await call("GET", "/api/apps/auth/popup-done");
    expect(page.status).toBe(200);
    expect(page.body).toContain("window.opener.postMessage");
    const foreign = await googleSignIn(appId, uniqueEmail("popup"), `${originOf(slug)}/`, "https://evil.example");
    expect(foreign.origin).toBe(originOf(slug));
    expect(foreign.pathname).toBe("/");
  });

  it("logout goes back to an app address, never elsewhere", async () => {
    const home = `${originOf(slug)}/`;
    expect((await call("GET", `/api/apps/auth/logout?from_url=${encodeURIComponent(home)}`)).headers.get("location")).toBe(home);
    expect((await call("GET", `/api/apps/auth/logout?from_url=${encodeURIComponent("https://evil.example/")}`)).headers.get("location")).toBe("/");
  });
});
