// @vitest-environment jsdom
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket as WsWebSocket, WebSocketServer, type WebSocket as ServerSocket } from "ws";
import type { App } from "../../schemas/app";
import type { SocketEvent } from "../../schemas/realtime";

/**
 * Reading an app beside its room (web/src/realtime/appFetch.ts): a change the room pushes
 * while the app is being read, or before the room's join is confirmed, is never lost.
 * This is the race that left a first turn's preview with pages/Dashboard but no
 * components/StatCard: the app was read before StatCard was written, and StatCard's push
 * went out before the editor's join had reached the server.
 */

type Modules = {
  realtime: typeof import("../../web/src/realtime/socket").realtime;
  appFetch: typeof import("../../web/src/realtime/appFetch");
};
let m: Modules;
let server: WebSocketServer;
let socket: ServerSocket | null;
let joins: string[];

beforeAll(async () => {
  server = new WebSocketServer({ host: "127.0.0.1", port: 0, path: "/ws" });
  await new Promise<void>((resolve) => server.once("listening", resolve));
  server.on("connection", (connection) => {
    socket = connection;
    connection.on("message", (raw) => {
      const frame = JSON.parse(String(raw)) as { action: string; room?: string };
      if (frame.action === "hello") send({ event: "hello", sid: "s1" });
      if (frame.action === "join") joins.push(frame.room!);
    });
  });
  // the browser's WebSocket, as socket.test.ts gives it (Node's own clashes with jsdom's events)
  (globalThis as { WebSocket?: unknown }).WebSocket = WsWebSocket;
  vi.stubEnv("VITE_SOCKET_URL", `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`);
  localStorage.setItem("token", "tok");
  const [socketModule, appFetch] = await Promise.all([import("../../web/src/realtime/socket"), import("../../web/src/realtime/appFetch")]);
  m = { realtime: socketModule.realtime, appFetch };
});

afterAll(async () => {
  m.realtime.stop();
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  joins = [];
});

afterEach(() => {
  vi.useRealTimers();
});

function send(event: SocketEvent) {
  socket!.send(JSON.stringify(event));
}

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 4000, interval: 5 });

const app = (id: string, files: Record<string, string>, content = "Building"): App =>
  ({
    id,
    name: "CRM",
    status: { state: "processing", details: null, last_updated_date: "2026-01-01T00:00:00.000Z" },
    conversation: {
      messages: [{ id: "m1", role: "assistant", content, state: "streaming", metadata: { created_date: "2026-01-01T00:00:00.000Z", created_by_email: null } }],
      complete: true,
      total: 1,
    },
    frozen_files: [],
    pages: Object.fromEntries(Object.entries(files).filter(([p]) => p.startsWith("pages/")).map(([p, c]) => [p.slice(6), c])),
    components: Object.fromEntries(Object.entries(files).filter(([p]) => p.startsWith("components/")).map(([p, c]) => [p.slice(11), c])),
    entities: {},
    layout: null,
    functions: {},
  }) as unknown as App;

/** A `get` the test answers when it chooses, recording the room's confirmed join count when it was called. */
function deferredGet() {
  const calls: number[] = [];
  let answer!: (value: App) => void;
  const get = (room: string) => () => {
    calls.push(m.realtime.joinCount(room));
    return new Promise<App>((resolve) => (answer = resolve));
  };
  return { calls, get, answer: (value: App) => answer(value) };
}

/** A fetch of the app whose read has gone out (`sentAt`: the room's confirmed joins then) and waits for the test's answer. */
async function readInFlight(room: string) {
  const get = deferredGet();
  const fetched = m.appFetch.fetchApp(room, get.get(room));
  await waitFor(() => expect(get.calls).toHaveLength(1));
  return { answer: get.answer, fetched, sentAt: get.calls[0] };
}

describe("fetching an app beside its room", () => {
  it("waits for the join made beside it, so the read comes after the room hears every change", async () => {
    m.realtime.start();
    m.realtime.join("app-a");
    const get = deferredGet();
    const fetched = m.appFetch.fetchApp("app-a", get.get("app-a"));
    await waitFor(() => expect(joins).toEqual(["app-a"]));
    expect(get.calls).toEqual([]);
    send({ event: "joined", room: "app-a" });
    await waitFor(() => expect(get.calls).toEqual([1]));
    get.answer(app("app-a", { "pages/Dashboard": "v1" }));
    expect((await fetched).pages).toEqual({ Dashboard: "v1" });
    expect(m.appFetch.fetchedBeforeJoin("app-a")).toBe(false);
  });

  it("applies the frames pushed while the read was in flight on top of its answer", async () => {
    const { answer, fetched } = await readInFlight("app-a");
    // The server read the app before these were written; their pushes arrive before its answer.
    m.appFetch.heardFrame("app-a", { _files: { "components/StatCard": "card" } });
    m.appFetch.heardFrame("app-a", { _files: { "pages/Dashboard": "uses card" }, main_page: "Dashboard" });
    m.appFetch.heardFrame("app-a", { _msg_delta: { id: "m1", offset: 8, text: " the CRM", length: 16 } });
    answer(app("app-a", { "pages/Dashboard": "v1" }));
    const result = await fetched;
    expect(result.components).toEqual({ StatCard: "card" });
    expect(result.pages).toEqual({ Dashboard: "uses card" });
    expect(result.main_page).toBe("Dashboard");
    expect(result.conversation.messages[0].content).toBe("Building the CRM");
  });

  it("a frame the answer already holds changes nothing when applied again", async () => {
    const { answer, fetched } = await readInFlight("app-a");
    m.appFetch.heardFrame("app-a", { _files: { "components/StatCard": "card" } });
    m.appFetch.heardFrame("app-a", { _msg_delta: { id: "m1", offset: 8, text: " the CRM", length: 16 } });
    answer(app("app-a", { "components/StatCard": "card" }, "Building the CRM"));
    const result = await fetched;
    expect(result.components).toEqual({ StatCard: "card" });
    expect(result.conversation.messages[0].content).toBe("Building the CRM");
  });

  it("frames of another app, or heard after the answer, are not applied to it", async () => {
    const first = await readInFlight("app-a");
    m.appFetch.heardFrame("app-b", { _files: { "components/Other": "x" } });
    first.answer(app("app-a", {}));
    expect((await first.fetched).components).toEqual({});
    m.appFetch.heardFrame("app-a", { _files: { "components/Late": "x" } });
    const second = await readInFlight("app-a");
    second.answer(app("app-a", {}));
    expect((await second.fetched).components).toEqual({});
  });

  it("an app read before the room's latest join counts as read before it, until it is read again", async () => {
    // a room nobody holds: the read goes ahead at once
    const first = await readInFlight("app-c");
    expect(first.sentAt).toBe(0);
    first.answer(app("app-c", {}));
    await first.fetched;
    expect(m.appFetch.fetchedBeforeJoin("app-c")).toBe(false);
    m.realtime.join("app-c");
    await waitFor(() => expect(joins).toEqual(["app-c"]));
    send({ event: "joined", room: "app-c" });
    await waitFor(() => expect(m.realtime.joinCount("app-c")).toBe(1));
    expect(m.appFetch.fetchedBeforeJoin("app-c")).toBe(true);
    const reread = await readInFlight("app-c");
    expect(reread.sentAt).toBe(1);
    reread.answer(app("app-c", {}));
    await reread.fetched;
    expect(m.appFetch.fetchedBeforeJoin("app-c")).toBe(false);
  });

  it("a refused join lets the read go ahead at once", async () => {
    m.realtime.join("app-d");
    const get = deferredGet();
    const fetched = m.appFetch.fetchApp("app-d", get.get("app-d"));
    await waitFor(() => expect(joins).toEqual(["app-d"]));
    expect(get.calls).toEqual([]);
    send({ event: "error", message: "App not found", room: "app-d" });
    await waitFor(() => expect(get.calls).toEqual([0]));
    get.answer(app("app-d", {}));
    await fetched;
  });

  it("a join that is never confirmed holds the read for two seconds at most", async () => {
    m.realtime.join("app-e");
    await waitFor(() => expect(joins).toEqual(["app-e"]));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const get = deferredGet();
    const fetched = m.appFetch.fetchApp("app-e", get.get("app-e"));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(get.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await waitFor(() => expect(get.calls).toEqual([0]));
    get.answer(app("app-e", {}));
    await fetched;
    // the confirmation that comes late marks the read as made before the join
    send({ event: "joined", room: "app-e" });
    await waitFor(() => expect(m.appFetch.fetchedBeforeJoin("app-e")).toBe(true));
  });

  it("a read called off while it waited for the join is never sent", async () => {
    m.realtime.join("app-f");
    const get = deferredGet();
    const controller = new AbortController();
    const fetched = m.appFetch.fetchApp("app-f", get.get("app-f"), controller.signal);
    await waitFor(() => expect(joins).toEqual(["app-f"]));
    controller.abort(new Error("called off"));
    send({ event: "joined", room: "app-f" });
    await expect(fetched).rejects.toThrow("called off");
    expect(get.calls).toEqual([]);
  });

  it("after a dropped socket, a held room waits for its rejoin to be confirmed again", async () => {
    m.realtime.join("app-g");
    await waitFor(() => expect(joins).toEqual(["app-g"]));
    send({ event: "joined", room: "app-g" });
    await waitFor(() => expect(m.realtime.joinCount("app-g")).toBe(1));
    joins = [];
    socket!.terminate();
    // the client reconnects after its backoff and sends a join for every room it holds
    await waitFor(() => expect(joins).toContain("app-g"));
    const get = deferredGet();
    const fetched = m.appFetch.fetchApp("app-g", get.get("app-g"));
    send({ event: "joined", room: "app-g" });
    await waitFor(() => expect(get.calls).toEqual([2]));
    get.answer(app("app-g", {}));
    await fetched;
  });
});
