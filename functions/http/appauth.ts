import type { Context } from "hono";
import {
  AppGoogleCallbackQuery,
  AppGoogleLoginQuery,
  AppLogoutQuery,
  ChangePasswordBody,
  EmailBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  VerifyOtpBody,
} from "../../schemas/app-auth";
import { Actor } from "../core/actor";
import { AppAuth } from "../core/app-users/auth";
import { AppLogs } from "../core/logs/app-logs";
import { AppGoogle } from "../core/app-users/google";
import { Apps } from "../core/apps/apps";
import { Config } from "../core/config";
import { VisibleError, forbidden, notFound } from "../core/errors";
import { appAccess } from "./app-access";
import { clientOf } from "./client-address";
import { body, callGroup, query } from "./group";

/** The page a popup sign-in ends on, on the app's own origin: it hands the token to the app that opened it (reference §3.2). */
const popupDonePage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Signing in…</title></head><body><script>
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("access_token");
if (window.opener && token) window.opener.postMessage({ access_token: token, is_new_user: params.get("is_new_user") === "true" }, location.origin);
window.close();
</script><p>You can close this window.</p></body></html>`;

async function appOr404(id: string) {
  const app = await Apps.get(id);
  if (!app) throw notFound("App not found");
  return app;
}

/** Who signs in, for the sign-in limits (test/unit/client-of.test.ts reads it here). */
export { clientOf };

/** The app of a sign-in call. Who calls is not read: a stale token in the caller's storage must not stand in the way of signing in again. */
const appOf = (c: Context) => appOr404(c.req.param("id") ?? "");

/**
 * A generated app's own sign-in (spec 03 §2.13, §7.12; reference §3): the app is the path's
 * `{id}` unless it is a browser navigation. The app's visibility is enforced inside each
 * sign-in call (core/app-auth.ts); change-password and public settings pass the app gate first.
 */
export const { app, handler } = callGroup("appauth", {
  async register(c) {
    const app = await appOf(c);
    return c.json(await AppAuth.register(app, await body(c, RegisterBody), clientOf(c)));
  },

  async verifyOtp(c) {
    const app = await appOf(c);
    const input = await body(c, VerifyOtpBody);
    return c.json(await AppAuth.verifyOtp(app, input.email, input.otp_code));
  },

  async resendOtp(c) {
    const app = await appOf(c);
    return c.json(await AppAuth.resendOtp(app, (await body(c, EmailBody)).email, clientOf(c)));
  },

  /** Every sign-in, and every refused one, is a record of the app's log (spec 02 Logs Explorer). */
  async login(c) {
    const app = await appOf(c);
    const input = await body(c, LoginBody);
    try {
      const result = await AppAuth.login(app, input.email, input.password, clientOf(c));
      await AppLogs.record({ appId: app.id, type: "auth", objectName: "login", caller: { kind: "member", app, user: result.user }, inputs: { email: input.email } });
      return c.json(result);
    } catch (err) {
      const error = err instanceof VisibleError ? err.message : "Internal error";
      await AppLogs.record({ appId: app.id, type: "auth", objectName: "login", caller: { kind: "visitor", app, anonymousId: null }, status: "error", inputs: { email: input.email }, error });
      throw err;
    }
  },

  async resetRequest(c) {
    const app = await appOf(c);
    return c.json(await AppAuth.requestReset(app, (await body(c, EmailBody)).email, clientOf(c)));
  },

  async resetPassword(c) {
    const app = await appOf(c);
    const input = await body(c, ResetPasswordBody);
    return c.json(await AppAuth.resetPassword(app, input.reset_token, input.new_password));
  },

  async changePassword(c) {
    const caller = Actor.app();
    if (caller.kind !== "member") throw forbidden("Only a signed-in user of this app can change their password");
    return c.json(await AppAuth.changePassword(caller.app, caller.user, await body(c, ChangePasswordBody)));
  },

  async token(c) {
    const user = Actor.user();
    const app = await Apps.assertAccess(user, c.req.param("id")!);
    return c.json({ token: await AppAuth.runtimeToken(app, user) });
  },

  async publicSettings(c) {
    const { app } = Actor.app();
    return c.json({ id: app.id, public_settings: app.public_settings });
  },

  async loginInfoBySlug(c) {
    const app = await Apps.bySlug(c.req.param("slug")!);
    if (!app) throw notFound("App not found");
    return c.json(AppAuth.loginInfo(app));
  },

  async loginInfoById(c) {
    return c.json(AppAuth.loginInfo(await appOr404(c.req.param("id")!)));
  },

  /** "Continue with Google" inside an app: the local identity page here, Cognito's Google in the cloud, 400 on a team's box. */
  async googleLogin(c) {
    const input = query(c, AppGoogleLoginQuery);
    const { target } = await AppGoogle.start(input.app_id, input);
    if (Config.isLocal) {
      const params = new URLSearchParams({ app_id: target.app_id, from_url: target.from_url, ...(target.popup_origin ? { popup_origin: target.popup_origin } : {}) });
      return c.redirect(`/api/local/identity?${params}`, 302);
    }
    return c.redirect(await AppGoogle.authorizeUrl(target), 302);
  },

  /** Cognito's return (cloud): redeem the code, then back to the app with its token or an error code. */
  async googleCallback(c) {
    const input = query(c, AppGoogleCallbackQuery);
    const state = await AppGoogle.readState(input.state);
    const app = await appOr404(state.app_id);
    if (input.error || !input.code) return c.redirect(AppGoogle.failed(state, "google_failed"), 302);
    const identity = await AppGoogle.identityFromCode(input.code, state.nonce);
    return c.redirect(await AppGoogle.finish(app, identity, state), 302);
  },

  async popupDone(c) {
    return c.html(popupDonePage);
  },

  /** The SDK's logout navigation: app tokens live in the app's storage, so all that is left is going back. */
  async logout(c) {
    const { from_url } = query(c, AppLogoutQuery);
    return c.redirect(from_url && AppGoogle.isAppAddress(from_url) ? from_url : "/", 302);
  },
}, { appAccess });
