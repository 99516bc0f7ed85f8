import type { AppMeta } from "../../schemas/app";
import type { AppUser } from "../../schemas/app-user";
import type { User } from "../../schemas/user";
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
    const app = await Apps.get(appId);
    if (!app) throw notFound("App not found");
    if (creds.bearer) {
      if (Tokens.audienceOf(creds.bearer) === "app") {
        const { appUserId } = await Tokens.verifyApp(creds.bearer, app.id);
        const user = await AppUsers.get(app.id, appUserId);
        if (!user) throw unauthorized("Invalid or expired token");
        return { kind: "member", app, user };
      }
      const { userId } = await Tokens.verifyPlatform(creds.bearer);
      return builder(app, await Users.get(userId));
    }
    if (creds.apiKey) {
      const user = await Users.byApiKey(creds.apiKey);
      if (!user) throw unauthorized("Invalid API key");
      return builder(app, user);
    }
    return { kind: "visitor", app, anonymousId: creds.anonymousId?.slice(0, 64) || null };
  }

  function builder(app: AppMeta, user: User | undefined): AppCaller {
    if (!user || user.disabled) throw unauthorized("This account is not active");
    if (!Apps.canAccess(user, app)) throw forbidden("You do not have access to this app");
    return { kind: "builder", app, user };
  }

  /**
   * The app's visibility, enforced on every data path: public_without_login admits
   * anyone; public_with_login any signed-in user of the app; private_with_login only
   * users the owner invited. Builders always pass.
   */
  export function admit(caller: AppCaller): void {
    const { app } = caller;
    if (caller.kind === "builder") return;
    if (caller.kind === "visitor") {
      if (app.public_settings === "public_without_login") return;
      throw authRequired(app.id);
    }
    if (caller.user.disabled) throw forbidden("This account has been disabled");
    if (app.public_settings === "private_with_login" && !caller.user.invited) throw userNotRegistered(app.id);
  }
}
