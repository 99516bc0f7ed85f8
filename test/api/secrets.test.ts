import { beforeAll, describe, expect, it } from "vitest";
import { builtApp, call, signedIn } from "./helpers";

/** The workspace's Secrets calls (spec 02 §7 Secrets) and the chat note for new names. */

let token: string;
let appId: string;

const lastMessage = async () => (await call("GET", `/api/apps/${appId}`, { token })).body.conversation.messages.at(-1);

beforeAll(async () => {
  ({ token } = await signedIn("secrets-view"));
  appId = (await builtApp(token, "A simple notes app")).id;
}, 60_000);

describe("PUT /api/apps/{id}/secrets", () => {
  it("answers the names it created and tells the chat: I've added {names} secrets", async () => {
    const res = await call("PUT", `/api/apps/${appId}/secrets`, { token, body: { OPENAI_KEY: "sk-1", MAPS_KEY: "m-1" } });
    expect(res.status).toBe(200);
    expect(res.body.created.sort()).toEqual(["MAPS_KEY", "OPENAI_KEY"]);
    expect(JSON.stringify(res.body)).not.toContain("sk-1");
    const message = await lastMessage();
    expect(message).toMatchObject({ role: "user", content: "I've added OPENAI_KEY, MAPS_KEY secrets" });
    expect(JSON.stringify(message)).not.toContain("sk-1");
  });

  it("updating an existing secret creates nothing and adds no chat message", async () => {
    const before = await lastMessage();
    const res = await call("PUT", `/api/apps/${appId}/secrets`, { token, body: { OPENAI_KEY: "sk-2" } });
    expect(res.status).toBe(200);
    expect(res.body.created).toEqual([]);
    expect((await lastMessage()).id).toBe(before.id);
  });

  it("lists names only, and deletes by name", async () => {
    const list = await call("GET", `/api/apps/${appId}/secrets`, { token });
    expect(list.body.secrets.map((s: { name: string }) => s.name).sort()).toEqual(["MAPS_KEY", "OPENAI_KEY"]);
    expect(JSON.stringify(list.body)).not.toMatch(/sk-|m-1/);
    expect((await call("DELETE", `/api/apps/${appId}/secrets/MAPS_KEY`, { token })).status).toBe(200);
    expect((await call("DELETE", `/api/apps/${appId}/secrets/MAPS_KEY`, { token })).status).toBe(404);
    const after = await call("GET", `/api/apps/${appId}/secrets`, { token });
    expect(after.body.secrets.map((s: { name: string }) => s.name)).toEqual(["OPENAI_KEY"]);
  });

  it("a value with a control character (NUL, escape…) is a 400 naming the rule, and nothing is stored", async () => {
    const names = async () => (await call("GET", `/api/apps/${appId}/secrets`, { token })).body.secrets.map((s: { name: string }) => s.name);
    const before = await names();
    for (const value of ["sk-\u0000live", "\u001b[31mred", "a\u007fb"]) {
      const res = await call("PUT", `/api/apps/${appId}/secrets`, { token, body: { CONTROL_KEY: value } });
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.detail).toContain("control characters");
    }
    expect(await names()).toEqual(before);
    // a PEM key's line breaks and tabs are fine
    const pem = await call("PUT", `/api/apps/${appId}/secrets`, { token, body: { PEM_KEY: "-----BEGIN KEY-----\r\nabc\tdef\n-----END KEY-----" } });
    expect(pem.status, JSON.stringify(pem.body)).toBe(200);
  });

  it("a blank value is refused with no change and no chat message", async () => {
    const before = await lastMessage();
    const res = await call("PUT", `/api/apps/${appId}/secrets`, { token, body: { NEW_ONE: "  " } });
    expect(res.status).toBe(400);
    expect((await lastMessage()).id).toBe(before.id);
  });
});
