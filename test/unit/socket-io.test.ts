import { describe, expect, it } from "vitest";
import { SocketIo } from "../../functions/core/realtime/socket-io";

/** The socket.io v4 frames Kiln sends and reads (engine.io protocol 4, text frames). */
describe("SocketIo frames", () => {
  it("open is the engine.io handshake with no upgrades and the heartbeat settings", () => {
    const frame = SocketIo.open("abc");
    expect(frame[0]).toBe("0");
    expect(JSON.parse(frame.slice(1))).toEqual({ sid: "abc", upgrades: [], pingInterval: 300_000, pingTimeout: 300_000, maxPayload: 131_072 });
  });

  it("encodes ping, CONNECT answers and events as the client expects them", () => {
    expect(SocketIo.ping()).toBe("2");
    expect(SocketIo.connected("s1")).toBe('40{"sid":"s1"}');
    expect(SocketIo.connectError("/admin", "Invalid namespace")).toBe('44/admin,{"message":"Invalid namespace"}');
    expect(SocketIo.event("update_model", { room: "entities:a:Task", data: "{}" })).toBe('42["update_model",{"room":"entities:a:Task","data":"{}"}]');
  });

  it("decodes what the client sends", () => {
    expect(SocketIo.decode("40")).toEqual({ kind: "connect", nsp: "/" });
    expect(SocketIo.decode("40/admin,")).toEqual({ kind: "connect", nsp: "/admin" });
    expect(SocketIo.decode('42["join","entities:a:Task"]')).toEqual({ kind: "event", name: "join", args: ["entities:a:Task"] });
    expect(SocketIo.decode("41")).toEqual({ kind: "disconnect" });
    expect(SocketIo.decode("3")).toEqual({ kind: "pong" });
    expect(SocketIo.decode("2")).toEqual({ kind: "ping" });
    expect(SocketIo.decode("1")).toEqual({ kind: "close" });
  });

  it("ignores what it does not serve and survives garbage", () => {
    expect(SocketIo.decode('42/admin,["join","x"]')).toEqual({ kind: "ignored" });
    expect(SocketIo.decode('451-["upload",{"_placeholder":true,"num":0}]')).toEqual({ kind: "ignored" });
    expect(SocketIo.decode('43[1]')).toEqual({ kind: "ignored" });
    expect(SocketIo.decode("42[not json")).toEqual({ kind: "invalid" });
    expect(SocketIo.decode("")).toEqual({ kind: "invalid" });
    expect(SocketIo.decode("9zz").kind).not.toBe("event");
  });
});
