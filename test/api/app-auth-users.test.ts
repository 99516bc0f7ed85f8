import { beforeAll, describe, expect, it } from "vitest";
import { auth, mailsTo, member, readingListApp, setApp } from "./app-auth-helpers";
import { builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "./helpers";

/**
 * A generated app's users (spec 03 §2.13, §5, §8; reference §3) against the real local stack:
 * the owner's sign-in settings, the builder's preview identity, the User entity and invitations.
 */

let adminToken: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;
let slug: string;

beforeAll(async () => {
  adminToken = await tokenFor("admin@kiln.local");
  ({ owner, appId, slug } = await readingListApp());
}, 60_000);

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
