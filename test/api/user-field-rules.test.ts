import { beforeAll, describe, expect, it } from "vitest";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor } from "./helpers";

/**
 * Rules that read user fields (`{{user.data.x}}`, `user_condition`) cannot be self-granted:
 * a field any rule reads is the app's admins' to write unless the User schema's own field
 * rule says otherwise, and the User schema's field write rules are enforced (issue 8).
 */

let builder: string;
let appId: string;
let alice: Awaited<ReturnType<typeof appMember>>;
let bob: Awaited<ReturnType<typeof appMember>>;
let carol: Awaited<ReturnType<typeof appMember>>;

const USER = {
  name: "User",
  type: "object",
  properties: {
    team: { type: "string" },
    clearance: { type: "string" },
    nickname: { type: "string" },
    level: { type: "string", rls: { write: false } },
    mood: { type: "string", rls: { write: true } },
  },
};
const NOTE = {
  name: "Note",
  type: "object",
  properties: { title: { type: "string" }, team: { type: "string" } },
  rls: { read: { $or: [{ created_by: "{{user.email}}" }, { "data.team": "{{user.data.team}}" }, { "data.team": "{{user.mood}}" }] }, write: { created_by: "{{user.email}}" } },
};
const SECRET = { name: "Secret", type: "object", properties: { title: { type: "string" } }, rls: { read: { user_condition: { clearance: "top" } }, write: false } };

const write = async (path: string, content: unknown) => {
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token: builder, body: { file_path: path, content: JSON.stringify(content) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const me = (token: string, body: unknown) => call("PUT", `/api/apps/${appId}/entities/User/me`, { token, body });
const titles = async (token: string, entity = "Note") => {
  const res = await call("GET", `/api/apps/${appId}/entities/${entity}`, { token });
  expect(res.status).toBe(200);
  return (res.body as { title: string }[]).map((n) => n.title).sort();
};

beforeAll(async () => {
  const owner = await signedIn("field-rules");
  builder = owner.token;
  const admin = await tokenFor("admin@kiln.local");
  expect((await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
  appId = (await builtApp(builder, "A simple notes app")).id;
  await write("entities/User", USER);
  await write("entities/Note", NOTE);
  await write("entities/Secret", SECRET);
  expect((await call("PUT", `/api/apps/${appId}`, { token: builder, body: { public_settings: "public_with_login" } })).status).toBe(200);
  await enablePasswordSignIn(appId, builder);
  [alice, bob, carol] = [await appMember(appId), await appMember(appId), await appMember(appId)];
  expect((await call("PUT", `/api/apps/${appId}/entities/User/${carol.id}`, { token: builder, body: { role: "admin" } })).status).toBe(200);
  expect((await call("POST", `/api/apps/${appId}/entities/Note`, { token: alice.token, body: { title: "Red plan", team: "red" } })).status).toBe(201);
  expect((await call("POST", `/api/apps/${appId}/entities/Secret`, { token: builder, body: { title: "Launch codes" } })).status).toBe(201);
}, 120_000);

describe("a member cannot grant themself what a rule reads", () => {
  it("a field a {{user.data.x}} rule reads: the member is refused and still sees nothing", async () => {
    const res = await me(bob.token, { team: "red", nickname: "Bobby" });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Only an admin of this app can change team");
    expect(await titles(bob.token)).toEqual([]);
    const after = await call("GET", `/api/apps/${appId}/entities/User/me`, { token: bob.token });
    expect(after.body.team).toBeUndefined();
    expect(after.body.nickname).toBeUndefined();
  });

  it("the same through PUT /entities/User/{own id}, and a field a user_condition reads", async () => {
    expect((await call("PUT", `/api/apps/${appId}/entities/User/${bob.id}`, { token: bob.token, body: { team: "red" } })).status).toBe(403);
    const res = await me(bob.token, { clearance: "top" });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("Only an admin of this app can change clearance");
    expect(await titles(bob.token, "Secret")).toEqual([]);
  });

  it("fields no rule reads stay the member's own; a field whose rule says write: true too", async () => {
    const res = await me(bob.token, { nickname: "Bobby", mood: "calm" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nickname: "Bobby", mood: "calm" });
  });

  it("sending a protected field back unchanged (updateMe with the whole user) is not a change", async () => {
    const whole = (await call("GET", `/api/apps/${appId}/entities/User/me`, { token: alice.token })).body;
    expect((await me(alice.token, { ...whole, nickname: "Ali" })).status).toBe(200);
  });
});

describe("the app's admins set what rules read", () => {
  it("the builder sets a member's team, and the member then reads the team's rows", async () => {
    const res = await call("PUT", `/api/apps/${appId}/entities/User/${bob.id}`, { token: builder, body: { team: "red", clearance: "top" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ team: "red", clearance: "top" });
    expect(await titles(bob.token)).toEqual(["Red plan"]);
    expect(await titles(bob.token, "Secret")).toEqual(["Launch codes"]);
  });

  it("an app admin sets another user's team and their own", async () => {
    expect((await call("PUT", `/api/apps/${appId}/entities/User/${bob.id}`, { token: carol.token, body: { team: "blue" } })).status).toBe(200);
    expect(await titles(bob.token)).toEqual([]);
    expect((await me(carol.token, { team: "red" })).status).toBe(200);
    expect(await titles(carol.token)).toEqual(["Red plan"]);
  });

  it("a field write rule on the User schema holds for app admins too (write: false is the builder's only)", async () => {
    const res = await call("PUT", `/api/apps/${appId}/entities/User/${bob.id}`, { token: carol.token, body: { level: "gold" } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe("You do not have permission to change level on User records");
    expect((await call("PUT", `/api/apps/${appId}/entities/User/${bob.id}`, { token: builder, body: { level: "gold" } })).body.level).toBe("gold");
  });
});
