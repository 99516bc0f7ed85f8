import { createRemoteJWKSet, jwtVerify, SignJWT } from "jose";
import { Config } from "../config";
import { unauthorized } from "../errors";

/** Kiln's own signed tokens. `aud` keeps a platform token from ever passing as another kind. */
export namespace Tokens {
  const ISSUER = "kiln";
  const PLATFORM = "kiln:platform";
  export const PLATFORM_TTL_SECONDS = 30 * 24 * 3600;

  /** The HMAC key, imported once per secret: jose given raw bytes imports them again for every token it signs or checks. */
  let imported: { secret: string; key: Promise<CryptoKey> } | undefined;
  function key(): Promise<CryptoKey> {
    const secret = Config.authSecret;
    if (imported?.secret !== secret)
      imported = { secret, key: crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]) };
    return imported.key;
  }

  /** `notBefore` (seconds): the user's sessions were ended then (Users.endSessions), so the token must not read as issued earlier. */
  export async function signPlatform(userId: string, email: string, notBefore = 0): Promise<string> {
    const issuedAt = Math.max(Math.floor(Date.now() / 1000), notBefore);
    return new SignJWT({ email })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(PLATFORM)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + PLATFORM_TTL_SECONDS)
      .sign(await key());
  }

  /** The user id a platform token speaks for; 401 for anything forged, expired or of another audience. */
  export async function verifyPlatform(token: string): Promise<{ userId: string; issuedAt: number }> {
    try {
      const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, audience: PLATFORM, algorithms: ["HS256"] });
      if (!payload.sub) throw new Error("no subject");
      return { userId: payload.sub, issuedAt: payload.iat ?? 0 };
    } catch {
      throw unauthorized("Invalid or expired token");
    }
  }

  const APP = "kiln:app";
  export const APP_TTL_SECONDS = 7 * 24 * 3600;

  /**
   * A runtime token for one generated app: it names an app user of that app and
   * nothing else. Generated code only ever holds one of these, never a platform token,
   * and an app token is refused by every platform route (different audience).
   * `ttlSeconds`: shorter for a token only a server-side check holds (verification, functions/core/verify).
   */
  export async function signApp(appId: string, appUserId: string, email: string, ttlSeconds = APP_TTL_SECONDS): Promise<string> {
    return new SignJWT({ email, app_id: appId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(appUserId)
      .setIssuer(ISSUER)
      .setAudience(APP)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await key());
  }

  /** The app user an app token speaks for; 401 when it is forged, expired, or for another app. */
  export async function verifyApp(token: string, appId: string): Promise<{ appUserId: string; email: string }> {
    try {
      const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, audience: APP, algorithms: ["HS256"] });
      if (!payload.sub || payload.app_id !== appId || typeof payload.email !== "string") throw new Error("not for this app");
      return { appUserId: payload.sub, email: payload.email };
    } catch {
      throw unauthorized("Invalid or expired token");
    }
  }

  const SERVICE = "kiln:service";

  /**
   * The service role of one app (the SDK's `asServiceRole`), handed to that app's backend
   * function for one call: it acts as the app itself on the app's own API, and lives only as
   * long as the call may run. Refused by every platform route and by every other app. It names
   * the app's owner at signing, whose rights it acts with, so the API reads the owner beside the app.
   */
  export async function signService(appId: string, ownerId: string, ttlSeconds: number): Promise<string> {
    return new SignJWT({ app_id: appId, owner: ownerId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(`service:${appId}`)
      .setIssuer(ISSUER)
      .setAudience(SERVICE)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await key());
  }

  /** The owner the token was signed for (a hint: the caller checks it against the app it reads). */
  export async function verifyService(token: string, appId: string): Promise<{ ownerId: string | null }> {
    try {
      const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, audience: SERVICE, algorithms: ["HS256"] });
      if (payload.app_id !== appId) throw new Error("not for this app");
      return { ownerId: typeof payload.owner === "string" ? payload.owner : null };
    } catch {
      throw unauthorized("Invalid or expired token");
    }
  }

  /** Which kind a bearer token claims to be, read without trusting it (the verify call decides). */
  export function audienceOf(token: string): "platform" | "app" | "service" | null {
    try {
      const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { aud?: unknown };
      return payload.aud === PLATFORM ? "platform" : payload.aud === APP ? "app" : payload.aud === SERVICE ? "service" : null;
    } catch {
      return null;
    }
  }

  let cognitoKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

  /** A Cognito ID token from the hosted Google sign-in; answers who it names. */
  export async function verifyCognitoIdToken(idToken: string): Promise<{ email: string; name: string | null }> {
    const cognito = Config.kiln.cognito;
    if (!cognito) throw unauthorized("Google sign-in is not configured on this deployment");
    const issuer = `https://cognito-idp.${cognito.region}.amazonaws.com/${cognito.userPoolId}`;
    cognitoKeys ??= createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
    try {
      const { payload } = await jwtVerify(idToken, cognitoKeys, { issuer, audience: cognito.userPoolClientId, algorithms: ["RS256"] });
      if (payload.token_use !== "id" || typeof payload.email !== "string") throw new Error("not an id token");
      if (payload.email_verified === false || payload.email_verified === "false") throw new Error("e-mail not verified");
      return { email: payload.email, name: typeof payload.name === "string" ? payload.name : null };
    } catch {
      throw unauthorized("Invalid identity token");
    }
  }
}
