import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newContext, signInThroughIdentityPage, uniqueEmail, untilBuilt, webUrl } from "./browser";

/**
 * Published apps on their own host, driven in real Chromium (spec 03 §2.13, §4, §5, §8):
 * `{slug}.localhost:<port>` serves the published snapshot, its sign-in screens and its
 * real time; any other host name is the custom-domain shell.
 */

let browser: Browser;
let adminToken: string;

beforeAll(async () => {
  browser = await launch();
  adminToken = await tokenFor("admin@kiln.local");
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh browser with nothing stored: a stranger's, a user's. Uncaught errors of its pages are kept. */
async function freshPage(): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, errors };
}

const port = () => new URL(webUrl()).port;
const appHost = (slug: string) => `http://${slug}.localhost:${port()}`;

async function call<T = any>(method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${webUrl()}${path}`, {
    method,
    redirect: "manual",
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body === undefined ? {} : { "content-type": "application/json" }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function tokenFor(email: string): Promise<string> {
  const res = await call("POST", "/api/local/token", { body: { email } });
  expect(res.status).toBe(200);
  return res.body.access_token;
}

/** A platform user and an app the offline engine built for them. */
async function ownerWithApp(label: string, description: string) {
  const email = uniqueEmail(label);
  const token = await tokenFor(email);
  const me = (await call("GET", "/api/auth/me", { token })).body;
  const created = await call("POST", "/api/apps", { token, body: { user_description: description } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { email, token, userId: me.id as string, app: await untilBuilt(token, created.body.id) };
}

async function publish(token: string, appId: string) {
  const res = await call("POST", `/api/apps/${appId}/deploy`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function setApp(token: string, appId: string, patch: Record<string, unknown>) {
  const res = await call("PUT", `/api/apps/${appId}`, { token, body: patch });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function write(token: string, appId: string, file_path: string, content: string) {
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path, content } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The mails the local outbox holds for one address, newest first (read as the platform admin). */
async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const res = await call("GET", `/api/local/outbox?to=${encodeURIComponent(email)}`, { token: adminToken });
  expect(res.status).toBe(200);
  return res.body;
}

async function userEmails(token: string, appId: string): Promise<string[]> {
  const res = await call("GET", `/api/apps/${appId}/entities/User`, { token });
  expect(res.status).toBe(200);
  return res.body.map((u: { email: string }) => u.email);
}

/** "Continue with Google" on the app's sign-in screen, through the local identity page, as `email`. */
async function continueWithGoogle(page: Page, email: string) {
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.waitForURL(/\/api\/local\/identity/);
  await page.getByLabel("Or sign in with any e-mail address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
}

/** The app's sign-in screen, reached by the runner's redirect from `from`. */
async function expectLoginFrom(page: Page, origin: string, from: string, appId: string) {
  await page.waitForURL((url) => url.origin === origin && url.pathname === "/login");
  const url = new URL(page.url());
  expect(url.searchParams.get("from_url")).toBe(from);
  expect(url.searchParams.get("app_id")).toBe(appId);
}

describe("e-mail and password sign-in is the owner's choice", () => {
  it("a new app's sign-in screen shows only 'Continue with Google' until its owner turns the form on in App Settings", async () => {
    const owner = await ownerWithApp("choice-owner", "A book swap with books and members");
    await setApp(owner.token, owner.app.id, { public_settings: "public_with_login" });
    await publish(owner.token, owner.app.id);
    const origin = appHost(owner.app.slug);
    const { page, errors } = await freshPage();

    await page.goto(`${origin}/login`);
    await page.getByText("Sign in to continue").waitFor();
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    for (const control of [page.getByLabel("Email"), page.getByLabel("Password"), page.getByRole("button", { name: "Sign up" }), page.getByRole("button", { name: "Forgot password?" })]) {
      expect(await control.count()).toBe(0);
    }

    const builder = await (await newContext(browser)).newPage();
    await signInThroughIdentityPage(builder, { email: owner.email }, `/apps/${owner.app.id}/editor/workspace/app-settings?selectedParam=enable-username-password`);
    const toggle = builder.getByLabel("E-mail and password sign-in");
    await toggle.waitFor({ state: "attached" });
    expect(await toggle.isChecked()).toBe(false);
    await builder.getByTestId("settings-username-password").click();
    await expect.poll(async () => (await call("GET", `/api/apps/${owner.app.id}`, { token: owner.token })).body.enable_username_password).toBe(true);
    expect(await toggle.isChecked()).toBe(true);

    await page.reload();
    await page.getByLabel("Email").waitFor();
    await page.getByLabel("Password").waitFor();
    await page.getByRole("button", { name: "Sign up" }).waitFor();
    await page.getByRole("button", { name: "Continue with Google" }).waitFor();
    expect(errors).toEqual([]);
    await builder.context().close();
  });
});

describe("a published private app refuses a stranger on every path, in a real browser", () => {
  let owner: Awaited<ReturnType<typeof ownerWithApp>>;
  let origin: string;
  let title: string;
  const invited = uniqueEmail("invited");

  beforeAll(async () => {
    owner = await ownerWithApp("rota-owner", "A private staff rota with shifts and people");
    expect(owner.app.public_settings).toBe("private_with_login");
    title = JSON.parse(/const APP_TITLE = ("(?:[^"\\]|\\.)*");/.exec(owner.app.layout)![1]);
    await setApp(owner.token, owner.app.id, { enable_username_password: true });
    await publish(owner.token, owner.app.id);
    const invite = await call("POST", `/api/apps/${owner.app.id}/users/invite-user`, { token: owner.token, body: { user_email: invited, role: "user" } });
    expect(invite.status).toBe(200);
    origin = appHost(owner.app.slug);
  }, 90_000);

  it("a stranger is sent to the app's sign-in; register, Google and forgot-password all refuse; no user, no mail", async () => {
    const stranger = uniqueEmail("stranger");
    const before = await userEmails(owner.token, owner.app.id);
    const { page, errors } = await freshPage();

    await page.goto(`${origin}/`);
    await expectLoginFrom(page, origin, `${origin}/`, owner.app.id);
    await page.getByRole("heading", { name: `Welcome to ${owner.app.name}` }).waitFor();
    await page.getByText("Sign in to continue").waitFor();

    // Register: the server says the e-mail is not registered for this app.
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Create your account").waitFor();
    await page.getByLabel("Email").fill(stranger);
    await page.getByLabel("Password", { exact: true }).fill("let me in please");
    await page.getByLabel("Confirm password").fill("let me in please");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByRole("alert").filter({ hasText: "You are not registered for this app. Ask its owner for an invitation." }).waitFor();

    // Google (the local identity page) as the stranger: back on the sign-in screen with the error.
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await continueWithGoogle(page, stranger);
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/login" && url.searchParams.get("error") === "user_not_registered");
    expect(new URL(page.url()).searchParams.get("access_token")).toBeNull();
    await page.getByRole("heading", { name: "Access Restricted" }).waitFor();
    await page.getByText("You are not registered to use this application. Please contact the app administrator to request access.").waitFor();

    // Forgot password: the same neutral confirmation as for anyone.
    await page.getByRole("button", { name: "Sign in with a different account" }).click();
    await page.getByText("Sign in to continue").waitFor();
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("Email").fill(stranger);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    await page.getByText(`We've sent password reset instructions to ${stranger}`).waitFor();

    expect(await page.evaluate(() => localStorage.getItem("base44_access_token"))).toBeNull();
    expect(await mailsTo(stranger)).toEqual([]);
    expect(await userEmails(owner.token, owner.app.id)).toEqual(before);
    expect(errors).toEqual([]);
  });

  it("an invited user registers, enters the code in the six boxes, signs in and sees the app", async () => {
    const { page, errors } = await freshPage();
    await page.goto(`${origin}/`);
    await expectLoginFrom(page, origin, `${origin}/`, owner.app.id);

    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByLabel("Email").fill(invited);
    await page.getByLabel("Password", { exact: true }).fill("correct horse");
    await page.getByLabel("Confirm password").fill("correct horse");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.getByText("Verify your email").waitFor();
    await page.getByText(`We sent a 6-digit code to ${invited}`).waitFor();

    const code = (await mailsTo(invited))[0]?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel("Digit 1").click();
    await page.keyboard.type(code!);
    for (let i = 0; i < 6; i++) expect(await page.getByLabel(`Digit ${i + 1}`).inputValue()).toBe(code![i]);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("Email verified successfully! Redirecting to login...").waitFor();

    // Back on sign-in after the delay, the e-mail carried over.
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(invited);
    await page.getByLabel("Password").fill("correct horse");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();

    await page.waitForURL((url) => url.origin === origin && url.pathname === "/" && !url.searchParams.has("access_token"));
    await page.getByText(title).first().waitFor();
    expect(await page.getByTestId("runtime-notice").count()).toBe(0);
    expect(await page.getByTestId("remix-badge").count()).toBe(0); // a private app has no badge
    expect(await page.evaluate(() => localStorage.getItem("base44_access_token"))).toMatch(/^ey/);
    expect(await userEmails(owner.token, owner.app.id)).toContain(invited);
    expect(errors).toEqual([]);
  });

  it("the invited user sets a new password from the e-mailed link (/reset-password) and signs in with it", async () => {
    const { page } = await freshPage();
    await page.goto(`${origin}/login`);
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email").fill(invited);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your email" }).waitFor();

    const link = (await mailsTo(invited))[0]?.text.match(/(http\S+\/reset-password\?token=\S+)/)?.[1];
    expect(link?.startsWith(`${origin}/reset-password?token=`)).toBe(true);
    await page.goto(link!);
    await page.getByRole("heading", { name: "Set a new password" }).waitFor();
    await page.getByText(`Choose a new password for ${owner.app.name}`).waitFor();
    await page.getByLabel("New password").fill("battery staple");
    await page.getByLabel("Confirm password").fill("battery stapler");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByRole("alert").filter({ hasText: "Passwords do not match" }).waitFor();
    await page.getByLabel("Confirm password").fill("battery staple");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByRole("heading", { name: "Password reset successful!" }).waitFor();
    await page.getByText(`You can now sign in to ${owner.app.name} with your new password`).waitFor();

    await page.waitForURL((url) => url.origin === origin && url.pathname === "/login");
    await page.getByLabel("Email").fill(invited);
    await page.getByLabel("Password").fill("battery staple");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL((url) => url.origin === origin && url.pathname === "/" && !url.searchParams.has("access_token"));
    await page.getByText(title).first().waitFor();
  });
});

/** A page that lists Note records and follows them live through the SDK's `subscribe`. */
const LIVE_PAGE = `import React, { useEffect, useState } from "react";
import { Note } from "@/entities/Note";

export const pageConfig = { usesLayout: false, showInMenu: false };

export default function Live() {
  const [notes, setNotes] = useState([]);
  const [text, setText] = useState("");

  useEffect(() => {
    Note.list("-created_date").then(setNotes);
    return Note.subscribe((event) => {
      if (event.type === "create") setNotes((all) => [event.data, ...all.filter((n) => n.id !== event.data.id)]);
    });
  }, []);

  const add = async (e) => {
    e.preventDefault();
    await Note.create({ text });
    setText("");
  };

  return (
    <div className="p-6">
      <h1 className="text-xl font-semibold">Live notes</h1>
      <form onSubmit={add} className="my-4 flex gap-2">
        <input aria-label="Note" className="border px-2" value={text} onChange={(e) => setText(e.target.value)} />
        <button type="submit">Add note</button>
      </form>
      {notes.length === 0 && <p>No notes yet</p>}
      <ul>
        {notes.map((n) => (
          <li key={n.id}>{n.text}</li>
        ))}
      </ul>
    </div>
  );
}
`;

const NOTE_ENTITY = JSON.stringify({ name: "Note", type: "object", properties: { text: { type: "string" } }, required: ["text"] }, null, 2);

/** Resolves once the page's socket.io connection has joined `room` (the server's `joined` answer). */
function joinedRoom(page: Page, room: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (ws) =>
      ws.on("framereceived", (frame) => {
        const text = String(frame.payload);
        if (text.includes('"joined"') && text.includes(room)) resolve();
      }),
    );
  });
}

describe("a published public app: real time, pages, the badge, Access Restricted", () => {
  let owner: Awaited<ReturnType<typeof ownerWithApp>>;
  let origin: string;
  let first: Page;
  let second: Page;

  beforeAll(async () => {
    owner = await ownerWithApp("live-owner", "A task tracker with tasks and projects");
    // Code edits are a paid-plan feature: the platform admin moves the owner to one.
    expect((await call("POST", `/api/auth/${owner.userId}/update-user`, { token: adminToken, body: { subscription_tier: "builder" } })).status).toBe(200);
    await write(owner.token, owner.app.id, "entities/Note", NOTE_ENTITY);
    await write(owner.token, owner.app.id, "pages/Live", LIVE_PAGE);
    await setApp(owner.token, owner.app.id, { public_settings: "public_with_login" });
    await publish(owner.token, owner.app.id);
    origin = appHost(owner.app.slug);
  }, 90_000);

  it("a note created in one browser shows in a second browser through the app's socket.io real time", async () => {
    const room = `entities:${owner.app.id}:Note`;
    ({ page: first } = await freshPage());
    ({ page: second } = await freshPage());
    const firstJoined = joinedRoom(first, room);
    const secondJoined = joinedRoom(second, room);

    for (const [page, label] of [
      [first, "first"],
      [second, "second"],
    ] as const) {
      await page.goto(`${origin}/Live`);
      await expectLoginFrom(page, origin, `${origin}/Live`, owner.app.id);
      await continueWithGoogle(page, uniqueEmail(label));
      await page.waitForURL((url) => url.origin === origin && url.pathname === "/Live" && !url.searchParams.has("access_token"));
      await page.getByText("No notes yet").waitFor();
    }
    await Promise.all([firstJoined, secondJoined]);

    await first.getByLabel("Note").fill("Buy oat milk");
    await first.getByRole("button", { name: "Add note" }).click();
    await second.getByText("Buy oat milk").waitFor();
    await first.getByText("Buy oat milk").waitFor();
    // usesLayout: false — the page stands alone, without the app's navigation.
    expect(await second.locator("aside").count()).toBe(0);
  });

  it("a page the app lacks is Page Not Found with its name", async () => {
    await second.goto(`${origin}/Reports`);
    await second.getByRole("heading", { name: "Page Not Found" }).waitFor();
    await second.getByText('The page "Reports" could not be found in this application.').waitFor();
    await second.getByRole("link", { name: "Go Home" }).click();
    await second.waitForURL(`${origin}/`);
  });

  it("the 'Edit with Kiln' badge: public and remixable only, hidden with ?hide_badge=true", async () => {
    await second.goto(`${origin}/Live`);
    await second.getByText("Buy oat milk").waitFor();
    expect(await second.getByTestId("remix-badge").count()).toBe(0); // not remixable yet

    await setApp(owner.token, owner.app.id, { is_remixable: true });
    await second.goto(`${origin}/Live`);
    const badge = second.getByRole("link", { name: "Edit with Kiln" });
    await badge.waitFor();
    expect(await badge.getAttribute("href")).toBe(`${webUrl()}/remix-app/${owner.app.id}`);
    expect(await badge.getAttribute("target")).toBe("_blank");

    await second.goto(`${origin}/Live?hide_badge=true`);
    await second.getByText("Buy oat milk").waitFor();
    expect(await second.getByTestId("remix-badge").count()).toBe(0);
  });

  it("a signed-in user who was never invited gets Access Restricted once the app turns private", async () => {
    await setApp(owner.token, owner.app.id, { public_settings: "private_with_login" });
    await first.goto(`${origin}/Live`);
    await first.getByRole("heading", { name: "Access Restricted" }).waitFor();
    await first.getByText("You are not registered to use this application. Please contact the app administrator to request access.").waitFor();
    expect(await first.getByText("Buy oat milk").count()).toBe(0);
    expect(await first.getByTestId("remix-badge").count()).toBe(0);
  });

  it("an open app (public_without_login) needs no sign-in, except on a page whose config requires it", async () => {
    await setApp(owner.token, owner.app.id, { public_settings: "public_without_login" });
    await write(owner.token, owner.app.id, "pages/Members", `export const pageConfig = { requiresAuth: true };\n\nexport default function Members() {\n  return <h1>Members only</h1>;\n}\n`);
    await publish(owner.token, owner.app.id);

    const { page } = await freshPage();
    await page.goto(`${origin}/Live`);
    await page.getByText("Buy oat milk").waitFor();
    await page.goto(`${origin}/Members`);
    await expectLoginFrom(page, origin, `${origin}/Members`, owner.app.id);
  });
});

describe("the custom-domain shell and the builder's app addresses", () => {
  it("a host that is no app's reads 'Domain Not Recognized' with help on the builder in a new tab", async () => {
    const { page } = await freshPage();
    await page.goto(`http://127.0.0.1:${port()}/Anything`);
    await page.getByRole("heading", { name: "Domain Not Recognized" }).waitFor();
    await page.getByText("This domain is not associated with any app.").waitFor();
    const help = page.getByRole("link", { name: "Contact Support" });
    expect(await help.getAttribute("href")).toBe(`${webUrl()}/support`);
    expect(await help.getAttribute("target")).toBe("_blank");
  });

  it("/apps-show/{slug}/{page} goes to the app's own host on that page; /user-apps/{id}/show/{page} to the editor's preview of it", async () => {
    const { page } = await freshPage();
    await page.goto(`${webUrl()}/apps-show/some-app-x1/Tasks?hide_badge=true`);
    await page.waitForURL(`${appHost("some-app-x1")}/Tasks?hide_badge=true`);
    await page.goto(`${webUrl()}/apps-show/some-app-x1`);
    await page.waitForURL(`${appHost("some-app-x1")}/`);

    // Not signed in to the builder: the editor's address goes on to the builder's sign-in.
    await page.goto(`${webUrl()}/user-apps/app123/show/Tasks`);
    await page.waitForURL((url) => url.origin === webUrl() && url.pathname === "/login");
    expect(new URL(new URL(page.url()).searchParams.get("from_url")!).pathname).toBe("/apps/app123/editor/preview/Tasks");
    await page.goto(`${webUrl()}/user-apps/app123/show`);
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(new URL(page.url()).searchParams.get("from_url")!).pathname).toBe("/apps/app123/editor/preview");
  });
});
