import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from "jose";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { loadResourceEnvironment } from "sst/resource/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { VisibleError } from "../../functions/core/errors";

const REGION = "us-east-1";
const USER_POOL_ID = "us-east-1_TEST";
const CLIENT_ID = "client-123";
const ISSUER = `https://cognito-idp.${REGION}.amazonaws.com/${USER_POOL_ID}`;
const JWKS_URL = `${ISSUER}/.well-known/jwks.json`;
const KID = "cognito-test-key";

const App = { name: "kiln", stage: "test" };
const AuthSecret = { value: "unit" };
const kilnResource = (cognito: Record<string, string> | null) => ({
  local: false,
  webUrl: "https://kiln.example",
  socketUrl: "wss://x",
  mailFrom: "a@b",
  cognito,
});
const COGNITO = { userPoolId: USER_POOL_ID, userPoolClientId: CLIENT_ID, domain: "auth.kiln.example", region: REGION };

/**
 * Points sst's Resource at the given Kiln resource. The Resource proxy loads SST_RESOURCE_* from the
 * environment only on its first access and keeps the parsed values in a process-wide cache
 * (globalThis.__SST_RESOURCE_RAW__), so besides setting the environment we also push the values into
 * that cache with sst's own loader. That makes the test independent of whether anything in this
 * process already touched Resource with another environment.
 */
function linkResources(kiln: ReturnType<typeof kilnResource>) {
  const env = {
    SST_RESOURCE_App: JSON.stringify(App),
    SST_RESOURCE_AuthSecret: JSON.stringify(AuthSecret),
    SST_RESOURCE_Kiln: JSON.stringify(kiln),
  };
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  loadResourceEnvironment(env);
}

/** Cognito, as seen over HTTP: only the user pool's JWKS document. Any other request fails the test. */
let jwks: { keys: JWK[] };
let jwksRequests = 0;
const server = setupServer(
  http.get(JWKS_URL, () => {
    jwksRequests++;
    return HttpResponse.json(jwks);
  }),
);

let Tokens: typeof import("../../functions/core/identity/tokens").Tokens;
let poolKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  server.listen({ onUnhandledRequest: "error" });
  linkResources(kilnResource(COGNITO));
  ({ Tokens } = await import("../../functions/core/identity/tokens"));

  const pool = await generateKeyPair("RS256", { extractable: true });
  poolKey = pool.privateKey;
  strangerKey = (await generateKeyPair("RS256", { extractable: true })).privateKey;
  const publicJwk = await exportJWK(pool.publicKey);
  jwks = { keys: [{ ...publicJwk, kid: KID, alg: "RS256", use: "sig" }] };
});

// The code under test turns any failure into "Invalid identity token", so an unexpected request would be
// swallowed there; record it here as well and fail the test that made it.
const unhandled: string[] = [];
server.events.on("request:unhandled", ({ request }) => void unhandled.push(`${request.method} ${request.url}`));

afterEach(() => {
  server.resetHandlers();
  expect(unhandled.splice(0), "requests msw had no handler for").toEqual([]);
});

afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});

type Claims = JWTPayload & Record<string, unknown>;

/** A Cognito-shaped ID token; `claims` overrides (undefined removes a claim). */
function idToken(claims: Partial<Claims> = {}, options: { key?: CryptoKey; kid?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const payload: Claims = {
    sub: "3f1c2b7e-0000-4000-8000-000000000001",
    iss: ISSUER,
    aud: CLIENT_ID,
    token_use: "id",
    email: "ada@example.com",
    email_verified: true,
    name: "Ada Lovelace",
    auth_time: now,
    iat: now,
    exp: now + 3600,
    ...claims,
  };
  for (const [claim, value] of Object.entries(payload)) if (value === undefined) delete payload[claim];
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "RS256", kid: options.kid ?? KID, typ: "JWT" })
    .sign(options.key ?? poolKey);
}

async function rejection(token: string | Promise<string>): Promise<VisibleError> {
  const error = await Tokens.verifyCognitoIdToken(await token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VisibleError);
  return error as VisibleError;
}

/** The pool's keys are reachable and an unmodified token passes, so a rejection is about the token. */
async function expectControlAccepted() {
  await expect(Tokens.verifyCognitoIdToken(await idToken())).resolves.toMatchObject({ email: "ada@example.com" });
}

async function expectInvalid(token: string | Promise<string>) {
  await expectControlAccepted();
  const error = await rejection(token);
  expect(error.kind).toBe("unauthorized");
  expect(error.status).toBe(401);
  expect(error.message).toBe("Invalid identity token");
}

describe("Tokens.verifyCognitoIdToken (Cognito configured)", () => {
  it("a valid ID token signed with the user pool's key resolves to its e-mail and name", async () => {
    await expect(Tokens.verifyCognitoIdToken(await idToken())).resolves.toEqual({
      email: "ada@example.com",
      name: "Ada Lovelace",
    });
    // The keys came from the pool's own JWKS address (msw fails on anything else).
    expect(jwksRequests).toBeGreaterThanOrEqual(1);
  });

  it("a valid ID token without a name resolves with name null", async () => {
    await expect(Tokens.verifyCognitoIdToken(await idToken({ name: undefined }))).resolves.toEqual({
      email: "ada@example.com",
      name: null,
    });
  });

  it('rejects a token for another app client (wrong audience) as "unauthorized"', async () => {
    await expectInvalid(idToken({ aud: "some-other-client" }));
  });

  it('rejects a token from another user pool (wrong issuer) as "unauthorized"', async () => {
    await expectInvalid(idToken({ iss: `https://cognito-idp.${REGION}.amazonaws.com/us-east-1_OTHER` }));
    await expectInvalid(idToken({ iss: `https://cognito-idp.eu-west-1.amazonaws.com/${USER_POOL_ID}` }));
  });

  it('rejects an access token (token_use "access") as "unauthorized"', async () => {
    await expectInvalid(idToken({ token_use: "access" }));
    await expectInvalid(idToken({ token_use: undefined }));
  });

  it('rejects a token without an e-mail as "unauthorized"', async () => {
    await expectInvalid(idToken({ email: undefined }));
    await expectInvalid(idToken({ email: ["ada@example.com"] }));
  });

  it('rejects a token whose e-mail is not verified (email_verified false) as "unauthorized"', async () => {
    await expectInvalid(idToken({ email_verified: false }));
    // Cognito can carry federated attributes as strings.
    await expectInvalid(idToken({ email_verified: "false" }));
  });

  it('rejects a token signed by another key under the pool key\'s kid as "unauthorized"', async () => {
    await expectInvalid(idToken({}, { key: strangerKey }));
  });

  it('rejects an expired token as "unauthorized"', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectInvalid(idToken({ iat: now - 7200, auth_time: now - 7200, exp: now - 3600 }));
  });

  it('rejects garbage and an HS256 token as "unauthorized"', async () => {
    await expectInvalid("not-a-jwt");
    await expectInvalid("");
    const now = Math.floor(Date.now() / 1000);
    const hs256 = new SignJWT({ token_use: "id", email: "ada@example.com", email_verified: true })
      .setProtectedHeader({ alg: "HS256", kid: KID })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode("unit"));
    await expectInvalid(hs256);
  });
});

describe("Tokens.verifyCognitoIdToken (Cognito not configured)", () => {
  beforeAll(() => linkResources(kilnResource(null)));
  afterAll(() => linkResources(kilnResource(COGNITO)));

  it('rejects every token with "Google sign-in is not configured on this deployment"', async () => {
    const requestsBefore = jwksRequests;
    const error = await rejection(idToken());
    expect(error.kind).toBe("unauthorized");
    expect(error.status).toBe(401);
    expect(error.message).toBe("Google sign-in is not configured on this deployment");
    // It gives up before asking Cognito for keys.
    expect(jwksRequests).toBe(requestsBefore);
  });
});
