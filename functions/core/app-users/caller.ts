import type { AppMeta } from "../../../schemas/app";
import type { User } from "../../../schemas/user";
import { Actor, type AppCaller, type Prefetched } from "../actor";
import { Apps } from "../apps/apps";
import { AppUsers } from "./users";
import { batchGet } from "../db";
import { Keys } from "../keys";
import { VisibleError, forbidden, notFound, unauthorized } from "../errors";
import { Tokens } from "../identity/tokens";
import { Users } from "../identity/users";

export interface CallerCredentials {
  bearer?: string | null;
  apiKey?: string | null;
  anonymousId?: string | null;
}

/** The 403 that `@base44/sdk` apps read as `error.data.extra_data.reason` (reference §3.1). */
export const authRequired = (appId: string) =>
  new VisibleError("forbidden", "You must be logged in to access this app", { reason: "auth_required", app_id: appId });
export const userNotRegistered = (appId: string) =>
  new VisibleError("forbidden", "You are not registered for this app. Ask its owner for an invitation.", { reason: "user_not_registered", app_id: appId });

/** Who calls a generated app's API, from their credentials (the AppCaller kinds are declared with the actor, actor.ts). */
export namespace AppCallers {
  type Key = { pk: string; sk: string };
  type Item = Record<string, unknown>;

  /** Identify the caller of an app route. Credentials that are present must be valid: a bad token is a 401, never a silent visitor. */
  export async function resolve(appId: string, creds: CallerCredentials): Promise<AppCaller> {
    return (await resolveWith(appId, creds)).caller;
  }

  /**
   * resolve, reading `also` (items the request will need, e.g. an entity's schema) in the
   * same round trip: the app, the caller's user and those items are one consistent
   * BatchGetItem, so a change to any of them applies to the very next call, with no cache.
   */
  export async function resolveWith(appId: string, creds: CallerCredentials, also: Key[] = []): Promise<{ caller: AppCaller; read: Prefetched }> {
    // No app has such an id, and DynamoDB would refuse the over-long key with a 500.
    if (appId.length > 128) throw notFound("App not found");
    const identity = await identify(appId, creds);
    // a service role's owner is read beside the app too: the token names who owned it at signing
    const userKey =
      identity.kind === "member"
        ? Keys.appUser(appId, identity.appUserId)
        : identity.kind === "builder" && "userId" in identity
          ? Keys.user(identity.userId)
          : identity.kind === "service" && identity.ownerId
            ? Keys.user(identity.ownerId)
            : undefined;
    const extra = identity.kind === "builder" && "userId" in identity ? AppUsers.builderKey(appId, identity.userId) : undefined;
    const [read, apiKeyUser] = await Promise.all([
      readItems([Keys.app(appId), ...(userKey ? [userKey] : []), ...(extra ? [extra] : []), ...also]),
      identity.kind === "builder" && "apiKey" in identity ? Users.byApiKey(identity.apiKey) : undefined,
    ]);
    const appItem = read.get(idOf(Keys.app(appId)));
    if (!appItem) throw notFound("App not found");
    const app = Apps.fromItem(appItem);
    const userItem = userKey && read.get(idOf(userKey));
    if (identity.kind === "member") {
      if (!userItem) throw unauthorized("Invalid or expired token");
      return { caller: { kind: "member", app, user: AppUsers.fromItem(userItem) }, read };
    }
    if (identity.kind === "builder") {
      if ("apiKey" in identity && !apiKeyUser) throw unauthorized("Invalid API key");
      return { caller: builder(app, "apiKey" in identity ? apiKeyUser : Users.tokenHolder(userItem, identity.issuedAt)), read };
    }
    // The app's service role (a backend function's asServiceRole) acts with its owner's rights on this app alone.
    if (identity.kind === "service") {
      // the owner read beside the app, unless the app changed hands since the token was signed
      const owner = identity.ownerId === app.created_by_id && userItem ? Users.fromItem(userItem) : await Users.get(app.created_by_id);
      return { caller: builder(app, owner), read };
    }
    return { caller: { kind: "visitor", app, anonymousId: creds.anonymousId?.slice(0, 64) || null }, read };
  }

  const idOf = (key: Key) => `${key.pk}|${key.sk}`;

  /** The items of these keys in one consistent BatchGetItem (batchGet asks again for what DynamoDB hands back unprocessed). */
  async function readItems(keys: Key[]): Promise<Map<string, Item | undefined>> {
    const read = new Map<string, Item | undefined>(keys.map((k) => [idOf(k), undefined]));
    for (const item of await batchGet(keys, { consistent: true })) read.set(idOf(item as Key), item);
    return read;
  }

  /** Who the credentials name, checked offline (signatures): a bad token is a 401 whatever the app. */
  async function identify(
    appId: string,
    creds: CallerCredentials,
  ): Promise<{ kind: "member"; appUserId: string } | { kind: "builder"; userId: string; issuedAt: number } | { kind: "builder"; apiKey: string } | { kind: "service"; ownerId: string | null } | { kind: "visitor" }> {
    if (creds.bearer) {
      const audience = Tokens.audienceOf(creds.bearer);
      if (audience === "service") {
        return { kind: "service", ...(await Tokens.verifyService(creds.bearer, appId)) };
      }
      if (audience === "app") return { kind: "member", appUserId: (await Tokens.verifyApp(creds.bearer, appId)).appUserId };
      return { kind: "builder", ...(await Tokens.verifyPlatform(creds.bearer)) };
    }
    if (creds.apiKey) return { kind: "builder", apiKey: creds.apiKey };
    return { kind: "visitor" };
  }

  function builder(app: AppMeta, user: User | undefined): AppCaller {
    if (!user || user.disabled) throw unauthorized("This account is not active");
    // The SDK's apps read the reason: a platform user who may not edit the app is not one of its users.
    if (!Apps.canAccess(user, app)) throw userNotRegistered(app.id);
    return { kind: "builder", app, user };
  }

  /**
   * The app's visibility, enforced on every data path: public_without_login admits
   * anyone; public_with_login any signed-in user of the app; private_with_login only
   * users the owner invited. Builders always pass.
   */
  export function admit(caller: AppCaller): void {
    const { app } = caller;
    if (app.is_blocked && !(caller.kind === "builder" && Actor.isAdmin(caller.user))) throw forbidden("This app has been blocked by the platform");
    if (caller.kind === "builder") return;
    if (caller.kind === "visitor") {
      if (app.public_settings === "public_without_login") return;
      throw authRequired(app.id);
    }
    if (caller.user.disabled) throw forbidden("This account has been disabled");
    if (app.public_settings === "private_with_login" && !caller.user.invited) throw userNotRegistered(app.id);
  }
}
