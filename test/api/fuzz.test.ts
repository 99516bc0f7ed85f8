import { beforeAll, describe, expect, it } from "vitest";
import { Keys } from "../../functions/core/keys";
import { type RouteKey, routeParts, routes } from "../../lib/routes";
import { noBody, openBodies } from "./fuzz-routes";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail, until } from "./helpers";

/**
 * Every route of lib/routes.ts that reads a body gets bodies that break its schema (wrong
 * types, 1 MB strings, 40-deep nesting, invalid JSON, prototype keys, an empty key) as its
 * authorized caller: each must answer a 4xx and leave the app as it was. Internal attribute
 * names (pk, gsi1pk…) are refused by closed schemas and, where a body carries user-defined
 * fields, must never reach another tenant. A seeded RNG picks values: FUZZ_SEED=<n> replays a run.
 */

const seed = Number(process.env.FUZZ_SEED ?? 20261124);
/** mulberry32: small, seedable, good enough to pick fuzz values. */
function rng(s: number) {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(seed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

interface Fixture {
  appId: string;
  slug: string;
  entity: string;
  recordId: string;
  userId: string;
  ownerUserId: string;
  memberId: string;
  memberEmail: string;
  observerId: string;
  observerAppId: string;
  /** a pending catalogue item the owner made */
  catalogItemId: string;
}
let f: Fixture;
let recordOf: (label: string) => Record<string, string>;
const tokens: Record<"owner" | "admin" | "member" | "observer", string> = { owner: "", admin: "", member: "", observer: "" };

/** A body each route accepts; the fuzz never sends it as is, only broken from it. */
const samples: Partial<Record<RouteKey, () => unknown>> = {
  "POST /api/auth/exchange": () => ({ id_token: "x".repeat(40) }),
  "POST /api/auth/password/sign-up": () => ({ email: "fuzz@team.test", password: "a long password", full_name: "Fuzz" }),
  "POST /api/auth/password/sign-in": () => ({ email: "fuzz@team.test", password: "a long password" }),
  "POST /api/auth/password/verify": () => ({ email: "fuzz@team.test", password: "a long password", code: "123456" }),
  "POST /api/auth/password/reset-request": () => ({ email: "fuzz@team.test" }),
  "POST /api/auth/password/reset": () => ({ email: "fuzz@team.test", code: "123456", password: "a new long password" }),
  "POST /api/auth/{id}/update-user": () => ({ full_name: "Fuzz Owner" }),
  "POST /api/apps": () => ({ user_description: "A fuzzed app", name: "Fuzz" }),
  "PUT /api/apps/{id}": () => ({ name: "Fuzz app", is_starred: true }),
  "POST /api/apps/{id}/metadata/update-logo": () => ({ logo_url: "https://example.com/logo.png" }),
  "POST /api/apps/{id}/block": () => ({ is_blocked: false }),
  "POST /api/apps/{id}/remix": () => ({ with_chat_history: false, secret_values: { KEPT: "value" } }),
  "PUT /api/apps/{id}/secrets": () => ({ FUZZ_KEY: "value" }),
  "POST /api/apps/{id}/chat/message": () => ({ content: "hello", file_urls: [] }),
  "POST /api/feedback": () => ({ feedback_url: "http://localhost/", tag: "Nothing wrong", feedback: "fine" }),
  "POST /api/apps/{id}/app-checkpoints/{cp}/load": () => ({ restore_data: false }),
  "POST /api/files": () => ({ file: "not a file" }),
  "POST /api/files/upload-url": () => ({ name: "fuzz.png", size: 1024 }),
  "POST /api/apps/{id}/coding/write": () => ({ file_path: "pages/Fuzz.jsx", content: "export default 1" }),
  "POST /api/apps/{id}/deploy": () => ({ acknowledge: [] }),
  "POST /api/custom-domains": () => ({ domain: "fuzz.example.test", app_id: f.appId }),
  "POST /api/apps/buy_domain/start": () => ({ appId: f.appId, appName: "Fuzz" }),
  "PUT /api/local/dns/{domain}": () => ({ a: ["127.0.0.1"] }),
  "POST /api/apps/{id}/coding/invite-collaborator": () => ({ collaborator_username: "octocat" }),
  "POST /api/apps/{id}/coding/search-github-users": () => ({ query: "octo" }),
  "POST /api/apps/{id}/integration-endpoints/Core/{name}": () => ({ to: f.memberEmail, subject: "Hi", body: "Hello" }),
  "POST /api/apps/{id}/integration-endpoints/installable/{pkg}/integration-endpoints/{name}": () => ({ text: "hi" }),
  "POST /api/apps/{id}/functions/{name}": () => ({ title: "hi" }),
  "POST /api/apps/{id}/analytics/track/batch": () => ({ events: [{ name: "click" }] }),
  "POST /api/apps/{id}/auth/register": () => ({ email: uniqueEmail("fuzz"), password: "long enough" }),
  "POST /api/apps/{id}/auth/verify-otp": () => ({ email: f.memberEmail, otp_code: "000000" }),
  "POST /api/apps/{id}/auth/resend-otp": () => ({ email: f.memberEmail }),
  "POST /api/apps/{id}/auth/login": () => ({ email: uniqueEmail("fuzz"), password: "wrong password" }),
  "POST /api/apps/{id}/auth/reset-password-request": () => ({ email: uniqueEmail("fuzz") }),
  "POST /api/apps/{id}/auth/reset-password": () => ({ reset_token: "abc.def", new_password: "long enough" }),
  "POST /api/apps/{id}/auth/change-password": () => ({ user_id: f.memberId, current_password: "wrong password", new_password: "long enough" }),
  "PUT /api/apps/{id}/entities/User/me": () => ({}),
  "PUT /api/apps/{id}/entities/User/{uid}": () => ({ full_name: "Fuzz User" }),
  "POST /api/apps/{id}/users/invite-user": () => ({ user_email: uniqueEmail("fuzz"), role: "user" }),
  "POST /api/apps/{id}/runtime/users/invite-user": () => ({ user_email: uniqueEmail("fuzz"), role: "user" }),
  "POST /api/apps/{id}/entities/{entity}": () => recordOf("fuzz"),
  "DELETE /api/apps/{id}/entities/{entity}": () => ({}),
  "POST /api/apps/{id}/entities/{entity}/bulk": () => [recordOf("fuzz")],
  "PUT /api/apps/{id}/entities/{entity}/bulk": () => [{ id: f.recordId, ...recordOf("fuzz") }],
  "PATCH /api/apps/{id}/entities/{entity}/update-many": () => ({ query: { id: f.recordId }, data: { $set: recordOf("fuzz") } }),
  "POST /api/apps/{id}/entities/{entity}/upsert": () => ({ records: [{ id: f.recordId, ...recordOf("fuzz") }], key: "id" }),
  "POST /api/apps/{id}/entities/{entity}/import": () => ({ file: "not a file" }),
  "POST /api/apps/{id}/entities/{entity}/aggregate": () => ({ count: true, groupBy: "id" }),
  "PUT /api/apps/{id}/entities/{entity}/{rid}": () => recordOf("fuzz"),
  "POST /api/local/identity": () => ({ email: uniqueEmail("fuzz"), from_url: "/" }),
  "POST /api/local/token": () => ({ email: uniqueEmail("fuzz") }),
  // unsigned: every variant is refused by the signature check before anything is read
  "POST /api/billing/webhook": () => ({ id: "evt_fuzz", type: "customer.subscription.updated", data: { object: { id: "sub_fuzz" } } }),
  "POST /api/credits/create-coupon-code": () => ({ code: `FUZZ-${Math.floor(random() * 1e9)}`, num_messages: 5, max_number_of_people: 2, domain: null }),
  "POST /api/credits/add-bonus-credits": () => ({ user_id: f.ownerUserId, num_messages: 1, reason: "fuzz" }),
  "POST /api/integration-catalog-items/catalog": () => ({ ...catalogItemBody, is_private: false }),
  "PUT /api/integration-catalog-items/catalog/{id}": () => ({ ...catalogItemBody, required_secrets: [{ name: "FUZZ_KEY", description: "a key" }] }),
  "POST /api/integration-catalog-items/catalog/{id}/visibility": () => ({ is_private: true }),
  "POST /api/integration-catalog-items/catalog/{id}/invite": () => ({ email: uniqueEmail("fuzz-admin") }),
  "POST /api/integration-catalog-items/catalog/{id}/upvote": () => ({ upvote: true }),
  "POST /api/integrations/StripeIntegration/get-or-create-account": () => ({ account_type: "express" }),
  "POST /api/integrations/StripeIntegration/{account}/create-account-link": () => ({ return_url: "http://localhost/integrations/stripe" }),
  "POST /api/integrations/StripeIntegration/{account}/create-checkout-session": () => ({ price_id: "price_fuzz", quantity: 1, success_url: "http://localhost/?checkout_status=success", cancel_url: "http://localhost/?checkout_status=canceled" }),
  "POST /api/integrations/stripe/{account_id}/create-checkout-session": () => ({ price_id: "price_fuzz", quantity: 1, success_url: "http://localhost/?checkout_status=success", cancel_url: "http://localhost/?checkout_status=canceled" }),
  "POST /api/support/conversations": () => ({ title: "Fuzz ticket", content: "A fuzzed ticket that says enough.", category: "other" }),
  "POST /api/support/conversations/{id}/messages": () => ({ content: "hello", file_urls: [] }),
  "PUT /api/support/conversations/{id}/notifications": () => ({ notify_via_email_on_admin_response: true }),
  "PATCH /api/support/admin/resolve-many": () => ({ ticket_ids: ["none"] }),
  "PATCH /api/support/admin/{id}/status": () => ({ status: "closed" }),
  "PATCH /api/support/admin/{id}/change_ticket_status": () => ({ status: "resolved" }),
  "PATCH /api/support/admin/{id}/assign": () => ({ user_email: "agent@kiln.local" }),
  "PATCH /api/support/admin/{id}/internal_categories": () => ({ internal_categories: ["Fuzz"] }),
  "DELETE /api/support/admin/{id}/messages": () => ({ message_id: "none" }),
  "POST /api/support/admin/{id}/messages/polish": () => ({ text: "hello" }),
  "POST /api/docs/articles": () => ({ title: "Fuzz", content: "A fuzzed article" }),
  "PUT /api/docs/articles/{id}": () => ({ title: "Fuzz", content: "A fuzzed article" }),
  "PUT /api/docs/agent": () => ({ polish_system_prompt: "Fix the grammar." }),
  "PUT /api/admin/model-providers/{kind}": () => ({ api_key: "fuzz-key-0000", base_url: "http://127.0.0.1:9/v1", model: "fuzz-model", context_size: 8192 }),
  "PUT /api/admin/model-default": () => ({ provider: "offline" }),
};
const catalogItemBody = { name: "Fuzz integration", description: "Fuzzed", prompt: "Call the fuzz service from a backend function with the key in FUZZ_KEY." };

interface Case {
  label: string;
  raw: string;
}

const MB = "x".repeat(1024 * 1024);
const deep = (levels: number): unknown => (levels === 0 ? "bottom" : { a: deep(levels - 1) });
const typeOf = (v: unknown) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v);
/** A value of a JSON type other than `v`'s (never null: some fields are nullable). */
function wrongType(v: unknown): unknown {
  const choices: [string, unknown][] = [["number", Math.floor(random() * 1e6) - 5e5], ["boolean", random() < 0.5], ["object", { nested: [1, 2] }], ["array", [[1], "x"]], ["string", "wrong"]];
  return pick(choices.filter(([t]) => t !== typeOf(v)))[1];
}
/** The object a case breaks: the body itself, or a bulk body's first record. */
const target = (sample: unknown): Record<string, unknown> | undefined =>
  Array.isArray(sample) ? (sample[0] as Record<string, unknown>) : typeof sample === "object" && sample ? (sample as Record<string, unknown>) : undefined;
/** The sample with its target object replaced. */
const withTarget = (sample: unknown, replaced: string): string => (Array.isArray(sample) ? `[${replaced}]` : replaced);
/** An object's JSON with members written verbatim after its own (so "__proto__" stays a key, and a repeated key wins). */
const extend = (object: Record<string, unknown>, members: string) => {
  const json = JSON.stringify(object);
  return json === "{}" ? `{${members}}` : `${json.slice(0, -1)},${members}}`;
};

/** Bodies that break every route's schema: each must answer a 4xx and change nothing. */
function violating(sample: unknown): Case[] {
  const obj = target(sample) ?? {};
  const keys = Object.keys(obj);
  const cases: Case[] = [
    ...["{", '{"a":}', "[1,2", "nul", "{'a':1}", '{"a":1}}', "\u0000"].sort(() => random() - 0.5).slice(0, 3).map((raw) => ({ label: `invalid JSON ${JSON.stringify(raw)}`, raw })),
    ...["123", '"text"', "true", "null", '[1,"x",null]'].map((raw) => ({ label: `a body of the wrong type ${raw}`, raw })),
    { label: "40-deep nesting", raw: JSON.stringify(deep(40)) },
    { label: "40-deep nesting in a field", raw: withTarget(sample, extend(obj, `"${keys[0] ?? "field"}":${JSON.stringify(deep(40))}`)) },
    { label: "__proto__ key", raw: withTarget(sample, extend(obj, `"__proto__":{"polluted":true}`)) },
    { label: "constructor.prototype key", raw: withTarget(sample, extend(obj, `"constructor":{"prototype":{"polluted":true}}`)) },
    { label: "an empty key", raw: withTarget(sample, extend(obj, `"":1`)) },
    { label: "a 1 MB key", raw: withTarget(sample, extend(obj, `"${MB}":1`)) },
  ];
  for (const key of keys) {
    cases.push({ label: `${key} of the wrong type`, raw: withTarget(sample, JSON.stringify({ ...obj, [key]: wrongType(obj[key]) })) });
    if (typeof obj[key] === "string") cases.push({ label: `${key} as a 1 MB string`, raw: withTarget(sample, JSON.stringify({ ...obj, [key]: MB })) });
  }
  return cases;
}

/** The sample with internal attribute names aimed at another tenant's partitions. */
function internal(sample: unknown): Case[] {
  const obj = target(sample) ?? {};
  const attack: Record<string, unknown> = {
    ...Keys.app(f.observerAppId),
    ...Keys.appOwnerIndex(f.observerId, "9999-12-31", "fuzz"),
    ...Keys.appAllIndex("9999-12-31", "fuzz"),
    gsi3pk: `OWNER#${f.observerId}`,
    gsi3sk: "fuzz",
    ttl: 1,
    version: 99,
  };
  return [
    { label: "every internal attribute name", raw: withTarget(sample, JSON.stringify({ ...obj, ...attack })) },
    ...Object.entries(attack).map(([name, value]) => ({ label: `internal attribute ${name}`, raw: withTarget(sample, JSON.stringify({ ...obj, [name]: value })) })),
  ];
}

const keys = Object.keys(routes) as RouteKey[];
const fuzzed = keys.filter((k) => ["POST", "PUT", "PATCH", "DELETE"].includes(routeParts(k).method) && !noBody.includes(k));

function pathOf(key: RouteKey): string {
  const params: Record<string, string> = {
    id: key === "POST /api/auth/{id}/update-user" ? f.ownerUserId : key.includes("/integration-catalog-items/") ? f.catalogItemId : f.appId,
    entity: f.entity,
    rid: f.recordId,
    uid: f.userId,
    cp: "none",
    msgId: "none",
    name: "SendEmail",
    pkg: "slack",
    slug: f.slug,
    fileId: "none",
    domain: `${f.slug}.localhost`,
    kind: "openai-compatible",
  };
  return routeParts(key).path.replace(/\{([^}+]+)\+?\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name));
}

const tokenOf = (key: RouteKey) => (routes[key].access === "admin" ? tokens.admin : key.endsWith("/auth/change-password") ? tokens.member : tokens.owner);

/** One call; `junkQuery` adds a query parameter no body route reads, with a value that breaks any query schema. */
async function send(key: RouteKey, c: Case, junkQuery = true) {
  const query = junkQuery ? `?${pick(["q", "sort", "limit", "fields", "skip"])}=${encodeURIComponent(pick(["{", "-1", "[]", JSON.stringify(deep(40))]))}` : "";
  const res = await call(routeParts(key).method, pathOf(key) + query, { token: tokenOf(key), rawBody: c.raw });
  return { label: c.label, status: res.status, detail: String(res.body?.detail ?? res.body?.message ?? res.body).slice(0, 120) };
}

/** What a 4xx must leave as it was: the app with its files and messages, its records, users, secrets, checkpoints; the owner. */
async function state() {
  const get = async (path: string, token = tokens.owner) => {
    const res = await call("GET", path, { token });
    return { status: res.status, body: res.body };
  };
  return {
    app: await get(`/api/apps/${f.appId}`),
    records: await get(`/api/apps/${f.appId}/entities/${f.entity}?sort=created_date&limit=1000`),
    users: await get(`/api/apps/${f.appId}/entities/User?sort=created_date`),
    secrets: await get(`/api/apps/${f.appId}/secrets`),
    checkpoints: await get(`/api/apps/${f.appId}/app-checkpoints`),
    owner: await get("/api/auth/me"),
  };
}

/** What no write by this tenant may touch: another owner's app list and app, the admin's lists. */
async function otherTenants() {
  const get = async (path: string, token: string) => {
    const res = await call("GET", path, { token });
    return { status: res.status, body: res.body };
  };
  const apps = await get("/api/apps", tokens.observer);
  const all = await get("/api/apps?limit=500", tokens.admin);
  return {
    observerApps: apps,
    observerApp: await get(`/api/apps/${f.observerAppId}`, tokens.observer),
    allAppsStatus: all.status,
    usersStatus: (await get("/api/auth/list-users", tokens.admin)).status,
    catalogueStatus: (await get("/api/integration-catalog-items/catalog", tokens.observer)).status,
  };
}

beforeAll(async () => {
  const owner = await signedIn("fuzz-owner");
  const observer = await signedIn("fuzz-observer");
  tokens.owner = owner.token;
  tokens.observer = observer.token;
  tokens.admin = await tokenFor("admin@kiln.local");
  const [app, observerApp] = await Promise.all([builtApp(owner.token), builtApp(observer.token, "A reading list")]);
  expect((await call("PUT", `/api/apps/${app.id}`, { token: owner.token, body: { public_settings: "public_with_login" } })).status).toBe(200);
  await enablePasswordSignIn(app.id, owner.token);
  const member = await appMember(app.id);
  tokens.member = member.token;
  const entity = Object.keys(app.entities)[0]!;
  const required: string[] = app.entities[entity].required ?? [];
  recordOf = (label) => Object.fromEntries(required.map((field) => [field, label]));
  const record = await call("POST", `/api/apps/${app.id}/entities/${entity}`, { token: owner.token, body: recordOf("first") });
  expect(record.status).toBe(201);
  const target = await call("POST", `/api/apps/${app.id}/users/invite-user`, { token: owner.token, body: { user_email: uniqueEmail("fuzz-target"), role: "user" } });
  expect((await call("PUT", `/api/apps/${app.id}/secrets`, { token: owner.token, body: { KEPT: "value" } })).status).toBe(200);
  // the build's checkpoints take their data snapshot in a job after the turn: state() must not see one settle mid-test
  await until("the build's checkpoint snapshots", async () => {
    const checkpoints = (await call("GET", `/api/apps/${app.id}/app-checkpoints`, { token: owner.token })).body as { data_snapshot: string }[];
    return checkpoints.every((c) => c.data_snapshot !== "pending");
  });
  f = {
    appId: app.id,
    slug: app.slug,
    entity,
    recordId: record.body.id,
    userId: target.body.id,
    ownerUserId: owner.user.id,
    memberId: member.id,
    memberEmail: member.email,
    observerId: observer.user.id,
    observerAppId: observerApp.id,
    catalogItemId: (await call("POST", "/api/integration-catalog-items/catalog", { token: owner.token, body: catalogItemBody })).body.id,
  };
}, 90_000);

describe(`fuzz (FUZZ_SEED=${seed})`, () => {
  it("every write route is fuzzed or named as reading no body, and each fuzzed route has a sample", () => {
    for (const key of [...noBody, ...openBodies]) expect(keys, key).toContain(key);
    for (const key of fuzzed) expect(samples[key], `${key}: add a body it accepts to samples`).toBeTypeOf("function");
  });

  it("the gateway refuses a body past API Gateway's 10 MB with 413 before any handler reads it", async () => {
    const before = await state();
    const res = await call("POST", `/api/apps/${f.appId}/entities/${f.entity}`, { token: tokens.owner, rawBody: JSON.stringify({ ...recordOf("big"), note: "x".repeat(11 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("The request is larger than 10 MB");
    expect(await state()).toEqual(before);
  });

  it("every GET route answers junk queries without a 5xx", async () => {
    const names = ["q", "sort", "limit", "skip", "fields", "from_url", "app_id", "to", "state", "start_date", "__proto__", "constructor", "", "pk"];
    const values = ["{", "-1", "1e309", "NaN", "[]", '{"$where":"1"}', '{"$or":5}', JSON.stringify(deep(40)), "%00", "x".repeat(4000)];
    const answers = [];
    for (const key of keys.filter((k) => routeParts(k).method === "GET")) {
      for (let i = 0; i < 6; i++) {
        const query = new URLSearchParams([[pick(names), pick(values)], [pick(names), pick(values)]]);
        const res = await call("GET", `${pathOf(key)}?${query}`, { token: tokenOf(key) });
        answers.push({ key, query: query.toString().slice(0, 120), status: res.status });
      }
    }
    expect(answers.filter((a) => a.status >= 500), `seed ${seed}`).toEqual([]);
  });

  describe.each(fuzzed)("%s", (key) => {
    it("answers a 4xx to every schema-violating body and changes nothing", async () => {
      const before = await state();
      const answers = [];
      for (const c of violating(samples[key]!())) answers.push(await send(key, c));
      const wrong = answers.filter((a) => a.status < 400 || a.status >= 500);
      expect(wrong, `seed ${seed}`).toEqual([]);
      expect(await state()).toEqual(before);
    });

    it(`internal attribute names never answer a 5xx${openBodies.includes(key) ? " or reach another tenant" : ", and are refused"}`, async () => {
      const othersBefore = await otherTenants();
      const before = await state();
      const answers = [];
      for (const c of internal(samples[key]!())) answers.push(await send(key, c, false));
      const wrong = answers.filter((a) => a.status >= 500 || (!openBodies.includes(key) && a.status < 400));
      expect(wrong, `seed ${seed}`).toEqual([]);
      if (!openBodies.includes(key)) expect(await state()).toEqual(before);
      const after = await otherTenants();
      expect(after).toEqual(othersBefore);
      expect([after.allAppsStatus, after.usersStatus, after.catalogueStatus]).toEqual([200, 200, 200]);
    });
  });
});
