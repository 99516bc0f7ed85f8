import { AsyncLocalStorage } from "node:async_hooks";
import type { User } from "../../schemas/user";
import type { AppCaller } from "./app-caller";
import { forbidden, unauthorized } from "./errors";

/** Who is calling, set once per request by the call group and read where needed. */
export type Actor =
  | { type: "public" }
  | { type: "user"; user: User; socketId: string | null }
  /** a caller of a generated app's API (see app-caller.ts) */
  | { type: "app"; caller: AppCaller };

const storage = new AsyncLocalStorage<Actor>();

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
