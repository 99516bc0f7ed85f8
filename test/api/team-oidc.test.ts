import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StackProcess, startLocalStackProcess } from "../../stacks/local/child";
import { signInSettings } from "../../stacks/local/team";
import { apiUrl } from "./helpers";
import { CookieJar, type TestProvider, signInThrough, startTestProvider, visit } from "./oidc-provider";
import { type TeamClient, teamClient } from "./team-client";

/**
 * A team's Kiln with single sign-on (issue 23): team stacks of their own, configured from OIDC_* and
 * KILN_SIGNUP_DOMAINS as `npm run team` reads them, signing in at a real OpenID Connect provider
 * (oidc-provider) followed by hand over HTTP, as a browser would.
 */

const SECRET = "the client secret Kiln must never show";
const NAME = "Continue with Test SSO";
// what the callback sends /login: a code (lib/sign-in-errors.ts), never a sentence a crafted link could choose
const EXPIRED = "expired";
const FAILED = "failed";
const UNVERIFIED = "unverified";
const LIMITED = "signup_limited";
const LIMITED_TEXT = "Sign-up is limited to addresses at team.test, example.org";

let provider: TestProvider;
const started: { stack: StackProcess; kiln: TeamClient }[] = [];
const work = mkdtempSync(path.join(os.tmpdir(), "kiln-team-oidc-"));

/** The settings `npm run team` takes from this environment, as the stack's options. */
function settingsOf(env: Record<string, string>) {
  const settings = signInSettings(env);
  if (typeof settings === "string") throw new Error(settings);
  return settings;
}

/** A team's Kiln with these settings, registered at the provider as `clientId` when it signs in there. */
async function teamBox(clientId: string | null, options: { signupDomains?: string; dataDir?: string } = {}) {
  const env: Record<string, string> = clientId ? { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: SECRET, OIDC_NAME: NAME } : {};
  if (options.signupDomains) env.KILN_SIGNUP_DOMAINS = options.signupDomains;
  const stack = await startLocalStackProcess({ seed: false, team: true, dataDir: options.dataDir, ...settingsOf(env) });
  if (clientId) provider.register({ clientId, clientSecret: SECRET, redirectUri: `${stack.url}/api/auth/oidc/callback` });
  const kiln = teamClient(stack);
  started.push({ stack, kiln });
  return { stack, kiln };
}

async function stop(box: { stack: StackProcess; kiln: TeamClient }) {
  box.kiln.close();
  await box.stack.stop();
  started.splice(started.indexOf(box), 1);
}

beforeAll(async () => void (provider = await startTestProvider()));

afterAll(async () => {
  for (const box of [...started]) await stop(box);
  await provider?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Signs in at the provider as `login`: where Kiln sent the browser, and the token when it signed in. */
async function sso(stack: StackProcess, login: string, fromUrl = "/apps") {
  const flow = await signInThrough(new CookieJar(), `${stack.url}/api/auth/oidc/start?${new URLSearchParams({ from_url: fromUrl })}`, login);
  expect(flow.landed, `${login}: ${flow.answer.status} ${flow.answer.text.slice(0, 200)}`).not.toBeNull();
  const landed = new URL(flow.landed!);
  const token = new URLSearchParams(landed.hash.slice(1)).get("access_token");
  return { landed, token, error: landed.searchParams.get("sso_error"), visited: flow.visited };
}

/** Every account's e-mail on a box, as its admin sees them. */
async function emails(kiln: TeamClient, adminToken: string): Promise<string[]> {
  const list = await kiln.request("GET", "/api/auth/list-users?limit=500", undefined, adminToken);
  expect(list.status).toBe(200);
  return (list.body as { email: string }[]).map((u) => u.email);
}

describe("the operator's settings (OIDC_*, KILN_SIGNUP_DOMAINS)", () => {
  it("takes all three OIDC settings or none, refuses a malformed one with a message, and never quotes the secret", () => {
    const full = { OIDC_ISSUER: "https://sso.example.com/", OIDC_CLIENT_ID: "kiln", OIDC_CLIENT_SECRET: SECRET };
    expect(signInSettings({})).toEqual({});
    expect(signInSettings(full)).toEqual({ oidc: { issuer: "https://sso.example.com", clientId: "kiln", clientSecret: SECRET, name: "Continue with single sign-on" } });
    expect(signInSettings({ ...full, OIDC_NAME: " Continue with Okta " })).toMatchObject({ oidc: { name: "Continue with Okta" } });
    const wrong = [
      [{ OIDC_ISSUER: full.OIDC_ISSUER, OIDC_CLIENT_SECRET: SECRET }, "OIDC_CLIENT_ID is not set"],
      [{ OIDC_CLIENT_SECRET: SECRET }, "OIDC_ISSUER, OIDC_CLIENT_ID are not set"],
      [{ OIDC_NAME: "Continue with Okta" }, "OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are not set"],
      [{ ...full, OIDC_ISSUER: "http://sso.example.com" }, 'OIDC_ISSUER must be the provider\'s https address, like https://example.okta.com (plain http only on this machine), not "http://sso.example.com".'],
      [{ ...full, OIDC_ISSUER: "https://sso.example.com/?tenant=1" }, "OIDC_ISSUER must be the provider's https address"],
      [{ ...full, OIDC_CLIENT_ID: "two words" }, "OIDC_CLIENT_ID must be the client id the provider gave Kiln (no spaces)."],
      [{ KILN_SIGNUP_DOMAINS: "example.com, not a domain" }, 'KILN_SIGNUP_DOMAINS must list e-mail domains separated by commas, like example.com,example.org; "not a domain" is not one.'],
      [{ KILN_SIGNUP_DOMAINS: " , " }, "KILN_SIGNUP_DOMAINS must list e-mail domains separated by commas"],
    ] as const;
    for (const [env, message] of wrong) {
      const answer = signInSettings(env);
      expect(answer, JSON.stringify(env)).toContain(message);
      expect(answer).not.toContain(SECRET);
    }
    expect(signInSettings({ OIDC_ISSUER: "http://127.0.0.1:9000", OIDC_CLIENT_ID: "kiln", OIDC_CLIENT_SECRET: "s" })).toMatchObject({ oidc: { issuer: "http://127.0.0.1:9000" } });
    expect(signInSettings({ KILN_SIGNUP_DOMAINS: "Example.com, @example.org,,example.com" })).toEqual({ signupDomains: ["example.com", "example.org"] });
  });
});

describe("single sign-on on a team's Kiln (OIDC)", () => {
  let box: { stack: StackProcess; kiln: TeamClient };
  let adminToken: string;
  beforeAll(async () => void (box = await teamBox("kiln-sso")), 120_000);

  it("offers the provider's button beside the password", async () => {
    expect((await box.kiln.request("GET", "/api/auth/methods")).body).toEqual({ password: true, google: false, oidc: { name: NAME } });
  });

  it("sends the browser to the provider with PKCE, state and nonce, keeping them sealed in an HttpOnly cookie", async () => {
    const res = await fetch(`${box.stack.url}/api/auth/oidc/start?from_url=%2Fapps`, { redirect: "manual" });
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(`${to.origin}${to.pathname}`).toBe(`${provider.issuer}/auth`);
    const params = Object.fromEntries(to.searchParams);
    expect(params).toMatchObject({ client_id: "kiln-sso", response_type: "code", redirect_uri: `${box.stack.url}/api/auth/oidc/callback`, code_challenge_method: "S256" });
    expect(params.scope.split(" ").sort()).toEqual(["email", "openid", "profile"]);
    for (const name of ["state", "nonce", "code_challenge"]) expect(params[name], name).toMatch(/^[\w-]{20,}$/);
    expect(JSON.stringify(params)).not.toContain(SECRET);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("kiln_oidc="))!;
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\/api\/auth\/oidc/);
    expect(cookie).toMatch(/; Max-Age=600/);
    // sealed: neither the state nor the nonce can be read from it
    expect(cookie).not.toContain(params.state);
    expect(cookie).not.toContain(params.nonce);
  });

  it("signs the first person in as the platform admin and the second as an ordinary user, each landing on /login with a working token", async () => {
    const first = await sso(box.stack, "ada@team.test");
    expect(first.landed.href.startsWith(`${box.stack.url}/login?from_url=%2Fapps#access_token=`)).toBe(true);
    const ada = await box.kiln.me(first.token!);
    expect([ada.email, ada.platform_role, ada.full_name]).toEqual(["ada@team.test", "platform_admin", "Person ada"]);
    adminToken = first.token!;

    const second = await sso(box.stack, "bob@team.test");
    const bob = await box.kiln.me(second.token!);
    expect([bob.email, bob.platform_role]).toEqual(["bob@team.test", "user"]);
    // the provider's code went to Kiln's callback and no further
    const callback = new URL(second.visited.find((u) => u.startsWith(`${box.stack.url}/api/auth/oidc/callback`))!);
    expect(second.landed.href).not.toContain(callback.searchParams.get("code")!);

    const again = await sso(box.stack, "ada@team.test", "https://elsewhere.example/steal");
    expect((await box.kiln.me(again.token!)).id).toBe(ada.id);
    expect(again.landed.searchParams.get("from_url")).toBe("/");
  });

  it("refuses a tampered or missing state and creates no account", async () => {
    const atCallback = (u: string) => u.startsWith(`${box.stack.url}/api/auth/oidc/callback`);
    const jar = new CookieJar();
    const flow = await signInThrough(jar, `${box.stack.url}/api/auth/oidc/start`, "eve@team.test", { stopAt: atCallback });
    const callback = new URL(flow.landed!);
    const tampered = new URL(callback);
    tampered.searchParams.set("state", `${callback.searchParams.get("state")}x`);
    const refused = await visit(jar, tampered.href);
    expect([refused.status, new URL(refused.location!).pathname, new URL(refused.location!).searchParams.get("sso_error")]).toEqual([302, "/login", EXPIRED]);

    const second = await signInThrough(new CookieJar(), `${box.stack.url}/api/auth/oidc/start`, "eve@team.test", { stopAt: atCallback });
    const withoutCookie = await visit(new CookieJar(), second.landed!);
    expect([withoutCookie.status, new URL(withoutCookie.location!).searchParams.get("sso_error")]).toEqual([302, EXPIRED]);
    const withoutState = new URL(second.landed!);
    withoutState.searchParams.delete("state");
    expect(new URL((await visit(new CookieJar(), withoutState.href)).location!).searchParams.get("sso_error")).toBe(EXPIRED);

    expect(await emails(box.kiln, adminToken)).not.toContain("eve@team.test");
  });

  it("refuses a callback used a second time, with or without its cookie", async () => {
    const jar = new CookieJar();
    const flow = await signInThrough(jar, `${box.stack.url}/api/auth/oidc/start`, "fay@team.test", { stopAt: (u) => u.startsWith(`${box.stack.url}/api/auth/oidc/callback`) });
    const sealed = jar.get(box.stack.url, "kiln_oidc")!;
    expect(sealed).toBeTruthy();
    const first = await visit(jar, flow.landed!);
    expect(first.location).toContain("#access_token=");
    // Kiln dropped the cookie: the same callback again finds no sign-in under way
    expect(jar.get(box.stack.url, "kiln_oidc")).toBeUndefined();
    const replayed = await visit(jar, flow.landed!);
    expect([replayed.status, new URL(replayed.location!).searchParams.get("sso_error")]).toEqual([302, EXPIRED]);
    // a copy of the cookie kept aside: the provider takes its code once
    jar.set(box.stack.url, "kiln_oidc", sealed);
    const copied = await visit(jar, flow.landed!);
    expect([copied.status, new URL(copied.location!).searchParams.get("sso_error")]).toEqual([302, FAILED]);
    expect(copied.location).not.toContain("access_token");
  });

  it("refuses an address the provider has not verified, and creates no account", async () => {
    provider.accounts.set("gus@team.test", { email_verified: false });
    const refused = await sso(box.stack, "gus@team.test");
    expect([refused.landed.pathname, refused.error, refused.token]).toEqual(["/login", UNVERIFIED, null]);
    provider.accounts.set("hal", { email: undefined });
    expect((await sso(box.stack, "hal")).error).toBe(UNVERIFIED);
    expect(await emails(box.kiln, adminToken)).not.toContain("gus@team.test");
  });

  it("refuses a disabled account", async () => {
    const bob = (await box.kiln.request("GET", "/api/auth/list-users?limit=500", undefined, adminToken)).body.find((u: { email: string }) => u.email === "bob@team.test");
    expect((await box.kiln.request("POST", `/api/auth/${bob.id}/update-user`, { disabled: true }, adminToken)).status).toBe(200);
    const refused = await sso(box.stack, "bob@team.test");
    expect([refused.error, refused.token]).toEqual(["disabled", null]);
  });

  it("shows the provider's refusal on /login when the person cancels there", async () => {
    const flow = await signInThrough(new CookieJar(), `${box.stack.url}/api/auth/oidc/start`, "ivy@team.test", { cancel: true });
    const landed = new URL(flow.landed!);
    expect([landed.pathname, landed.searchParams.get("sso_error")]).toEqual(["/login", "refused"]);
  });

  it("answers junk callbacks with a redirect or a 4xx, never a 5xx, the secret or the code", async () => {
    for (const query of ["", "code=abc", "state=x&code=y", "error=access_denied", `state=${"x".repeat(600)}`, "code=%00&state=%E0%A4%A"]) {
      const res = await visit(new CookieJar(), `${box.stack.url}/api/auth/oidc/callback?${query}`);
      expect(res.status, query).toBeGreaterThanOrEqual(300);
      expect(res.status, query).toBeLessThan(500);
      expect(`${res.location} ${res.text}`).not.toContain(SECRET);
    }
  });
});

describe("where single sign-on is not configured", () => {
  it("answers 404 on `npm start`'s Kiln", async () => {
    for (const p of ["/api/auth/oidc/start", "/api/auth/oidc/callback?code=a&state=b"]) expect((await fetch(`${apiUrl()}${p}`, { redirect: "manual" })).status, p).toBe(404);
    expect(await (await fetch(`${apiUrl()}/api/auth/methods`)).json()).toEqual({ password: false, google: true });
  });
});

describe("sign-up limits (KILN_SIGNUP_DOMAINS) on a team's Kiln", () => {
  const dataDir = path.join(work, "limited");

  it("refuses a new account at another domain, the first one included, and lets listed domains in", { timeout: 180_000 }, async () => {
    const box = await teamBox("kiln-limited", { signupDomains: "team.test, example.org", dataDir });
    const signUp = await box.kiln.request("POST", "/api/auth/password/sign-up", { email: "first@other.test", password: "correct horse battery" });
    expect([signUp.status, signUp.body.detail]).toEqual([403, LIMITED_TEXT]);
    expect((await sso(box.stack, "someone@other.test")).error).toBe(LIMITED);
    // the login page words the code with the domains it is told
    expect((await box.kiln.request("GET", "/api/auth/methods")).body.signup_domains).toEqual(["team.test", "example.org"]);

    const admin = await box.kiln.me(await box.kiln.signUp("owner@team.test"));
    expect(admin.platform_role).toBe("platform_admin");
    const ola = await sso(box.stack, "ola@example.org");
    expect((await box.kiln.me(ola.token!)).platform_role).toBe("user");
    const adminToken = (await box.kiln.signIn("owner@team.test")).token!;
    expect((await emails(box.kiln, adminToken)).sort()).toEqual(["ola@example.org", "owner@team.test"]);
    await stop(box);
  });

  it("leaves accounts made before the limit alone, and 404s single sign-on on a team's Kiln without it", { timeout: 240_000 }, async () => {
    // the same data, before the limit and without single sign-on: an account at another domain
    const open = await teamBox(null, { dataDir });
    expect((await open.kiln.request("GET", "/api/auth/methods")).body).toEqual({ password: true, google: false });
    for (const p of ["/api/auth/oidc/start", "/api/auth/oidc/callback?code=a&state=b"]) expect((await open.kiln.request("GET", p)).status, p).toBe(404);
    await open.kiln.signUp("old@other.test");
    await stop(open);

    const box = await teamBox("kiln-limited-again", { signupDomains: "team.test,example.org", dataDir });
    expect((await box.kiln.signIn("old@other.test")).status).toBe(200);
    const old = await sso(box.stack, "old@other.test");
    expect((await box.kiln.me(old.token!)).email).toBe("old@other.test");
    const signUp = await box.kiln.request("POST", "/api/auth/password/sign-up", { email: "new@other.test", password: "correct horse battery" });
    expect([signUp.status, signUp.body.detail]).toEqual([403, LIMITED_TEXT]);
    expect((await sso(box.stack, "newer@other.test")).error).toBe(LIMITED);
    const adminToken = (await box.kiln.signIn("owner@team.test")).token!;
    expect((await emails(box.kiln, adminToken)).sort()).toEqual(["ola@example.org", "old@other.test", "owner@team.test"]);
  });
});
