import { beforeAll, describe, expect, it } from "vitest";
import { type Answer, apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "./helpers";

/**
 * Tenant isolation of app users' fields (issue 8): an end user of one app sends every
 * attribute name the table uses internally through every path that stores app-user fields,
 * aimed at other tenants' index partitions. Custom fields live in their own map, so the
 * other tenants' lists stay exactly as they were and nothing answers 5xx.
 */

let admin: string;
let victim: Awaited<ReturnType<typeof signedIn>>;
let victimApp: { id: string; entity: string };
let attacker: Awaited<ReturnType<typeof signedIn>>;
let attackerAppId: string;
let member: Awaited<ReturnType<typeof appMember>>;
const answers: { path: string; res: Answer }[] = [];

const INTERNAL = ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk", "ttl", "version", "rec"];

/**
 * One payload per partition an injected item could land in (the victim's apps, all apps, users,
 * catalogue, the victim's records), and `version` on its own, so no payload fails for it alone.
 */
function payloads(): Record<string, unknown>[] {
  const fake = { id: "01fakefakefakefakefakefake", created_date: "2099-01-01T00:00:00.000Z", updated_date: "2099-01-01T00:00:00.000Z", created_by: "x", created_by_id: "x", is_sample: false, title: "planted" };
  const base = (gsi1pk: string) => ({
    pk: `APP#${victimApp.id}`,
    sk: "APP",
    gsi1pk,
    gsi1sk: "9999-12-31T00:00:00.000Z#planted",
    gsi2pk: "APPS",
    gsi2sk: "9999-12-31T00:00:00.000Z#planted",
    gsi3pk: "ANY",
    gsi3sk: "9999",
    ttl: 1,
    rec: fake,
    planted: true,
  });
  const partitions = [`OWNER#${victim.user.id}`, "USERS", "CATALOG", `REC#${victimApp.id}#${victimApp.entity}`].map(base);
  return [...partitions, { version: "not a number", planted: true }];
}

/** A call whose answer is kept, so the test can show none was a 5xx. */
async function send(method: string, path: string, options: Parameters<typeof call>[2] = {}) {
  const res = await call(method, path, options);
  answers.push({ path: `${method} ${path}`, res });
  return res;
}

interface Views {
  victimApps: string[];
  catalog: string[];
  records: string[];
}

const ok = (res: Answer) => {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  return res.body as any[];
};

/**
 * What the other tenants see, each list asked as its owner would: the victim's apps and
 * records and the catalogue exactly (nobody else changes them); the platform-wide lists
 * (all apps, all users), which parallel test files grow, must answer and hold nothing planted.
 */
async function views(): Promise<Views> {
  for (const res of [await call("GET", "/api/apps?sort=-updated_date&limit=50", { token: admin }), await call("GET", "/api/auth/list-users?limit=500", { token: admin })]) {
    expect(ok(res).filter((x) => x.planted !== undefined || x.id === member.id)).toEqual([]);
  }
  return {
    victimApps: ok(await call("GET", "/api/apps?sort=-updated_date", { token: victim.token })).map((a) => a.id),
    catalog: ok(await call("GET", "/api/integration-catalog-items/catalog", { token: victim.token })).map((x) => x.item.id),
    records: ok(await call("GET", `/api/apps/${victimApp.id}/entities/${victimApp.entity}?sort=-updated_date`, { token: victim.token })).map((r) => r.id),
  };
}

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  victim = await signedIn("victim");
  attacker = await signedIn("attacker");
  const [vApp, aApp] = await Promise.all([builtApp(victim.token, "A CRM to track customers and deals"), builtApp(attacker.token, "A simple notes app")]);
  victimApp = { id: vApp.id, entity: Object.keys(vApp.entities)[0] };
  attackerAppId = aApp.id;
  expect((await call("POST", `/api/apps/${victimApp.id}/entities/${victimApp.entity}`, { token: victim.token, body: {} })).status).toBeLessThan(500);
  expect((await call("PUT", `/api/apps/${attackerAppId}`, { token: attacker.token, body: { public_settings: "public_with_login" } })).status).toBe(200);
  await enablePasswordSignIn(attackerAppId, attacker.token);
  member = await appMember(attackerAppId);
}, 120_000);

describe("every internal attribute name through every app-user write path", () => {
  it("leaves other tenants' apps, users, catalogue and records as they were, and nothing answers 5xx", async () => {
    const before = await views();
    const app = `/api/apps/${attackerAppId}`;
    const builderRuntime = (await call("GET", `${app}/auth/token`, { token: attacker.token })).body.token as string;
    const all = payloads();
    expect(all.flatMap((p) => Object.keys(p))).toEqual(expect.arrayContaining(INTERNAL));
    for (const fields of all) {
      await send("PUT", `${app}/entities/User/me`, { token: member.token, body: fields });
      await send("PUT", `${app}/entities/User/${member.id}`, { token: member.token, body: fields });
      await send("PUT", `${app}/entities/User/${member.id}`, { token: attacker.token, body: fields });
      await send("PUT", `${app}/entities/User/me`, { token: builderRuntime, body: fields });
      await send("POST", `${app}/users/invite-user`, { token: attacker.token, body: { user_email: uniqueEmail("invitee"), role: "user", ...fields } });
      await send("POST", `${app}/auth/register`, { body: { email: uniqueEmail("signup"), password: "long enough", ...fields } });
      await send("POST", `${app}/auth/login`, { body: { email: member.email, password: "correct horse", ...fields } });
      await send("POST", `${app}/entities/User`, { token: attacker.token, body: fields });
      await send("POST", `${app}/entities/User/bulk`, { token: attacker.token, body: [fields] });
      const csv = `${Object.keys(fields).join(",")}\n${Object.values(fields).map((v) => JSON.stringify(JSON.stringify(v))).join(",")}\n`;
      const form = new FormData();
      form.append("file", new Blob([csv], { type: "text/csv" }), "users.csv");
      const imported = await fetch(`${apiUrl()}${app}/entities/User/import`, { method: "POST", headers: { authorization: `Bearer ${attacker.token}` }, body: form });
      answers.push({ path: "POST User/import", res: { status: imported.status, body: await imported.text(), headers: imported.headers } });
      expect(imported.status).toBeGreaterThanOrEqual(400);
      expect(imported.status).toBeLessThan(500);
    }
    // Google sign-in (the local identity page) with the same names as extra form fields
    const start = await call("GET", `/api/apps/auth/login?${new URLSearchParams({ app_id: attackerAppId, from_url: "/" })}`);
    const page = new URL(start.headers.get("location")!, apiUrl());
    const form = new URLSearchParams({ email: uniqueEmail("google"), from_url: page.searchParams.get("from_url")!, app_id: attackerAppId });
    for (const name of INTERNAL) form.set(name, `OWNER#${victim.user.id}`);
    await send("POST", "/api/local/identity", { rawBody: form.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });

    expect(await views()).toEqual(before);
    const failed = answers.filter((a) => a.res.status >= 500).map((a) => `${a.path} → ${a.res.status}`);
    expect(failed).toEqual([]);

    // The member's own user still reads and updates; the names it sent are plain custom fields now.
    const me = await call("GET", `${app}/entities/User/me`, { token: member.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: member.id, email: member.email, role: "user", planted: true, version: "not a number", gsi2pk: "APPS" });
    expect((await call("PUT", `${app}/entities/User/me`, { token: member.token, body: { planted: false } })).body.planted).toBe(false);
  });

  it("a platform user the app does not belong to gets the 403 apps read: extra_data.reason user_not_registered", async () => {
    for (const credentials of [{ token: victim.token }, { apiKey: victim.user.api_key }]) {
      const res = await call("GET", `/api/apps/${attackerAppId}/entities/User/me`, credentials);
      expect(res.status).toBe(403);
      expect(res.body.extra_data).toEqual({ reason: "user_not_registered", app_id: attackerAppId });
    }
  });
});

describe("hostile user updates answer 4xx or succeed harmlessly, never 5xx", () => {
  const deep = (levels: number): unknown => (levels === 0 ? "bottom" : { next: deep(levels - 1) });
  const update = (body: unknown) => call("PUT", `/api/apps/${attackerAppId}/entities/User/me`, { token: member.token, body });

  /** A refusal: a 4xx whose message names what was wrong. */
  const refused = (res: Answer, says: RegExp) => {
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.detail).toMatch(says);
  };

  it("40-level nesting is refused", async () => {
    refused(await update({ nested: deep(40) }), /nested too deeply/);
  });

  it("an empty key is refused, at the top or nested", async () => {
    refused(await call("PUT", `/api/apps/${attackerAppId}/entities/User/me`, { token: member.token, rawBody: '{"": 1}' }), /empty|needs a name/);
    refused(await update({ prefs: { "": 1 } }), /empty key|cannot be empty/);
  });

  it("a key named version is a custom field like any other", async () => {
    const res = await update({ version: 7 });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(7);
    expect((await update({ note: "still fine" })).status).toBe(200);
  });

  it("__proto__, constructor, prototype and data never reach the user: refused with a clear message, or dropped", async () => {
    const proto = await call("PUT", `/api/apps/${attackerAppId}/entities/User/me`, { token: member.token, rawBody: '{"__proto__": {"role": "admin"}, "nickname": "x"}' });
    expect(proto.status).toBeLessThan(500);
    if (proto.status !== 200) refused(proto, /__proto__/);
    for (const name of ["constructor", "prototype", "data"]) refused(await update({ [name]: { role: "admin" } }), new RegExp(`"${name}"`));
    const me = await call("GET", `/api/apps/${attackerAppId}/entities/User/me`, { token: member.token });
    expect(me.body.role).toBe("user");
    expect(me.body).not.toHaveProperty("data");
  });
});
