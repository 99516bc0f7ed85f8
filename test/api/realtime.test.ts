import { describe, expect, it } from "vitest";
import type { SocketEvent } from "../../schemas/realtime";
import { SocketClient, call, signedIn } from "./helpers";

const fullName = (e: SocketEvent) => (e.event === "update_model" ? (e.data as { user?: { full_name?: string } }).user?.full_name : undefined);

/**
 * The user updates the socket received, in order, up to and including the one naming `sentinel`.
 * Proves an earlier update was NOT delivered without sleeping: the stream pushes one user's
 * changes one after another, each post done before the next change's, and one connection
 * keeps their order, so anything sent before the sentinel is here once the sentinel is.
 */
async function updatesThrough(socket: SocketClient, sentinel: string): Promise<(string | undefined)[]> {
  await socket.next((e) => fullName(e) === sentinel);
  const names = socket.events.filter((e) => e.event === "update_model").map(fullName);
  return names.slice(0, names.indexOf(sentinel) + 1);
}

describe("WebSocket API: $connect", () => {
  it("refuses a socket without a valid token with 401", async () => {
    await expect(SocketClient.open("forged")).rejects.toThrow("refused 401");
  });

  it("answers hello with the caller's socket id", async () => {
    const { token } = await signedIn("ws");
    const socket = await SocketClient.open(token);
    const sid = await socket.hello();
    expect(sid).toMatch(/^[A-Za-z0-9+/=]{8,}$/);
    socket.close();
  });
});

describe("WebSocket API: rooms", () => {
  it("lets a user join their own room but not another user's, nor an app they do not own", async () => {
    const alice = await signedIn("alice");
    const bob = await signedIn("bob");
    const socket = await SocketClient.open(alice.token);
    expect(await socket.join(`user:${alice.user.id}`)).toEqual({ event: "joined", room: `user:${alice.user.id}` });
    expect(await socket.join(`user:${bob.user.id}`)).toMatchObject({ event: "error", message: "You may not join this room" });
    expect(await socket.join("some-app-id")).toMatchObject({ event: "error", message: "App not found" });
    socket.close();
  });

  it("answers a malformed frame with an error event instead of failing", async () => {
    const { token } = await signedIn("junk");
    const socket = await SocketClient.open(token);
    socket.send({ action: "join", room: "has spaces" });
    expect(await socket.next((e) => e.event === "error")).toMatchObject({ event: "error" });
    socket.ws.send("not json");
    await socket.hello();
    socket.close();
  });
});

describe("update_model broadcast", () => {
  it("pushes a changed user to every member of their room except the socket that made the change", async () => {
    const { token, user } = await signedIn("push");
    const room = `user:${user.id}`;
    const sender = await SocketClient.open(token);
    const other = await SocketClient.open(token);
    const senderSid = await sender.hello();
    await sender.join(room);
    await other.join(room);

    const res = await call("POST", `/api/auth/${user.id}/update-user`, {
      token,
      body: { full_name: "Pushed Name" },
      headers: { "x-socket-id": senderSid },
    });
    expect(res.status).toBe(200);

    const update = await other.next((e) => e.event === "update_model");
    expect(update).toMatchObject({ event: "update_model", room, sender_sid: senderSid, data: { user: { id: user.id, full_name: "Pushed Name" } } });
    // The sender's own tab already has the answer; it is not echoed. A later change made from the
    // other socket must reach the sender, and nothing may come before it.
    const otherSid = await other.hello();
    await call("POST", `/api/auth/${user.id}/update-user`, { token, body: { full_name: "Sentinel" }, headers: { "x-socket-id": otherSid } });
    expect(await updatesThrough(sender, "Sentinel")).toEqual(["Sentinel"]);
    sender.close();
    other.close();
  });

  it("stops delivering to a socket that left the room", async () => {
    const { token, user } = await signedIn("leave");
    const room = `user:${user.id}`;
    const stay = await SocketClient.open(token);
    const go = await SocketClient.open(token);
    await stay.join(room);
    await go.join(room);
    go.send({ action: "leave", room });
    await go.hello(); // frames are handled in order: once hello answers, leave is done
    await call("POST", `/api/auth/${user.id}/update-user`, { token, body: { full_name: "After Leave" } });
    await stay.next((e) => fullName(e) === "After Leave");
    // Back in the room, the next change must arrive, and nothing before it.
    await go.join(room);
    await call("POST", `/api/auth/${user.id}/update-user`, { token, body: { full_name: "Rejoined" } });
    expect(await updatesThrough(go, "Rejoined")).toEqual(["Rejoined"]);
    stay.close();
    go.close();
  });

  it("prunes a connection that has gone away (410) and still reaches the others", async () => {
    const { token, user } = await signedIn("gone");
    const room = `user:${user.id}`;
    const alive = await SocketClient.open(token);
    const dying = await SocketClient.open(token);
    await alive.join(room);
    await dying.join(room);
    dying.ws.terminate();
    await call("POST", `/api/auth/${user.id}/update-user`, { token, body: { full_name: "Still Here" } });
    expect(await alive.next((e) => e.event === "update_model")).toMatchObject({ data: { user: { full_name: "Still Here" } } });
    alive.close();
  });
});
