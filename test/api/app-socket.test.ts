import { io, type Socket } from "socket.io-client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor } from "./helpers";

/**
 * Real time for generated apps' data with the real socket.io v4 client, configured as
 * `@base44/sdk` configures it (reference §6.6): websocket transport only, path
 * /ws-user-apps/socket.io/, `app_id` and `token` (or `anonymous_id`) in the query.
 */

interface UpdateModel {
  room: string;
  data: string;
}

const open: Socket[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});

function appSocket(appId: string, auth: { token?: string; anonymous_id?: string }): Socket {
  const socket = io(apiUrl(), {
    path: "/ws-user-apps/socket.io/",
    transports: ["websocket"],
    query: { app_id: appId, ...auth },
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return socket;
}

/** Every `update_model` a socket hears, and a way to wait for one. */
function listen(socket: Socket) {
  const heard: { room: string; event: { type: string; id: string; data: Record<string, unknown>; timestamp: string } }[] = [];
  const waiters: (() => void)[] = [];
  socket.on("update_model", (msg: UpdateModel) => {
    heard.push({ room: msg.room, event: JSON.parse(msg.data) });
    for (const w of waiters.splice(0)) w();
  });
  return {
    heard,
    async next(match: (e: (typeof heard)[number]) => boolean) {
      for (;;) {
        const found = heard.find(match);
        if (found) return found;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });

/** Join a room and wait for the server's answer: `joined`, or `join_error` with the reason. */
function join(socket: Socket, room: string): Promise<{ ok: boolean; message?: string }> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => (answer: { room: string; message?: string }) => {
      if (answer.room !== room) return;
      socket.off("joined");
      socket.off("join_error");
      resolve({ ok, message: answer.message });
    };
    socket.on("joined", done(true));
    socket.on("join_error", done(false));
    socket.emit("join", room);
  });
}

const records = (appId: string, entity: string) => `/api/apps/${appId}/entities/${entity}`;

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;

beforeAll(async () => {
  owner = await signedIn("realtime-apps");
  appId = (await builtApp(owner.token)).id;
}, 60_000);

describe("socket.io at /ws-user-apps/socket.io/", () => {
  it("connects over the websocket transport, joins a room, and hears create, update and delete made over HTTP", async () => {
    const socket = appSocket(appId, { token: owner.token });
    await connected(socket);
    expect(socket.id).toEqual(expect.any(String));
    const room = `entities:${appId}:Task`;
    expect(await join(socket, room)).toEqual({ ok: true, message: undefined });
    const events = listen(socket);

    const created = await call("POST", records(appId, "Task"), { token: owner.token, body: { title: "Call Ada" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    const onCreate = await events.next((e) => e.event.id === id && e.event.type === "create");
    expect(onCreate.room).toBe(room);
    expect(onCreate.event).toMatchObject({ type: "create", id, data: { id, title: "Call Ada" }, timestamp: expect.any(String) });

    await call("PUT", `${records(appId, "Task")}/${id}`, { token: owner.token, body: { title: "Call Ada back" } });
    expect((await events.next((e) => e.event.id === id && e.event.type === "update")).event.data.title).toBe("Call Ada back");
    await call("DELETE", `${records(appId, "Task")}/${id}`, { token: owner.token });
    expect((await events.next((e) => e.event.id === id && e.event.type === "delete")).event.data.id).toBe(id);
  });

  it("a bad token is refused at connect; no token is a visitor", async () => {
    await expect(connected(appSocket(appId, { token: "not-a-token" }))).rejects.toThrow();
    const visitor = appSocket(appId, { token: "undefined", anonymous_id: "anon-1" });
    await connected(visitor);
  });

  it("a private app refuses a visitor's join; a public one admits it", async () => {
    const visitor = appSocket(appId, { anonymous_id: "anon-2" });
    await connected(visitor);
    expect(await join(visitor, `entities:${appId}:Task`)).toEqual({ ok: false, message: "You must be logged in to access this app" });

    const { id: openApp } = await builtApp(owner.token, "A public notice board");
    await call("PUT", `/api/apps/${openApp}`, { token: owner.token, body: { public_settings: "public_without_login" } });
    const guest = appSocket(openApp, { anonymous_id: "anon-3" });
    await connected(guest);
    expect((await join(guest, `entities:${openApp}:Notice`)).ok).toBe(true);
  });

  it("only rooms of the socket's own app may be joined", async () => {
    const { id: other } = await builtApp(owner.token, "A second app");
    const socket = appSocket(appId, { token: owner.token });
    await connected(socket);
    expect((await join(socket, `entities:${other}:Task`)).ok).toBe(false);
    expect((await join(socket, "user:someone")).ok).toBe(false);
    expect((await join(socket, `entities:${appId}:Bad Name!`)).ok).toBe(false);
  });

  it("a record reaches only the members allowed to read it (row-level security)", async () => {
    const admin = await tokenFor("admin@kiln.local");
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } });
    const schema = { name: "Note", type: "object", properties: { text: { type: "string" } }, required: ["text"], rls: { read: { created_by: "{{user.email}}" } } };
    const wrote = await call("POST", `/api/apps/${appId}/coding/write`, { token: owner.token, body: { file_path: "entities/Note", content: JSON.stringify(schema) } });
    expect(wrote.status, JSON.stringify(wrote.body)).toBe(200);
    await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_with_login" } });
    await enablePasswordSignIn(appId, owner.token);
    const [ada, alan] = [await appMember(appId), await appMember(appId)];
    const room = `entities:${appId}:Note`;
    const sockets = [appSocket(appId, { token: ada.token }), appSocket(appId, { token: alan.token })];
    await Promise.all(sockets.map(connected));
    for (const s of sockets) expect((await join(s, room)).ok).toBe(true);
    const [adaHears, alanHears] = sockets.map(listen);

    const adas = await call("POST", records(appId, "Note"), { token: ada.token, body: { text: "Ada's secret" } });
    expect(adas.status).toBe(201);
    await adaHears.next((e) => e.event.id === adas.body.id);
    // Alan's own note is announced after Ada's (each change is delivered before its call answers), so by the time he hears his, he would have heard hers.
    const alans = await call("POST", records(appId, "Note"), { token: alan.token, body: { text: "Alan's" } });
    await alanHears.next((e) => e.event.id === alans.body.id);
    expect(alanHears.heard.map((e) => e.event.id)).toEqual([alans.body.id]);
  });
});
