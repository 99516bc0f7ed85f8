import { beforeAll, describe, expect, it } from "vitest";
import { type Outcome, type Role, type RouteKey, routeParts, routes } from "../../lib/routes";
import { type Fixture, defaultParams, fresh, pastAuthorization, requests, tokens, useFixture } from "./authorization-matrix-requests";
import { apiUrl, appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor, uniqueEmail } from "./helpers";

/**
 * Every route of lib/routes.ts called as every kind of caller, against one private_with_login
 * app with real ids in its path, each answer held to the route's declared `who`. A route added
 * without an expectation fails here (and the type-check).
 */

const roles = ["anonymous", "stranger", "owner", "member", "otherAppMember", "admin"] as const satisfies readonly Role[];

/** Routes that change the shared app for good run after every other. */
const last: RouteKey[] = ["POST /api/apps/{id}/chat/message/{msgId}/undo", "POST /api/apps/{id}/app-checkpoints/{cp}/load", "DELETE /api/apps/{id}"];
const keys = Object.keys(routes) as RouteKey[];
const ordered = [...keys.filter((k) => !last.includes(k)), ...last.filter((k) => keys.includes(k))];

/**
 * The answer as an outcome: a refusal by its status; "allowed" for a success (2xx, or a redirect),
 * or for the route's one status in `pastAuthorization`; any other answer as itself. So a 404 that hides an allowed caller's own resource fails the row.
 */
function outcomeOf(status: number, declared: Outcome, answers?: number): Outcome | string {
  if (status >= 200 && status < 400) return "allowed";
  if (status === 401 || status === 403) return status;
  if (status === 404 && declared === 404) return 404;
  if (declared === "allowed" && status === answers) return "allowed";
  return `${status}`;
}

async function ask(key: RouteKey, role: Role, declared: Outcome) {
  const { method, path } = routeParts(key);
  const request = (await requests[key]?.(role, declared === "allowed")) ?? {};
  const params = { ...defaultParams(), ...request.params };
  const filled = path.replace(/\{([^}+]+)\+?\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`${key}: no value for {${name}}; add one to defaultParams or the route's request`);
    return encodeURIComponent(params[name]);
  });
  const query = request.query ? `?${new URLSearchParams(request.query)}` : "";
  const res = await call(method, filled + query, { token: tokens[role], body: request.body, rawBody: request.rawBody, headers: request.headers });
  return { status: res.status, outcome: outcomeOf(res.status, declared, pastAuthorization[key]), detail: res.body?.detail ?? res.body?.message };
}

async function upload(token: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob(["hello"], { type: "text/plain" }), "hello.txt");
  const res = await fetch(`${apiUrl()}/api/files`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const { url } = (await res.json()) as { url: string };
  return url.split("/").pop()!;
}

beforeAll(async () => {
  const owner = await signedIn("matrix-owner");
  const otherOwner = await signedIn("matrix-other-owner");
  tokens.owner = owner.token;
  tokens.stranger = (await signedIn("matrix-stranger")).token;
  tokens.admin = await tokenFor("admin@kiln.local");

  const [app, other] = await Promise.all([builtApp(owner.token), builtApp(otherOwner.token, "A reading list")]);
  const put = (token: string, id: string, body: unknown) => call("PUT", `/api/apps/${id}`, { token, body });
  expect((await put(owner.token, app.id, { public_settings: "private_with_login" })).status).toBe(200);
  expect((await put(otherOwner.token, other.id, { public_settings: "public_with_login" })).status).toBe(200);
  await Promise.all([enablePasswordSignIn(app.id, owner.token), enablePasswordSignIn(other.id, otherOwner.token)]);
  tokens.otherAppMember = (await appMember(other.id)).token;

  const memberEmail = uniqueEmail("matrix-member");
  const invite = (email: string) => call("POST", `/api/apps/${app.id}/users/invite-user`, { token: owner.token, body: { user_email: email, role: "user" } });
  expect((await invite(memberEmail)).status).toBe(200);
  tokens.member = (await appMember(app.id, memberEmail)).token;
  const target = await invite(uniqueEmail("matrix-target"));

  const entity = Object.keys(app.entities)[0]!;
  const required: string[] = app.entities[entity].required ?? [];
  const recordOf = (label: string) => Object.fromEntries(required.map((field) => [field, label]));
  const record = await call("POST", `/api/apps/${app.id}/entities/${entity}`, { token: owner.token, body: recordOf("first") });
  expect(record.status, JSON.stringify(record.body)).toBe(201);
  const messages = (await call("GET", `/api/apps/${app.id}/chat/messages`, { token: owner.token })).body.messages as { id: string; role: string }[];
  const checkpoints = (await call("GET", `/api/apps/${app.id}/app-checkpoints`, { token: owner.token })).body as { id: string }[];
  const catalog = (await call("GET", "/api/integration-catalog-items/catalog", { token: owner.token })).body as { item: { id: string } }[];
  const secretName = "MATRIX_KEY";
  expect((await call("PUT", `/api/apps/${app.id}/secrets`, { token: owner.token, body: { [secretName]: "value" } })).status).toBe(200);
  expect((await call("POST", `/api/apps/${app.id}/deploy`, { token: owner.token })).status).toBe(200);
  const f: Fixture = {
    appId: app.id,
    slug: app.slug,
    entity,
    recordId: record.body.id,
    userId: target.body.id,
    checkpointId: checkpoints[0].id,
    userMessageId: messages.find((m) => m.role === "user")!.id,
    assistantMessageId: messages.find((m) => m.role === "assistant")!.id,
    secretName,
    fileId: await upload(owner.token),
    catalogId: catalog[0].item.id,
    ownCatalogId: "",
    ownerUserId: owner.user.id,
  };
  useFixture(f, recordOf);
  f.ownCatalogId = await fresh.catalogItem();
  expect(f.ownCatalogId).toMatch(/^[0-9a-z]{26}$/);
}, 90_000);

describe("the route table declares who may call each route", () => {
  it("every route has an expectation for every kind of caller", () => {
    for (const [key, def] of Object.entries(routes)) {
      expect(Object.keys(def.who ?? {}).sort(), key).toEqual([...roles].sort());
      for (const outcome of Object.values(def.who)) expect(["allowed", 401, 403, 404], key).toContain(outcome);
    }
  });
});

describe.each(ordered)("%s", (key) => {
  const declared = routes[key].who;
  it("answers each caller as declared", async () => {
    // Refusals first, so an allowed call's side effect cannot hide a refusal that does not hold.
    const order = [...roles].sort((a, b) => Number(declared[a] === "allowed") - Number(declared[b] === "allowed"));
    const got: Record<string, Outcome | string> = {};
    const details: Record<string, string> = {};
    for (const role of order) {
      const answer = await ask(key, role, declared[role]);
      got[role] = answer.outcome;
      details[role] = `${answer.status} ${answer.detail ?? ""}`;
    }
    expect(got, JSON.stringify(details)).toEqual({ ...declared });
  });
});
