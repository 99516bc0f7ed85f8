import { beforeAll, describe, expect, it } from "vitest";
import { type RouteKey, routeParts, routes } from "../../lib/routes";
import { builtApp, call, signedIn, tokenFor, uniqueEmail } from "./helpers";

/**
 * Every route of lib/routes.ts with a path parameter, called once per parameter with that
 * one 1,200 characters long and the others real, as a caller who gets past authorization.
 * DynamoDB refuses keys past 1,024 (sort) or 2,048 (partition) bytes; an over-long id must be
 * a 4xx (it names nothing), never that refusal surfacing as a 5xx.
 */

const LONG = "a".repeat(1200);
let real: Record<string, string>;
let owner: string;
let admin: string;

const keys = (Object.keys(routes) as RouteKey[]).filter((k) => routeParts(k).path.includes("{"));
const paramsOf = (key: RouteKey) => [...routeParts(key).path.matchAll(/\{([^}+]+)\+?\}/g)].map((m) => m[1]!);

/** The route's path with `long` set to LONG and every other parameter to a real value. */
function pathOf(key: RouteKey, long: string): string {
  const id = key.includes("/auth/") && !key.includes("/apps/") ? real.userId : key.includes("/integration-catalog-items/") ? real.catalogId : real.appId;
  const values: Record<string, string> = { ...real, id };
  return routeParts(key).path.replace(/\{([^}+]+)\+?\}/g, (_, name: string) => encodeURIComponent(name === long ? LONG : values[name] ?? "none"));
}

beforeAll(async () => {
  const user = await signedIn("long-ids");
  owner = user.token;
  admin = await tokenFor("admin@kiln.local");
  const app = await builtApp(owner);
  const entity = Object.keys(app.entities)[0]!;
  const required: string[] = app.entities[entity].required ?? [];
  const record = await call("POST", `/api/apps/${app.id}/entities/${entity}`, { token: owner, body: Object.fromEntries(required.map((f) => [f, "long"])) });
  expect(record.status).toBe(201);
  const invited = await call("POST", `/api/apps/${app.id}/users/invite-user`, { token: owner, body: { user_email: uniqueEmail("long-target"), role: "user" } });
  expect(invited.status).toBe(200);
  real = {
    appId: app.id,
    userId: user.user.id,
    catalogId: "none",
    entity,
    rid: record.body.id,
    uid: invited.body.id,
    slug: app.slug,
    domain: `${app.slug}.localhost`,
    name: "SendEmail",
    page: "Home",
  };
}, 90_000);

describe("over-long ids in the path", () => {
  it("every route answers a 1,200-character path parameter with a 4xx, never a 5xx", async () => {
    const answers: { route: string; param: string; status: number; detail: string }[] = [];
    for (const key of keys) {
      const { method } = routeParts(key);
      const token = routes[key].access === "admin" ? admin : owner;
      for (const param of paramsOf(key)) {
        // an empty JSON object: a write gets past the body parser to its schema, which refuses it, so nothing changes
        const res = await call(method, pathOf(key, param), { token, body: method === "GET" ? undefined : {} });
        answers.push({ route: key, param, status: res.status, detail: String(res.body?.detail ?? "").slice(0, 80) });
      }
    }
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status < 400 && a.status !== 302 && a.status !== 303).map((a) => `${a.route} {${a.param}} → ${a.status}`)).toEqual([]);
  }, 120_000);
});
