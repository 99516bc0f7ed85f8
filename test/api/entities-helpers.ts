import { expect } from "vitest";
import { builtApp, call, signedIn } from "./helpers";

/** What the entity API's tests share (test/api/entities*.test.ts): its paths, and apps to call it on. */

export const ents = (appId: string, name: string, rest = "") => `/api/apps/${appId}/entities/${name}${rest}`;
export const ids = (list: { id: string }[]) => list.map((r) => r.id);
/** A query string as axios (the SDK's client) writes it: form encoding, so a space is `+`. */
export const qs = (params: Record<string, unknown>) => `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]))}`;

export async function setVisibility(token: string, appId: string, public_settings: string) {
  expect((await call("PUT", `/api/apps/${appId}`, { token, body: { public_settings } })).status).toBe(200);
}

/** A one-entity app of a new builder, and valid records for its first entity (its required fields filled). */
export async function simpleApp(label: string) {
  const { token } = await signedIn(label);
  const app = await builtApp(token, "A simple task tracker");
  const entity = Object.keys(app.entities)[0];
  const required: string[] = app.entities[entity].required ?? [];
  const rows = (n: number) => Array.from({ length: n }, (_, i) => Object.fromEntries(required.map((f) => [f, `r${i}`])));
  return { token, app, entity, rows };
}

/** What a query read through (`x-kiln-query-plan`), and a list's names. */
export const planOf = (res: { headers: Headers }) => res.headers.get("x-kiln-query-plan");
export const namesOf = (list: { name: string }[]) => list.map((r) => r.name);

/** Writes an entity's file with these properties, as the Code view saves it. */
export async function writeEntity(token: string, appId: string, name: string, properties: Record<string, unknown>) {
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: `entities/${name}`, content: JSON.stringify({ name, type: "object", properties }) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** One list call (the SDK's filter/list), answered 200. */
export async function listRecords(token: string, appId: string, entity: string, params: Record<string, unknown>) {
  const res = await call("GET", ents(appId, entity, qs(params)), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** Every record through v2 cursor pages, and the plans the pages read through. */
export async function pageRecords(token: string, appId: string, entity: string, params: Record<string, unknown>) {
  const items: { name: string }[] = [];
  const plans = new Set<string | null>();
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const res = await call("GET", ents(appId, entity, `/v2/list${qs(cursor ? { cursor, limit: params.limit } : params)}`), { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.items);
    plans.add(planOf(res));
    if (!res.body.next_cursor) return { items, plans };
    cursor = res.body.next_cursor;
  }
  throw new Error("too many pages");
}
