import { describe, expect, it } from "vitest";
import { App } from "../../schemas/app";
import { SocketClient, builtApp, call, signedIn, waitForApp } from "./helpers";

describe("POST /api/apps", () => {
  it("creates the app 'processing' with 'Starting conversation...' and answers at once", async () => {
    const { token } = await signedIn("create");
    const res = await call("POST", "/api/apps", { token, body: { user_description: "A habit tracker with streaks" } });
    expect(res.status).toBe(201);
    expect(res.body.status.state).toBe("processing");
    expect(res.body.name).toEqual(expect.any(String));
    expect(res.body.public_settings).toBe("private_with_login");
    await waitForApp(token, res.body.id);
  });

  it("builds a real app offline: entities with typed fields, pages, a layout, a receipt and three suggestions", async () => {
    const { token } = await signedIn("crm");
    const app = App.parse(await builtApp(token));
    expect(app.status.state).toBe("ready");
    expect(Object.keys(app.entities)).toEqual(expect.arrayContaining(["Customer", "Deal", "Task"]));
    expect(app.entities.Task.properties).toHaveProperty("title");
    expect(app.layout).toContain("Layout");
    expect(Object.keys(app.pages)).toContain("Dashboard");
    expect(app.main_page).toBe("Dashboard");
    const [user, assistant] = app.conversation.messages;
    expect(user.role).toBe("user");
    expect(user.checkpoint_id).toEqual(expect.any(String));
    expect(assistant.role).toBe("assistant");
    expect(assistant.state).toBe("done");
    expect(assistant.content).toContain('<kiln-write path="entities/Task">');
    expect(assistant.receipt!.entities.added).toEqual(expect.arrayContaining(["Customer", "Deal", "Task"]));
    expect(assistant.receipt!.unrequested_removals).toEqual([]);
    expect(app.suggestions).toMatchObject({ suggestion_1: { title: expect.any(String), prompt: expect.any(String) } });
  });

  it("rejects an empty description with a 400 and creates nothing", async () => {
    const { token } = await signedIn("empty");
    for (const body of [{}, { user_description: "   " }, { user_description: 42 }, { user_description: "x", unknown: true }]) {
      const res = await call("POST", "/api/apps", { token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call("GET", "/api/apps", { token })).body).toEqual([]);
  });
});

describe("GET /api/apps", () => {
  it("lists own apps newest first, filters with q ($or of $regex/$options) and pages with skip/limit", async () => {
    const { token, email } = await signedIn("lister");
    const a = await builtApp(token, "A recipe box for family recipes");
    const b = await builtApp(token, "A workout log for the gym");
    const all = await call("GET", "/api/apps?sort=-updated_date", { token });
    expect(all.body.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    const q = JSON.stringify({ $or: [{ name: { $regex: "WORKOUT", $options: "i" } }, { user_description: { $regex: "WORKOUT", $options: "i" } }] });
    const found = await call("GET", `/api/apps?${new URLSearchParams({ q })}`, { token });
    expect(found.body.map((x: { id: string }) => x.id)).toEqual([b.id]);
    const mine = await call("GET", `/api/apps?${new URLSearchParams({ q: JSON.stringify({ created_by: email }), limit: "1", skip: "1" })}`, { token });
    expect(mine.body.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const fields = await call("GET", "/api/apps?fields=name", { token });
    expect(Object.keys(fields.body[0]).sort()).toEqual(["id", "name"]);
  });

  it("never lists another user's apps", async () => {
    const alice = await signedIn("alice");
    await builtApp(alice.token, "Alice's secret planner");
    const bob = await signedIn("bob");
    expect((await call("GET", "/api/apps", { token: bob.token })).body).toEqual([]);
  });
});

describe("one app: authorization", () => {
  it("a stranger gets 403 on every call about the app, and knowing its id grants nothing", async () => {
    const owner = await signedIn("owner");
    const app = await builtApp(owner.token, "A book club tracker");
    const stranger = await signedIn("stranger");
    const userMsg = app.conversation.messages[0].id;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/apps/${app.id}`],
      ["PUT", `/api/apps/${app.id}`, { name: "Mine now" }],
      ["DELETE", `/api/apps/${app.id}`],
      ["POST", `/api/apps/${app.id}/chat/message`, { content: "delete everything" }],
      ["POST", `/api/apps/${app.id}/chat/message/${userMsg}/undo`],
      ["POST", `/api/apps/${app.id}/chat/stop`],
      ["GET", `/api/apps/${app.id}/app-checkpoints`],
      ["GET", `/api/apps/${app.id}/chat/messages`],
    ];
    for (const [method, path, body] of calls) {
      const res = await call(method, path, { token: stranger.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    const undo = await call("POST", `/api/apps/${app.id}/chat/message/${userMsg}/undo`, { token: stranger.token });
    expect(undo.body.detail).toBe("You do not have access to this app");
    const socket = await SocketClient.open(stranger.token);
    expect(await socket.join(app.id)).toMatchObject({ event: "error" });
    socket.close();
    expect((await call("GET", `/api/apps/${app.id}`, { token: owner.token })).body.name).not.toBe("Mine now");
  });

  it("answers 404 'App not found' for an unknown id", async () => {
    const { token } = await signedIn("nobody");
    const res = await call("GET", "/api/apps/01nosuchapp", { token });
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe("App not found");
  });
});
