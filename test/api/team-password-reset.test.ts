import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppAuthLimits } from "../../functions/core/app-users/auth-limits";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { apiUrl } from "./helpers";
import { PASSWORD, type TeamClient, teamClient } from "./team-client";

/**
 * A forgotten password on a team's Kiln (`npm run team`, issue 23): a code mailed to the address sets a
 * new password and ends every earlier session. A team stack of its own, called over HTTP as people
 * would, with the codes read from the table's outbox as the operator would.
 */

const RESET_MAIL = "Reset your password for Kiln";
const NEW_PASSWORD = "a brand new passphrase";
const SAME_ANSWER = { message: "If an account exists for this email, you will receive a password reset code shortly.", otp_expires_in_minutes: 10 };

let stack: StackProcess;
let kiln: TeamClient;

beforeAll(async () => {
  stack = await startLocalStackProcess({ seed: false, team: true });
  kiln = teamClient(stack);
  // the first account takes the admin seat; the accounts below are ordinary builders
  await kiln.signUp("admin@team.test");
}, 120_000);

afterAll(async () => {
  kiln?.close();
  await stack?.stop();
});

const requestReset = (email: string) => kiln.request("POST", "/api/auth/password/reset-request", { email });
const reset = (email: string, code: string, password = NEW_PASSWORD) => kiln.request("POST", "/api/auth/password/reset", { email, code, password });
const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");

describe("a team's Kiln: a forgotten password", () => {
  it("answers an unknown e-mail exactly as a known one, and mails a code only to the account", async () => {
    const known = "known@team.test";
    await kiln.signUp(known);
    const forKnown = await requestReset(known);
    const forUnknown = await requestReset("nobody@team.test");
    expect([forKnown.status, forKnown.body]).toEqual([200, SAME_ANSWER]);
    expect([forUnknown.status, forUnknown.body]).toEqual([200, SAME_ANSWER]);
    expect(await kiln.codeMailed(known, RESET_MAIL)).toMatch(/^\d{6}$/);
    await expect(kiln.codeMailed("nobody@team.test", RESET_MAIL)).rejects.toThrow("no code was mailed to nobody@team.test");
    // and nothing to reset there: any code is refused
    const guess = await reset("nobody@team.test", "123456");
    expect([guess.status, guess.body.detail]).toEqual([400, "Invalid verification code"]);
  });

  it(`refuses a wrong code and counts it: after ${AppAuthLimits.OTP_MAX_ATTEMPTS} wrong ones even the right code is refused`, async () => {
    const email = "guessed@team.test";
    await kiln.signUp(email);
    await requestReset(email);
    const code = await kiln.codeMailed(email, RESET_MAIL);
    for (let i = 0; i < AppAuthLimits.OTP_MAX_ATTEMPTS; i++) {
      const wrong = await reset(email, otherThan(code));
      expect([wrong.status, wrong.body.detail]).toEqual([400, "Invalid verification code"]);
    }
    const right = await reset(email, code);
    expect([right.status, right.body.detail]).toEqual([400, "Too many incorrect attempts. Please request a new code."]);
    // the password stayed as it was
    expect((await kiln.signIn(email)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const email = "late@team.test";
    await kiln.signUp(email);
    await requestReset(email);
    const code = await kiln.codeMailed(email, RESET_MAIL);
    await kiln.expireCode(email);
    const late = await reset(email, code);
    expect([late.status, late.body.detail]).toEqual([400, "Verification code has expired. Please request a new code."]);
    expect((await kiln.signIn(email, NEW_PASSWORD)).status).toBe(400);
  });

  it("uses a code once", async () => {
    const email = "once@team.test";
    await kiln.signUp(email);
    await requestReset(email);
    const code = await kiln.codeMailed(email, RESET_MAIL);
    expect((await reset(email, code)).status).toBe(200);
    const again = await reset(email, code, "yet another passphrase");
    expect([again.status, again.body.detail]).toEqual([400, "Invalid verification code"]);
    expect((await kiln.signIn(email, "yet another passphrase")).status).toBe(400);
    expect((await kiln.signIn(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("keeps a reset's code from signing in, and a sign-in's code from resetting", async () => {
    const email = "purposes@team.test";
    await kiln.signUp(email);
    await requestReset(email);
    const resetCode = await kiln.codeMailed(email, RESET_MAIL);
    const signIn = await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code: resetCode });
    expect([signIn.status, signIn.body.detail]).toEqual([400, "Invalid verification code"]);
    expect((await kiln.request("POST", "/api/auth/password/sign-in", { email, password: PASSWORD })).status).toBe(200);
    const signInCode = await kiln.lastCode(email);
    const asReset = await reset(email, signInCode);
    expect([asReset.status, asReset.body.detail]).toEqual([400, "Invalid verification code"]);
  });

  it("sets the new password and ends every session issued before it; those issued after work", async () => {
    const email = "reset@team.test";
    const atSignUp = await kiln.signUp(email);
    const app = await kiln.request("POST", "/api/apps", { user_description: "A reading list" }, atSignUp);
    expect(app.status).toBe(201);
    const justBefore = (await kiln.signIn(email)).token!;
    expect((await kiln.me(justBefore)).email).toBe(email);

    await requestReset(email);
    const done = await reset(email, await kiln.codeMailed(email, RESET_MAIL));
    expect([done.status, done.body]).toEqual([200, { message: "Your password has been reset. Please sign in with your new password." }]);

    for (const old of [atSignUp, justBefore]) {
      const me = await kiln.request("GET", "/api/auth/me", undefined, old);
      expect([me.status, me.body.detail]).toEqual([401, "Invalid or expired token"]);
      // a generated app's API resolves its builder apart from the platform's calls: refused there too
      expect((await kiln.request("GET", `/api/apps/${app.body.id}/runtime/files`, undefined, old)).status).toBe(401);
    }
    expect((await kiln.signIn(email)).status).toBe(400);
    // signed in again at once, likely within the reset's second: the new token is good
    const after = await kiln.signIn(email, NEW_PASSWORD);
    expect(after.status).toBe(200);
    expect((await kiln.me(after.token!)).email).toBe(email);
    expect((await kiln.request("GET", `/api/apps/${app.body.id}/runtime/files`, undefined, after.token)).status).toBe(200);
  });

  it("holds the Password rules for the new password and answers bad bodies with 400, never a 5xx", async () => {
    const short = await reset("known@team.test", "123456", "short");
    expect(short.status).toBe(400);
    expect(short.body.detail).toMatch(/^password: /);
    for (const [path, body] of [
      ["/api/auth/password/reset-request", {}],
      ["/api/auth/password/reset-request", { email: "x" }],
      ["/api/auth/password/reset-request", { email: "a@b.test", extra: 1 }],
      ["/api/auth/password/reset", { email: "a@b.test", code: "12", password: NEW_PASSWORD }],
      ["/api/auth/password/reset", { email: "a@b.test", code: "123456" }],
    ] as const) {
      expect((await kiln.request("POST", path, body)).status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
  });
});

describe("Kiln on one machine (npm start)", () => {
  it("has no password reset: the calls answer 404", async () => {
    for (const [path, body] of [
      ["/api/auth/password/reset-request", { email: "a@b.test" }],
      ["/api/auth/password/reset", { email: "a@b.test", code: "123456", password: NEW_PASSWORD }],
    ] as const) {
      const res = await fetch(`${apiUrl()}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(res.status, path).toBe(404);
    }
  });
});
