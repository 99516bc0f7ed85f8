import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { apiUrl } from "./helpers";
import { PASSWORD, type TeamClient, teamClient } from "./team-client";

/**
 * A team's Kiln on one box (`npm run team`, issue 23): a stack of its own in team mode, called
 * over HTTP as people would, with the codes read from the table's outbox as the operator would.
 */

/** The team stacks this file started, stopped when it ends. */
const started: { stack: StackProcess; kiln: TeamClient }[] = [];

/** A team's Kiln of its own, on fresh data: no account yet, so the first-admin seat is free. */
async function freshTeamBox(): Promise<TeamClient> {
  const stack = await startLocalStackProcess({ seed: false, team: true });
  const kiln = teamClient(stack);
  started.push({ stack, kiln });
  return kiln;
}

afterAll(async () => {
  for (const { stack, kiln } of started) {
    kiln.close();
    await stack.stop();
  }
});

describe("a team's Kiln: sign-in and the first admin", () => {
  let kiln: TeamClient;
  beforeAll(async () => void (kiln = await freshTeamBox()), 120_000);

  it("has no local identity page and no /api/local/* (404, as in the cloud), and offers password sign-in", async () => {
    for (const [method, path, body] of [
      ["POST", "/api/local/token", { email: "anyone@team.test" }],
      ["GET", "/api/local/identity", undefined],
      ["GET", "/api/local/outbox", undefined],
    ] as const) {
      expect((await kiln.request(method, path, body)).status, path).toBe(404);
    }
    expect((await kiln.request("GET", "/api/auth/methods")).body).toEqual({ password: true, google: false });
    const login = await kiln.request("GET", "/api/auth/login?from_url=%2Fapps");
    expect(login.status).toBe(302);
    expect(login.location).toBe("/login?from_url=%2Fapps");
  });

  it("makes the first account the platform admin, and the second an ordinary user", async () => {
    const first = await kiln.me(await kiln.signUp("first@team.test"));
    const second = await kiln.me(await kiln.signUp("second@team.test"));
    expect([first.email, first.platform_role]).toEqual(["first@team.test", "platform_admin"]);
    expect([second.email, second.platform_role]).toEqual(["second@team.test", "user"]);
  });

  it("signs in only with the right password and then the mailed code, once", async () => {
    const email = "carol@team.test";
    await kiln.signUp(email);
    const wrong = await kiln.request("POST", "/api/auth/password/sign-in", { email, password: "not the password" });
    expect([wrong.status, wrong.body.detail]).toEqual([400, "Invalid email or password"]);
    expect((await kiln.request("POST", "/api/auth/password/sign-in", { email, password: PASSWORD })).status).toBe(200);
    const code = await kiln.lastCode(email);
    const otherCode = code === "000000" ? "000001" : "000000";

    const badCode = await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code: otherCode });
    expect([badCode.status, badCode.body.detail]).toEqual([400, "Invalid verification code"]);
    const badPassword = await kiln.request("POST", "/api/auth/password/verify", { email, password: "not the password", code });
    expect([badPassword.status, badPassword.body.detail]).toEqual([400, "Invalid email or password"]);
    const signedIn = await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code });
    expect(signedIn.status).toBe(200);
    expect((await kiln.me(signedIn.body.access_token)).email).toBe(email);
    const again = await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code });
    expect([again.status, again.body.detail]).toEqual([400, "Invalid verification code"]);
  });

  it("refuses an account that already has a password a second sign-up", async () => {
    const taken = await kiln.request("POST", "/api/auth/password/sign-up", { email: "carol@team.test", password: "another password" });
    expect([taken.status, taken.body.detail]).toEqual([409, "An account with this email already exists. Please sign in."]);
  });

  it("lets a code sent for someone else's sign-up of an address finish nothing", async () => {
    const email = "dave@team.test";
    expect((await kiln.request("POST", "/api/auth/password/sign-up", { email, password: PASSWORD })).status).toBe(200);
    // a stranger signs the same address up with their own password; the code the owner now receives is for that sign-up
    expect((await kiln.request("POST", "/api/auth/password/sign-up", { email, password: "the stranger's pick" })).status).toBe(200);
    const code = await kiln.lastCode(email);
    const owner = await kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code });
    expect([owner.status, owner.body.detail]).toEqual([400, "Invalid email or password"]);
    const stranger = await kiln.request("POST", "/api/auth/password/sign-in", { email, password: "the stranger's pick" });
    expect(stranger.status).toBe(400);
  });

  it("rate-limits wrong passwords: past 10 failures even the right one waits", async () => {
    const email = "erin@team.test";
    await kiln.signUp(email);
    for (let i = 0; i < 10; i++) {
      const res = await kiln.request("POST", "/api/auth/password/sign-in", { email, password: `wrong ${i}` });
      expect(res.status).toBe(400);
    }
    const limited = await kiln.request("POST", "/api/auth/password/sign-in", { email, password: PASSWORD });
    expect([limited.status, limited.body.detail]).toEqual([429, "Too many sign-in attempts. Please try again in 15 minutes."]);
  });

  it("counts wrong passwords per person behind the reverse proxy (its X-Forwarded-For), so one guesser does not lock out the team", async () => {
    const email = "frank@team.test";
    await kiln.signUp(email);
    const from = (address: string, password: string) => kiln.request("POST", "/api/auth/password/sign-in", { email, password }, undefined, { "x-forwarded-for": address });
    for (let i = 0; i < 10; i++) expect((await from("203.0.113.7", `wrong ${i}`)).status).toBe(400);
    expect((await from("203.0.113.7", PASSWORD)).status).toBe(429);
    // the proxy appends the address it saw: an earlier entry the guesser wrote decides nothing
    expect((await from("198.51.100.4, 203.0.113.7", PASSWORD)).status).toBe(429);
    expect((await from("198.51.100.4", PASSWORD)).status).toBe(200);
  });

  it("answers bad bodies with 400, never a 5xx", async () => {
    for (const body of [{}, { email: "x" }, { email: "a@b.test", password: "p", code: "12" }, { email: "a@b.test", password: "p", code: "123456", extra: 1 }]) {
      for (const path of ["/api/auth/password/sign-up", "/api/auth/password/sign-in", "/api/auth/password/verify"]) {
        expect((await kiln.request("POST", path, body)).status, `${path} ${JSON.stringify(body)}`).toBe(400);
      }
    }
  });
});

describe("a team's Kiln: two first sign-ups at once", () => {
  let kiln: TeamClient;
  beforeAll(async () => void (kiln = await freshTeamBox()), 120_000);

  it("makes exactly one of them the admin", async () => {
    const emails = ["racer1@team.test", "racer2@team.test", "racer3@team.test"];
    for (const email of emails) expect((await kiln.request("POST", "/api/auth/password/sign-up", { email, password: PASSWORD })).status).toBe(200);
    const codes = await Promise.all(emails.map(kiln.lastCode));
    const verified = await Promise.all(emails.map((email, i) => kiln.request("POST", "/api/auth/password/verify", { email, password: PASSWORD, code: codes[i] })));
    expect(verified.map((v) => v.status)).toEqual([200, 200, 200]);
    const roles = await Promise.all(verified.map(async (v) => (await kiln.me(v.body.access_token)).platform_role));
    expect(roles.filter((r) => r === "platform_admin")).toHaveLength(1);
    expect(roles.filter((r) => r === "user")).toHaveLength(2);
  });
});

describe("Kiln on one machine (npm start)", () => {
  it("keeps password sign-in off: the calls answer 404", async () => {
    const res = await fetch(`${apiUrl()}/api/auth/password/sign-in`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "a@b.test", password: "x" }) });
    expect(res.status).toBe(404);
    const methods = await (await fetch(`${apiUrl()}/api/auth/methods`)).json();
    expect(methods).toEqual({ password: false, google: true });
  });
});
