import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { db, table } from "../../functions/core/db";
import { Keys } from "../../functions/core/keys";
import { REMIX_HISTORY_OWNER_ONLY, REMIX_NEEDS_BACKEND_FUNCTIONS, REMIX_NOT_ALLOWED, REMIX_REFUSED } from "../../schemas/remix";
import { SECRET_VALUES_REQUIRED } from "../../schemas/secrets";
import { builtApp, call, signedIn, tokenFor, uniqueEmail, useStackLinks } from "./helpers";

// The sealed secrets are read straight from the stack's table: their values never leave the server.
useStackLinks();

/**
 * Remix (spec 03 §2.8, §4, §6, §7.7): GET /apps/{id}/remix/requirements and POST /apps/{id}/remix.
 * The copy gets the code, the entities with their rules, the layout, logo and settings, optionally
 * the conversation; never the records, app users or secret values of the original.
 */

const ORIGINAL_SECRET = "the-original-owners-very-long-secret-value";

let admin: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let source: any;
let entity: string;
let invitedEmail: string;

const requirements = (token: string, appId: string) => call("GET", `/api/apps/${appId}/remix/requirements`, { token });
const remix = (token: string, appId: string, body: unknown) => call("POST", `/api/apps/${appId}/remix`, { token, body });
const getApp = async (token: string, appId: string) => (await call("GET", `/api/apps/${appId}`, { token })).body;
const appCount = async (token: string) => ((await call("GET", "/api/apps?limit=500", { token })).body as unknown[]).length;
const setTier = async (userId: string, tier: string) =>
  expect((await call("POST", `/api/auth/${userId}/update-user`, { token: admin, body: { subscription_tier: tier } })).status).toBe(200);

/** The sealed box of an app's secret: "v1.{iv}.{tag}.{ciphertext}"; AES-GCM's ciphertext is as long as the value. */
async function sealedBox(appId: string, name: string): Promise<{ sealed: string; valueBytes: number } | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appSecret(appId, name) }));
  if (!Item) return undefined;
  const sealed = Item.sealed as string;
  return { sealed, valueBytes: Buffer.from(sealed.split(".")[3], "base64url").length };
}

/** What makes two apps the same app to a user: pages, components, layout, entities with their rules. */
const codeOf = (app: any) => ({ pages: app.pages, components: app.components, layout: app.layout, entities: app.entities, functions: app.functions });

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  owner = await signedIn("remix-owner");
  const built = await builtApp(owner.token);
  entity = Object.keys(built.entities)[0]!;
  // a security rule (allowed on Free), a record, an invited app user, a secret and settings of its own
  const withRls = { ...built.entities[entity], rls: { read: { created_by: "{{user.email}}" }, write: { created_by: "{{user.email}}" } } };
  expect((await call("POST", `/api/apps/${built.id}/coding/write`, { token: owner.token, body: { file_path: `entities/${entity}`, content: JSON.stringify(withRls) } })).status).toBe(200);
  const required: string[] = built.entities[entity].required ?? [];
  const record = await call("POST", `/api/apps/${built.id}/entities/${entity}`, { token: owner.token, body: Object.fromEntries(required.map((f) => [f, "original record"])) });
  expect(record.status, JSON.stringify(record.body)).toBe(201);
  invitedEmail = uniqueEmail("remix-invited");
  expect((await call("POST", `/api/apps/${built.id}/users/invite-user`, { token: owner.token, body: { user_email: invitedEmail, role: "user" } })).status).toBe(200);
  expect((await call("PUT", `/api/apps/${built.id}/secrets`, { token: owner.token, body: { API_KEY: ORIGINAL_SECRET } })).status).toBe(200);
  const settings = { custom_instructions: "Always answer in French", hide_entity_created_by: true, logo_url: "https://example.com/logo.png" };
  expect((await call("PUT", `/api/apps/${built.id}`, { token: owner.token, body: settings })).status).toBe(200);
  source = await getApp(owner.token, built.id);
}, 90_000);

describe("GET /apps/{id}/remix/requirements", () => {
  it("answers the app's name, the secrets a copy needs and whether it needs backend functions", async () => {
    const res = await requirements(owner.token, source.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: source.name, app_secret_names: ["API_KEY"], requires_backend_functions: false });
  });
});

describe("POST /apps/{id}/remix by the owner (Create Copy)", () => {
  it("every needed secret must be filled in: blank, missing or unknown ones are refused and no app is made", async () => {
    const before = await appCount(owner.token);
    for (const secret_values of [{ API_KEY: "   " }, {}, { API_KEY: "ok", OTHER: "x" }]) {
      const res = await remix(owner.token, source.id, { with_chat_history: false, secret_values });
      expect(res.status, JSON.stringify(secret_values)).toBe(400);
    }
    expect((await remix(owner.token, source.id, { secret_values: {} })).body.detail).toBe(SECRET_VALUES_REQUIRED);
    expect((await remix(owner.token, source.id, { secret_values: { API_KEY: "" } })).body.detail).toContain(SECRET_VALUES_REQUIRED);
    expect(await appCount(owner.token)).toBe(before);
  });

  it("copies code, rules, layout, logo, settings and the conversation; no records, app users or secret values; costs nothing", async () => {
    const usageBefore = (await call("GET", "/api/usage-logs/current-usage", { token: owner.token })).body;
    const res = await remix(owner.token, source.id, { with_chat_history: true, secret_values: { API_KEY: "given-value" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id).not.toBe(source.id);
    const copy = await getApp(owner.token, res.body.id);

    expect(codeOf(copy)).toEqual(codeOf(source));
    expect(copy.entities[entity].rls).toEqual({ read: { created_by: "{{user.email}}" }, write: { created_by: "{{user.email}}" } });
    expect(copy).toMatchObject({
      name: `Copy of ${source.name}`,
      created_by_id: owner.user.id,
      status: { state: "ready" },
      app_stage: null,
      public_settings: "private_with_login",
      is_remixable: false,
      logo_url: source.logo_url,
      style: source.style,
      model: source.model,
      custom_instructions: "Always answer in French",
      hide_entity_created_by: true,
      remixed_from: { app_id: source.id, name: source.name },
    });
    expect(copy.slug).not.toBe(source.slug);
    expect(copy.published_version ?? null).toBeNull();
    expect(copy.conversation.messages.map((m: any) => [m.role, m.content])).toEqual(source.conversation.messages.map((m: any) => [m.role, m.content]));

    // the copy's first checkpoint is where it starts: the source's files
    const checkpoints = (await call("GET", `/api/apps/${copy.id}/app-checkpoints`, { token: owner.token })).body;
    expect(checkpoints).toHaveLength(1);
    expect(checkpoints[0]).toMatchObject({ name: `Remixed from ${source.name}` });
    const { files } = (await call("GET", `/api/apps/${copy.id}/app-checkpoints/${checkpoints[0].id}/file-tree`, { token: owner.token })).body;
    expect(files["layout/main"]).toBe(source.layout);
    expect(JSON.parse(files[`entities/${entity}`])).toEqual(source.entities[entity]);
    expect(Object.keys(files).filter((p) => p.startsWith("pages/")).sort()).toEqual(Object.keys(source.pages).map((p) => `pages/${p}`).sort());

    // no records, no app users of the original
    const records = await call("GET", `/api/apps/${copy.id}/entities/${entity}`, { token: owner.token });
    expect(records.status).toBe(200);
    expect(records.body).toEqual([]);
    expect((await call("GET", `/api/apps/${source.id}/entities/${entity}`, { token: owner.token })).body).toHaveLength(1);
    const users = await call("GET", `/api/apps/${copy.id}/entities/User`, { token: owner.token });
    expect(users.status).toBe(200);
    expect(JSON.stringify(users.body)).not.toContain(invitedEmail);
    expect(JSON.stringify((await call("GET", `/api/apps/${source.id}/entities/User`, { token: owner.token })).body)).toContain(invitedEmail);

    // the given secret, sealed for the copy; never the original's value
    expect((await call("GET", `/api/apps/${copy.id}/secrets`, { token: owner.token })).body.secrets.map((s: any) => s.name)).toEqual(["API_KEY"]);
    const [copied, original] = [await sealedBox(copy.id, "API_KEY"), await sealedBox(source.id, "API_KEY")];
    expect(copied?.valueBytes).toBe("given-value".length);
    expect(original?.valueBytes).toBe(ORIGINAL_SECRET.length);
    expect(JSON.stringify(copy)).not.toContain("given-value");

    const usageAfter = (await call("GET", "/api/usage-logs/current-usage", { token: owner.token })).body;
    expect([usageAfter.daily_usage, usageAfter.monthly_usage, usageAfter.extra_credits]).toEqual([usageBefore.daily_usage, usageBefore.monthly_usage, usageBefore.extra_credits]);
  });

  it("without with_chat_history the copy starts with no conversation", async () => {
    const res = await remix(owner.token, source.id, { with_chat_history: false, secret_values: { API_KEY: "another" } });
    expect(res.status).toBe(201);
    const copy = await getApp(owner.token, res.body.id);
    expect(copy.conversation.messages).toEqual([]);
    expect(codeOf(copy)).toEqual(codeOf(source));
  });
});

describe("who may remix", () => {
  it("a stranger is refused on a private app exactly as on an app that does not exist", async () => {
    const stranger = await signedIn("remix-stranger");
    const before = await appCount(stranger.token);
    for (const res of [
      await requirements(stranger.token, source.id),
      await remix(stranger.token, source.id, { secret_values: { API_KEY: "x" } }),
      await requirements(stranger.token, "01nosuchapp0000000000000000"),
      await remix(stranger.token, "01nosuchapp0000000000000000", { secret_values: { API_KEY: "x" } }),
    ]) {
      expect([res.status, res.body.detail]).toEqual([403, REMIX_REFUSED]);
    }
    // public but not remixable: still refused
    expect((await call("PUT", `/api/apps/${source.id}`, { token: owner.token, body: { public_settings: "public_with_login" } })).status).toBe(200);
    expect((await requirements(stranger.token, source.id)).status).toBe(403);
    expect((await call("PUT", `/api/apps/${source.id}`, { token: owner.token, body: { public_settings: "private_with_login" } })).status).toBe(200);
    expect(await appCount(stranger.token)).toBe(before);
  });

  it("anyone may remix a public remixable app (without its chat history), and a remix of the remix links to its source", async () => {
    const own = await signedIn("remix-public-owner");
    const app = await builtApp(own.token, "A reading list");
    expect((await call("PUT", `/api/apps/${app.id}`, { token: own.token, body: { public_settings: "public_without_login", is_remixable: true } })).status).toBe(200);

    const visitor = await signedIn("remix-visitor");
    expect((await requirements(visitor.token, app.id)).body).toEqual({ name: app.name, app_secret_names: [], requires_backend_functions: false });
    const history = await remix(visitor.token, app.id, { with_chat_history: true, secret_values: {} });
    expect([history.status, history.body.detail]).toEqual([403, REMIX_HISTORY_OWNER_ONLY]);

    const res = await remix(visitor.token, app.id, { with_chat_history: false, secret_values: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = await getApp(visitor.token, res.body.id);
    expect(copy).toMatchObject({ name: `Remix of ${app.name}`, created_by_id: visitor.user.id, remixed_from: { app_id: app.id, name: app.name }, public_settings: "private_with_login" });
    expect(codeOf(copy)).toEqual(codeOf(app));
    expect(copy.conversation.messages).toEqual([]);
    // the original is still not the visitor's to open
    expect((await call("GET", `/api/apps/${app.id}`, { token: visitor.token })).status).toBe(403);

    const again = await remix(visitor.token, copy.id, { secret_values: {} });
    expect(again.status).toBe(201);
    expect((await getApp(visitor.token, again.body.id)).remixed_from).toEqual({ app_id: copy.id, name: copy.name });
  });
});

describe("remixing an app with backend functions (spec 03 §6)", () => {
  it("is 'Remix Not Allowed' on Free and allowed on Builder", async () => {
    const own = await signedIn("remix-functions-owner");
    await setTier(own.user.id, "builder");
    const app = await builtApp(own.token, "A to-do list");
    const fn = 'Deno.serve(() => new Response("hi"));';
    expect((await call("POST", `/api/apps/${app.id}/coding/write`, { token: own.token, body: { file_path: "functions/hello", content: fn } })).status).toBe(200);
    expect((await call("PUT", `/api/apps/${app.id}`, { token: own.token, body: { public_settings: "public_with_login", is_remixable: true } })).status).toBe(200);

    const free = await signedIn("remix-free");
    expect((await requirements(free.token, app.id)).body.requires_backend_functions).toBe(true);
    const before = await appCount(free.token);
    const refused = await remix(free.token, app.id, { secret_values: {} });
    expect([refused.status, refused.body.detail]).toEqual([402, `${REMIX_NOT_ALLOWED}: ${REMIX_NEEDS_BACKEND_FUNCTIONS}`]);
    expect(await appCount(free.token)).toBe(before);

    await setTier(free.user.id, "starter");
    expect((await remix(free.token, app.id, { secret_values: {} })).status).toBe(402);
    await setTier(free.user.id, "builder");
    const allowed = await remix(free.token, app.id, { secret_values: {} });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    expect((await getApp(free.token, allowed.body.id)).functions).toEqual({ hello: fn });
  });
});
