import { Base44Error, createClient } from "@base44/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { apiUrl, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "../api/helpers";

/**
 * The real @base44/sdk (pinned 0.8.50) signing in to a Kiln app: what code written for
 * Base44 calls, unchanged, against the local stack (reference/base44-sdk-wire.md §3).
 */

const client = (appId: string, token?: string) => createClient({ appId, serverUrl: apiUrl(), token, analytics: { enabled: false } });

let adminToken: string;

async function newestMail(email: string): Promise<string> {
  const res = await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: adminToken });
  const text = res.body[0]?.text as string | undefined;
  if (!text) throw new Error(`nothing mailed to ${email}`);
  return text;
}

/** The rejection of `promise`, which must be a Base44Error. */
async function failure(promise: Promise<unknown>): Promise<Base44Error> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Base44Error);
  return err as Base44Error;
}

const reasonOf = (err: Base44Error) => (err.data as { extra_data?: { reason?: string } }).extra_data?.reason;

async function setVisibility(token: string, appId: string, public_settings: string) {
  expect((await call("PUT", `/api/apps/${appId}`, { token, body: { public_settings } })).status).toBe(200);
}

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;

beforeAll(async () => {
  adminToken = await tokenFor("admin@kiln.local");
  owner = await signedIn("sdk-owner");
  appId = (await builtApp(owner.token, "A book club with meetings and members")).id;
  await setVisibility(owner.token, appId, "public_with_login");
  await enablePasswordSignIn(appId, owner.token);
}, 60_000);

describe("auth through @base44/sdk", () => {
  it("a new app refuses e-mail and password sign-up and sign-in with a 403 until its owner turns it on", async () => {
    const fresh = (await builtApp(owner.token, "A garden planner with beds and plants")).id;
    await setVisibility(owner.token, fresh, "public_with_login");
    const email = uniqueEmail("too-early");
    for (const attempt of [client(fresh).auth.register({ email, password: "correct horse" }), client(fresh).auth.loginViaEmailPassword(email, "correct horse")]) {
      const err = await failure(attempt);
      expect(err.status).toBe(403);
      expect(err.message).toBe("Email and password sign-in is turned off for this app");
    }
    await enablePasswordSignIn(fresh, owner.token);
    expect(await client(fresh).auth.register({ email, password: "correct horse" })).toMatchObject({ otp_expires_in_minutes: 10 });
  });

  it("register → code from the outbox → verifyOtp → loginViaEmailPassword → me, updateMe, isAuthenticated", async () => {
    const base44 = client(appId);
    const email = uniqueEmail("sdk");
    const registered = await base44.auth.register({ email, password: "correct horse" });
    expect(registered).toMatchObject({ id: expect.any(String), otp_expires_in_minutes: 10 });

    const otpCode = (await newestMail(email)).match(/\b(\d{6})\b/)![1];
    const verified = await base44.auth.verifyOtp({ email, otpCode });
    expect(verified).toMatchObject({ id: registered.id, success: true, access_token: expect.any(String) });

    const { access_token, user } = await base44.auth.loginViaEmailPassword(email, "correct horse");
    expect(access_token).toEqual(expect.any(String));
    expect(user).toMatchObject({ id: registered.id, email, role: "user", is_verified: true, app_id: appId });

    expect(await base44.auth.isAuthenticated()).toBe(true);
    expect(await base44.auth.me()).toMatchObject({ id: registered.id, email });
    const updated = await base44.auth.updateMe({ shelf: "classics", role: "admin" });
    expect(updated).toMatchObject({ shelf: "classics", role: "user" });
    expect(await base44.app.getPublicSettings()).toEqual({ id: appId, public_settings: "public_with_login" });

    await base44.auth.changePassword({ userId: user.id, currentPassword: "correct horse", newPassword: "battery staple" });
    await base44.auth.resetPasswordRequest(email);
    const resetToken = decodeURIComponent((await newestMail(email)).match(/token=(\S+)/)![1]);
    await base44.auth.resetPassword({ resetToken, newPassword: "after reset!" });
    expect((await client(appId).auth.loginViaEmailPassword(email, "after reset!")).user.email).toBe(email);
  });

  it("bad credentials: Base44Error 400 'Invalid email or password'", async () => {
    const err = await failure(client(appId).auth.loginViaEmailPassword(uniqueEmail("nobody"), "whatever it is"));
    expect(err.status).toBe(400);
    expect(err.message).toBe("Invalid email or password");
  });

  it("without a token: isAuthenticated is false and me() says auth_required", async () => {
    const base44 = client(appId);
    expect(await base44.auth.isAuthenticated()).toBe(false);
    const err = await failure(base44.auth.me());
    expect(err.status).toBe(403);
    expect(reasonOf(err)).toBe("auth_required");
  });
});

describe("a private app through @base44/sdk", () => {
  let privateId: string;
  let early: { email: string; token: string };
  const guest = uniqueEmail("guest");

  beforeAll(async () => {
    const o = await signedIn("sdk-private");
    privateId = (await builtApp(o.token, "A private board for the committee")).id;
    // Someone signs up while the app is public; then it goes private without inviting them.
    await setVisibility(o.token, privateId, "public_with_login");
    await enablePasswordSignIn(privateId, o.token);
    const email = uniqueEmail("early");
    const base44 = client(privateId);
    await base44.auth.register({ email, password: "correct horse" });
    await base44.auth.verifyOtp({ email, otpCode: (await newestMail(email)).match(/\b(\d{6})\b/)![1] });
    early = { email, token: (await base44.auth.loginViaEmailPassword(email, "correct horse")).access_token };
    await setVisibility(o.token, privateId, "private_with_login");
    // The builder's own client (platform token) invites a user.
    await client(privateId, o.token).auth.inviteUser(guest, "user");
  }, 60_000);

  it("getPublicSettings: auth_required for a visitor, user_not_registered for an uninvited user", async () => {
    expect(reasonOf(await failure(client(privateId).app.getPublicSettings()))).toBe("auth_required");
    const err = await failure(client(privateId, early.token).app.getPublicSettings());
    expect(err.status).toBe(403);
    expect(reasonOf(err)).toBe("user_not_registered");
    expect(reasonOf(await failure(client(privateId, early.token).auth.me()))).toBe("user_not_registered");
  });

  it("register refuses a stranger with user_not_registered and admits the invited e-mail", async () => {
    const err = await failure(client(privateId).auth.register({ email: uniqueEmail("stranger"), password: "let me in please" }));
    expect(err.status).toBe(403);
    expect(reasonOf(err)).toBe("user_not_registered");
    expect(await client(privateId).auth.register({ email: guest, password: "invited guest" })).toMatchObject({ otp_expires_in_minutes: 10 });
  });
});
