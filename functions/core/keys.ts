/**
 * The single table's keys. Every access pattern Kiln has is listed here, and
 * nothing outside this file concatenates a key prefix.
 *
 * | pattern                           | operation | key                                              |
 * |-----------------------------------|-----------|--------------------------------------------------|
 * | user by id                        | GetItem   | pk USER#{id}          sk USER                    |
 * | user by e-mail (unique)           | GetItem   | pk EMAIL#{email}      sk EMAIL    -> user_id     |
 * | user by API key (unique)          | GetItem   | pk APIKEY#{sha256}    sk APIKEY   -> user_id     |
 * | users, newest first               | Query     | gsi1 USERS            gsi1sk {created}#{id}      |
 * | app by id                         | GetItem   | pk APP#{id}           sk APP                     |
 * | socket connection                 | GetItem   | pk CONN#{id}          sk CONN                    |
 * | rooms a connection joined         | Query     | pk CONN#{id}          sk begins ROOM#            |
 * | connections in a room             | Query     | pk ROOM#{room}        sk begins CONN#            |
 * | connections, oldest first (sweep) | Query     | gsi1 CONNS            gsi1sk {connected_at}#{id} |
 * | e-mail outbox, newest first       | Query     | pk OUTBOX             sk {ulid}                  |
 */

export const Keys = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: "USER" }),
  userIndex: (createdDate: string, id: string) => ({ gsi1pk: "USERS", gsi1sk: `${createdDate}#${id}` }),
  usersPartition: "USERS",
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: "EMAIL" }),
  apiKey: (hash: string) => ({ pk: `APIKEY#${hash}`, sk: "APIKEY" }),

  app: (id: string) => ({ pk: `APP#${id}`, sk: "APP" }),

  connection: (id: string) => ({ pk: `CONN#${id}`, sk: "CONN" }),
  connectionIndex: (connectedAt: string, id: string) => ({ gsi1pk: "CONNS", gsi1sk: `${connectedAt}#${id}` }),
  connectionsPartition: "CONNS",
  connectionRooms: (connectionId: string) => ({ pk: `CONN#${connectionId}`, skPrefix: "ROOM#" }),
  connectionRoom: (connectionId: string, room: string) => ({ pk: `CONN#${connectionId}`, sk: `ROOM#${room}` }),
  roomMembers: (room: string) => ({ pk: `ROOM#${room}`, skPrefix: "CONN#" }),
  roomMember: (room: string, connectionId: string) => ({ pk: `ROOM#${room}`, sk: `CONN#${connectionId}` }),

  outbox: (id: string) => ({ pk: "OUTBOX", sk: id }),
  outboxPartition: "OUTBOX",

  /** Kind of an item, read back from a stream record's keys. */
  kindOf(pk: string, sk: string): "user" | "app" | "connection" | "membership" | "outbox" | "other" {
    if (pk.startsWith("USER#") && sk === "USER") return "user";
    if (pk.startsWith("APP#") && sk === "APP") return "app";
    if (pk.startsWith("CONN#")) return sk === "CONN" ? "connection" : "membership";
    if (pk.startsWith("ROOM#")) return "membership";
    if (pk === "OUTBOX") return "outbox";
    return "other";
  },
};

/** Attributes that are keys, never part of an entity's public shape. */
export const keyAttributes = ["pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "gsi3pk", "gsi3sk", "ttl", "version"] as const;

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof keyAttributes)[number]> {
  const copy: Record<string, unknown> = { ...item };
  for (const k of keyAttributes) delete copy[k];
  return copy as Omit<T, (typeof keyAttributes)[number]>;
}
