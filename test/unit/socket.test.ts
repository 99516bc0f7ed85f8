import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket as WsWebSocket, WebSocketServer, type WebSocket as ServerSocket } from "ws";
import type { SocketEvent } from "../../schemas/realtime";

type RealtimeClientClass = typeof import("../../web/src/realtime/socket").RealtimeClient;
let RealtimeClient: RealtimeClientClass;

/** One connection as the server saw it: the query it came with and every frame it sent, parsed. */
interface Connection {
  socket: ServerSocket;
  url: string;
  frames: unknown[];
  closed: boolean;
}

let server: WebSocketServer;
let connections: Connection[];
let clients: InstanceType<RealtimeClientClass>[];
/** Every socket the client opened, in order, counted the moment it is made: absence is proved by this count, not by sleeping. */
let opened: WsWebSocket[];

/** The browser's WebSocket as the client sees it, recording each socket it makes. */
class RecordedWebSocket extends WsWebSocket {
  constructor(...args: ConstructorParameters<typeof WsWebSocket>) {
    super(...args);
    opened.push(this);
  }
}

beforeAll(async () => {
  // Node 20 has no global WebSocket; the browser client uses whatever the global is.
  (globalThis as { WebSocket?: unknown }).WebSocket = RecordedWebSocket;
  ({ RealtimeClient } = await import("../../web/src/realtime/socket"));
});

beforeEach(async () => {
  connections = [];
  clients = [];
  opened = [];
  server = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/ws" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  server.on("connection", (socket, request) => {
    const connection: Connection = { socket, url: request.url ?? "", frames: [], closed: false };
    connections.push(connection);
    socket.on("message", (data) => connection.frames.push(JSON.parse(String(data))));
    socket.on("close", () => (connection.closed = true));
  });
});

afterEach(async () => {
  vi.useRealTimers();
  for (const client of clients) client.stop();
  for (const { socket } of connections) socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(token: () => string | null = () => "tok") {
  const port = (server.address() as AddressInfo).port;
  const created = new RealtimeClient(token, () => `ws://127.0.0.1:${port}/ws`);
  clients.push(created);
  return created;
}

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 4000, interval: 10 });
/** Resolves once the client's socket has closed and its close handler has run (an event, no timer). */
const closed = (socket: WsWebSocket) =>
  new Promise<void>((resolve) => (socket.readyState === WsWebSocket.CLOSED ? resolve() : socket.once("close", () => resolve())));
/** Longer than the longest reconnect backoff (15 s). */
const LONGER_THAN_ANY_BACKOFF = 60_000;
/** Only the client's reconnect timer is faked; the sockets' I/O stays real. */
const fakeBackoff = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

describe("RealtimeClient", () => {
  it("connects with the token in the query and sends hello, then a join for every held room", async () => {
    const c = client();
    c.join("app-1");
    c.join("user:u1");
    c.start();
    await waitFor(() => expect(connections[0]?.frames).toHaveLength(3));
    expect(new URL(connections[0].url, "ws://x").searchParams.get("token")).toBe("tok");
    expect(connections[0].frames).toEqual([
      { action: "hello" },
      { action: "join", room: "app-1" },
      { action: "join", room: "user:u1" },
    ]);
    expect(c.connected).toBe(true);
  });

  it("a hello reply sets sid", async () => {
    const c = client();
    c.start();
    await waitFor(() => expect(connections[0]?.frames).toEqual([{ action: "hello" }]));
    expect(c.sid).toBeNull();
    connections[0].socket.send(JSON.stringify({ event: "hello", sid: "abc" }));
    await waitFor(() => expect(c.sid).toBe("abc"));
  });

  it("join is reference counted: two joins send one join, the first leave nothing, the second a leave", async () => {
    const c = client();
    c.start();
    await waitFor(() => expect(c.connected).toBe(true));
    c.join("app-1");
    c.join("app-1");
    c.leave("app-1");
    c.leave("app-1");
    // a room never joined: leaving it sends nothing
    c.leave("never-joined");
    c.join("app-2");
    await waitFor(() => expect(connections[0].frames).toHaveLength(4));
    expect(connections[0].frames).toEqual([
      { action: "hello" },
      { action: "join", room: "app-1" },
      { action: "leave", room: "app-1" },
      { action: "join", room: "app-2" },
    ]);
  });

  it("after the server drops the connection it reconnects and re-sends hello and the joins of its rooms", async () => {
    const c = client();
    c.join("app-1");
    c.join("app-2");
    c.leave("app-2");
    c.start();
    await waitFor(() => expect(connections[0]?.frames).toHaveLength(2));
    connections[0].socket.send(JSON.stringify({ event: "hello", sid: "first" }));
    await waitFor(() => expect(c.sid).toBe("first"));

    fakeBackoff();
    connections[0].socket.terminate();
    await closed(opened[0]);
    expect(c.connected).toBe(false);
    expect(c.sid).toBeNull();
    // the backoff starts at 500 ms: not a moment before
    vi.advanceTimersByTime(499);
    expect(opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(opened).toHaveLength(2);
    vi.useRealTimers();

    await waitFor(() => expect(connections[1]?.frames).toHaveLength(2));
    expect(connections[1].frames).toEqual([{ action: "hello" }, { action: "join", room: "app-1" }]);
    expect(c.connected).toBe(true);
  });

  it("listeners receive parsed update_model events; invalid frames are ignored", async () => {
    const c = client();
    const received: SocketEvent[] = [];
    c.subscribe((event) => received.push(event));
    c.start();
    await waitFor(() => expect(connections[0]?.frames).toHaveLength(1));
    const update = { event: "update_model", room: "app-1", data: { name: "New" }, sender_sid: null };
    const server = connections[0].socket;
    server.send("not json");
    server.send(JSON.stringify({ event: "unknown" }));
    server.send(JSON.stringify({ event: "update_model", room: "app-1" }));
    server.send(JSON.stringify([1, 2]));
    server.send(JSON.stringify(update));
    await waitFor(() => expect(received).toHaveLength(1));
    expect(received).toEqual([update]);
  });

  it("an unsubscribed listener receives nothing more", async () => {
    const c = client();
    const kept: SocketEvent[] = [];
    const dropped: SocketEvent[] = [];
    c.subscribe((event) => kept.push(event));
    const unsubscribe = c.subscribe((event) => dropped.push(event));
    c.start();
    await waitFor(() => expect(connections[0]?.frames).toHaveLength(1));
    connections[0].socket.send(JSON.stringify({ event: "joined", room: "a" }));
    await waitFor(() => expect(dropped).toHaveLength(1));
    unsubscribe();
    connections[0].socket.send(JSON.stringify({ event: "joined", room: "b" }));
    await waitFor(() => expect(kept).toHaveLength(2));
    expect(dropped).toEqual([{ event: "joined", room: "a" }]);
  });

  it("stop() closes the socket and does not reconnect", async () => {
    const c = client();
    c.start();
    await waitFor(() => expect(connections[0]?.frames).toHaveLength(1));
    connections[0].socket.send(JSON.stringify({ event: "hello", sid: "abc" }));
    await waitFor(() => expect(c.sid).toBe("abc"));
    fakeBackoff();
    c.stop();
    expect(c.sid).toBeNull();
    expect(c.connected).toBe(false);
    await closed(opened[0]);
    vi.advanceTimersByTime(LONGER_THAN_ANY_BACKOFF);
    expect(opened).toHaveLength(1);
    vi.useRealTimers();
    await waitFor(() => expect(connections[0].closed).toBe(true));
    expect(connections).toHaveLength(1);
  });

  it("stop() during the reconnect backoff cancels the reconnect", async () => {
    const c = client();
    c.start();
    await waitFor(() => expect(connections[0]?.frames).toHaveLength(1));
    fakeBackoff();
    connections[0].socket.terminate();
    await closed(opened[0]);
    expect(vi.getTimerCount()).toBe(1); // the reconnect is waiting out its backoff
    c.stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(LONGER_THAN_ANY_BACKOFF);
    expect(opened).toHaveLength(1);
  });

  it("with no token it does not connect", async () => {
    fakeBackoff();
    const c = client(() => null);
    c.join("app-1");
    c.start();
    expect(vi.getTimerCount()).toBe(0); // nothing scheduled to try later either
    vi.advanceTimersByTime(LONGER_THAN_ANY_BACKOFF);
    expect(opened).toHaveLength(0);
    expect(c.connected).toBe(false);
  });

  it("start() twice opens one socket", async () => {
    const c = client();
    c.start();
    c.start();
    expect(opened).toHaveLength(1);
    await waitFor(() => expect(connections[0]?.frames).toHaveLength(1));
    expect(connections).toHaveLength(1);
  });
});
