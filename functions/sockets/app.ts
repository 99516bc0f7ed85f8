import { randomBytes } from "node:crypto";
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { AppCallers } from "../core/app-users/caller";
import { AppRealtime } from "../core/realtime/app-realtime";
import { VisibleError } from "../core/errors";
import { Jobs } from "../core/jobs";
import { Realtime } from "../core/realtime/rooms";
import { SocketIo } from "../core/realtime/socket-io";

type SocketEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const ok = { statusCode: 200, body: "" };

/** socket.io's query string carries "undefined" or "null" when the SDK has no token. */
const present = (value: string | undefined) => (value && value !== "undefined" && value !== "null" ? value : null);

/**
 * Generated apps' WebSocket API: socket.io v4 as `@base44/sdk` speaks it
 * (websocket transport only, `/ws-user-apps/socket.io/?EIO=4&transport=websocket&app_id&token`).
 *
 * $connect checks the protocol and the credentials (a bad token refuses the socket; no
 * token is a visitor) and queues the engine.io handshake, which API Gateway cannot send
 * before $connect returns. Then: CONNECT → `40{sid}`; `join` / `leave` events → room
 * membership (refusals come back as a `join_error` event, successes as `joined`);
 * pings from the client get pongs. Answers go through the management API.
 */
export async function handler(event: SocketEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId, routeKey } = event.requestContext;

  if (routeKey === "$connect") {
    const q = event.queryStringParameters ?? {};
    if (q.EIO !== "4") return { statusCode: 400, body: "Only socket.io v4 (EIO=4) is supported" };
    if (q.transport !== "websocket") return { statusCode: 400, body: "Only the websocket transport is supported" };
    if (!present(q.app_id)) return { statusCode: 400, body: "app_id is required" };
    try {
      const caller = await AppCallers.resolve(q.app_id!, { bearer: present(q.token), anonymousId: present(q.anonymous_id) });
      await AppRealtime.connect(connectionId, caller);
    } catch (err) {
      if (err instanceof VisibleError) return { statusCode: err.status, body: err.message };
      throw err;
    }
    await Jobs.enqueue("socket-open", { connection_id: connectionId });
    return ok;
  }

  if (routeKey === "$disconnect") {
    await Realtime.forget(connectionId);
    return ok;
  }

  const incoming = event.isBase64Encoded ? { kind: "ignored" as const } : SocketIo.decode(event.body ?? "");
  if (incoming.kind === "pong" || incoming.kind === "ignored" || incoming.kind === "invalid") return ok;
  const session = await AppRealtime.session(connectionId);
  if (!session) return ok;

  switch (incoming.kind) {
    case "ping":
      await AppRealtime.post(connectionId, SocketIo.pong());
      return ok;
    case "close":
    case "disconnect":
      await Realtime.disconnect(connectionId);
      return ok;
    case "connect":
      await AppRealtime.post(
        connectionId,
        incoming.nsp === "/" ? SocketIo.connected(randomBytes(15).toString("base64url")) : SocketIo.connectError(incoming.nsp, "Invalid namespace"),
      );
      break;
    case "event": {
      const room = incoming.args[0];
      if (typeof room !== "string" || room.length > 200) break;
      if (incoming.name === "join") {
        const joined = await AppRealtime.join(session, room);
        await AppRealtime.post(connectionId, joined.ok ? SocketIo.event("joined", { room }) : SocketIo.event("join_error", { room, message: joined.message }));
      } else if (incoming.name === "leave") {
        await Realtime.leave(connectionId, room);
      }
      break;
    }
  }
  await AppRealtime.keepAlive(session);
  return ok;
}
