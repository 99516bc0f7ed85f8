import { ApiGatewayManagementApiClient, DeleteConnectionCommand } from "@aws-sdk/client-apigatewaymanagementapi";
import { BatchWriteCommand, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { SocketEvent } from "../../../schemas/realtime";
import { Config } from "../config";
import { db, queryAll, table } from "../db";
import { Keys } from "../keys";
import { SocketPost } from "./socket-post";

/**
 * The builder's real-time rooms over the WebSocket API. A connection is one item,
 * each room membership two (one under the room for broadcast, one under the
 * connection for cleanup); all carry a TTL so abandoned ones expire. Who may join: room-access.ts.
 */
export namespace Realtime {
  /** API Gateway closes idle sockets after 10 minutes and all sockets after 2 hours. */
  export const CONNECTION_TTL_SECONDS = 2 * 3600;
  /** posts in flight per broadcast: as many as the kept-alive sockets */
  const PARALLEL_SENDS = SocketPost.MAX_SOCKETS;

  let client: ApiGatewayManagementApiClient | undefined;
  const management = () => (client ??= new ApiGatewayManagementApiClient({ endpoint: Config.socketManagementEndpoint }));

  const ttl = () => Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS;

  export const userRoom = (userId: string) => `user:${userId}`;

  export async function connect(connectionId: string, userId: string): Promise<void> {
    await open(connectionId, { user_id: userId });
  }

  /**
   * Store a connection. The builder's carry `user_id`; generated apps' socket.io
   * connections (app-realtime.ts) carry `protocol: "socket.io"` and never a user_id,
   * so a builder frame is never accepted from one, and their rooms (`entities:…`) are
   * ones no builder connection may join: the two protocols never mix.
   */
  export async function open(connectionId: string, attributes: Record<string, unknown>): Promise<void> {
    const connectedAt = new Date().toISOString();
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...attributes,
          ...Keys.connection(connectionId),
          ...Keys.connectionIndex(connectedAt, connectionId),
          connection_id: connectionId,
          connected_at: connectedAt,
          ttl: ttl(),
        },
      }),
    );
  }

  export async function connection(connectionId: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.connection(connectionId), ConsistentRead: true }));
    return Item;
  }

  export async function connectionUser(connectionId: string): Promise<string | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.connection(connectionId) }));
    return Item?.user_id as string | undefined;
  }

  export async function join(connectionId: string, room: string): Promise<void> {
    const expires = ttl();
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [table()]: [
            { PutRequest: { Item: { ...Keys.roomMember(room, connectionId), connection_id: connectionId, ttl: expires } } },
            { PutRequest: { Item: { ...Keys.connectionRoom(connectionId, room), room, ttl: expires } } },
          ],
        },
      }),
    );
  }

  export async function leave(connectionId: string, room: string): Promise<void> {
    await deleteKeys([Keys.roomMember(room, connectionId), Keys.connectionRoom(connectionId, room)]);
  }

  /** Forget a connection the gateway no longer has: its rooms and the connection itself. */
  export async function forget(connectionId: string): Promise<void> {
    await disconnect(connectionId);
    await deleteKeys([Keys.connection(connectionId)]);
  }

  /** Forget every room a connection was in. */
  export async function disconnect(connectionId: string): Promise<void> {
    const prefix = Keys.connectionRooms(connectionId);
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :p",
        ExpressionAttributeValues: { ":p": prefix.pk },
      }),
    );
    const keys: { pk: string; sk: string }[] = [];
    for (const item of Items) {
      keys.push({ pk: item.pk, sk: item.sk });
      if (typeof item.room === "string") keys.push(Keys.roomMember(item.room, connectionId));
    }
    await deleteKeys(keys);
  }

  async function deleteKeys(keys: { pk: string; sk: string }[]) {
    for (let i = 0; i < keys.length; i += 25) {
      await db().send(
        new BatchWriteCommand({
          RequestItems: { [table()]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })) },
        }),
      );
    }
  }

  /** Push one event to one connection; a gone connection is pruned and answers false. */
  export function send(connectionId: string, event: SocketEvent): Promise<boolean> {
    return post(connectionId, new TextEncoder().encode(JSON.stringify(event)));
  }

  async function post(connectionId: string, frame: Uint8Array): Promise<boolean> {
    if (await SocketPost.post(Config.socketManagementEndpoint, connectionId, frame)) return true;
    await forget(connectionId);
    return false;
  }

  export async function members(room: string): Promise<string[]> {
    const { pk, skPrefix } = Keys.roomMembers(room);
    const items = await queryAll({
      KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
      ExpressionAttributeValues: { ":p": pk, ":s": skPrefix },
      ProjectionExpression: "connection_id",
    });
    return items.map((item) => item.connection_id as string);
  }

  /** `update_model` to everyone in the room except the sender's own socket (`known`: its members, when read already). Answers how many received it. */
  export async function broadcast(room: string, data: Record<string, unknown>, senderSid: string | null, known?: string[]): Promise<number> {
    const targets = (known ?? (await members(room))).filter((id) => id !== senderSid);
    // One frame for every member, each post in flight as soon as a socket is free (no batch waits on its slowest post).
    const frame = new TextEncoder().encode(JSON.stringify({ event: "update_model", room, data, sender_sid: senderSid } satisfies SocketEvent));
    let next = 0;
    let delivered = 0;
    const worker = async () => {
      while (next < targets.length) {
        const id = targets[next++];
        if (await post(id, frame).catch(() => false)) delivered++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, targets.length) }, worker));
    return delivered;
  }

  /** Cron: drop connections older than their TTL that the gateway no longer knows (DynamoDB TTL deletes lazily). */
  export async function sweep(now = Date.now()): Promise<number> {
    const cutoff = new Date(now - CONNECTION_TTL_SECONDS * 1000).toISOString();
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: table(),
        IndexName: "gsi1",
        KeyConditionExpression: "gsi1pk = :p AND gsi1sk < :c",
        ExpressionAttributeValues: { ":p": Keys.connectionsPartition, ":c": cutoff },
      }),
    );
    for (const item of Items) {
      const id = item.connection_id as string;
      await management().send(new DeleteConnectionCommand({ ConnectionId: id })).catch(() => undefined);
      await forget(id);
    }
    return Items.length;
  }
}
