import { ExchangeBody, LoginQuery } from "../../schemas/auth";
import { AdminUpdate, ListUsersQuery, SelfUpdate } from "../../schemas/user";
import { Actor } from "../core/actor";
import { Config } from "../core/config";
import { forbidden } from "../core/errors";
import { SignIn } from "../core/identity/sign-in";
import { Tokens } from "../core/identity/tokens";
import { Users } from "../core/identity/users";
import { body, callGroup, query } from "./group";

/** Spec 01 §7 Auth: the signed-in user's own account, plus the admin's user list. */
export const { app, handler } = callGroup("auth", {
  /** "Continue with Google" lands here; locally the labelled identity page stands in for Google. */
  async login(c) {
    const { from_url } = query(c, LoginQuery);
    const back = SignIn.safeReturn(from_url);
    if (Config.isLocal) return c.redirect(`/api/local/identity?${new URLSearchParams({ from_url: back })}`, 302);
    const web = Config.kiln.webUrl.replace(/\/$/, "");
    return c.redirect(`${web}/login?${new URLSearchParams({ sso: "google", from_url: back })}`, 302);
  },

  async exchange(c) {
    const { id_token } = await body(c, ExchangeBody);
    const identity = await Tokens.verifyCognitoIdToken(id_token);
    return c.json({ access_token: await SignIn.tokenFor(identity.email, identity.name) });
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
