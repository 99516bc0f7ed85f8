import * as client from "openid-client";
import type { OidcCallbackQuery } from "../../../schemas/auth";
import { Email } from "../../../schemas/user";
import type { SsoError } from "../../../lib/sign-in-errors";
import { Config } from "../config";
import { notFound } from "../errors";
import { Sealed } from "../sealed";
import { SignIn } from "./sign-in";
import { SignUpPolicy } from "./sign-up-policy";
import { Users } from "./users";

/** What one sign-in keeps between leaving for the provider and coming back: sealed in a cookie, never readable by the browser. */
interface Pending {
  state: string;
  nonce: string;
  verifier: string;
  from_url: string;
  expires_at: number;
}

/**
 * Single sign-on on a team's Kiln (OIDC_ISSUER, stacks/local/team.ts): the authorization code flow with PKCE,
 * state and nonce, through openid-client, which checks the ID token (issuer, audience, nonce, signature). The
 * provider must vouch for the e-mail address (`email_verified`); the account is then the one with that
 * address, created on a first sign-in (the box's first account as its admin, as with password sign-up) when
 * the sign-up limit allows. Every refusal lands on /login with a code the page turns into its sentence
 * (lib/sign-in-errors.ts); nothing here answers a 5xx for a provider's or a browser's mistake.
 */
export namespace OidcSignIn {
  export const CALLBACK_PATH = "/api/auth/oidc/callback";
  /** The cookie carrying a sign-in's Pending from start to callback, only to /api/auth/oidc/*. */
  export const COOKIE = "kiln_oidc";
  export const COOKIE_PATH = "/api/auth/oidc";
  export const TTL_SECONDS = 600;
  const SCOPE = "openid email profile";
  const CONTEXT = "platform-sign-in";
  const sealed = Sealed.under("oidc-sign-in");

  /** The provider, on a team's Kiln where one is configured; null everywhere else. */
  export function settings() {
    return Config.kiln.team === true ? (Config.kiln.oidc ?? null) : null;
  }

  /** Elsewhere the calls do not exist: 404. */
  export function assertEnabled() {
    if (!settings()) throw notFound("Not found");
  }

  const webUrl = () => Config.kiln.webUrl.replace(/\/$/, "");
  const callbackUrl = () => `${webUrl()}${CALLBACK_PATH}`;
  /** Whether the sign-in cookie must only travel over HTTPS (it does whenever people reach Kiln over HTTPS). */
  export const secureCookie = () => webUrl().startsWith("https:");

  /** The login screen with why: a code, never words from the request. */
  const failed = (code: SsoError, fromUrl?: string) => `/login?${new URLSearchParams({ sso_error: code, from_url: SignIn.safeReturn(fromUrl) })}`;

  let discovered: { key: string; config: Promise<client.Configuration> } | undefined;
  /** The provider's metadata (/.well-known/openid-configuration), fetched once; a failed fetch is tried again next time. */
  function configuration(): Promise<client.Configuration> {
    const { issuer, clientId, clientSecret } = settings()!;
    const key = `${issuer}\n${clientId}`;
    if (discovered?.key !== key) {
      const server = new URL(issuer);
      // plain HTTP only for a provider on this machine (stacks/local/team.ts refuses any other)
      const execute = server.protocol === "http:" ? [client.allowInsecureRequests] : [];
      const config = client.discovery(server, clientId, undefined, client.ClientSecretBasic(clientSecret), { timeout: 10, execute });
      discovered = { key, config };
      config.catch(() => {
        if (discovered?.config === config) discovered = undefined;
      });
    }
    return discovered.config;
  }

  /** Where the browser goes to sign in, and the sealed cookie that must come back with it. */
  export async function start(fromUrl: string | undefined): Promise<{ location: string; cookie: string | null }> {
    const from_url = SignIn.safeReturn(fromUrl);
    let config: client.Configuration;
    try {
      config = await configuration();
    } catch (err) {
      console.warn(`[oidc] the provider's metadata could not be read: ${(err as Error).message}`);
      return { location: failed("unreachable", from_url), cookie: null };
    }
    const pending: Pending = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      verifier: client.randomPKCECodeVerifier(),
      from_url,
      expires_at: Date.now() + TTL_SECONDS * 1000,
    };
    const location = client.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl(),
      scope: SCOPE,
      state: pending.state,
      nonce: pending.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: "S256",
    });
    return { location: location.href, cookie: sealed.seal(JSON.stringify(pending), CONTEXT) };
  }

  /** The cookie's sign-in, or null when it is missing, forged, sealed under another secret or expired. */
  function opened(cookie: string | undefined): Pending | null {
    if (!cookie) return null;
    try {
      const pending = JSON.parse(sealed.open(cookie, CONTEXT)) as Pending;
      return pending.expires_at > Date.now() ? pending : null;
    } catch {
      return null;
    }
  }

  /**
   * The provider sent the browser back (`search`: the callback's query as received): where it goes next,
   * /login with the new token, or /login with what went wrong.
   */
  export async function finish(query: OidcCallbackQuery, search: string, cookie: string | undefined): Promise<string> {
    const pending = opened(cookie);
    if (!pending || !query.state || query.state !== pending.state) return failed("expired", pending?.from_url);
    if (query.error) {
      console.warn(`[oidc] the provider refused: ${query.error}${query.error_description ? ` (${query.error_description.slice(0, 300)})` : ""}`);
      return failed("refused", pending.from_url);
    }
    if (!query.code) return failed("failed", pending.from_url);

    let claims: Record<string, unknown>;
    try {
      claims = await identify(pending, search);
    } catch (err) {
      console.warn(`[oidc] the sign-in could not be completed: ${(err as Error).message}`);
      return failed("failed", pending.from_url);
    }
    const email = claims.email_verified === true ? Email.safeParse(claims.email) : null;
    if (!email?.success) return failed("unverified", pending.from_url);
    const fullName = typeof claims.name === "string" ? claims.name.trim().slice(0, 120) : null;

    const known = await Users.byEmail(email.data);
    if (known?.disabled) return failed("disabled", pending.from_url);
    if (!known) {
      if (!SignUpPolicy.mayCreate(email.data)) return failed("signup_limited", pending.from_url);
      await Users.ensure({ email: email.data, full_name: fullName, firstAdmin: true });
    }
    return SignIn.loginUrl(await SignIn.tokenFor(email.data), pending.from_url);
  }

  /** Redeem the code (with the PKCE verifier) and answer the checked ID token's claims, with the UserInfo endpoint's where it holds the e-mail. */
  async function identify(pending: Pending, search: string): Promise<Record<string, unknown>> {
    const config = await configuration();
    const tokens = await client.authorizationCodeGrant(config, new URL(`${callbackUrl()}${search}`), {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    // some providers put the e-mail in the ID token, others (oidc-provider among them) only behind the access token
    if (typeof claims.email === "string" && typeof claims.email_verified === "boolean") return claims;
    return { ...claims, ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  }
}
