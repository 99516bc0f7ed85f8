import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { isIP } from "node:net";
import { ExchangeBody, LoginQuery, OidcCallbackQuery, OidcStartQuery, PasswordResetBody, PasswordResetRequestBody, PasswordSignInBody, PasswordSignUpBody, PasswordVerifyBody, type SignInMethods } from "../../schemas/auth";
import { AdminUpdate, ListUsersQuery, SelfUpdate } from "../../schemas/user";
import { Actor } from "../core/actor";
import { Config } from "../core/config";
import { forbidden } from "../core/errors";
import { SignIn } from "../core/identity/sign-in";
import { SignUpPolicy } from "../core/identity/sign-up-policy";
import { Tokens } from "../core/identity/tokens";
import { Users } from "../core/identity/users";
import { clientOf } from "./client-address";
import { body, callGroup, query } from "./group";

/**
 * Password sign-in and single sign-on: engines of their own (mail, nodemailer, openid-client) that only
 * a team's Kiln switches on (`Config.kiln.team`, the flag their own `enabled()` and `settings()` read).
 * Loaded with a team's first call, never in the cloud, where every other caller only asks whether they are on.
 */
const passwords = async () => (await import("../core/identity/password-sign-in")).PasswordSignIn;
const singleSignOn = async () => (await import("../core/identity/oidc")).OidcSignIn;
const teamOnly = () => Config.kiln.team === true;

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Who signs in, for the sign-in limits. A team's Kiln listens on loopback behind a reverse proxy, so
 * every request arrives from loopback: there the proxy's X-Forwarded-For names the person (its last
 * entry, the address the proxy itself saw). From anywhere else the header is the caller's own and not read.
 */
function signInClientOf(c: Context): string {
  const peer = clientOf(c);
  if (!LOOPBACK.test(peer)) return peer;
  const seen = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
  return seen && isIP(seen) ? seen : peer;
}

/** Spec 01 §7 Auth: the signed-in user's own account, plus the admin's user list. */
export const { app, handler } = callGroup("auth", {
  /** "Continue with Google" lands here; locally the labelled identity page stands in for Google. */
  async login(c) {
    const { from_url } = query(c, LoginQuery);
    const back = SignIn.safeReturn(from_url);
    // a team's Kiln has no Google and no identity page: back to the login screen's password form
    if (teamOnly() && (await passwords()).enabled()) return c.redirect(`/login?${new URLSearchParams({ from_url: back })}`, 302);
    if (Config.isLocal) return c.redirect(`/api/local/identity?${new URLSearchParams({ from_url: back })}`, 302);
    const web = Config.kiln.webUrl.replace(/\/$/, "");
    return c.redirect(`${web}/login?${new URLSearchParams({ sso: "google", from_url: back })}`, 302);
  },

  async exchange(c) {
    const { id_token } = await body(c, ExchangeBody);
    const identity = await Tokens.verifyCognitoIdToken(id_token);
    return c.json({ access_token: await SignIn.tokenFor(identity.email, identity.name) });
  },

  async methods(c) {
    const team = teamOnly() && (await passwords()).enabled();
    const oidc = teamOnly() ? (await singleSignOn()).settings() : null;
    const domains = SignUpPolicy.domains();
    return c.json({
      password: team,
      google: !team && (Config.isLocal || Boolean(Config.kiln.cognito)),
      ...(oidc ? { oidc: { name: oidc.name } } : {}),
      ...(domains ? { signup_domains: domains } : {}),
    } satisfies SignInMethods);
  },

  /** A team's single sign-on: off to the provider, with the sign-in's state, nonce and PKCE verifier sealed in a cookie. */
  async oidcStart(c) {
    const OidcSignIn = await singleSignOn();
    OidcSignIn.assertEnabled();
    const { from_url } = query(c, OidcStartQuery);
    const { location, cookie } = await OidcSignIn.start(from_url);
    if (cookie) {
      setCookie(c, OidcSignIn.COOKIE, cookie, {
        path: OidcSignIn.COOKIE_PATH,
        httpOnly: true,
        sameSite: "Lax",
        secure: OidcSignIn.secureCookie(),
        maxAge: OidcSignIn.TTL_SECONDS,
      });
    }
    return c.redirect(location, 302);
  },

  /** The provider sends the browser back here: signed in on /login, or /login with what went wrong. The cookie is used once. */
  async oidcCallback(c) {
    const OidcSignIn = await singleSignOn();
    OidcSignIn.assertEnabled();
    const input = query(c, OidcCallbackQuery);
    const cookie = getCookie(c, OidcSignIn.COOKIE);
    deleteCookie(c, OidcSignIn.COOKIE, { path: OidcSignIn.COOKIE_PATH, secure: OidcSignIn.secureCookie() });
    return c.redirect(await OidcSignIn.finish(input, new URL(c.req.url).search, cookie), 302);
  },

  async passwordSignUp(c) {
    const PasswordSignIn = await passwords();
    PasswordSignIn.assertEnabled();
    return c.json(await PasswordSignIn.signUp(await body(c, PasswordSignUpBody), signInClientOf(c)));
  },

  async passwordSignIn(c) {
    const PasswordSignIn = await passwords();
    PasswordSignIn.assertEnabled();
    const { email, password } = await body(c, PasswordSignInBody);
    return c.json(await PasswordSignIn.signIn(email, password, signInClientOf(c)));
  },

  async passwordVerify(c) {
    const PasswordSignIn = await passwords();
    PasswordSignIn.assertEnabled();
    return c.json(await PasswordSignIn.verify(await body(c, PasswordVerifyBody)));
  },

  async passwordResetRequest(c) {
    const PasswordSignIn = await passwords();
    PasswordSignIn.assertEnabled();
    const { email } = await body(c, PasswordResetRequestBody);
    return c.json(await PasswordSignIn.requestReset(email, signInClientOf(c)));
  },

  async passwordReset(c) {
    const PasswordSignIn = await passwords();
    PasswordSignIn.assertEnabled();
    return c.json(await PasswordSignIn.reset(await body(c, PasswordResetBody)));
  },

  async me(c) {
    return c.json(Actor.user());
  },

  async regenerateApiKey(c) {
    return c.json(await Users.regenerateApiKey(Actor.user().id, Actor.socketId()));
  },

  async updateUser(c) {
    const me = Actor.user();
    const id = c.req.param("id")!;
    const admin = Actor.isAdmin(me);
    if (id !== me.id && !admin) throw forbidden("You may only update your own account");
    const patch = await body(c, admin ? AdminUpdate : SelfUpdate);
    await Users.mustGet(id);
    return c.json(await Users.update(id, patch, Actor.socketId()));
  },

  async listUsers(c) {
    return c.json(await Users.list(query(c, ListUsersQuery)));
  },
});
