import { AsyncLocalStorage } from "node:async_hooks";
import { PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { EntityName, type StoredEntitySchema } from "../../../schemas/entities";
import { SOCKET_PING_PAGE } from "../../../schemas/jobs";
import type { AppMeta } from "../../../schemas/app";
import { Actor, type AppCaller } from "../actor";
import { AppCallers } from "../app-users/caller";
import { AppUsers } from "../app-users/users";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { batchGet, db, isConditionFailure, queryAll, table } from "../db";
import { EntitySchemas } from "../entities/schemas";
import { VisibleError } from "../errors";
import { Jobs } from "../jobs";
import { Keys } from "../keys";
import { Realtime } from "./rooms";
import { Rls } from "../entities/rls";
import { SocketIo } from "./socket-io";
import { SocketPost } from "./socket-post";
import { Users } from "../identity/users";

/**
 * Real time for generated apps' data: `@base44/sdk`'s `subscribe` over socket.io
 * (functions/sockets/app.ts speaks the protocol), rooms `entities:{appId}:{Name}`.
 * Connections and memberships are Realtime's items, marked `protocol: "socket.io"`.
 * Who may listen is decided twice: at join (the app's visibility, as for any data call)
 * and at every change (visibility again, then the entity's read rule for that record),
 * so a record reaches only sockets whose holder could read it over HTTP.
 */
export namespace AppRealtime {
  export const PROTOCOL = "socket.io";

  /** Who holds a socket, kept with the connection and resolved again whenever it matters. */
  export type Holder =
    | { kind: "builder"; user_id: string }
    | { kind: "member"; app_user_id: string }
    | { kind: "visitor"; anonymous_id: string | null };

  export interface Session {
    connectionId: string;
    appId: string;
    holder: Holder;
    pingedAt: number;
  }

  export interface EntityEvent {
    type: "create" | "update" | "delete";
    id: string;
    data: Record<string, unknown>;
    timestamp: string;
  }

  const PARALLEL_SENDS = 25;
  /** Fields longer than this are emptied when a change is too large for one frame (the SDK's `_oversize` convention). */
  const OVERSIZE_FIELD_CHARS = 10_000;

  /** The room of an entity's changes (Keys.entityRoomListened names the same room). */
  export const roomOf = (appId: string, entity: string) => `entities:${appId}:${entity}`;

  function parseRoom(room: string): { appId: string; entity: string } | null {
    const m = /^entities:([^:]+):(.+)$/.exec(room);
    return m && EntityName.safeParse(m[2]).success ? { appId: m[1], entity: m[2] } : null;
  }

  function holderOf(caller: AppCaller): Holder {
    if (caller.kind === "builder") return { kind: "builder", user_id: caller.user.id };
    if (caller.kind === "member") return { kind: "member", app_user_id: caller.user.id };
    return { kind: "visitor", anonymous_id: caller.anonymousId };
  }

  export async function connect(connectionId: string, caller: AppCaller): Promise<void> {
    await Realtime.open(connectionId, { protocol: PROTOCOL, app_id: caller.app.id, holder: holderOf(caller), pinged_at: Date.now() });
  }

  /** The app socket behind a connection id; undefined for an unknown or builder connection. */
  export async function session(connectionId: string): Promise<Session | undefined> {
    const item = await Realtime.connection(connectionId);
    return item ? toSession(item) : undefined;
  }

  function toSession(item: Record<string, unknown>): Session | undefined {
    if (item.protocol !== PROTOCOL) return undefined;
    return { connectionId: item.connection_id as string, appId: item.app_id as string, holder: item.holder as Holder, pingedAt: (item.pinged_at as number) ?? 0 };
  }

  /** The holder as a caller now: a deleted user, or a builder who lost access, is nobody. */
  async function callerOf(app: AppMeta, holder: Holder): Promise<AppCaller | undefined> {
    switch (holder.kind) {
      case "builder": {
        const user = await Users.get(holder.user_id);
        return user && !user.disabled && Apps.canAccess(user, app) ? { kind: "builder", app, user } : undefined;
      }
      case "member": {
        const user = await AppUsers.get(app.id, holder.app_user_id);
        return user ? { kind: "member", app, user } : undefined;
      }
      case "visitor":
        return { kind: "visitor", app, anonymousId: holder.anonymous_id };
    }
  }

  /** Join a room of the socket's own app, if the app admits the holder; answers why not otherwise. */
  export async function join(session: Session, room: string): Promise<{ ok: true } | { ok: false; message: string }> {
    const target = parseRoom(room);
    if (!target || target.appId !== session.appId) return { ok: false, message: "Only rooms entities:{appId}:{Entity} of this socket's app may be joined" };
    const app = await Apps.get(session.appId);
    const caller = app && (await callerOf(app, session.holder));
    if (!caller) return { ok: false, message: "This connection's user no longer exists" };
    try {
      AppCallers.admit(caller);
    } catch (err) {
      if (err instanceof VisibleError) return { ok: false, message: err.message };
      throw err;
    }
    // Marked before the socket is a member, so every write that starts after this join answered looks for listeners.
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.entityRoomListened(target.appId, target.entity), room } }));
    await Realtime.join(session.connectionId, room);
    return { ok: true };
  }

  /**
   * Send one frame. A connection the gateway no longer has answers false and, unless
   * `keep` (the handshake, sent while the gateway may still be opening it), is forgotten.
   */
  export async function post(connectionId: string, frame: string, keep = false): Promise<boolean> {
    if (await SocketPost.post(Config.appSocketManagementEndpoint, connectionId, new TextEncoder().encode(frame))) return true;
    if (!keep) await Realtime.forget(connectionId);
    return false;
  }

  /**
   * The engine.io handshake. API Gateway cannot send during $connect, so $connect queues
   * this (a job) and it is tried until the gateway has opened the socket.
   */
  export async function greet(connectionId: string, attempts = 20, delayMs = 100): Promise<boolean> {
    for (let i = 0; i < attempts; i++) {
      if (await post(connectionId, SocketIo.open(connectionId), true)) return true;
      await new Promise((r) => setTimeout(r, delayMs));
    }
    await Realtime.forget(connectionId);
    return false;
  }

  /** Ping one socket (the heartbeat the client waits for) and note when. */
  export async function ping(connectionId: string): Promise<boolean> {
    if (!(await post(connectionId, SocketIo.ping()))) return false;
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.connection(connectionId),
        UpdateExpression: "SET pinged_at = :now",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":now": Date.now() },
      }),
    ).catch((err) => {
      if (!isConditionFailure(err)) throw err; // else the socket closed meanwhile: nothing to note
    });
    return true;
  }

  /** Ping when the last ping is older than half the interval (called on client activity). */
  export async function keepAlive(session: Session): Promise<void> {
    if (Date.now() - session.pingedAt > SocketIo.PING_INTERVAL_MS / 2) await ping(session.connectionId);
  }

  /**
   * Cron: queue one `ping-sockets` job per page of app sockets (SOCKET_PING_PAGE of them), so the
   * heartbeat of 10,000s of sockets is many short runs, not one that outlives its time limit.
   * Answers how many sockets and pages; a page that failed to queue fails the cron (its alarm).
   */
  export async function pingAll(): Promise<{ sockets: number; pages: number }> {
    const items = await queryAll({
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :p",
      FilterExpression: "#protocol = :protocol",
      ExpressionAttributeNames: { "#protocol": "protocol" },
      ExpressionAttributeValues: { ":p": Keys.connectionsPartition, ":protocol": PROTOCOL },
      ProjectionExpression: "connection_id",
    });
    const ids = items.map((item) => item.connection_id as string);
    const pages = Array.from({ length: Math.ceil(ids.length / SOCKET_PING_PAGE) }, (_, i) => ids.slice(i * SOCKET_PING_PAGE, (i + 1) * SOCKET_PING_PAGE));
    const queued = await Promise.allSettled(pages.map((connection_ids) => Jobs.enqueue("ping-sockets", { connection_ids })));
    const failed = queued.find((q) => q.status === "rejected");
    if (failed) throw failed.reason;
    return { sockets: ids.length, pages: pages.length };
  }

  /** A `ping-sockets` job: ping each socket of one page, PARALLEL_SENDS at a time; answers how many are still open. */
  export async function pingPage(connectionIds: string[]): Promise<number> {
    let next = 0;
    let open = 0;
    const sender = async () => {
      while (next < connectionIds.length) {
        const id = connectionIds[next++];
        if (await ping(id).catch(() => false)) open++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, connectionIds.length) }, sender));
    return open;
  }

  interface Listener {
    connectionId: string;
    guard: Rls.Guard;
  }

  /** In-flight audience lookups, shared by the changes of one bulk write. */
  const lookups = new Map<string, Promise<Listener[]>>();

  function audience(appId: string, entity: string): Promise<Listener[]> {
    const room = roomOf(appId, entity);
    let pending = lookups.get(room);
    if (!pending) {
      pending = listeners(appId, entity, room).finally(() => lookups.delete(room));
      lookups.set(room, pending);
    }
    return pending;
  }

  /** A write's audience, looked up while the write runs (see expecting). */
  const expected = new AsyncLocalStorage<{ room: string; audience: Promise<Listener[]> }>();

  /**
   * Run a write with its room's audience looked up beside it, not after it. A room no socket
   * ever joined (no marker in the request's first read, see join) is not looked up at all.
   * The lookup starts after the request arrived, so a socket that had joined by then hears
   * the change; app and schema are the request's own.
   */
  export function expecting<R>(app: AppMeta, entity: string, schema: StoredEntitySchema, write: () => Promise<R>): Promise<R> {
    const room = roomOf(app.id, entity);
    const marker = Actor.prefetched(Keys.entityRoomListened(app.id, entity));
    const pending = marker && !marker.item ? Promise.resolve<Listener[]>([]) : listeners(app.id, entity, room, { app, schema });
    pending.catch(() => undefined); // a write that announces nothing must not leave an unhandled rejection; entityChanged awaits it
    return expected.run({ room, audience: pending }, write);
  }

  /** The room's sockets whose holders the app still admits, each with the entity's rules compiled for its holder. */
  async function listeners(appId: string, entity: string, room: string, known?: { app: AppMeta; schema: StoredEntitySchema }): Promise<Listener[]> {
    const ids = await Realtime.members(room);
    if (!ids.length) return [];
    const app = known ? known.app : await Apps.get(appId);
    const schema = known ? known.schema : app && (await EntitySchemas.load(appId, entity).catch(() => undefined));
    if (!app || !schema) return [];
    const sessions = await sessionsOf(ids);
    const guards = new Map<string, Promise<Rls.Guard | undefined>>();
    const guardOf = (holder: Holder) => {
      const key = JSON.stringify(holder);
      if (!guards.has(key))
        guards.set(
          key,
          callerOf(app, holder).then((caller) => {
            if (!caller) return undefined;
            try {
              AppCallers.admit(caller);
            } catch {
              return undefined;
            }
            return Rls.guard(schema, caller);
          }),
        );
      return guards.get(key)!;
    };
    const found: Listener[] = [];
    for (const id of ids) {
      const session = sessions.get(id);
      if (!session || session.appId !== appId) {
        await Realtime.leave(id, room);
        continue;
      }
      const guard = await guardOf(session.holder);
      if (guard) found.push({ connectionId: id, guard });
    }
    return found;
  }

  async function sessionsOf(ids: string[]): Promise<Map<string, Session>> {
    const sessions = new Map<string, Session>();
    for (const item of await batchGet(ids.map((id) => Keys.connection(id)))) {
      const session = toSession(item);
      if (session) sessions.set(session.connectionId, session);
    }
    return sessions;
  }

  /** `update_model` for one change, slimmed (`_oversize`) when the record would not fit in a frame. */
  function frameOf(room: string, event: EntityEvent, data: Record<string, unknown>): string {
    const frame = (record: Record<string, unknown>) => SocketIo.event("update_model", { room, data: JSON.stringify({ ...event, data: record }) });
    const whole = frame(data);
    if (Buffer.byteLength(whole) <= SocketIo.MAX_PAYLOAD) return whole;
    const slim = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === "string" && v.length > OVERSIZE_FIELD_CHARS ? "" : v]));
    const slimmed = frame({ ...slim, _oversize: true });
    return Buffer.byteLength(slimmed) <= SocketIo.MAX_PAYLOAD ? slimmed : frame({ id: event.id, _oversize: true });
  }

  /**
   * A record was created, updated or deleted (functions/core/entities/entities.ts): tell every
   * socket in its room whose holder may read it, as they would see it (fields their
   * rules hide are left out). A socket that is gone is pruned; one that fails otherwise
   * is logged and skipped, so a change is never refused because a listener failed.
   */
  export async function entityChanged(appId: string, entity: string, event: EntityEvent): Promise<void> {
    const room = roomOf(appId, entity);
    const store = expected.getStore();
    const targets = (await (store?.room === room ? store.audience : audience(appId, entity))).filter((l) => l.guard.allows("read", event.data));
    const frames = new Map<Rls.Guard, string>();
    const frameFor = (guard: Rls.Guard) => {
      if (!frames.has(guard)) frames.set(guard, frameOf(room, event, guard.view(event.data)));
      return frames.get(guard)!;
    };
    for (let i = 0; i < targets.length; i += PARALLEL_SENDS) {
      await Promise.all(
        targets.slice(i, i + PARALLEL_SENDS).map((l) =>
          post(l.connectionId, frameFor(l.guard)).catch((err) => console.error(`[app-realtime] ${room} -> ${l.connectionId}:`, err)),
        ),
      );
    }
  }
}
