import { beforeAll, describe, expect, it } from "vitest";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { Config } from "../../functions/core/config";
import { db, table } from "../../functions/core/db";
import { Keys } from "../../functions/core/keys";
import { Storage } from "../../functions/core/storage";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, useStackLinks } from "./helpers";
import { waitFor } from "./stripe-helpers";

/**
 * Backend functions (spec 02 §4, §7; issue 11): a function written for Base44 — Deno.serve +
 * createClientFromRequest from npm:@base44/sdk — runs unchanged in Kiln's Deno sandbox, acts as
 * its caller and as the app's service role, reads the app's secrets, and writes its logs.
 */

const BASE44_FUNCTION = `import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";

Deno.serve(async (req) => {
  const base44 = createClientFromRequest(req);
  const me = await base44.auth.me();
  const { title } = await req.json();
  const created = await base44.entities.Task.create({ title });
  const mine = await base44.entities.Task.list();
  const all = await base44.asServiceRole.entities.Task.list();
  console.log("created", created.title, "for", me.email);
  console.warn("careful");
  return Response.json({ me: me.email, created_by: created.created_by, mine: mine.length, all: all.length, greeting: Deno.env.get("GREETING") ?? null });
});
`;

/** A function answering who called it, as the SDK's auth.me() sees them. */
const BASE44_WHO = `import { createClientFromRequest } from "npm:@base44/sdk@0.8.50";
Deno.serve(async (req) => {
  const me = await createClientFromRequest(req).auth.me();
  return Response.json({ email: me.email, role: me.role });
});
`;

const TASK = { name: "Task", type: "object", properties: { title: { type: "string" } }, required: ["title"], rls: { read: { created_by: "{{user.email}}" }, write: { created_by: "{{user.email}}" } } };

let admin: string;
let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;

const write = (path: string, content: string) => call("POST", `/api/apps/${appId}/coding/write`, { token: owner.token, body: { file_path: path, content } });
const invoke = (name: string, token: string | undefined, body: unknown) => call("POST", `/api/apps/${appId}/functions/${name}`, { token, body });

beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
  owner = await signedIn("functions-owner");
  appId = (await builtApp(owner.token, "A simple notes app")).id;
}, 90_000);

describe("activation (spec 02 §4, §6)", () => {
  it("is refused on the Free plan, with the plan's words, and nothing changes", async () => {
    const res = await call("POST", `/api/apps/${appId}/activate-backend-functions`, { token: owner.token });
    expect(res.status).toBe(402);
    expect(res.body.detail).toBe("Backend functions need the Builder plan or higher");
    expect((await call("GET", `/api/apps/${appId}`, { token: owner.token })).body.has_backend_functions_enabled).not.toBe(true);
  });

  it("works on Builder, once and for good", async () => {
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } });
    const res = await call("POST", `/api/apps/${appId}/activate-backend-functions`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ has_backend_functions_enabled: true });
    expect((await call("GET", `/api/apps/${appId}`, { token: owner.token })).body.has_backend_functions_enabled).toBe(true);
  });
});

describe("a Base44 function, unchanged", () => {
  beforeAll(async () => {
    expect((await write("entities/Task", JSON.stringify(TASK))).status).toBe(200);
    expect((await write("functions/addTask", BASE44_FUNCTION)).status).toBe(200);
    expect((await call("PUT", `/api/apps/${appId}/secrets`, { token: owner.token, body: { GREETING: "hello from a secret" } })).status).toBe(200);
  }, 60_000);

  it("creates a record as its caller and reads all of them as the service role", async () => {
    const first = await invoke("addTask", owner.token, { title: "Owner's task" });
    expect({ status: first.status, body: first.body }).toEqual({ status: 200, body: { me: owner.email, created_by: owner.email, mine: 1, all: 1, greeting: "hello from a secret" } });

    await call("POST", `/api/apps/${appId}/users/invite-user`, { token: owner.token, body: { user_email: "fn-member@test.kiln", role: "user" } });
    await enablePasswordSignIn(appId, owner.token);
    const member = await appMember(appId, "fn-member@test.kiln");
    const second = await invoke("addTask", member.token, { title: "Member's task" });
    expect(second.status).toBe(200);
    // row-level rules hold for the caller (one task of theirs); the service role sees both
    expect(second.body).toEqual({ me: member.email, created_by: member.email, mine: 1, all: 2, greeting: "hello from a secret" });
  }, 60_000);

  it("a warm function sees a secret changed since its last call", async () => {
    await call("PUT", `/api/apps/${appId}/secrets`, { token: owner.token, body: { GREETING: "changed" } });
    const res = await invoke("addTask", owner.token, { title: "Third" });
    expect(res.body.greeting).toBe("changed");
  }, 30_000);

  it("keeps the calls' log lines with level, time and region, newest first, 50 to a page", async () => {
    const logs = await call("GET", `/api/apps/${appId}/functions/addTask/logs?limit=50&offset=0`, { token: owner.token });
    expect(logs.status).toBe(200);
    const messages = logs.body.logs.map((l: { message: string }) => l.message);
    expect(messages).toContain("created Member's task for fn-member@test.kiln");
    expect(messages).toContain(`created Owner's task for ${owner.email}`);
    expect(messages).toContain(`created Third for ${owner.email}`);
    expect(logs.body.logs.find((l: { message: string }) => l.message === "careful")).toMatchObject({ level: "warn", region: "local" });
    expect(messages.indexOf("created Member's task for fn-member@test.kiln")).toBeLessThan(messages.indexOf(`created Owner's task for ${owner.email}`));
    expect(logs.body.has_more).toBe(false);
    const second = await call("GET", `/api/apps/${appId}/functions/addTask/logs?limit=1&offset=1`, { token: owner.token });
    expect(second.body.logs).toHaveLength(1);
    expect(second.body.has_more).toBe(true);
  });

  it("lists the function with its deployment, and redeploys it", async () => {
    const list = await call("GET", `/api/apps/${appId}/functions`, { token: owner.token });
    expect(list.body.functions).toEqual([
      expect.objectContaining({ name: "addTask", up_to_date: true, url: expect.stringMatching(new RegExp(`/api/apps/${appId}/functions/addTask$`)) }),
    ]);
    expect(list.body.functions[0].deployment).toMatchObject({ status: "deployed", packages: ["npm:@base44/sdk@0.8.50"], error: null });
    const redeployed = await call("POST", `/api/apps/${appId}/coding/redeploy-function/addTask`, { token: owner.token });
    expect(redeployed.status).toBe(200);
    expect(redeployed.body).toMatchObject({ name: "addTask", status: "deployed" });
    expect(Date.parse(redeployed.body.deployed_at)).toBeGreaterThan(Date.parse(list.body.functions[0].deployment.deployed_at));
  }, 60_000);

  it("a function file that is written is deployed ahead of its first call", async () => {
    const written = await write("functions/ping", "Deno.serve(() => Response.json({ pong: true }));");
    expect({ status: written.status, detail: written.body.detail }).toEqual({ status: 200, detail: undefined });
    const list = await waitFor(
      async () => (await call("GET", `/api/apps/${appId}/functions`, { token: owner.token })).body.functions as { name: string; up_to_date: boolean }[],
      (functions) => functions.some((f) => f.name === "ping" && f.up_to_date),
      30_000,
    );
    expect(list.find((f) => f.name === "ping")).toMatchObject({ up_to_date: true, deployment: { status: "deployed" } });
    expect((await invoke("ping", owner.token, {})).body).toEqual({ pong: true });
  }, 60_000);

  it("a function that does not build says why, in the answer and the logs", async () => {
    expect((await write("functions/broken", "Deno.serve(async () => { return Response.json({ ok: true ; });")).status).toBe(200);
    const res = await invoke("broken", owner.token, {});
    expect(res.status).toBe(500);
    expect(res.body.code).toBe("FUNCTION_BUILD_FAILED");
    expect(res.body.error).toMatch(/could not be deployed/);
    const logs = await call("GET", `/api/apps/${appId}/functions/broken/logs`, { token: owner.token });
    expect(logs.body.logs[0]).toMatchObject({ level: "error" });
  }, 60_000);

  it("a call that does not run changes nothing: an owner's first call of an unknown function makes them no user of the app", async () => {
    useStackLinks();
    const other = await signedIn("functions-owner-404");
    await call("POST", `/api/auth/${other.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } });
    const id = (await builtApp(other.token, "A simple notes app")).id;
    expect((await call("POST", `/api/apps/${id}/activate-backend-functions`, { token: other.token })).status).toBe(200);
    const emailKey = Keys.appUserEmail(id, other.email);
    const users = async () => (await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": emailKey.pk } }))).Items ?? [];
    expect((await users()).map((u) => u.sk)).not.toContain(emailKey.sk);
    expect((await call("POST", `/api/apps/${id}/functions/nope`, { token: other.token, body: {} })).status).toBe(404);
    expect((await users()).map((u) => u.sk)).not.toContain(emailKey.sk);
    // the first call that runs makes them the app's admin user, whose token the function gets
    expect((await call("POST", `/api/apps/${id}/coding/write`, { token: other.token, body: { file_path: "functions/who", content: BASE44_WHO } })).status).toBe(200);
    const ran = await call("POST", `/api/apps/${id}/functions/who`, { token: other.token, body: {} });
    expect({ status: ran.status, body: ran.body }).toEqual({ status: 200, body: { email: other.email, role: "admin" } });
    expect((await users()).map((u) => u.sk)).toContain(emailKey.sk);
  }, 90_000);

  it("an unknown function is a 404, a payload that is not JSON a 400", async () => {
    expect((await invoke("nope", owner.token, {})).status).toBe(404);
    const bad = await call("POST", `/api/apps/${appId}/functions/addTask`, { token: owner.token, rawBody: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe("The request body is not valid JSON");
  });

  it("strangers and visitors of a private app are refused before anything runs", async () => {
    const stranger = await signedIn("functions-stranger");
    expect((await invoke("addTask", stranger.token, { title: "x" })).status).toBe(403);
    expect((await invoke("addTask", undefined, { title: "x" })).status).toBe(403);
  });

  it("stops running when the owner falls back to Free", async () => {
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "free" } });
    const res = await invoke("addTask", owner.token, { title: "x" });
    expect(res.status).toBe(402);
    await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } });
  });
});

describe("deleting the app", () => {
  it("takes its functions' bundles and logs with it", async () => {
    useStackLinks();
    const doomed = (await builtApp(owner.token, "A simple notes app")).id;
    expect((await call("POST", `/api/apps/${doomed}/activate-backend-functions`, { token: owner.token })).status).toBe(200);
    await call("POST", `/api/apps/${doomed}/coding/write`, { token: owner.token, body: { file_path: "functions/hello", content: 'Deno.serve(() => { console.log("hi"); return Response.json({}); });' } });
    expect((await call("POST", `/api/apps/${doomed}/functions/hello`, { token: owner.token, body: {} })).status).toBe(200);
    const bundles = () => Storage.client().send(new ListObjectsV2Command({ Bucket: Config.bucket, Prefix: `apps/${doomed}/functions/` }));
    const logs = () => db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.functionLogsPartition(doomed, "hello") } }));
    expect((await bundles()).KeyCount).toBeGreaterThan(0);
    expect((await logs()).Count).toBeGreaterThan(0);
    expect((await call("DELETE", `/api/apps/${doomed}`, { token: owner.token })).status).toBe(200);
    expect((await bundles()).KeyCount).toBe(0);
    expect((await logs()).Count).toBe(0);
  }, 60_000);
});
