import { createRemoteJWKSet, jwtVerify, SignJWT } from "jose";
import { Config } from "./config";
import { unauthorized } from "./errors";

/** Kiln's own signed tokens. `aud` keeps a platform token from ever passing as another kind. */
export namespace Tokens {
  const ISSUER = "kiln";
  const PLATFORM = "kiln:platform";
  export const PLATFORM_TTL_SECONDS = 30 * 24 * 3600;

  const key = () => new TextEncoder().encode(Config.authSecret);

  export async function signPlatform(userId: string, email: string): Promise<string> {
    return new SignJWT({ email })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setAudience(PLATFORM)
      .setIssuedAt()
      .setExpirationTime(`${PLATFORM_TTL_SECONDS}s`)
      .sign(key());
  }

  /** The user id a platform token speaks for; 401 for anything forged, expired or of another audience. */
  export async function verifyPlatform(token: string): Promise<{ userId: string; issuedAt: number }> {
    try {
      const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, audience: PLATFORM, algorithms: ["HS256"] });
      if (!payload.sub) throw new Error("no subject");
      return { userId: payload.sub, issuedAt: payload.iat ?? 0 };
    } catch {
      throw unauthorized("Invalid or expired token");
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
