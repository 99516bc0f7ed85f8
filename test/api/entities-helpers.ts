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
