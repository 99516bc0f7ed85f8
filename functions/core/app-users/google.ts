import { createHash, createHmac, randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import type { AppMeta } from "../../../schemas/app";
import type { SignInErrorCode } from "../../../schemas/app-auth";
import { AppAuth } from "./auth";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { VisibleError, notFound } from "../errors";
import { Tokens } from "../identity/tokens";

/** Where a sign-in for an app started and must come back to. */
export interface AppSignInTarget {
  app_id: string;
  /** an absolute address the browser returns to, already checked by `returnUrl` */
  from_url: string;
  /** the app origin a popup sign-in posts its token to, already checked */
  popup_origin: string | null;
}

const UNAVAILABLE = "Google sign-in is not available on this server. Sign in with e-mail and password.";

/**
 * "Continue with Google" for a generated app (reference §3.2): the browser leaves the app
 * for Google and comes back to `from_url?access_token=<app token>`. In the cloud it goes
 * through Cognito's hosted Google provider (the code flow with PKCE, finished on the
 * server); on one machine the labelled local identity page stands in (functions/http/local.ts), except
 * on a team's box, which has neither: there apps offer e-mail and password only (`google_enabled` false).
 * Tokens only ever travel to the app's own origins or to a loopback address.
 */
export namespace AppGoogle {
  export const CALLBACK_PATH = "/api/apps/auth/callback";
  export const POPUP_DONE_PATH = "/api/apps/auth/popup-done";

  const origins = (app: AppMeta) => [Config.appOrigin(app.slug), Config.appOrigin(`preview--${app.slug}`)].map((o) => new URL(o).origin);
  const isLoopback = (url: URL) => ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);

  /** Only the app's own hosts, or a loopback address (an exported app in development), may receive its tokens. */
  function trusted(app: AppMeta, url: URL): boolean {
    if (url.protocol !== "http:" && url.protocol !== "https:") return false;
    return origins(app).includes(url.origin) || isLoopback(url);
  }

  /** `from_url` when it is one of the app's addresses (a path counts as the app's own), else the app's home. */
  export function returnUrl(app: AppMeta, fromUrl: string | undefined): string {
    const home = `${origins(app)[0]}/`;
    try {
      const url = new URL(fromUrl || "/", home);
      return trusted(app, url) ? url.toString() : home;
    } catch {
      return home;
    }
  }

  export function popupOrigin(app: AppMeta, origin: string | undefined): string | null {
    if (!origin) return null;
    try {
      const url = new URL(origin);
      return trusted(app, url) ? url.origin : null;
    } catch {
      return null;
    }
  }

  /** Any app's host or a loopback address: where a sign-out may send the browser. */
  export function isAppAddress(address: string): boolean {
    try {
      const url = new URL(address);
      if (isLoopback(url)) return url.protocol === "http:" || url.protocol === "https:";
      const pattern = new URL(Config.appOrigin("__host__"));
      const [prefix, suffix] = pattern.host.split("__host__");
      return url.protocol === pattern.protocol && url.host.startsWith(prefix) && url.host.endsWith(suffix) && /^[a-z0-9-]+$/.test(url.host.slice(prefix.length, url.host.length - suffix.length));
    } catch {
      return false;
    }
  }

  /**
   * The app a sign-in is for (404 when there is none) and its checked return addresses; 400 where apps have no
   * Google sign-in (a team's box: no Cognito and no identity page), whatever the app.
   */
  export async function start(appId: string, input: { from_url?: string; popup_origin?: string }): Promise<{ app: AppMeta; target: AppSignInTarget }> {
    if (!AppAuth.googleAvailable()) throw new VisibleError("input", UNAVAILABLE);
    const app = await Apps.get(appId);
    if (!app) throw notFound("App not found");
    return { app, target: { app_id: app.id, from_url: returnUrl(app, input.from_url), popup_origin: popupOrigin(app, input.popup_origin) } };
  }

  /**
   * Google proved `identity`: sign it in to the app and answer where the browser goes
   * next — the app with its token, or the app's sign-in screen with an error code.
   */
  export async function finish(app: AppMeta, identity: { email: string; name: string | null }, target: AppSignInTarget): Promise<string> {
    try {
      const { token, isNewUser } = await AppAuth.googleSignIn(app, identity);
      if (target.popup_origin) {
        return `${target.popup_origin}${POPUP_DONE_PATH}#${new URLSearchParams({ access_token: token, is_new_user: String(isNewUser) })}`;
      }
      const back = new URL(target.from_url);
      back.searchParams.set("access_token", token);
      back.searchParams.set("is_new_user", String(isNewUser));
      return back.toString();
    } catch (err) {
      if (!(err instanceof VisibleError) || err.kind !== "forbidden") throw err;
      return failed(target, err.extra?.reason === "user_not_registered" ? "user_not_registered" : "account_disabled");
    }
  }

  /** The app's sign-in screen with an error code to show. */
  export function failed(target: AppSignInTarget, code: SignInErrorCode): string {
    const origin = target.popup_origin ?? new URL(target.from_url).origin;
    return `${origin}/login?${new URLSearchParams({ from_url: target.from_url, app_id: target.app_id, error: code })}`;
  }

  const STATE_AUDIENCE = "kiln:app-google-state";
  const key = () => new TextEncoder().encode(Config.authSecret);
  /** PKCE verifier derived from the state's nonce with the server secret: never sent anywhere until the code is redeemed. */
  const verifierOf = (nonce: string) => createHmac("sha256", Config.authSecret).update(`pkce:${nonce}`).digest("base64url");

  function cognito() {
    const settings = Config.kiln.cognito;
    if (!settings) throw new VisibleError("input", "Google sign-in is not configured on this deployment");
    return settings;
  }

  const callbackUrl = () => `${Config.kiln.webUrl.replace(/\/$/, "")}${CALLBACK_PATH}`;

  /** Cloud: Cognito's authorize address for this sign-in, with the target sealed in a signed, short-lived state. */
  export async function authorizeUrl(target: AppSignInTarget): Promise<string> {
    const { domain, userPoolClientId } = cognito();
    const nonce = randomBytes(16).toString("base64url");
    const state = await new SignJWT({ ...target, nonce })
      .setProtectedHeader({ alg: "HS256" })
      .setAudience(STATE_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(key());
    const params = new URLSearchParams({
      response_type: "code",
      client_id: userPoolClientId,
      redirect_uri: callbackUrl(),
      identity_provider: "Google",
      scope: "openid email profile",
      state,
      code_challenge: createHash("sha256").update(verifierOf(nonce)).digest("base64url"),
      code_challenge_method: "S256",
    });
    return `https://${domain}/oauth2/authorize?${params}`;
  }

  /** Cloud: the target a state names; 400 when it is forged, expired or not ours. */
  export async function readState(state: string): Promise<AppSignInTarget & { nonce: string }> {
    try {
      const { payload } = await jwtVerify(state, key(), { audience: STATE_AUDIENCE, algorithms: ["HS256"] });
      const { app_id, from_url, popup_origin, nonce } = payload as Record<string, unknown>;
      if (typeof app_id !== "string" || typeof from_url !== "string" || typeof nonce !== "string") throw new Error("incomplete state");
      return { app_id, from_url, popup_origin: typeof popup_origin === "string" ? popup_origin : null, nonce };
    } catch {
      throw new VisibleError("input", "This sign-in link is invalid or has expired. Please try again.");
    }
  }

  /** Cloud: redeem Cognito's code (with the PKCE verifier) and answer who Google says this is. */
  export async function identityFromCode(code: string, nonce: string): Promise<{ email: string; name: string | null }> {
    const { domain, userPoolClientId } = cognito();
    const response = await fetch(`https://${domain}/oauth2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", client_id: userPoolClientId, code, redirect_uri: callbackUrl(), code_verifier: verifierOf(nonce) }),
    });
    const tokens = response.ok ? ((await response.json()) as { id_token?: unknown }) : {};
    if (typeof tokens.id_token !== "string") throw new VisibleError("unauthorized", "Google sign-in could not be completed. Please try again.");
    return Tokens.verifyCognitoIdToken(tokens.id_token);
  }
}
