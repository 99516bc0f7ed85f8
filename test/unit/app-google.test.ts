import { createHash } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { loadResourceEnvironment } from "sst/resource/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppMeta } from "../../schemas/app";
import { VisibleError } from "../../functions/core/errors";

/**
 * Google sign-in for generated apps in the cloud (functions/core/app-users/google.ts): where
 * tokens may go, the Cognito authorize address, the signed state, and the code exchange
 * with PKCE. Cognito is a third party: msw answers its token and JWKS endpoints.
 */

const REGION = "us-east-1";
const POOL = "us-east-1_TEST";
const CLIENT = "client-123";
const DOMAIN = "auth.kiln.example";
const ISSUER = `https://cognito-idp.${REGION}.amazonaws.com/${POOL}`;

const env = {
  SST_RESOURCE_App: JSON.stringify({ name: "kiln", stage: "test" }),
  SST_RESOURCE_AuthSecret: JSON.stringify({ value: "unit" }),
  SST_RESOURCE_Kiln: JSON.stringify({
    local: false,
    webUrl: "https://kiln.example",
    appsUrl: "https://{host}.apps.example",
    socketUrl: "wss://x",
    mailFrom: "a@b",
    cognito: { userPoolId: POOL, userPoolClientId: CLIENT, domain: DOMAIN, region: REGION },
  }),
};

let poolKey: CryptoKey;
let jwk: Record<string, unknown>;
let tokenRequests: URLSearchParams[] = [];
let tokenReply: () => Response;

const server = setupServer(
  http.get(`${ISSUER}/.well-known/jwks.json`, () => HttpResponse.json({ keys: [jwk] })),
  http.post(`https://${DOMAIN}/oauth2/token`, async ({ request }) => {
    tokenRequests.push(new URLSearchParams(await request.text()));
    return tokenReply();
  }),
);

let AppGoogle: typeof import("../../functions/core/app-users/google").AppGoogle;
let Passwords: typeof import("../../functions/core/app-users/passwords").Passwords;

const app = { id: "app1", slug: "club-abc123" } as AppMeta;

const idToken = () =>
  new SignJWT({ token_use: "id", email: "ada@example.com", email_verified: true, name: "Ada Lovelace" })
    .setProtectedHeader({ alg: "RS256", kid: "k1" })
    .setIssuer(ISSUER)
    .setAudience(CLIENT)
    .setSubject("google-ada")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(poolKey);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  loadResourceEnvironment(env);
  ({ AppGoogle } = await import("../../functions/core/app-users/google"));
  ({ Passwords } = await import("../../functions/core/app-users/passwords"));
  const pair = await generateKeyPair("RS256", { extractable: true });
  poolKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: "k1", alg: "RS256", use: "sig" };
});

afterEach(() => {
  server.resetHandlers();
  tokenRequests = [];
});

afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

describe("where an app's tokens may go", () => {
  it("keeps from_url on the app's own host, its preview host, or a loopback address", () => {
    expect(AppGoogle.returnUrl(app, "https://club-abc123.apps.example/Meetings?x=1")).toBe("https://club-abc123.apps.example/Meetings?x=1");
    expect(AppGoogle.returnUrl(app, "https://preview--club-abc123.apps.example/")).toBe("https://preview--club-abc123.apps.example/");
    expect(AppGoogle.returnUrl(app, "/Members")).toBe("https://club-abc123.apps.example/Members");
    expect(AppGoogle.returnUrl(app, "http://localhost:5173/Home")).toBe("http://localhost:5173/Home");
    expect(AppGoogle.returnUrl(app, undefined)).toBe("https://club-abc123.apps.example/");
  });

  it("sends anything else to the app's home instead", () => {
    const home = "https://club-abc123.apps.example/";
    for (const foreign of [
      "https://evil.example/steal",
      "https://other-app.apps.example/",
      "http://club-abc123.apps.example/",
      "//evil.example/x",
      "javascript:alert(1)",
      "https://club-abc123.apps.example.evil.example/",
      "http://evil.localhost:5173/",
    ]) {
      expect(AppGoogle.returnUrl(app, foreign), foreign).toBe(home);
    }
  });

  it("a popup posts only to the app's own origin", () => {
    expect(AppGoogle.popupOrigin(app, "https://preview--club-abc123.apps.example")).toBe("https://preview--club-abc123.apps.example");
    expect(AppGoogle.popupOrigin(app, "https://evil.example")).toBeNull();
    expect(AppGoogle.popupOrigin(app, "not a url")).toBeNull();
  });

  it("sign-out returns to any app's host, never elsewhere", () => {
    expect(AppGoogle.isAppAddress("https://other-app.apps.example/page")).toBe(true);
    expect(AppGoogle.isAppAddress("https://a.b.apps.example/")).toBe(false);
    expect(AppGoogle.isAppAddress("https://evil.example/")).toBe(false);
    expect(AppGoogle.isAppAddress("https://apps.example.evil.example/")).toBe(false);
  });
});

describe("the Cognito code flow", () => {
  const target = { app_id: "app1", from_url: "https://club-abc123.apps.example/Meetings", popup_origin: null };

  it("authorizes with Google through Cognito, a PKCE challenge and a signed state naming the target", async () => {
    const url = new URL(await AppGoogle.authorizeUrl(target));
    expect(url.origin + url.pathname).toBe(`https://${DOMAIN}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: CLIENT,
      redirect_uri: "https://kiln.example/api/apps/auth/callback",
      identity_provider: "Google",
      scope: "openid email profile",
      code_challenge_method: "S256",
    });
    const state = await AppGoogle.readState(url.searchParams.get("state")!);
    expect(state).toMatchObject(target);
  });

  it("redeems the code with the verifier behind the challenge, and answers who Google says it is", async () => {
    const signed = await idToken();
    tokenReply = () => HttpResponse.json({ id_token: signed, access_token: "a", token_type: "Bearer" });
    const url = new URL(await AppGoogle.authorizeUrl(target));
    const { nonce } = await AppGoogle.readState(url.searchParams.get("state")!);
    await expect(AppGoogle.identityFromCode("the-code", nonce)).resolves.toEqual({ email: "ada@example.com", name: "Ada Lovelace" });
    const [form] = tokenRequests;
    expect(Object.fromEntries(form)).toMatchObject({ grant_type: "authorization_code", client_id: CLIENT, code: "the-code", redirect_uri: "https://kiln.example/api/apps/auth/callback" });
    expect(createHash("sha256").update(form.get("code_verifier")!).digest("base64url")).toBe(url.searchParams.get("code_challenge"));
  });

  it("a refused code is a 401 with a plain message", async () => {
    tokenReply = () => HttpResponse.json({ error: "invalid_grant" }, { status: 400 });
    const err = await AppGoogle.identityFromCode("used-code", "nonce").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VisibleError);
    expect((err as VisibleError).status).toBe(401);
    expect((err as VisibleError).message).toBe("Google sign-in could not be completed. Please try again.");
  });

  it("a forged or foreign state is refused", async () => {
    const state = new URL(await AppGoogle.authorizeUrl(target)).searchParams.get("state")!;
    const [header, payload, signature] = state.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), from_url: "https://evil.example/" })).toString("base64url");
    for (const bad of [`${header}.${forged}.${signature}`, "garbage", await new SignJWT({ app_id: "app1" }).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode("unit"))]) {
      const err = await AppGoogle.readState(bad).catch((e: unknown) => e);
      expect(err, bad).toBeInstanceOf(VisibleError);
      expect((err as VisibleError).status).toBe(400);
    }
  });
});

describe("app user passwords", () => {
  it("hash with a fresh salt each time and verify only the right password", async () => {
    const [a, b] = await Promise.all([Passwords.hash("correct horse"), Passwords.hash("correct horse")]);
    expect(a).not.toBe(b);
    expect(a.startsWith("scrypt$")).toBe(true);
    expect(await Passwords.verify("correct horse", a)).toBe(true);
    expect(await Passwords.verify("correct horsf", a)).toBe(false);
  });

  it("with no stored hash nothing verifies", async () => {
    expect(await Passwords.verify("anything", undefined)).toBe(false);
    expect(await Passwords.verify("", "not-a-hash")).toBe(false);
  });
});
