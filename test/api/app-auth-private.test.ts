import { beforeAll, describe, expect, it } from "vitest";
import { auth, googleSignIn, mailsTo, member, originOf, readingListApp, setApp } from "./app-auth-helpers";
import { builtApp, call, enablePasswordSignIn, signedIn, uniqueEmail } from "./helpers";

/**
 * A private generated app's sign-in (spec 03 §2.13, §5, §8; reference §3) against the real
 * local stack: only invited users get in, by any path.
 */

/** The shared reading-list app, whose users' tokens the private app must refuse. */
let appId: string;

beforeAll(async () => {
  ({ appId } = await readingListApp());
}, 60_000);

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
