import { beforeAll, describe, expect, it } from "vitest";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, uniqueEmail } from "./helpers";

/** A generated app's visit log and analytics batches (reference §6.2, §6.5; spec 03 §7.12). */

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;

beforeAll(async () => {
  owner = await signedIn("visits");
  appId = (await builtApp(owner.token, "A tiny blog")).id;
}, 60_000);

describe("POST /api/app-logs/{id}/log-user-in-app/{page}", () => {
  const visit = (id: string, page: string, options: { token?: string; anon?: string } = {}) =>
    call("POST", `/api/app-logs/${id}/log-user-in-app/${page}`, { token: options.token, headers: options.anon ? { "x-base44-anonymous-id": options.anon } : {} });
  const stats = async (id: string) => {
    const res = await call("GET", `/api/app-logs/${id}/stats`, { token: owner.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const visitLog = async (id: string) => (await call("GET", `/api/app-logs/${id}?log_type=visit`, { token: owner.token })).body.logs as any[];

  it("records the pages an invited user of a private app browses; the owner reads them in the stats", async () => {
    const app = await builtApp(owner.token, "A private reading list");
    expect(app.public_settings).toBe("private_with_login");
    const email = uniqueEmail("reader");
    expect((await call("POST", `/api/apps/${app.id}/users/invite-user`, { token: owner.token, body: { user_email: email, role: "user" } })).status).toBe(200);
    await enablePasswordSignIn(app.id, owner.token);
    const member = await appMember(app.id, email);

    for (const page of ["Dashboard", "Books", "Books", "Authors"]) {
      const res = await visit(app.id, page, { token: member.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
    const owned = await visit(app.id, "Dashboard", { token: owner.token });
    expect(owned.status).toBe(200);

    const body = await stats(app.id);
    expect(body).toMatchObject({ unique_users_count: 2, visits_counted: 5 });
    expect(body.top_users).toEqual([
      { email, visits: 4 },
      { email: owner.email, visits: 1 },
    ]);
    expect(body.top_pages).toEqual([
      { page_name: "Books", url: "/Books", visits: 2 },
      { page_name: "Dashboard", url: "/Dashboard", visits: 2 },
      { page_name: "Authors", url: "/Authors", visits: 1 },
    ]);
  });

  it("refuses an anonymous visit to a private app, or to one that needs sign-in, and stores nothing", async () => {
    const app = await builtApp(owner.token, "A private team wiki");
    for (const visibility of ["private_with_login", "public_with_login"]) {
      expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: visibility } })).status).toBe(200);
      const refused = await visit(app.id, "Home", { anon: "anon-intruder" });
      expect(refused.status, visibility).toBe(403);
      expect(refused.body.extra_data).toMatchObject({ reason: "auth_required", app_id: app.id });
      expect((await visit(app.id, "Home")).status, visibility).toBe(403);
    }
    expect(await visitLog(app.id)).toEqual([]);
    expect(await stats(app.id)).toMatchObject({ unique_users_count: 0, visits_counted: 0, top_pages: [] });
  });

  it("records an anonymous visit to an app open to visitors, under the visitor's id", async () => {
    const app = await builtApp(owner.token, "An open recipe box");
    expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
    expect((await visit(app.id, "home", { anon: "anon-123" })).status).toBe(200);
    expect(await visitLog(app.id)).toEqual([expect.objectContaining({ object_name: "home", user_email: null, anonymous_id: "anon-123" })]);
  });

  it("refuses an unknown app, a bad token and a page name past 200 characters", async () => {
    expect((await call("POST", "/api/app-logs/nosuchapp/log-user-in-app/Home")).status).toBe(404);
    expect((await visit(appId, "Home", { token: "not-a-token" })).status).toBe(401);
    const long = await visit(appId, "p".repeat(201), { token: owner.token });
    expect(long.status).toBe(400);
    expect(long.body.detail).toBe("page names are 200 characters at most");
  });
});

describe("POST /api/apps/{id}/analytics/track/batch", () => {
  it("accepts the SDK's batches and keeps nothing", async () => {
    const events = [{ event_name: "__initialization_event__", properties: { referrer: "" }, timestamp: new Date().toISOString(), page_url: "http://x/", user_id: null, session_id: "s" }];
    const res = await call("POST", `/api/apps/${appId}/analytics/track/batch`, { body: { events } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it("refuses a body that is not a batch, and one over its size limit", async () => {
    expect((await call("POST", `/api/apps/${appId}/analytics/track/batch`, { rawBody: "{not json" })).status).toBe(400);
    expect((await call("POST", `/api/apps/${appId}/analytics/track/batch`, { body: { events: "all" } })).status).toBe(400);
    const huge = { events: [{ event_name: "x", properties: { blob: "x".repeat(300 * 1024) } }] };
    expect((await call("POST", `/api/apps/${appId}/analytics/track/batch`, { body: huge })).status).toBe(413);
  });
});
