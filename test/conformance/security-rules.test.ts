import { beforeAll, describe, expect, it } from "vitest";
import { appMember, builtApp, call, enablePasswordSignIn, signedIn, tokenFor } from "../api/helpers";
import { type Access, entityWithAccess } from "../../web/src/components/workspace/security/rules";
import { failure, sdkClient } from "./sdk";

/**
 * The Security editor's rules as the server enforces them: the entity file the editor's
 * conversion (web/src/components/workspace/security/rules.ts) produces is saved the way
 * the workspace saves it (Coding.write of entities/{Name}), and a second app user, through
 * the real @base44/sdk, sees the difference.
 */

let builder: string;
let appId: string;
let alice: Awaited<ReturnType<typeof appMember>>;
let bob: Awaited<ReturnType<typeof appMember>>;

const NOTE = { name: "Note", type: "object", properties: { title: { type: "string" }, team: { type: "string" } }, required: ["title"] };

/** What the workspace does on "Save Rules": the app's entity, its rls replaced, written as the file. */
async function saveAccess(access: Access) {
  const app = await call("GET", `/api/apps/${appId}`, { token: builder });
  const content = JSON.stringify(entityWithAccess(app.body.entities.Note, access), null, 2);
  const res = await call("POST", `/api/apps/${appId}/coding/write`, { token: builder, body: { file_path: "entities/Note", content } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const titles = async (token: string) => ((await sdkClient(appId, token).entities.Note.list()) as { title: string }[]).map((n) => n.title).sort();

beforeAll(async () => {
  const user = await signedIn("security-rules");
  builder = user.token;
  const admin = await tokenFor("admin@kiln.local");
  expect((await call("POST", `/api/auth/${user.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
  appId = (await builtApp(builder, "A simple notes app")).id;
  const wrote = await call("POST", `/api/apps/${appId}/coding/write`, { token: builder, body: { file_path: "entities/Note", content: JSON.stringify(NOTE) } });
  expect(wrote.status, JSON.stringify(wrote.body)).toBe(200);
  expect((await call("PUT", `/api/apps/${appId}`, { token: builder, body: { public_settings: "public_with_login" } })).status).toBe(200);
  await enablePasswordSignIn(appId, builder);
  alice = await appMember(appId);
  bob = await appMember(appId);
  await sdkClient(appId, alice.token).entities.Note.create({ title: "Alice's note" });
  await sdkClient(appId, bob.token).entities.Note.create({ title: "Bob's note" });
}, 90_000);

describe("rules saved by the Security editor, seen through @base44/sdk", () => {
  it("public: every user sees every note", async () => {
    expect(await titles(bob.token)).toEqual(["Alice's note", "Bob's note"]);
  });

  it("creator-only read: each user sees only their own notes, and cannot change another's", async () => {
    await saveAccess({ mode: "restricted", read: [{ type: "creatorOnly" }], write: null });
    expect(await titles(bob.token)).toEqual(["Bob's note"]);
    expect(await titles(alice.token)).toEqual(["Alice's note"]);
    const [alices] = (await sdkClient(appId, alice.token).entities.Note.list()) as { id: string }[];
    const err = await failure(sdkClient(appId, bob.token).entities.Note.update(alices.id, { title: "taken" }));
    expect(err.status).toBe(404);
  });

  it("open read with custom creator-only write: bob reads alice's note but cannot delete it", async () => {
    await saveAccess({ mode: "restricted", read: [{ type: "none" }], write: [{ type: "creatorOnly" }] });
    expect(await titles(bob.token)).toEqual(["Alice's note", "Bob's note"]);
    const notes = (await sdkClient(appId, bob.token).entities.Note.list()) as { id: string; title: string }[];
    const alices = notes.find((n) => n.title === "Alice's note")!;
    const err = await failure(sdkClient(appId, bob.token).entities.Note.delete(alices.id));
    expect(err.status).toBeGreaterThanOrEqual(403);
    expect(await titles(alice.token)).toEqual(["Alice's note", "Bob's note"]);
  });

  it("a field comparison with the data. prefix: a note whose team is the user's email", async () => {
    await saveAccess({ mode: "restricted", read: [{ type: "fieldComparison", field: "team", userField: "email" }], write: [{ type: "creatorOnly" }] });
    await sdkClient(appId, alice.token).entities.Note.create({ title: "For Bob", team: bob.email });
    expect(await titles(bob.token)).toEqual(["For Bob"]);
    expect(await titles(alice.token)).toEqual([]);
  });

  it("Remove All Rules: public again", async () => {
    await saveAccess({ mode: "public" });
    const app = await call("GET", `/api/apps/${appId}`, { token: builder });
    expect(app.body.entities.Note.rls).toBeUndefined();
    expect(await titles(bob.token)).toEqual(["Alice's note", "Bob's note", "For Bob"]);
  });
});
