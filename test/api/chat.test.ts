import { describe, expect, it } from "vitest";
import { SocketClient, builtApp, call, signedIn, waitForApp } from "./helpers";

const send = (token: string, appId: string, body: object) => call("POST", `/api/apps/${appId}/chat/message`, { token, body });

describe("POST /api/apps/{id}/chat/message", () => {
  it("applies a follow-up: 'add a priority field to tasks' reaches the entity and its form", async () => {
    const { token } = await signedIn("followup");
    const app = await builtApp(token);
    const res = await send(token, app.id, { content: "add a priority field to tasks" });
    expect(res.status).toBe(201);
    expect(res.body.app.status.state).toBe("processing");
    expect(res.body.user_message.checkpoint_id).toEqual(expect.any(String));
    const after = await waitForApp(token, app.id);
    expect(after.status.state).toBe("ready");
    expect(after.entities.Task.properties.priority).toMatchObject({ type: "string" });
    expect(after.pages.TaskForm).toContain("priority");
    const last = after.conversation.messages.at(-1);
    expect(last.receipt.files.modified).toContain("entities/Task");
  });

  it("pushes the turn to the app's room: the growing message, the files and the final status", async () => {
    const { token } = await signedIn("live");
    const app = await builtApp(token);
    const socket = await SocketClient.open(token);
    expect(await socket.join(app.id)).toMatchObject({ event: "joined" });
    await send(token, app.id, { content: "add an entity for invoices" });
    const file = await socket.next((e) => e.event === "update_model" && Boolean((e.data as any)._files?.["entities/Invoice"]), 20_000);
    expect(JSON.parse((file as any).data._files["entities/Invoice"]).name).toBe("Invoice");
    await socket.next((e) => e.event === "update_model" && (e.data as any).status?.state === "ready", 20_000);
    expect(socket.events.some((e) => e.event === "update_model" && (e.data as any)._last_msg?.role === "assistant")).toBe(true);
    socket.close();
  });

  it("refuses a second message while the assistant is working (409) and bad bodies (400)", async () => {
    const { token } = await signedIn("busy");
    const app = await builtApp(token);
    await send(token, app.id, { content: "add an entity for expenses" });
    const second = await send(token, app.id, { content: "and another" });
    expect(second.status).toBe(409);
    for (const body of [{}, { content: "   " }, { content: "x", extra: 1 }, { content: "x", additional_message_params: { discussion_mode: "yes" } }]) {
      expect((await send(token, app.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    await waitForApp(token, app.id);
  });

  it("of many concurrent sends exactly one starts a turn; the rest answer 409 and nothing is charged for them", async () => {
    const { token } = await signedIn("race");
    const app = await builtApp(token);
    // A model stand-in that holds its answer open keeps the turn running until Stop.
    expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { model: "claude_sonnet_4" } })).status).toBe(200);
    const before = (await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => send(token, app.id, { content: `HOLD: think about it (${i})` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect((await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage).toBe(before + 1);
    const during = await call("GET", `/api/apps/${app.id}`, { token });
    expect(during.body.conversation.messages.filter((m: { role: string }) => m.role === "user")).toHaveLength(2);
    await call("POST", `/api/apps/${app.id}/chat/stop`, { token });
    await waitForApp(token, app.id, (a) => a.conversation.messages.at(-1).state !== "streaming");
  });

  it("with a file frozen, the offline engine leaves it alone and its reply says so instead of claiming the change", async () => {
    const { token } = await signedIn("frozen");
    const app = await builtApp(token);
    expect((await call("PUT", `/api/apps/${app.id}`, { token, body: { frozen_files: ["pages/TaskForm"] } })).status).toBe(200);
    await send(token, app.id, { content: "add a priority field to tasks" });
    const after = await waitForApp(token, app.id);
    expect(after.pages.TaskForm).toBe(app.pages.TaskForm);
    const last = after.conversation.messages.at(-1);
    expect(last.content).toContain("I made only part of this change: pages/TaskForm is frozen, so I left it unchanged");
    expect(last.content).not.toContain("kiln-edit path=\"pages/TaskForm\"");
    expect(last.receipt.files.modified).not.toContain("pages/TaskForm");
    expect(last.receipt.not_applied).toEqual([]);
  });

  it("answers plainly in discussion mode and changes no file", async () => {
    const { token } = await signedIn("discuss");
    const app = await builtApp(token);
    await send(token, app.id, { content: "what entities does this app have?", additional_message_params: { discussion_mode: true } });
    const after = await waitForApp(token, app.id);
    const last = after.conversation.messages.at(-1);
    expect(last.content).not.toContain("<kiln-");
    expect(last.receipt.files).toEqual({ added: [], modified: [], deleted: [] });
  });
});

describe("POST /api/apps/{id}/chat/stop", () => {
  it("frees the app at once and the turn ends 'stopped', keeping what it had applied", async () => {
    const { token } = await signedIn("stopper");
    const app = await builtApp(token);
    await send(token, app.id, { content: "add an entity for projects" });
    const stopped = await call("POST", `/api/apps/${app.id}/chat/stop`, { token });
    expect(stopped.status).toBe(200);
    expect(stopped.body.status).toMatchObject({ state: "ready", details: "Stopped" });
    const after = await waitForApp(token, app.id, (a) => a.conversation.messages.at(-1).state !== "streaming" && a.status.state !== "processing");
    expect(after.conversation.messages.at(-1).state).toBe("stopped");
    expect(after.status.state).toBe("ready");
  });
});

describe("POST /api/apps/{id}/chat/message/{msgId}/undo", () => {
  it("loads the checkpoint before the message, hides it and what followed, and returns its text", async () => {
    const { token } = await signedIn("undo");
    const app = await builtApp(token);
    await send(token, app.id, { content: "add a priority field to tasks" });
    const changed = await waitForApp(token, app.id);
    const userMessage = changed.conversation.messages.at(-2);
    expect(userMessage.role).toBe("user");

    const undo = await call("POST", `/api/apps/${app.id}/chat/message/${userMessage.id}/undo`, { token });
    expect(undo.status).toBe(200);
    expect(undo.body.content).toBe("add a priority field to tasks");
    const reverted = await waitForApp(token, app.id);
    expect(reverted.entities.Task).toEqual(app.entities.Task);
    expect(reverted.pages).toEqual(app.pages);
    expect(reverted.conversation.messages.map((m: { id: string }) => m.id)).toEqual(app.conversation.messages.map((m: { id: string }) => m.id));
  });

  it("refuses to revert an assistant message", async () => {
    const { token } = await signedIn("undo2");
    const app = await builtApp(token);
    const assistant = app.conversation.messages[1];
    const res = await call("POST", `/api/apps/${app.id}/chat/message/${assistant.id}/undo`, { token });
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe("Only user messages can be reverted");
  });
});

describe("checkpoints and message changes", () => {
  it("lists checkpoints, reads a file tree, and shows a message's changes against the checkpoint before it", async () => {
    const { token } = await signedIn("cp");
    const app = await builtApp(token);
    await send(token, app.id, { content: "add a priority field to tasks" });
    const after = await waitForApp(token, app.id);
    const cps = await call("GET", `/api/apps/${app.id}/app-checkpoints`, { token });
    expect(cps.body.length).toBe(2);
    const first = cps.body.at(-1);
    expect((await call("GET", `/api/apps/${app.id}/app-checkpoints/${first.id}/file-tree`, { token })).body.files).toEqual({});

    const assistant = after.conversation.messages.at(-1);
    const changes = await call("GET", `/api/apps/${app.id}/chat/message/${assistant.id}/changes`, { token });
    expect(changes.status).toBe(200);
    const task = changes.body.files.find((f: { path: string }) => f.path === "entities/Task");
    expect(task).toMatchObject({ change: "modified", language: "json" });
    expect(task.modified).toContain("priority");
    expect(task.original).not.toContain("priority");

    const firstTurn = after.conversation.messages[1];
    const created = await call("GET", `/api/apps/${app.id}/chat/message/${firstTurn.id}/changes`, { token });
    expect(created.status).toBe(200);
    // not vacuous: the first turn wrote files, and every one of them is new
    expect(created.body.files.length).toBeGreaterThan(0);
    expect(created.body.files.every((f: { change: string }) => f.change === "added")).toBe(true);
  });

  it("restores a checkpoint (and makes the state before the restore a checkpoint too)", async () => {
    const { token } = await signedIn("restore");
    const app = await builtApp(token);
    const cps = await call("GET", `/api/apps/${app.id}/app-checkpoints`, { token });
    const empty = cps.body.at(-1);
    const res = await call("POST", `/api/apps/${app.id}/app-checkpoints/${empty.id}/load`, { token });
    expect(res.status).toBe(200);
    const restored = await call("GET", `/api/apps/${app.id}`, { token });
    expect(restored.body.pages).toEqual({});
    expect((await call("GET", `/api/apps/${app.id}/app-checkpoints`, { token })).body.length).toBe(cps.body.length + 1);
  });
});

describe("usage and limits", () => {
  it("charges a message the client marks as an automated fix, and does not store the claim", async () => {
    const { token } = await signedIn("freefix");
    const app = await builtApp(token);
    const before = (await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage;
    const sent = await send(token, app.id, { content: "add a priority field to tasks", additional_message_params: { automated_fix: true } });
    expect(sent.status).toBe(201);
    expect(sent.body.user_message.additional_message_params).toEqual({});
    await waitForApp(token, app.id);
    expect((await call("GET", "/api/usage-logs/current-usage", { token })).body.daily_usage).toBe(before + 1);
  });

  it("charges one credit per message and 0.3 in discussion mode, and refuses with 'Out of credits' at the Free plan's 7 a day", async () => {
    const { token } = await signedIn("limits");
    const app = await builtApp(token); // 1
    await send(token, app.id, { content: "what pages are there?", additional_message_params: { discussion_mode: true } }); // 1.3
    await waitForApp(token, app.id);
    let usage = await call("GET", "/api/usage-logs/current-usage", { token });
    expect(usage.body).toMatchObject({ tier: "free", daily_usage: 1.3, daily_limit: 7, monthly_limit: 25, is_over_limit: false });
    // each changes the app, so each is charged (a turn that changes nothing is refunded: test/api/credits.test.ts)
    for (const entity of ["books", "movies", "songs", "games", "trips"]) {
      expect((await send(token, app.id, { content: `add an entity for ${entity}` })).status).toBe(201); // 6.3
      await waitForApp(token, app.id);
    }
    const refused = await send(token, app.id, { content: "one more" }); // 7.3 > 7
    expect(refused.status).toBe(402);
    expect(refused.body.detail).toBe("Out of credits");
    const discussion = await send(token, app.id, { content: "and a question?", additional_message_params: { discussion_mode: true } }); // 6.6 ok
    expect(discussion.status).toBe(201);
    await waitForApp(token, app.id);
    usage = await call("GET", "/api/usage-logs/current-usage", { token });
    expect(usage.body.daily_usage).toBeCloseTo(6.6);
    const stats = await call("GET", "/api/usage-logs/stats", { token });
    expect(stats.body.usage_by_date.at(-1).total_messages).toBeCloseTo(6.6);
  });
});
