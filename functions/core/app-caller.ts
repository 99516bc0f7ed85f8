import type { AppMeta } from "../../schemas/app";
import type { AppUser } from "../../schemas/app-user";
import type { User } from "../../schemas/user";
import { Actor } from "./actor";
import { Apps } from "./apps";
import { AppUsers } from "./app-users";
import { VisibleError, forbidden, notFound, unauthorized } from "./errors";
import { Tokens } from "./tokens";
import { Users } from "./users";

/**
 * Who calls a generated app's API (the `@base44/sdk` surface under /api/apps/{id}/…):
 * - `builder`: a platform user who may edit the app, with their platform token or API key
 *   (the workspace's data tables, the API page's examples). Sees and changes all data.
 * - `member`: a user of the app itself, holding that app's runtime token. Row-level
 *   security applies.
 * - `visitor`: nobody signed in. Admitted only by public_without_login apps.
 */
export type AppCaller =
  | { kind: "builder"; app: AppMeta; user: User }
  | { kind: "member"; app: AppMeta; user: AppUser }
  | { kind: "visitor"; app: AppMeta; anonymousId: string | null };

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

export namespace AppCallers {
  /** Identify the caller of an app route. Credentials that are present must be valid: a bad token is a 401, never a silent visitor. */
  export async function resolve(appId: string, creds: CallerCredentials): Promise<AppCaller> {
    // The app and the caller's identity are independent reads: fetch them together.
    const [app, identity] = await Promise.all([Apps.get(appId), identify(appId, creds)]);
    if (!app) throw notFound("App not found");
    if (identity.kind === "member") {
      if (!identity.user) throw unauthorized("Invalid or expired token");
      return { kind: "member", app, user: identity.user };
    }
    if (identity.kind === "builder") return builder(app, identity.user);
    // The app's service role (a backend function's asServiceRole) acts with its owner's rights on this app alone.
    if (identity.kind === "service") return builder(app, await Users.get(app.created_by_id));
    return { kind: "visitor", app, anonymousId: creds.anonymousId?.slice(0, 64) || null };
  }

  /** Who the credentials name, without the app: a bad token is a 401 whatever the app. */
  async function identify(
    appId: string,
    creds: CallerCredentials,
  ): Promise<{ kind: "member"; user: AppUser | undefined } | { kind: "builder"; user: User | undefined } | { kind: "service" } | { kind: "visitor" }> {
    if (creds.bearer) {
      const audience = Tokens.audienceOf(creds.bearer);
      if (audience === "service") {
        await Tokens.verifyService(creds.bearer, appId);
        return { kind: "service" };
      }
      if (audience === "app") {
        const { appUserId } = await Tokens.verifyApp(creds.bearer, appId);
        return { kind: "member", user: await AppUsers.get(appId, appUserId) };
      }
      const { userId } = await Tokens.verifyPlatform(creds.bearer);
      return { kind: "builder", user: await Users.get(userId) };
    }
    if (creds.apiKey) {
      const user = await Users.byApiKey(creds.apiKey);
      if (!user) throw unauthorized("Invalid API key");
      return { kind: "builder", user };
    }
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
