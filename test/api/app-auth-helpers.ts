import { expect } from "vitest";
import { apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor } from "./helpers";

/**
 * What the tests of a generated app's own sign-in share (test/api/app-auth*.test.ts): the app
 * most of them use, its auth calls, and the local outbox read as the platform admin.
 */

let adminToken: string | undefined;

/** The mails the local outbox holds for one address, newest first (read as the platform admin). */
export async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: (adminToken ??= await tokenFor("admin@kiln.local")) });
  expect(res.status).toBe(200);
  return res.body;
}

export const auth = (appId: string, path: string, body: unknown, token?: string) => call("POST", `/api/apps/${appId}/auth/${path}`, { body, token });

/** A signed-up, verified, signed-in user of the app (helpers' appMember), with the password it chose. */
export const member = async (appId: string, email?: string) => ({ ...(await appMember(appId, email)), password: "correct horse" });

/** Follow "Continue with Google" through the local identity page as `email`: the final redirect. */
export async function googleSignIn(appId: string, email: string, fromUrl: string, popupOrigin?: string) {
  const start = await call("GET", `/api/apps/auth/login?${new URLSearchParams({ app_id: appId, from_url: fromUrl, ...(popupOrigin ? { popup_origin: popupOrigin } : {}) })}`);
  expect(start.status).toBe(302);
  const page = new URL(start.headers.get("location")!, apiUrl());
  expect(page.pathname).toBe("/api/local/identity");
  const html = await call("GET", page.pathname + page.search);
  expect(html.status).toBe(200);
  const form = new URLSearchParams({ email, from_url: page.searchParams.get("from_url")!, app_id: page.searchParams.get("app_id")! });
  if (page.searchParams.get("popup_origin")) form.set("popup_origin", page.searchParams.get("popup_origin")!);
  const done = await call("POST", "/api/local/identity", { rawBody: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(done.status).toBe(303);
  return new URL(done.headers.get("location")!);
}

/** An app's own origin on the local stack: `{slug}.localhost` on the stack's port. */
export const originOf = (appSlug: string) => `http://${appSlug}.localhost:${new URL(apiUrl()).port}`;

export async function setApp(token: string, appId: string, patch: Record<string, unknown>) {
  const res = await call("PUT", `/api/apps/${appId}`, { token, body: patch });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The app most tests share: a reading list of a new owner, public_with_login, with e-mail and password sign-in on. */
export async function readingListApp(): Promise<{ owner: Awaited<ReturnType<typeof signedIn>>; appId: string; slug: string }> {
  const owner = await signedIn("owner");
  const app = await builtApp(owner.token, "A reading list to track books, authors and reviews");
  await setApp(owner.token, app.id, { public_settings: "public_with_login" });
  await enablePasswordSignIn(app.id, owner.token);
  return { owner, appId: app.id, slug: app.slug };
}
