import { beforeAll, describe, expect, it } from "vitest";
import { queryAll } from "../../functions/core/db";
import { APP_LOG_SHARDS, Keys } from "../../functions/core/keys";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, useStackLinks, waitForApp } from "./helpers";

useStackLinks();

/**
 * The owner's logs explorer and analytics (spec 02 Logs Explorer, Analytics), read from real
 * activity of a generated app; and checkpoints that keep the app's records (issue 5 "Beyond the peers").
 */

type Owner = Awaited<ReturnType<typeof signedIn>>;
let owner: Owner;
let app: any;
let member: Awaited<ReturnType<typeof appMember>>;

const logs = (query = "", token = owner.token) => call("GET", `/api/app-logs/${app.id}${query}`, { token });
const stats = (query = "", token = owner.token) => call("GET", `/api/app-logs/${app.id}/stats${query}`, { token });
const visit = (page: string, options: { token?: string; anon?: string } = {}) =>
  call("POST", `/api/app-logs/${app.id}/log-user-in-app/${page}`, { token: options.token, headers: options.anon ? { "x-base44-anonymous-id": options.anon } : {} });
const qs = (params: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]))}`;
const today = () => new Date().toISOString().slice(0, 10);
/** The days the visits were logged on: one, unless the run crossed midnight UTC while logging them. */
let visitDays: string[];

/** A record of the app's first entity with its required fields filled. */
function taskOf(appBody: any, entity: string, label: string) {
  const required: string[] = appBody.entities[entity].required ?? [];
  return Object.fromEntries(required.map((f) => [f, label]));
}

beforeAll(async () => {
  owner = await signedIn("logsread");
  app = await builtApp(owner.token);
  expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: "public_with_login" } })).status).toBe(200);
  await enablePasswordSignIn(app.id, owner.token);
  member = await appMember(app.id);
  // a refused sign-in, an entity call that fails and one that succeeds
  expect((await call("POST", `/api/apps/${app.id}/auth/login`, { body: { email: member.email, password: "wrong password" } })).status).toBe(400);
  expect((await call("GET", `/api/apps/${app.id}/entities/NoSuchEntity`, { token: owner.token })).status).toBe(404);
  const entity = Object.keys(app.entities)[0]!;
  expect((await call("POST", `/api/apps/${app.id}/entities/${entity}`, { token: owner.token, body: taskOf(app, entity, "first") })).status).toBe(201);
  // visits: the owner twice on Home and once on Deals, the member on Home, an anonymous visitor on Home
  // one after another: the explorer lists them newest first, so their order is part of what is tested
  const firstDay = today();
  for (const page of ["Home", "Home", "Deals"]) expect((await visit(page, { token: owner.token })).status).toBe(200);
  expect((await visit("Home", { token: member.token })).status).toBe(200);
  // an anonymous visitor may log a visit only once the app is open to visitors
  expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
  expect((await visit("home", { anon: "anon-logs-1" })).status).toBe(200);
  visitDays = [...new Set([firstDay, today()])];
}, 90_000);

describe("GET /api/app-logs/{id}", () => {
  it("lists the app's real activity newest first, each record with its fields", async () => {
    const res = await logs();
    expect(res.status).toBe(200);
    const rows: any[] = res.body.logs;
    expect(res.body.next_cursor).toBeNull();
    const dates = rows.map((r) => r.created_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(rows[0]).toMatchObject({ log_type: "visit", object_name: "home", user_email: null, anonymous_id: "anon-logs-1", status: "success" });
    expect(rows.find((r) => r.log_type === "auth" && r.status === "success")).toMatchObject({ object_name: "login", user_email: member.email });
    expect(rows.find((r) => r.log_type === "auth" && r.status === "error")).toMatchObject({ object_name: "login", error: "Invalid email or password" });
    const failed = rows.find((r) => r.log_type === "entity" && r.status === "error");
    expect(failed).toMatchObject({ object_name: "NoSuchEntity", user_email: owner.email });
    expect(failed.error).toBeTruthy();
    expect(rows.find((r) => r.log_type === "entity" && r.status === "success")?.inputs).toMatchObject({ operation: "create" });
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["anonymous_id", "app_id", "created_date", "error", "id", "inputs", "log_type", "object_name", "outputs", "status", "user_email"]);
  });

  it("filters by log_type, status error and user_email, as q JSON or plain parameters", async () => {
    const visits = (await logs(qs({ q: { log_type: "visit" }, sort: "-created_date", skip: 0, limit: 50 }))).body.logs;
    expect(visits).toHaveLength(5);
    expect(visits.every((r: any) => r.log_type === "visit")).toBe(true);

    const errors = (await logs(qs({ q: { status: "error" } }))).body.logs;
    expect(errors.map((r: any) => r.log_type).sort()).toEqual(["auth", "entity"]);

    const mine = (await logs(qs({ user_email: member.email.toUpperCase() }))).body.logs;
    expect(mine.map((r: any) => `${r.log_type}:${r.object_name}`).sort()).toEqual(["auth:login", "visit:Home"]);

    const ownerVisits = (await logs(qs({ q: { user_email: owner.email, log_type: "visit" } }))).body.logs;
    expect(ownerVisits.map((r: any) => r.object_name)).toEqual(["Deals", "Home", "Home"]);
    expect((await logs(qs({ q: { user_email: owner.email, log_type: "visit", status: "error" } }))).body.logs).toEqual([]);
  });

  it("pages by 50 with skip or with the next cursor", async () => {
    const fresh = await builtApp(owner.token, "A page counter");
    for (let i = 0; i < 6; i++) await Promise.all(Array.from({ length: 10 }, (_, j) => call("POST", `/api/app-logs/${fresh.id}/log-user-in-app/p${i * 10 + j}`, { token: owner.token })));
    const page = (query: string) => call("GET", `/api/app-logs/${fresh.id}${query}`, { token: owner.token });
    const first = await page("");
    expect(first.body.logs).toHaveLength(50);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const bySkip = await page(qs({ skip: 50 }));
    expect(bySkip.body.logs).toHaveLength(10);
    expect(bySkip.body.next_cursor).toBeNull();
    const byCursor = await page(qs({ cursor: first.body.next_cursor }));
    expect(byCursor.body.logs.map((r: any) => r.id)).toEqual(bySkip.body.logs.map((r: any) => r.id));
    const all = [...first.body.logs, ...byCursor.body.logs].map((r: any) => r.object_name);
    expect(new Set(all).size).toBe(60);
    // a filtered cursor walks the same index
    const visitsFirst = await page(qs({ log_type: "visit", limit: 25 }));
    const visitsNext = await page(qs({ log_type: "visit", limit: 25, cursor: visitsFirst.body.next_cursor }));
    expect(visitsNext.body.logs[0].id).toBe(first.body.logs[25].id);
    // the log is spread over its partitions (keys.ts: an app's calls are not held to one partition's writes), and read back merged newest first
    const stored = await Promise.all(
      Array.from({ length: APP_LOG_SHARDS }, async (_, shard) => (await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.appLogsPartition(fresh.id, shard) }, ProjectionExpression: "pk" })).length),
    );
    expect(stored.filter((n) => n > 0).length).toBe(APP_LOG_SHARDS);
    expect(stored.reduce((a, b) => a + b, 0)).toBe(60);
    const shown = [...first.body.logs, ...byCursor.body.logs].map((r: any) => `${r.created_date}#${r.id}`);
    expect(shown).toEqual([...shown].sort().reverse());
  });

  it("is the owner's only, and refuses bad filters without a 5xx", async () => {
    const stranger = await signedIn("logsstranger");
    expect((await logs("", stranger.token)).status).toBe(403);
    expect((await stats("", stranger.token)).status).toBe(403);
    expect((await call("GET", `/api/app-logs/${app.id}`)).status).toBe(401);
    expect((await call("GET", `/api/app-logs/${app.id}`, { token: member.token })).status).toBe(401);
    expect((await logs("?q={not json")).status).toBe(400);
    expect((await logs(qs({ q: { log_type: "everything" } }))).status).toBe(400);
    expect((await logs(qs({ q: { where: "1" } }))).status).toBe(400);
    expect((await logs(qs({ limit: 51 }))).status).toBe(400);
    expect((await logs(qs({ cursor: "nope" }))).body.detail).toContain("cursor is not valid");
    expect((await logs(qs({ sort: "created_date" }))).status).toBe(400);
    expect((await call("GET", "/api/app-logs/nosuchapp", { token: owner.token })).status).toBe(404);
  });
});

describe("GET /api/app-logs/{id}/stats", () => {
  it("counts unique users, top pages, top users and users per date from the visit log", async () => {
    const res = await stats();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unique_users_count: 3, visits_counted: 5, truncated: false });
    expect(res.body.top_pages).toEqual([
      { page_name: "Home", url: "/", visits: 3 },
      { page_name: "Deals", url: "/Deals", visits: 1 },
      { page_name: "home", url: "/", visits: 1 },
    ]);
    expect(res.body.top_users).toEqual([
      { email: owner.email, visits: 3 },
      { email: member.email, visits: 1 },
    ]);
    if (visitDays.length === 1) expect(res.body.users_per_date).toEqual([{ date: visitDays[0], unique_users: 3, total_visits: 5 }]);
    else expect(res.body.users_per_date.reduce((n: number, d: { total_visits: number }) => n + d.total_visits, 0)).toBe(5);
  });

  it("filters by dates, page name and user", async () => {
    expect((await stats(qs({ date_from: visitDays[0], date_to: visitDays.at(-1) }))).body.visits_counted).toBe(5);
    const future = (await stats(qs({ date_from: "2999-01-01" }))).body;
    expect(future).toMatchObject({ unique_users_count: 0, top_pages: [], top_users: [], users_per_date: [] });
    expect((await stats(qs({ date_to: "2000-01-01" }))).body.visits_counted).toBe(0);
    const home = (await stats(qs({ page_name: "Home" }))).body;
    expect(home).toMatchObject({ unique_users_count: 2, visits_counted: 3 });
    const ownerOnly = (await stats(qs({ user_email: owner.email }))).body;
    expect(ownerOnly).toMatchObject({ unique_users_count: 1, visits_counted: 3, top_users: [{ email: owner.email, visits: 3 }] });
    expect(ownerOnly.top_pages.map((p: any) => p.page_name)).toEqual(["Home", "Deals"]);
  });

  it("refuses bad dates", async () => {
    expect((await stats(qs({ date_from: "yesterday" }))).body.detail).toContain("dates look like yyyy-MM-dd");
    expect((await stats(qs({ date_from: "2026-02-01", date_to: "2026-01-01" }))).body.detail).toContain("date_from must not be after date_to");
  });
});

describe("checkpoints keep the app's records", () => {
  it("restores data with the code only when asked: code only leaves records untouched, code and data brings deleted ones back", async () => {
    const { token } = await signedIn("cpdata");
    const built = await builtApp(token);
    const entity = Object.keys(built.entities)[0]!;
    const records = (path = "") => call("GET", `/api/apps/${built.id}/entities/${entity}${path}`, { token });
    const created: any[] = [];
    for (const label of ["alpha", "beta", "gamma"]) {
      const res = await call("POST", `/api/apps/${built.id}/entities/${entity}`, { token, body: taskOf(built, entity, label) });
      expect(res.status).toBe(201);
      created.push(res.body);
    }
    // a chat message makes a checkpoint, which snapshots the records with the files
    expect((await call("POST", `/api/apps/${built.id}/chat/message`, { token, body: { content: "add a priority field to tasks" } })).status).toBe(201);
    await waitForApp(token, built.id);
    const cps = (await call("GET", `/api/apps/${built.id}/app-checkpoints`, { token })).body;
    const cp = cps.find((c: any) => c.name === "Before: add a priority field to tasks");
    expect(cp).toMatchObject({ data_snapshot: "saved", record_count: 3 });
    expect(cps.at(-1)).toMatchObject({ data_snapshot: "empty", record_count: 0 });

    for (const r of created) expect((await call("DELETE", `/api/apps/${built.id}/entities/${entity}/${r.id}`, { token })).status).toBe(200);
    const later = await call("POST", `/api/apps/${built.id}/entities/${entity}`, { token, body: taskOf(built, entity, "later") });
    expect((await records()).body).toHaveLength(1);

    const codeOnly = await call("POST", `/api/apps/${built.id}/app-checkpoints/${cp.id}/load`, { token });
    expect(codeOnly.status).toBe(200);
    expect(codeOnly.body.data).toBeNull();
    expect((await records()).body.map((r: any) => r.id)).toEqual([later.body.id]);

    const withData = await call("POST", `/api/apps/${built.id}/app-checkpoints/${cp.id}/load`, { token, body: { restore_data: true } });
    expect(withData.status).toBe(200);
    expect(withData.body.data).toMatchObject({ records: 3 });
    const back = (await records("?sort=created_date")).body;
    expect(back).toEqual(created);
    // the restore is undoable: the moment before it is a checkpoint holding the one later record
    const before = (await call("GET", `/api/apps/${built.id}/app-checkpoints`, { token })).body[0];
    expect(before).toMatchObject({ name: "Before: restoring an earlier version", data_snapshot: "saved", record_count: 1 });
    // the restored records take writes as before
    const updated = await call("PUT", `/api/apps/${built.id}/entities/${entity}/${created[0].id}`, { token, body: taskOf(built, entity, "edited") });
    expect(updated.status).toBe(200);

    // the first checkpoint had no data: restoring it with data leaves no records (seen once the code is back)
    const emptied = await call("POST", `/api/apps/${built.id}/app-checkpoints/${cps.at(-1).id}/load`, { token, body: { restore_data: true } });
    expect(emptied.status).toBe(200);
    const withEntities = (await call("GET", `/api/apps/${built.id}/app-checkpoints`, { token })).body[0];
    expect(withEntities).toMatchObject({ data_snapshot: "saved", record_count: 3 });
    expect((await call("POST", `/api/apps/${built.id}/app-checkpoints/${withEntities.id}/load`, { token })).status).toBe(200);
    expect((await records()).body).toEqual([]);
  });

  it("refuses a load body that is not { restore_data: boolean }, changing nothing", async () => {
    const { token } = await signedIn("cpbody");
    const built = await builtApp(token);
    const cps = (await call("GET", `/api/apps/${built.id}/app-checkpoints`, { token })).body;
    const res = await call("POST", `/api/apps/${built.id}/app-checkpoints/${cps[0].id}/load`, { token, body: { restore_data: "yes" } });
    expect(res.status).toBe(400);
    expect((await call("POST", `/api/apps/${built.id}/app-checkpoints/${cps[0].id}/load`, { token, body: { restore: true } })).status).toBe(400);
    expect((await call("GET", `/api/apps/${built.id}/app-checkpoints`, { token })).body).toHaveLength(cps.length);
  });
});
