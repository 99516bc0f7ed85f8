import { type Packet as EnginePacket, decodePacket, encodePacket } from "engine.io-parser";
import { Decoder, Encoder, PacketType, type Packet } from "socket.io-parser";

/**
 * The socket.io v4 wire format (engine.io protocol 4) over WebSocket text frames, for
 * `@base44/sdk`'s real-time client: each frame is one engine.io packet, a socket.io
 * packet riding inside a `message`. Encoding and decoding are the protocol's own
 * packages; this file only says which packets Kiln sends and understands.
 */
export namespace SocketIo {
  /**
   * Heartbeat: the server pings, the client answers, and a client that hears nothing for
   * pingInterval + pingTimeout drops the connection. Pings come from a scheduled job
   * (lib/routes.ts `crons.pingAppSockets`, every 4 minutes, one worker job per page of sockets) and on client activity, so
   * the window is 10 minutes, which also keeps API Gateway's 10-minute idle timeout away.
   */
  export const PING_INTERVAL_MS = 5 * 60_000;
  export const PING_TIMEOUT_MS = 5 * 60_000;
  /** API Gateway's WebSocket frame limit. */
  export const MAX_PAYLOAD = 128 * 1024;

  const engine = (packet: EnginePacket): string => {
    let frame = "";
    encodePacket(packet, false, (encoded) => (frame = encoded as string));
    return frame;
  };
  const message = (packet: Packet): string => engine({ type: "message", data: new Encoder().encode(packet)[0] as string });

  /** The engine.io handshake, the first frame a client must receive. */
  export const open = (sid: string) =>
    engine({
      type: "open",
      data: JSON.stringify({ sid, upgrades: [], pingInterval: PING_INTERVAL_MS, pingTimeout: PING_TIMEOUT_MS, maxPayload: MAX_PAYLOAD }),
    });
  export const ping = () => engine({ type: "ping" });
  export const pong = () => engine({ type: "pong" });
  /** Answer to CONNECT on the main namespace. */
  export const connected = (sid: string) => message({ type: PacketType.CONNECT, nsp: "/", data: { sid } });
  export const connectError = (nsp: string, text: string) => message({ type: PacketType.CONNECT_ERROR, nsp, data: { message: text } });
  export const event = (name: string, ...args: unknown[]) => message({ type: PacketType.EVENT, nsp: "/", data: [name, ...args] });

  /** What a client frame asks for. Anything else (binary, acks, other namespaces' events) is `ignored`. */
  export type Incoming =
    | { kind: "ping" }
    | { kind: "pong" }
    | { kind: "close" }
    | { kind: "connect"; nsp: string }
    | { kind: "disconnect" }
    | { kind: "event"; name: string; args: unknown[] }
    | { kind: "ignored" }
    | { kind: "invalid" };

  export function decode(frame: string): Incoming {
    let packet: EnginePacket;
    try {
      packet = decodePacket(frame);
    } catch {
      return { kind: "invalid" };
    }
    switch (packet.type) {
      case "ping":
        return { kind: "ping" };
      case "pong":
        return { kind: "pong" };
      case "close":
        return { kind: "close" };
      case "message":
        return typeof packet.data === "string" ? decodeSocketPacket(packet.data) : { kind: "ignored" };
      case "error":
        return { kind: "invalid" };
      default:
        return { kind: "ignored" };
    }
  }

  function decodeSocketPacket(data: string): Incoming {
    let decoded: Packet | undefined;
    try {
      // A decoder per frame: a binary header waits for attachments that never come here, and must not leak into the next frame.
      const decoder = new Decoder();
      decoder.on("decoded", (p: Packet) => (decoded = p));
      decoder.add(data);
    } catch {
      return { kind: "invalid" };
    }
    if (!decoded) return { kind: "ignored" };
    switch (decoded.type) {
      case PacketType.CONNECT:
        return { kind: "connect", nsp: decoded.nsp };
      case PacketType.DISCONNECT:
        return decoded.nsp === "/" ? { kind: "disconnect" } : { kind: "ignored" };
      case PacketType.EVENT: {
        const [name, ...args] = Array.isArray(decoded.data) ? (decoded.data as unknown[]) : [];
        return decoded.nsp === "/" && typeof name === "string" ? { kind: "event", name, args } : { kind: "ignored" };
      }
      default:
        return { kind: "ignored" };
    }
  }
}
