import { beforeAll, describe, expect, it } from "vitest";
import { builtApp, call, signedIn, tokenFor, until, useStackLinks } from "./helpers";

/**
 * Creates and deletes that arrive together share one transaction with their counter
 * changes (functions/core/records/records.ts, group commit). Driven over HTTP with many calls at
 * once, so groups really form: a delete that lost its race answers 404 without failing the
 * others in its transaction, two deletes of one record never share one, and the count stays
 * exactly what the table holds.
 */
useStackLinks();

const ents = (appId: string, name: string, rest = "") => `/api/apps/${appId}/entities/${name}${rest}`;

let token: string;
let appId: string;

beforeAll(async () => {
  const user = await signedIn("group-commit");
  const admin = await tokenFor("admin@kiln.local");
  expect((await call("POST", `/api/auth/${user.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
  token = user.token;
  appId = (await builtApp(token, "A simple task tracker")).id;
  const write = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: "entities/Race", content: JSON.stringify({ name: "Race", type: "object", properties: { label: { type: "string" } } }) } });
  expect(write.status, JSON.stringify(write.body)).toBe(200);
  await until("the Race counter", async () => (await call("GET", ents(appId, "Race", "/count"), { token })).headers.get("x-kiln-query-plan") === "counter");
}, 120_000);

describe("group commit of creates and deletes", () => {
  it("three concurrent deletes of each record: one 200 each, the rest 404, creates alongside, and the count exact", async () => {
    const created = await Promise.all(Array.from({ length: 30 }, (_, i) => call("POST", ents(appId, "Race"), { token, body: { label: `r${i}` } })));
    expect(created.map((r) => r.status)).toEqual(Array(30).fill(201));
    const ids = created.map((r) => r.body.id as string);
    expect(new Set(ids).size).toBe(30);

    const doomed = ids.slice(0, 15);
    const [deletes, more] = await Promise.all([
      Promise.all(doomed.flatMap((id) => [0, 1, 2].map(() => call("DELETE", ents(appId, "Race", `/${id}`), { token })))),
      Promise.all(Array.from({ length: 10 }, (_, i) => call("POST", ents(appId, "Race"), { token, body: { label: `late${i}` } }))),
    ]);
    expect(more.map((r) => r.status)).toEqual(Array(10).fill(201));
    for (let i = 0; i < doomed.length; i++) {
      const statuses = deletes.slice(i * 3, i * 3 + 3).map((r) => r.status);
      expect(statuses.sort(), `the deletes of ${doomed[i]}`).toEqual([200, 404, 404]);
    }

    const count = await call("GET", ents(appId, "Race", "/count"), { token });
    expect(count.headers.get("x-kiln-query-plan")).toBe("counter");
    expect(count.body.count).toBe(25);
    const listed = await call("GET", ents(appId, "Race", "?limit=100"), { token });
    expect(listed.body.map((r: { id: string }) => r.id).sort()).toEqual([...ids.slice(15), ...more.map((r) => r.body.id as string)].sort());
  }, 120_000);
});
