import type { Context } from "hono";
import { isIP } from "node:net";
import { ExchangeBody, LoginQuery, PasswordSignInBody, PasswordSignUpBody, PasswordVerifyBody, type SignInMethods } from "../../schemas/auth";
import { AdminUpdate, ListUsersQuery, SelfUpdate } from "../../schemas/user";
import { Actor } from "../core/actor";
import { Config } from "../core/config";
import { forbidden } from "../core/errors";
import { PasswordSignIn } from "../core/identity/password-sign-in";
import { SignIn } from "../core/identity/sign-in";
import { Tokens } from "../core/identity/tokens";
import { Users } from "../core/identity/users";
import { clientOf } from "./appauth";
import { body, callGroup, query } from "./group";

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
    if (PasswordSignIn.enabled()) return c.redirect(`/login?${new URLSearchParams({ from_url: back })}`, 302);
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
    const team = PasswordSignIn.enabled();
    return c.json({ password: team, google: !team && (Config.isLocal || Boolean(Config.kiln.cognito)) } satisfies SignInMethods);
  },

  async passwordSignUp(c) {
    PasswordSignIn.assertEnabled();
    return c.json(await PasswordSignIn.signUp(await body(c, PasswordSignUpBody), signInClientOf(c)));
  },

  async passwordSignIn(c) {
    PasswordSignIn.assertEnabled();
    const { email, password } = await body(c, PasswordSignInBody);
    return c.json(await PasswordSignIn.signIn(email, password, signInClientOf(c)));
  },

  async passwordVerify(c) {
    PasswordSignIn.assertEnabled();
    return c.json(await PasswordSignIn.verify(await body(c, PasswordVerifyBody)));
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
