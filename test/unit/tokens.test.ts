import { SignJWT, decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { VisibleError } from "../../functions/core/errors";

const SECRET = "unit-test-secret";
let Tokens: typeof import("../../functions/core/identity/tokens").Tokens;

beforeAll(async () => {
  // sst's Resource reads SST_RESOURCE_* on first access, so these must be set before the module is used.
  process.env.SST_RESOURCE_App = JSON.stringify({ name: "kiln", stage: "test" });
  process.env.SST_RESOURCE_AuthSecret = JSON.stringify({ value: SECRET });
  ({ Tokens } = await import("../../functions/core/identity/tokens"));
});

function forge(options: { secret?: string; audience?: string; issuer?: string; exp?: number | string; sub?: string | null }) {
  const jwt = new SignJWT({ email: "a@b.c" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(options.issuer ?? "kiln")
    .setAudience(options.audience ?? "kiln:platform")
    .setIssuedAt()
    .setExpirationTime(options.exp ?? "1h");
  if (options.sub !== null) jwt.setSubject(options.sub ?? "user-1");
  return jwt.sign(new TextEncoder().encode(options.secret ?? SECRET));
}

async function rejection(token: string): Promise<VisibleError> {
  const error = await Tokens.verifyPlatform(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VisibleError);
  return error as VisibleError;
}

describe("Tokens.signPlatform / verifyPlatform", () => {
  it("a signed platform token verifies to its user id", async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await Tokens.signPlatform("user-42", "ada@example.com");
    const { userId, issuedAt } = await Tokens.verifyPlatform(token);
    expect(userId).toBe("user-42");
    expect(issuedAt).toBeGreaterThanOrEqual(before);
    expect(issuedAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it("the token carries issuer kiln, audience kiln:platform, the e-mail and a 30-day expiry", async () => {
    const claims = decodeJwt(await Tokens.signPlatform("user-42", "ada@example.com"));
    expect(claims).toMatchObject({ sub: "user-42", email: "ada@example.com", iss: "kiln", aud: "kiln:platform" });
    expect(claims.exp! - claims.iat!).toBe(Tokens.PLATFORM_TTL_SECONDS);
    expect(Tokens.PLATFORM_TTL_SECONDS).toBe(30 * 24 * 3600);
  });

  it("a token signed after the user's sessions were ended reads as issued no earlier than that line, and verifies", async () => {
    // Users.endSessions draws the line at the next second; a sign-in within this second must still pass it
    const line = Math.floor(Date.now() / 1000) + 1;
    const token = await Tokens.signPlatform("user-42", "ada@example.com", line);
    expect((await Tokens.verifyPlatform(token)).issuedAt).toBe(line);
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(Tokens.PLATFORM_TTL_SECONDS);
  });

  it("accepts a token forged with the same secret, issuer and audience (the verifier really checks those)", async () => {
    expect((await Tokens.verifyPlatform(await forge({}))).userId).toBe("user-1");
  });

  it('rejects a token signed with another secret as "unauthorized"', async () => {
    const error = await rejection(await forge({ secret: "another-secret" }));
    expect(error.kind).toBe("unauthorized");
    expect(error.status).toBe(401);
    expect(error.message).toBe("Invalid or expired token");
  });

  it('rejects an expired token as "unauthorized"', async () => {
    const error = await rejection(await forge({ exp: Math.floor(Date.now() / 1000) - 60 }));
    expect(error.kind).toBe("unauthorized");
  });

  it('rejects a token of another audience as "unauthorized"', async () => {
    expect((await rejection(await forge({ audience: "kiln:app" }))).kind).toBe("unauthorized");
  });

  it('rejects a token of another issuer, one without a subject, and garbage as "unauthorized"', async () => {
    expect((await rejection(await forge({ issuer: "someone-else" }))).kind).toBe("unauthorized");
    expect((await rejection(await forge({ sub: null }))).kind).toBe("unauthorized");
    expect((await rejection("not-a-jwt")).kind).toBe("unauthorized");
    expect((await rejection("")).kind).toBe("unauthorized");
  });

  it("rejects a platform token whose signature was tampered with", async () => {
    const token = await Tokens.signPlatform("user-42", "ada@example.com");
    const [header, payload, signature] = token.split(".");
    const other = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: "admin" })).toString("base64url");
    expect((await rejection(`${header}.${other}.${signature}`)).kind).toBe("unauthorized");
    expect((await rejection(`${header}.${payload}.${signature.slice(0, -4)}AAAA`)).kind).toBe("unauthorized");
  });
});
