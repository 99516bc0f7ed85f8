import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCall as call, tokenFor, uniqueEmail, webUrl } from "./browser";
import { appHost, continueWithGoogle, expectLoginFrom, openBrowserPerFile, ownerWithApp, port, publish, setApp, write } from "./runner-helpers";

/**
 * Published apps on their own host, driven in real Chromium (spec 03 §2.13, §4, §5, §8):
 * `{slug}.localhost:<port>` serves the published snapshot and its real time; any other
 * host name is the custom-domain shell.
 */

const { freshPage } = openBrowserPerFile();
let adminToken: string;

beforeAll(async () => {
  adminToken = await tokenFor("admin@kiln.local");
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
