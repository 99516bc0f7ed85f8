import { AsyncLocalStorage } from "node:async_hooks";
import type { AppMeta } from "../../schemas/app";
import type { AppUser } from "../../schemas/app-user";
import type { User } from "../../schemas/user";
import { forbidden, unauthorized } from "./errors";

/** Who is calling, set once per request by the call group and read where needed. */
export type Actor =
  | { type: "public" }
  | { type: "user"; user: User; socketId: string | null }
  /** a caller of a generated app's API (app-users/caller.ts resolves it), with the items read alongside it */
  | { type: "app"; caller: AppCaller; read?: Prefetched };

/**
 * Who calls a generated app's API (the `@base44/sdk` surface under /api/apps/{id}/…):
 * - `builder`: a platform user who may edit the app, with their platform token or API key
 *   (the workspace's data tables, the API page's examples). Sees and changes all data.
 * - `member`: a user of the app itself, holding that app's runtime token. Row-level
 *   security applies.
 * - `visitor`: nobody signed in. Admitted only by public_without_login apps.
 */
export type AppCaller =
  | { kind: "builder"; app: AppMeta; user: User }
  | { kind: "member"; app: AppMeta; user: AppUser }
  | { kind: "visitor"; app: AppMeta; anonymousId: string | null };

/** Items read in the request's first round trip, by `pk|sk`: undefined when the table has none. */
export type Prefetched = ReadonlyMap<string, Record<string, unknown> | undefined>;

const storage = new AsyncLocalStorage<Actor>();
/** Per request's read: the ids takePrefetched has handed out. */
const takenOf = new WeakMap<Prefetched, Set<string>>();

export namespace Actor {
  export function provide<R>(actor: Actor, fn: () => R): R {
    return storage.run(actor, fn);
  }

  export function current(): Actor {
    return storage.getStore() ?? { type: "public" };
  }

  export function user(): User {
    const actor = current();
    if (actor.type !== "user") throw unauthorized();
    return actor.user;
  }

  /** The caller of a generated app's route; set for routes whose access is "app". */
  export function app(): AppCaller {
    const actor = current();
    if (actor.type !== "app") throw unauthorized();
    return actor.caller;
  }

  /**
   * An item this request already read (consistently, after it arrived): `{ item }` (item
   * undefined when absent), or undefined when it was not read, so the caller reads it itself.
   */
  export function prefetched(key: { pk: string; sk: string }): { item: Record<string, unknown> | undefined } | undefined {
    const actor = current();
    const read = actor.type === "app" ? actor.read : undefined;
    const id = `${key.pk}|${key.sk}`;
    return read?.has(id) ? { item: read.get(id) } : undefined;
  }

  /**
   * prefetched, but at most once per request: the second ask reads the table itself. For
   * an item a write is conditional on (a record), so a retry after a lost race re-reads.
   */
  export function takePrefetched(key: { pk: string; sk: string }): { item: Record<string, unknown> | undefined } | undefined {
    const actor = current();
    const found = prefetched(key);
    if (!found || actor.type !== "app" || !actor.read) return undefined;
    const taken = takenOf.get(actor.read) ?? new Set<string>();
    takenOf.set(actor.read, taken);
    const id = `${key.pk}|${key.sk}`;
    if (taken.has(id)) return undefined;
    taken.add(id);
    return found;
  }

  /** The caller's socket id (X-Socket-Id), so their own updates are not echoed back to them. */
  export function socketId(): string | null {
    const actor = current();
    return actor.type === "user" ? actor.socketId : null;
  }

  export function isAdmin(user: Pick<User, "platform_role">): boolean {
    return user.platform_role.includes("admin");
  }

  export function assertAdmin(): User {
    const u = user();
    if (!isAdmin(u)) throw forbidden("Access Denied - You are not authorized to access this page");
    return u;
  }
}
