import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from "aws-lambda";
import { SocketAction } from "../../schemas/realtime";
import { VisibleError } from "../core/errors";
import { Realtime } from "../core/realtime/rooms";
import { Users } from "../core/identity/users";
import { describeIssues } from "../http/issues";

type SocketEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

const ok = { statusCode: 200, body: "" };

/**
 * The WebSocket API: $connect authenticates (browsers cannot set headers, so the
 * token rides in the query string), then `hello`, `join` and `leave` frames.
 * Answers go back through the management API, never as return values.
 */
export async function handler(event: SocketEvent): Promise<APIGatewayProxyResultV2> {
  const { connectionId, routeKey } = event.requestContext;

  if (routeKey === "$connect") {
    try {
      const token = event.queryStringParameters?.token ?? "";
      const user = await Users.forToken(token);
      if (!user || user.disabled) return { statusCode: 401, body: "Unauthorized" };
      await Realtime.connect(connectionId, user.id);
      return ok;
    } catch (err) {
      if (err instanceof VisibleError) return { statusCode: err.status, body: err.message };
      throw err;
    }
  }

  if (routeKey === "$disconnect") {
    await Realtime.disconnect(connectionId);
    return ok;
  }

  let raw: unknown;
  try {
    raw = JSON.parse(event.body ?? "");
  } catch {
    await Realtime.send(connectionId, { event: "error", message: "Frames must be JSON" });
    return ok;
  }
  const parsed = SocketAction.safeParse(raw);
  if (!parsed.success) {
    await Realtime.send(connectionId, { event: "error", message: describeIssues(parsed.error) });
    return ok;
  }
  const userId = await Realtime.connectionUser(connectionId);
  const user = userId ? await Users.get(userId) : undefined;
  if (!user || user.disabled) {
    await Realtime.send(connectionId, { event: "error", message: "Authentication required" });
    return ok;
  }

  const action = parsed.data;
  switch (action.action) {
    case "hello":
      await Realtime.send(connectionId, { event: "hello", sid: connectionId });
      break;
    case "join":
      try {
        // who may join which room reads apps, tickets and their graph: loaded with the first join, not for $connect, hello or leave
        const { RoomAccess } = await import("../core/realtime/room-access");
        await RoomAccess.authorize(user, action.room);
      } catch (err) {
        if (!(err instanceof VisibleError)) throw err;
        await Realtime.send(connectionId, { event: "error", message: err.message, room: action.room });
        break;
      }
      await Realtime.join(connectionId, action.room);
      await Realtime.send(connectionId, { event: "joined", room: action.room });
      break;
    case "leave":
      await Realtime.leave(connectionId, action.room);
      break;
  }
  return ok;
}
