import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { QueryCommand } from "@aws-sdk/lib-dynamodb";
import { db, table } from "../../functions/core/db";
import { Keys } from "../../functions/core/keys";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, useStackLinks } from "./helpers";

/**
 * Issue 21 items 5 and "Function Logs after Test": what a function throws never reaches its
 * caller (it may hold a secret); the caller gets Kiln's words and a request id, the owner's
 * logs keep the text under that id with the app's secret values masked, and every call shows
 * in the function's logs at once, also one that prints nothing.
 */

const SECRET = `sk_live_${randomBytes(12).toString("hex")}`;
const SHORT = "eu1";

/** Prints and throws the secret inside longer text; also prints a value too short to be masked. */
const LEAKY = `Deno.serve(async () => {
  console.log("calling with " + Deno.env.get("API_KEY") + " in " + Deno.env.get("REGION"));
  console.error(JSON.stringify({ auth: "Bearer " + Deno.env.get("API_KEY") }));
  throw new Error("boom " + Deno.env.get("API_KEY") + "!");
});
`;
const QUIET = "Deno.serve(() => Response.json({ ok: true }));";
/** The app author's own choice: a secret returned in the function's answer is left as it is. */
const TELLS = 'Deno.serve(() => new Response(Deno.env.get("API_KEY")));';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let owner: Awaited<ReturnType<typeof signedIn>>;
let appId: string;
let member: { token: string };

const invoke = (name: string, token?: string) => call("POST", `/api/apps/${appId}/functions/${name}`, { token, body: {} });
const logsOf = async (name: string) =>
  (await call("GET", `/api/apps/${appId}/functions/${name}/logs`, { token: owner.token })).body.logs as { level: string; message: string; request_id: string | null }[];

beforeAll(async () => {
  useStackLinks();
  owner = await signedIn("fn-errors-owner");
  appId = (await builtApp(owner.token, "A simple notes app")).id;
  await call("POST", `/api/auth/${owner.user.id}/update-user`, { token: await tokenFor("admin@kiln.local"), body: { subscription_tier: "builder" } });
  expect((await call("POST", `/api/apps/${appId}/activate-backend-functions`, { token: owner.token })).status).toBe(200);
  expect((await call("PUT", `/api/apps/${appId}`, { token: owner.token, body: { public_settings: "public_without_login" } })).status).toBe(200);
  expect((await call("PUT", `/api/apps/${appId}/secrets`, { token: owner.token, body: { API_KEY: SECRET, REGION: SHORT } })).status).toBe(200);
  for (const [name, code] of [
    ["leaky", LEAKY],
    ["quiet", QUIET],
    ["tells", TELLS],
  ]) {
    expect((await call("POST", `/api/apps/${appId}/coding/write`, { token: owner.token, body: { file_path: `functions/${name}`, content: code } })).status).toBe(200);
  }
  await enablePasswordSignIn(appId, owner.token);
  member = await appMember(appId);
}, 90_000);

describe("a function that throws a secret (issue 21 item 5)", () => {
  let requestId: string;

  it("its app user and a visitor get a 500 with Kiln's words and a request id, never the secret", async () => {
    for (const token of [member.token, undefined]) {
      const res = await invoke("leaky", token);
      const text = JSON.stringify(res.body);
      expect(res.status).toBe(500);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("boom");
      expect(res.body.request_id).toMatch(UUID);
      expect(res.headers.get("x-request-id")).toBe(res.body.request_id);
      expect(res.body).toEqual({
        error: `The function failed. Request id: ${res.body.request_id}`,
        message: `The function failed. Request id: ${res.body.request_id}`,
        detail: `The function failed. Request id: ${res.body.request_id}`,
        code: "FUNCTION_ERROR",
        request_id: res.body.request_id,
      });
      requestId = res.body.request_id;
    }
  }, 60_000);

  it("the owner's logs keep the text under that request id, the secret masked inside longer lines; a 3-character value is not masked", async () => {
    const lines = (await logsOf("leaky")).filter((l) => l.request_id === requestId);
    const messages = lines.map((l) => l.message);
    expect(messages).toContain("Error: boom [secret API_KEY]!");
    expect(messages).toContain(`calling with [secret API_KEY] in ${SHORT}`);
    expect(messages).toContain('{"auth":"Bearer [secret API_KEY]"}');
    expect(JSON.stringify(await logsOf("leaky"))).not.toContain(SECRET);
  });

  it("nothing unmasked is stored: not in the function's logs, not in the app's log", async () => {
    const stored = await db().send(new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.functionLogsPartition(appId, "leaky") } }));
    expect(stored.Count).toBeGreaterThan(0);
    expect(JSON.stringify(stored.Items)).not.toContain(SECRET);

    const appLog = await call("GET", `/api/app-logs/${appId}?log_type=function&limit=50`, { token: owner.token });
    expect(appLog.status).toBe(200);
    const record = appLog.body.logs.find((r: { outputs: { request_id?: string } | null }) => r.outputs?.request_id === requestId);
    expect(record).toMatchObject({ object_name: "leaky", status: "error", error: "Error: boom [secret API_KEY]!" });
    expect(JSON.stringify(appLog.body)).not.toContain(SECRET);
  });

  it("the owner's Test answer keeps Kiln's words and gives the text, masked, as its detail", async () => {
    const res = await invoke("leaky", owner.token);
    expect(res.status).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain(SECRET);
    expect(res.body).toMatchObject({ error: `The function failed. Request id: ${res.body.request_id}`, detail: "Error: boom [secret API_KEY]!", code: "FUNCTION_ERROR" });
  }, 30_000);

  it("a secret the function itself answers with is the app author's choice, left as it is", async () => {
    const res = await invoke("tells", member.token);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: SECRET });
  }, 30_000);
});

describe("a call's logs are there at once (issue 21, Function Logs after Test)", () => {
  it("a function that prints nothing still has a line for the call, under its request id, as soon as it answered", async () => {
    const res = await invoke("quiet", owner.token);
    expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { ok: true } });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    const lines = await logsOf("quiet");
    expect(lines).toEqual([expect.objectContaining({ level: "info", request_id: id, message: expect.stringMatching(new RegExp(`^Request ${id}: answered 200 in \\d+ ms`)) })]);
  }, 30_000);
});
