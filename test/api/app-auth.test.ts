import { beforeAll, describe, expect, it } from "vitest";
import { apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "./helpers";

/**
 * A generated app's own sign-in (spec 03 §2.13, §5, §8; reference §3) against the real
 * local stack: codes and reset links are read from the local outbox, as a user would
 * read them from their mailbox.
 */

let adminToken: string;

async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: adminToken });
  expect(res.status).toBe(200);
  return res.body;
}

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

const auth = (appId: string, path: string, body: unknown, token?: string) => call("POST", `/api/apps/${appId}/auth/${path}`, { body, token });

/** A signed-up, verified, signed-in user of the app (helpers' appMember), with the password it chose. */
const member = async (appId: string, email?: string) => ({ ...(await appMember(appId, email)), password: "correct horse" });

/** Follow "Continue with Google" through the local identity page as `email`: the final redirect. */
async function googleSignIn(appId: string, email: string, fromUrl: string, popupOrigin?: string) {
  const start = await call("GET", `/api/apps/auth/login?${new URLSearchParams({ app_id: appId, from_url: fromUrl, ...(popupOrigin ? { popup_origin: popupOrigin } : {}) })}`);
  expect(start.status).toBe(302);
  const page = new URL(start.headers.get("location")!, apiUrl());
  expect(page.pathname).toBe("/api/local/identity");
  const html = await call("GET", page.pathname + page.search);
  expect(html.status).toBe(200);
  const form = new URLSearchParams({ email, from_url: page.searchParams.get("from_url")!, app_id: page.searchParams.get("app_id")! });
  if (page.searchParams.get("popup_origin")) form.set("popup_origin", page.searchParams.get("popup_origin")!);
  const done = await call("POST", "/api/local/identity", { rawBody: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(done.status).toBe(303);
  return new URL(done.headers.get("location")!);
}

/** An app's own origin on the local stack: `{slug}.localhost` on the stack's port. */
const originOf = (appSlug: string) => `http://${appSlug}.localhost:${new URL(apiUrl()).port}`;

async function setApp(token: string, appId: string, patch: Record<string, unknown>) {
  const res = await call("PUT", `/api/apps/${appId}`, { token, body: patch });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;
let slug: string;

beforeAll(async () => {
  adminToken = await tokenFor("admin@kiln.local");
  owner = await signedIn("owner");
  const app = await builtApp(owner.token, "A reading list to track books, authors and reviews");
  appId = app.id;
  slug = app.slug;
  await setApp(owner.token, appId, { public_settings: "public_with_login" });
  await enablePasswordSignIn(appId, owner.token);
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

describe("app settings and the preview identity", () => {
  it("e-mail/password sign-in is off until the owner turns it on (and off again); login info says which", async () => {
    const o = await signedIn("switch-owner");
    const app = await builtApp(o.token, "A plant watering tracker");
    await setApp(o.token, app.id, { public_settings: "public_with_login" });
    const info = await call("GET", `/api/apps/public/login-info/by-slug/${app.slug}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({ id: app.id, name: app.name, logo_url: null, public_settings: "public_with_login", enable_username_password: false, google_enabled: true });
    expect((await call("GET", `/api/apps/public/login-info/by-id/${app.id}`)).body.enable_username_password).toBe(false);
    expect((await call("GET", "/api/apps/public/login-info/by-slug/no-such-app-000000")).status).toBe(404);

    const email = uniqueEmail("early");
    const refusedWhileOff = async () => {
      for (const [path, body] of [
        ["register", { email, password: "long enough" }],
        ["verify-otp", { email, otp_code: "123456" }],
        ["resend-otp", { email }],
        ["login", { email, password: "long enough" }],
        ["reset-password-request", { email }],
        ["reset-password", { reset_token: "someone.else", new_password: "long enough" }],
      ] as const) {
        const res = await auth(app.id, path, body);
        expect(res.status, path).toBe(403);
        expect(res.body.detail, path).toBe("Email and password sign-in is turned off for this app");
      }
    };
    await refusedWhileOff();
    expect(await mailsTo(email)).toEqual([]);
    expect((await call("GET", `/api/apps/${app.id}/entities/User`, { token: o.token })).body).toEqual([]);

    await enablePasswordSignIn(app.id, o.token);
    expect((await call("GET", `/api/apps/public/login-info/by-id/${app.id}`)).body.enable_username_password).toBe(true);
    const user = await member(app.id, email);
    expect(user.email).toBe(email);

    await setApp(o.token, app.id, { enable_username_password: false });
    expect((await call("GET", `/api/apps/public/login-info/by-slug/${app.slug}`)).body.enable_username_password).toBe(false);
    await refusedWhileOff();
    const change = await auth(app.id, "change-password", { user_id: user.id, current_password: user.password, new_password: "brand new pass" }, user.token);
    expect(change.status).toBe(403);
  });

  it("the builder's runtime token makes them an admin user of their own app; nobody else gets one", async () => {
    const res = await call("GET", `/api/apps/${appId}/auth/token`, { token: owner.token });
    expect(res.status).toBe(200);
    const me = await call("GET", `/api/apps/${appId}/entities/User/me`, { token: res.body.token });
    expect(me.body).toMatchObject({ email: owner.email, role: "admin", is_verified: true });
    const stranger = await signedIn("stranger");
    expect((await call("GET", `/api/apps/${appId}/auth/token`, { token: stranger.token })).status).toBe(403);
    expect((await call("GET", `/api/apps/${appId}/auth/token`, { token: (await member(appId)).token })).status).toBe(401);
  });

  it("me: 401 for a visitor of an open app, 403 auth_required for a sign-in app", async () => {
    const o = await signedIn("open-owner");
    const app = await builtApp(o.token, "A public recipe board");
    await setApp(o.token, app.id, { public_settings: "public_without_login" });
    expect((await call("GET", `/api/apps/${app.id}/entities/User/me`)).status).toBe(401);
    const gated = await call("GET", `/api/apps/${appId}/entities/User/me`);
    expect(gated.status).toBe(403);
    expect(gated.body.extra_data).toEqual({ reason: "auth_required", app_id: appId });
  });
});

describe("the User entity and invitations", () => {
  it("builders see every user, a member only themself; q, sort, limit and fields apply", async () => {
    const a = await member(appId);
    const b = await member(appId);
    const all = await call("GET", `/api/apps/${appId}/entities/User?sort=-created_date&limit=500`, { token: owner.token });
    expect(all.status).toBe(200);
    expect(all.body.map((u: { id: string }) => u.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // q is form-decoded: a space in a value arrives as "+"
    const q = JSON.stringify({ $or: [{ email: a.email }, { full_name: "no such name" }] }).replace(/ /g, "+").replace(/[{}"[\]]/g, encodeURIComponent);
    const one = await call("GET", `/api/apps/${appId}/entities/User?q=${q}&fields=email`, { token: owner.token });
    expect(one.body).toEqual([{ id: a.id, email: a.email }]);

    for (const bad of ['{"$foo":1}', '{"email":{"$regex":"("}}', "not json"]) {
      const res = await call("GET", `/api/apps/${appId}/entities/User?q=${encodeURIComponent(bad)}`, { token: owner.token });
      expect(res.status, bad).toBe(400);
    }

    const mine = await call("GET", `/api/apps/${appId}/entities/User`, { token: a.token });
    expect(mine.body.map((u: { id: string }) => u.id)).toEqual([a.id]);
    expect((await call("GET", `/api/apps/${appId}/entities/User/${b.id}`, { token: a.token })).status).toBe(404);
    expect((await call("GET", `/api/apps/${appId}/entities/User/${a.id}`, { token: a.token })).body.email).toBe(a.email);
    expect((await call("PUT", `/api/apps/${appId}/entities/User/${b.id}`, { token: a.token, body: { x: 1 } })).status).toBe(404);
    expect((await call("DELETE", `/api/apps/${appId}/entities/User/${b.id}`, { token: a.token })).status).toBe(404);
  });

  it("invites: builder or app admin only; the admin role needs a paid plan; an invitation e-mail links to the app", async () => {
    const email = uniqueEmail("invitee");
    const asAdmin = await call("POST", `/api/apps/${appId}/users/invite-user`, { token: owner.token, body: { user_email: email, role: "admin" } });
    expect(asAdmin.status).toBe(403);
    expect(asAdmin.body.detail).toContain("Paid plans only");
    const blank = await call("POST", `/api/apps/${appId}/users/invite-user`, { token: owner.token, body: { user_email: "", role: "user" } });
    expect(blank.status).toBe(400);
    expect(blank.body.detail).toContain("Please enter an email address");

    const invited = await call("POST", `/api/apps/${appId}/users/invite-user`, { token: owner.token, body: { user_email: email, role: "user" } });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ email, role: "user", invited: true });
    const [mail] = await mailsTo(email);
    expect(mail.text).toContain(`http://${slug}.localhost:`);

    const plain = await member(appId);
    const byMember = await call("POST", `/api/apps/${appId}/runtime/users/invite-user`, { token: plain.token, body: { user_email: uniqueEmail(), role: "user" } });
    expect(byMember.status).toBe(403);

    // On a paid plan the owner may make admins, and an app admin may invite.
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: adminToken, body: { subscription_tier: "builder" } });
    const promoted = await call("PUT", `/api/apps/${appId}/entities/User/${plain.id}`, { token: owner.token, body: { role: "admin", full_name: "Promoted" } });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ role: "admin", _app_role: "admin", full_name: "Promoted" });
    const byAppAdmin = await call("POST", `/api/apps/${appId}/runtime/users/invite-user`, { token: plain.token, body: { user_email: uniqueEmail(), role: "admin" } });
    expect(byAppAdmin.status).toBe(200);
    expect(byAppAdmin.body.role).toBe("admin");
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: adminToken, body: { subscription_tier: "free" } });
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

describe("a published private app refuses a stranger on every path", () => {
  let privateApp: { id: string; slug: string };
  let builder: Awaited<ReturnType<typeof signedIn>>;
  const invited = uniqueEmail("invited");
  const invitedGoogle = uniqueEmail("invited-google");

  beforeAll(async () => {
    builder = await signedIn("private-owner");
    privateApp = await builtApp(builder.token, "A private staff rota with shifts and people");
    expect((await call("GET", `/api/apps/${privateApp.id}`, { token: builder.token })).body.public_settings).toBe("private_with_login");
    const published = await call("POST", `/api/apps/${privateApp.id}/deploy`, { token: builder.token });
    expect(published.status, JSON.stringify(published.body)).toBeLessThan(300);
    await enablePasswordSignIn(privateApp.id, builder.token);
    for (const email of [invited, invitedGoogle]) {
      expect((await call("POST", `/api/apps/${privateApp.id}/users/invite-user`, { token: builder.token, body: { user_email: email, role: "user" } })).status).toBe(200);
    }
  }, 60_000);

  async function userEmails() {
    const res = await call("GET", `/api/apps/${privateApp.id}/entities/User`, { token: builder.token });
    expect(res.status).toBe(200);
    return res.body.map((u: { email: string }) => u.email);
  }

  it("register, verify, resend, login, reset, Google, settings, me and entity data all refuse; no user is created and no mail sent", async () => {
    const stranger = uniqueEmail("stranger");
    const id = privateApp.id;
    const before = await userEmails();

    for (const [path, body] of [
      ["register", { email: stranger, password: "let me in please" }],
      ["verify-otp", { email: stranger, otp_code: "123456" }],
      ["resend-otp", { email: stranger }],
    ] as const) {
      const res = await auth(id, path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.extra_data, path).toEqual({ reason: "user_not_registered", app_id: id });
    }
    const login = await auth(id, "login", { email: stranger, password: "let me in please" });
    expect(login.status).toBe(400);
    expect(login.body.detail).toBe("Invalid email or password");
    const reset = await auth(id, "reset-password-request", { email: stranger });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual((await auth(id, "reset-password-request", { email: invited })).body);
    expect((await auth(id, "reset-password", { reset_token: "someone.else", new_password: "let me in please" })).body.detail).toBe("Reset token invalid");

    const google = await googleSignIn(id, stranger, `${originOf(privateApp.slug)}/`);
    expect(google.pathname).toBe("/login");
    expect(google.searchParams.get("error")).toBe("user_not_registered");
    expect(google.searchParams.get("access_token")).toBeNull();

    const settings = await call("GET", `/api/apps/public/prod/public-settings/by-id/${id}`);
    expect(settings.status).toBe(403);
    expect(settings.body.extra_data.reason).toBe("auth_required");
    for (const path of [`/api/apps/${id}/entities/User/me`, `/api/apps/${id}/entities/User`, `/api/apps/${id}/entities/Shift`]) {
      const res = await call("GET", path);
      expect(res.status, path).toBe(403);
      expect(res.body.extra_data.reason, path).toBe("auth_required");
    }
    // A platform user who is not the owner gets nothing either, token or data.
    const outsider = await signedIn("outsider");
    expect((await call("GET", `/api/apps/${id}/auth/token`, { token: outsider.token })).status).toBe(403);
    expect((await call("GET", `/api/apps/${id}/entities/User`, { token: outsider.token })).status).toBe(403);

    expect(await mailsTo(stranger)).toEqual([]);
    expect(await userEmails()).toEqual(before);
    expect(before).not.toContain(stranger);
  });

  it("a token of another app is refused", async () => {
    const elsewhere = await member(appId);
    const res = await call("GET", `/api/apps/${privateApp.id}/entities/User/me`, { token: elsewhere.token });
    expect(res.status).toBe(401);
  });

  it("a user who signed up while the app was public is not registered once it is private", async () => {
    const o = await signedIn("flip-owner");
    const app = await builtApp(o.token, "A team wiki");
    await setApp(o.token, app.id, { public_settings: "public_with_login" });
    await enablePasswordSignIn(app.id, o.token);
    const early = await member(app.id);
    await setApp(o.token, app.id, { public_settings: "private_with_login" });
    expect((await auth(app.id, "login", { email: early.email, password: early.password })).body.detail).toBe("Invalid email or password");
    for (const path of [`/api/apps/public/prod/public-settings/by-id/${app.id}`, `/api/apps/${app.id}/entities/User/me`]) {
      const res = await call("GET", path, { token: early.token });
      expect(res.status, path).toBe(403);
      expect(res.body.extra_data.reason, path).toBe("user_not_registered");
    }
    expect((await auth(app.id, "reset-password-request", { email: early.email })).status).toBe(200);
    expect((await mailsTo(early.email)).some((m) => m.subject.startsWith("Reset"))).toBe(false);
  });

  it("an invited user registers, verifies and gets in; an invited Google user gets in", async () => {
    const id = privateApp.id;
    const { token } = await member(id, invited);
    const me = await call("GET", `/api/apps/${id}/entities/User/me`, { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: invited, invited: true });
    const settings = await call("GET", `/api/apps/public/prod/public-settings/by-id/${id}`, { token });
    expect(settings.body).toEqual({ id, public_settings: "private_with_login" });

    const back = await googleSignIn(id, invitedGoogle, `${originOf(privateApp.slug)}/Shifts`);
    expect(back.pathname).toBe("/Shifts");
    expect(back.searchParams.get("is_new_user")).toBe("false");
    const googleMe = await call("GET", `/api/apps/${id}/entities/User/me`, { token: back.searchParams.get("access_token")! });
    expect(googleMe.body).toMatchObject({ email: invitedGoogle, is_verified: true });
  });
});
