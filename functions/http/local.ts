import { AppIdentityForm, LocalIdentityQuery, OutboxQuery } from "../../schemas/app-auth";
import { LocalTokenBody } from "../../schemas/auth";
import type { Context } from "hono";
import { AppGoogle, type AppSignInTarget } from "../core/app-users/google";
import { forbidden } from "../core/errors";
import { Mail } from "../core/mail";
import { SeedAccounts } from "../core/identity/seed";
import { SignIn } from "../core/identity/sign-in";
import { body, callGroup, query } from "./group";

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The stand-in for Google's account chooser: plainly labelled, local only. For an app's sign-in it carries the app along. */
function identityPage(fromUrl: string, app?: { target: AppSignInTarget; name: string }): string {
  const hidden = [`<input type="hidden" name="from_url" value="${escape(fromUrl)}">`];
  if (app) hidden.push(`<input type="hidden" name="app_id" value="${escape(app.target.app_id)}">`);
  if (app?.target.popup_origin) hidden.push(`<input type="hidden" name="popup_origin" value="${escape(app.target.popup_origin)}">`);
  const accounts = SeedAccounts.map(
    (a) => `<button type="submit" name="email" value="${escape(a.email)}" class="account">
        <strong>${escape(a.full_name)}</strong><span>${escape(a.email)}</span><em>${escape(a.label)}</em>
      </button>`,
  ).join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Local sign-in · Kiln</title>
<style>
  body{font-family:system-ui,sans-serif;background:#f5f5f4;color:#1c1917;display:flex;justify-content:center;padding:48px 16px;margin:0}
  main{background:#fff;border-radius:12px;box-shadow:0 1px 3px #0002;max-width:420px;width:100%;padding:28px}
  .badge{display:inline-block;background:#fef3c7;color:#92400e;border:1px solid #fcd34d;border-radius:999px;padding:2px 10px;font-size:12px;font-weight:600}
  h1{font-size:20px;margin:12px 0 4px} p{color:#57534e;font-size:14px;margin:0 0 20px}
  .account{display:grid;gap:2px;text-align:left;width:100%;padding:12px 14px;margin:0 0 10px;border:1px solid #d6d3d1;border-radius:8px;background:#fff;cursor:pointer;font:inherit}
  .account:hover{border-color:#ea580c} .account span{color:#57534e;font-size:13px} .account em{color:#a8a29e;font-size:12px;font-style:normal}
  label{display:block;font-size:13px;font-weight:600;margin:18px 0 6px}
  input{width:100%;box-sizing:border-box;padding:10px 12px;border:1px solid #d6d3d1;border-radius:8px;font:inherit}
  .go{margin-top:10px;width:100%;padding:10px;border:0;border-radius:8px;background:#ea580c;color:#fff;font:inherit;font-weight:600;cursor:pointer}
</style></head>
<body><main>
  <span class="badge">Local identity provider · development only</span>
  <h1>Choose an account${app ? ` to continue to ${escape(app.name)}` : ""}</h1>
  <p>This page stands in for Google sign-in while Kiln runs on this machine. It issues the same tokens the cloud sign-in does.</p>
  <form method="post" action="/api/local/identity">
    ${hidden.join("\n    ")}
    ${accounts}
  </form>
  <form method="post" action="/api/local/identity">
    ${hidden.join("\n    ")}
    <label for="email">Or sign in with any e-mail address</label>
    <input id="email" name="email" type="email" required placeholder="you@example.com" autocomplete="email">
    <button class="go" type="submit">Continue</button>
  </form>
</main></body></html>`;
}

/**
 * A browser may use the platform's local calls only from Kiln's own pages: a page of an app
 * (`*.localhost`, where tenant code runs) or of any other site is refused. Programs on this machine
 * send no Origin. (Other machines and backend functions never reach these routes: stacks/local.)
 */
function assertBuilderPage(c: Context) {
  const origin = c.req.header("origin");
  if (origin === undefined) return;
  const host = URL.canParse(origin) ? new URL(origin).hostname : null;
  if (host !== "localhost" && host !== "127.0.0.1" && host !== "[::1]") throw forbidden("This local-only call answers only Kiln's own pages.");
}

/** Local-only calls: the identity page, tokens for tests and scripts, the e-mail outbox. */
export const { app, handler } = callGroup("local", {
  async identityPage(c) {
    const input = query(c, LocalIdentityQuery);
    if (!input.app_id) return c.html(identityPage(SignIn.safeReturn(input.from_url)));
    const { app, target } = await AppGoogle.start(input.app_id, input);
    return c.html(identityPage(target.from_url, { target, name: app.name }));
  },

  async identitySubmit(c) {
    const form = await body(c, AppIdentityForm, { form: true });
    // an app's own sign-in page may post here (its users sign in to it); the platform's sign-in only from Kiln's pages
    if (!form.app_id) assertBuilderPage(c);
    if (form.app_id) {
      const { app, target } = await AppGoogle.start(form.app_id, form);
      const name = SeedAccounts.find((a) => a.email === form.email)?.full_name ?? null;
      return c.redirect(await AppGoogle.finish(app, { email: form.email, name }, target), 303);
    }
    const token = await SignIn.tokenFor(form.email);
    return c.redirect(SignIn.loginUrl(token, form.from_url), 303);
  },

  async token(c) {
    assertBuilderPage(c);
    const { email, full_name } = await body(c, LocalTokenBody);
    return c.json({ access_token: await SignIn.tokenFor(email, full_name) });
  },

  async outbox(c) {
    assertBuilderPage(c);
    const { to } = query(c, OutboxQuery);
    return c.json(to ? (await Mail.outbox(1000)).filter((m) => m.to === to) : await Mail.outbox());
  },
});
