import { io } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor } from "./helpers";

/**
 * The entity API's hot path reads the app, the caller and the entity's schema in one round
 * trip, reuses what it may per container, batches its log records and looks up real-time
 * listeners beside the write. None of that may delay a change: each one below applies to
 * the very next call, made right after the change answered.
 */

const ents = (appId: string, name: string, rest = "") => `/api/apps/${appId}/entities/${name}${rest}`;

async function paidBuilder(label: string) {
  const user = await signedIn(label);
  const upgraded = await call("POST", `/api/auth/${user.user.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: "builder" } });
  expect(upgraded.status).toBe(200);
  return user;
}

async function writeEntity(token: string, appId: string, schema: Record<string, unknown>) {
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: `entities/${schema.name}`, content: JSON.stringify(schema) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const note = (rls?: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name: "Note",
  type: "object",
  properties: { title: { type: "string" }, n: { type: "number" }, ...extra },
  required: ["title"],
  ...(rls ? { rls } : {}),
});

describe("the entity API applies every change to the very next call", () => {
  let owner: string;
  let appId: string;
  let member: { token: string; id: string; email: string };

  beforeAll(async () => {
    ({ token: owner } = await paidBuilder("cache"));
    appId = (await builtApp(owner, "A simple note list")).id;
    await writeEntity(owner, appId, note({ read: {}, create: {}, update: {}, delete: {} }));
    await enablePasswordSignIn(appId, owner);
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner, body: { public_settings: "public_with_login" } })).status).toBe(200);
    member = await appMember(appId);
  });

  it("a changed rule: the member reads the owner's note, then, right after the rule changes, no longer does", async () => {
    const created = await call("POST", ents(appId, "Note"), { token: owner, body: { title: "owner's" } });
    expect(created.status).toBe(201);
    expect((await call("GET", ents(appId, "Note", `/${created.body.id}`), { token: member.token })).status).toBe(200);
    await writeEntity(owner, appId, note({ read: { created_by: "{{user.email}}" }, create: {}, update: {}, delete: {} }));
    expect((await call("GET", ents(appId, "Note", `/${created.body.id}`), { token: member.token })).status).toBe(404);
    await writeEntity(owner, appId, note({ read: {}, create: {}, update: {}, delete: {} }));
    expect((await call("GET", ents(appId, "Note", `/${created.body.id}`), { token: member.token })).status).toBe(200);
  });

  it("a changed visibility: a visitor is admitted, then refused with auth_required on the next call", async () => {
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner, body: { public_settings: "public_without_login" } })).status).toBe(200);
    expect((await call("GET", ents(appId, "Note"))).status).toBe(200);
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner, body: { public_settings: "public_with_login" } })).status).toBe(200);
    const refused = await call("GET", ents(appId, "Note"));
    expect(refused.status).toBe(403);
    expect(refused.body.extra_data).toMatchObject({ reason: "auth_required" });
  });

  it("a blocked app refuses its owner on the next call, and serves them again once unblocked", async () => {
    const admin = await tokenFor("admin@kiln.local");
    expect((await call("GET", ents(appId, "Note"), { token: owner })).status).toBe(200);
    expect((await call("POST", `/api/apps/${appId}/block`, { token: admin, body: { is_blocked: true } })).status).toBe(200);
    const refused = await call("GET", ents(appId, "Note"), { token: owner });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("This app has been blocked by the platform");
    expect((await call("POST", `/api/apps/${appId}/block`, { token: admin, body: { is_blocked: false } })).status).toBe(200);
    expect((await call("GET", ents(appId, "Note"), { token: owner })).status).toBe(200);
  });

  it("a disabled app user is refused on the next call; a builder who loses access or is disabled too", async () => {
    expect((await call("GET", ents(appId, "Note"), { token: member.token })).status).toBe(200);
    expect((await call("PUT", ents(appId, "User", `/${member.id}`), { token: owner, body: { disabled: true } })).status).toBe(200);
    const disabled = await call("GET", ents(appId, "Note"), { token: member.token });
    expect(disabled.status).toBe(403);
    expect(disabled.body.detail).toBe("This account has been disabled");
    expect((await call("PUT", ents(appId, "User", `/${member.id}`), { token: owner, body: { disabled: false } })).status).toBe(200);
    expect((await call("GET", ents(appId, "Note"), { token: member.token })).status).toBe(200);

    // a platform admin may use any app's data until demoted; a disabled builder is refused outright
    const admin = await tokenFor("admin@kiln.local");
    const helper = await signedIn("cache-admin");
    expect((await call("POST", `/api/auth/${helper.user.id}/update-user`, { token: admin, body: { platform_role: "platform_admin" } })).status).toBe(200);
    expect((await call("POST", ents(appId, "Note"), { token: helper.token, body: { title: "by an admin" } })).status).toBe(201);
    expect((await call("POST", `/api/auth/${helper.user.id}/update-user`, { token: admin, body: { platform_role: "user" } })).status).toBe(200);
    const demoted = await call("POST", ents(appId, "Note"), { token: helper.token, body: { title: "no longer" } });
    expect(demoted.status).toBe(403);
    expect(demoted.body.extra_data).toMatchObject({ reason: "user_not_registered" });
    const ownerId = (await call("GET", "/api/auth/me", { token: owner })).body.id as string;
    expect((await call("POST", `/api/auth/${ownerId}/update-user`, { token: admin, body: { disabled: true } })).status).toBe(200);
    expect((await call("GET", ents(appId, "Note"), { token: owner })).status).toBe(401);
    expect((await call("POST", `/api/auth/${ownerId}/update-user`, { token: admin, body: { disabled: false } })).status).toBe(200);
    expect((await call("GET", ents(appId, "Note"), { token: owner })).status).toBe(200);
  });

  it("a changed schema: a field it did not declare is dropped, and kept by the next create once it does", async () => {
    const before = await call("POST", ents(appId, "Note"), { token: owner, body: { title: "a", color: "red" } });
    expect(before.status).toBe(201);
    expect(before.body).not.toHaveProperty("color");
    await writeEntity(owner, appId, note({ read: {}, create: {}, update: {}, delete: {} }, { color: { type: "string" } }));
    const after = await call("POST", ents(appId, "Note"), { token: owner, body: { title: "b", color: "red" } });
    expect(after.status).toBe(201);
    expect(after.body.color).toBe("red");
  });

  it("a record read with the call's first batch: a get right after another client's change sees it, and concurrent updates lose nothing", async () => {
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, { type: "number" }]));
    await writeEntity(owner, appId, { ...note({ read: {}, create: {}, update: {}, delete: {} }, fields), name: "Tally" });
    const { body: record } = await call("POST", ents(appId, "Tally"), { token: owner, body: { title: "t", n: 1 } });
    const one = (token: string) => call("GET", ents(appId, "Tally", `/${record.id}`), { token });
    expect((await one(member.token)).body.n).toBe(1);
    expect((await call("PUT", ents(appId, "Tally", `/${record.id}`), { token: owner, body: { n: 2 } })).status).toBe(200);
    expect((await one(member.token)).body.n).toBe(2);
    expect((await call("PUT", ents(appId, "Tally", `/${record.id}`), { token: member.token, body: { n: 3 } })).status).toBe(200);
    expect((await one(owner)).body.n).toBe(3);

    // two clients race on distinct fields: every update answered 200 persisted, every other answered 409 and left nothing
    const merges = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call("PUT", ents(appId, "Tally", `/${record.id}`), { token: i % 2 ? member.token : owner, body: { [`f${i}`]: i } })),
    );
    expect(merges.map((m) => m.status).filter((s) => s !== 200 && s !== 409)).toEqual([]);
    const merged = merges.map((m, i) => (m.status === 200 ? i : -1)).filter((i) => i >= 0);
    expect(merged.length).toBeGreaterThan(0);
    const after = (await one(owner)).body;
    for (let i = 0; i < 20; i++) expect(after[`f${i}`], `f${i}`).toBe(merged.includes(i) ? i : undefined);
    expect(after.n).toBe(3);

    expect((await call("DELETE", ents(appId, "Tally", `/${record.id}`), { token: member.token })).status).toBe(200);
    expect((await one(owner)).status).toBe(404);
    expect((await call("PUT", ents(appId, "Tally", `/${record.id}`), { token: owner, body: { n: 4 } })).status).toBe(404);
  });
});

describe("writes nobody listens to", () => {
  it("skip the listener lookup, yet a socket that joins the room hears the very next write", async () => {
    const { token: owner } = await paidBuilder("cache-socket");
    const appId = (await builtApp(owner, "A simple note list")).id;
    await writeEntity(owner, appId, note());
    expect((await call("PUT", `/api/apps/${appId}`, { token: owner, body: { public_settings: "public_without_login" } })).status).toBe(200);
    expect((await call("POST", ents(appId, "Note"), { token: owner, body: { title: "unheard" } })).status).toBe(201);

    const socket = io(apiUrl(), { path: "/ws-user-apps/socket.io/", transports: ["websocket"], query: { app_id: appId, anonymous_id: "cache-visitor" }, reconnection: false, forceNew: true });
    try {
      const room = `entities:${appId}:Note`;
      const heard: { type: string; data: { title: string } }[] = [];
      socket.on("update_model", (msg: { room: string; data: string }) => msg.room === room && heard.push(JSON.parse(msg.data)));
      await new Promise<void>((resolve, reject) => (socket.once("connect", () => resolve()), socket.once("connect_error", reject)));
      const joined = await new Promise<boolean>((resolve) => {
        socket.once("joined", () => resolve(true));
        socket.once("join_error", () => resolve(false));
        socket.emit("join", room);
      });
      expect(joined).toBe(true);
      expect((await call("POST", ents(appId, "Note"), { token: owner, body: { title: "heard" } })).status).toBe(201);
      await expect.poll(() => heard.map((e) => `${e.type} ${e.data.title}`), { timeout: 10_000 }).toEqual(["create heard"]);
    } finally {
      socket.disconnect();
    }
  });
});

describe("batched log records and concurrent writes", () => {
  let owner: string;
  let appId: string;

  beforeAll(async () => {
    ({ token: owner } = await paidBuilder("cache-logs"));
    appId = (await builtApp(owner, "A simple note list")).id;
    const fields = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, { type: "number" }]));
    await writeEntity(owner, appId, note(undefined, fields));
  });

  /** Every entity record of the explorer, page after page. */
  async function entityLogs(): Promise<{ status: string; inputs: { operation: string } }[]> {
    const all = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: any } = await call("GET", `/api/app-logs/${appId}?log_type=entity${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { token: owner });
      expect(page.status).toBe(200);
      all.push(...page.body.logs);
      cursor = page.body.next_cursor;
    } while (cursor);
    return all;
  }

  it("the records of N concurrent entity calls all reach the Logs Explorer, each with its outcome", async () => {
    const before = (await entityLogs()).length;
    const N = 40;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        i % 4 === 3
          ? call("GET", ents(appId, "Note", "/nosuchrecord0000000000000000"), { token: owner })
          : call("POST", ents(appId, "Note"), { token: owner, body: { title: `log ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(30).fill(201), ...Array(10).fill(404)]);
    const logs = await entityLogs();
    expect(logs.length - before).toBe(N);
    const fresh = logs.slice(0, N);
    expect(fresh.filter((l) => l.status === "success" && l.inputs.operation === "create")).toHaveLength(30);
    expect(fresh.filter((l) => l.status === "error" && l.inputs.operation === "get")).toHaveLength(10);
  });

  it("20 concurrent updates of one record lose nothing: distinct fields all land, $inc counts every answered call", async () => {
    const { body: record } = await call("POST", ents(appId, "Note"), { token: owner, body: { title: "hot", n: 0 } });
    const merges = await Promise.all(Array.from({ length: 20 }, (_, i) => call("PUT", ents(appId, "Note", `/${record.id}`), { token: owner, body: { [`f${i}`]: i } })));
    const merged = merges.map((m, i) => (m.status === 200 ? i : -1)).filter((i) => i >= 0);
    expect(merges.every((m) => m.status === 200 || m.status === 409)).toBe(true);
    expect(merged.length).toBeGreaterThan(0);
    const afterMerges = (await call("GET", ents(appId, "Note", `/${record.id}`), { token: owner })).body;
    for (let i = 0; i < 20; i++) expect(afterMerges[`f${i}`], `f${i}`).toBe(merged.includes(i) ? i : undefined);

    const incs = await Promise.all(
      Array.from({ length: 20 }, () => call("PATCH", ents(appId, "Note", "/update-many"), { token: owner, body: { query: { id: record.id }, data: { $inc: { n: 1 } } } })),
    );
    expect(incs.every((m) => m.status === 200 || m.status === 409)).toBe(true);
    const counted = incs.filter((m) => m.status === 200 && m.body.updated === 1).length;
    expect(counted).toBeGreaterThan(0);
    expect((await call("GET", ents(appId, "Note", `/${record.id}`), { token: owner })).body.n).toBe(counted);
  });
});
