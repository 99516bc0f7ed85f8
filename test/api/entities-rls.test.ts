import { beforeAll, describe, expect, it } from "vitest";
import { ents, ids, qs, setVisibility, simpleApp } from "./entities-helpers";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "./helpers";

/** Who besides the builder may use a generated app's entities: visitors of an open app, and app users under row-level security rules. */

async function paidBuilder(label: string) {
  const user = await signedIn(label);
  const admin = await tokenFor("admin@kiln.local");
  const upgraded = await call("POST", `/api/auth/${user.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } });
  expect(upgraded.status).toBe(200);
  return user;
}

async function writeEntity(token: string, appId: string, schema: Record<string, unknown>) {
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: `entities/${schema.name}`, content: JSON.stringify(schema) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("visitors of a public_without_login app", () => {
  it("may use entities without rules; their records have no creator", async () => {
    const { token, app, entity, rows } = await simpleApp("public-app");
    const [body] = rows(1);
    expect((await call("POST", ents(app.id, entity), { body })).status).toBe(403);
    await setVisibility(token, app.id, "public_without_login");
    const created = await call("POST", ents(app.id, entity), { body, headers: { "x-base44-anonymous-id": "anon-1" } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ created_by: null, created_by_id: null });
    expect((await call("GET", ents(app.id, entity, `/${created.body.id}`))).body.id).toBe(created.body.id);
    expect((await call("DELETE", ents(app.id, entity, `/${created.body.id}`))).body).toEqual({ success: true });
  });
});

describe("row-level security for app users", () => {
  let builder: string;
  let appId: string;
  let alice: { email: string; id: string; token: string };
  let bob: { email: string; id: string; token: string };
  let owner: string;

  beforeAll(async () => {
    ({ token: builder } = await paidBuilder("rls"));
    const app = await builtApp(builder, "A simple notes app");
    appId = app.id;
    await writeEntity(builder, appId, {
      name: "Note",
      type: "object",
      properties: {
        title: { type: "string" },
        team: { type: "string" },
        secret: { type: "string", rls: { read: { user_condition: { role: "admin" } }, write: { user_condition: { role: "admin" } } } },
      },
      required: ["title"],
      rls: { read: { $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }] }, write: { created_by: "{{user.email}}" } },
    });
    await writeEntity(builder, appId, {
      name: "Announcement",
      type: "object",
      properties: { text: { type: "string" } },
      required: [],
      rls: { create: { user_condition: { role: "admin" } }, read: {}, update: { user_condition: { role: "admin" } }, delete: { user_condition: { role: "admin" } } },
    });
    await setVisibility(builder, appId, "public_with_login");
    await enablePasswordSignIn(appId, builder);
    alice = await appMember(appId, uniqueEmail("alice"));
    bob = await appMember(appId, uniqueEmail("bob"));
    const t = await call("GET", `/api/apps/${appId}/auth/token`, { token: builder });
    expect(t.status).toBe(200);
    owner = t.body.token;
  });

  it("creator-only rows: others get 404 on get, update and delete, and lists and counts leave the row out", async () => {
    const note = await call("POST", ents(appId, "Note"), { token: alice.token, body: { title: "Alice's", team: "red" } });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ created_by: alice.email, created_by_id: alice.id });
    const id = note.body.id;
    const message = `Entity Note with ID ${id} not found`;
    for (const [method, body] of [["GET"], ["PUT", { title: "Bob was here" }], ["DELETE"]] as [string, object?][]) {
      const res = await call(method, ents(appId, "Note", `/${id}`), { token: bob.token, body });
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe(message);
    }
    expect(ids((await call("GET", ents(appId, "Note"), { token: bob.token })).body)).not.toContain(id);
    expect((await call("GET", ents(appId, "Note", "/count"), { token: bob.token })).body).toEqual({ count: 0 });
    expect((await call("GET", ents(appId, "Note", "/v2/list"), { token: bob.token })).body.items).toEqual([]);
    expect((await call("DELETE", ents(appId, "Note"), { token: bob.token, body: {} })).body).toEqual({ success: true, deleted: 0 });
    expect((await call("PATCH", ents(appId, "Note", "/update-many"), { token: bob.token, body: { query: {}, data: { $set: { title: "x" } } } })).body.updated).toBe(0);
    expect((await call("GET", ents(appId, "Note", `/${id}`), { token: alice.token })).body.title).toBe("Alice's");
    expect((await call("PUT", ents(appId, "Note", `/${id}`), { token: alice.token, body: { team: "blue" } })).body.team).toBe("blue");
  });

  it("a user_condition role admin reads everyone's rows, but the creator-only write rule still holds", async () => {
    const note = (await call("POST", ents(appId, "Note"), { token: bob.token, body: { title: "Bob's" } })).body;
    const seen = (await call("GET", ents(appId, "Note"), { token: owner })).body;
    expect(ids(seen)).toContain(note.id);
    expect((await call("PUT", ents(appId, "Note", `/${note.id}`), { token: owner, body: { title: "Admin edit" } })).status).toBe(404);
  });

  it("field-level rules: an unreadable field is hidden and cannot be filtered on; writing it is refused", async () => {
    const refused = await call("POST", ents(appId, "Note"), { token: alice.token, body: { title: "T", secret: "s" } });
    expect(refused.status).toBe(403);
    const mine = (await call("POST", ents(appId, "Note"), { token: owner, body: { title: "Admin's", secret: "42" } })).body;
    expect(mine.secret).toBe("42");
    const aliceNote = (await call("POST", ents(appId, "Note"), { token: alice.token, body: { title: "Hidden field" } })).body;
    expect(aliceNote).not.toHaveProperty("secret");
    const builderView = await call("PUT", ents(appId, "Note", `/${aliceNote.id}`), { token: builder, body: { secret: "planted" } });
    expect(builderView.body.secret).toBe("planted");
    expect((await call("GET", ents(appId, "Note", `/${aliceNote.id}`), { token: alice.token })).body).not.toHaveProperty("secret");
    expect((await call("GET", ents(appId, "Note", qs({ q: { secret: "planted" } })), { token: alice.token })).body).toEqual([]);
    expect((await call("GET", ents(appId, "Note", qs({ q: { secret: "planted" } })), { token: builder })).body).toHaveLength(1);
  });

  it("a failing create rule answers 403; the admin may create; everyone may read", async () => {
    const denied = await call("POST", ents(appId, "Announcement"), { token: bob.token, body: { text: "hi" } });
    expect(denied.status).toBe(403);
    const made = await call("POST", ents(appId, "Announcement"), { token: owner, body: { text: "hello all" } });
    expect(made.status).toBe(201);
    expect((await call("GET", ents(appId, "Announcement", `/${made.body.id}`), { token: bob.token })).body.text).toBe("hello all");
    expect((await call("DELETE", ents(appId, "Announcement", `/${made.body.id}`), { token: bob.token })).status).toBe(404);
  });

  it("a visitor of a public_with_login app is auth_required", async () => {
    const res = await call("GET", ents(appId, "Announcement"));
    expect(res.status).toBe(403);
    expect(res.body.extra_data.reason).toBe("auth_required");
  });

});
