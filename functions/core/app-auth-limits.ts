import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, isConditionFailure, table } from "./db";
import { VisibleError } from "./errors";
import { Keys } from "./keys";

/**
 * Rate limits of an app's sign-in calls (sign-in, codes, resets, password changes), counted
 * per app in fixed windows that expire by TTL. Each attempt first takes a slot with one
 * conditional UpdateItem (ADD, refused once the window is full), and only then is its
 * password or code checked: however many arrive at once, at most `max` are checked. A
 * successful sign-in gives its slots back, so only failures add up.
 *
 * Counters are per client (the request's source address) as well as per account, so a
 * stranger's guesses fill the stranger's windows, not the owner's; the account as a whole
 * answers a flood from many clients with a growing wait rather than a lock.
 */
export namespace AppAuthLimits {
  export interface Limit {
    /** what is counted: "login", "reset", ... */
    kind: string;
    /** whose attempts: an e-mail, a client address, or both joined */
    subject: string;
    max: number;
    seconds: number;
    /** the 429's text */
    message: string;
  }

  /** Slots taken by one attempt; `release` hands them back when the attempt turned out fine. */
  export interface Slots {
    release(): Promise<void>;
  }

  type Key = { pk: string; sk: string };

  const windowOf = (seconds: number, now = Date.now()) => Math.floor(now / 1000 / seconds);
  const keyOf = (appId: string, limit: Limit, window: number) => Keys.appAuthLimit(appId, limit.kind, limit.subject, window);

  /** A condition the counter's update must meet, else it is refused. */
  interface Condition {
    expression: string;
    names: Record<string, string>;
    values: Record<string, unknown>;
  }

  /** Add `delta` to a counter (refreshing its TTL); with a condition, only while it holds. Answers the new count, or null when refused. */
  async function add(key: Key, window: number, seconds: number, delta: number, condition?: Condition): Promise<number | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: "ADD #count :delta SET #ttl = :ttl",
          ConditionExpression: condition?.expression,
          ExpressionAttributeNames: { "#count": "count", "#ttl": "ttl", ...condition?.names },
          ExpressionAttributeValues: { ":delta": delta, ":ttl": (window + 2) * seconds, ...condition?.values },
          ReturnValues: "UPDATED_NEW",
        }),
      );
      return Attributes?.count as number;
    } catch (err) {
      if (condition && isConditionFailure(err)) return null;
      throw err;
    }
  }

  /** Below `max`: a slot is free. */
  const below = (max: number): Condition => ({ expression: "attribute_not_exists(#count) OR #count < :max", names: {}, values: { ":max": max } });

  const giveBack = (taken: { key: Key; window: number; seconds: number }[]) => Promise.all(taken.map((t) => add(t.key, t.window, t.seconds, -1))).then(() => undefined);

  /** Take one slot of every limit, in order; the first full one answers 429 and returns the slots already taken. */
  export async function take(appId: string, limits: Limit[]): Promise<Slots> {
    const taken: { key: Key; window: number; seconds: number }[] = [];
    for (const limit of limits) {
      const window = windowOf(limit.seconds);
      const key = keyOf(appId, limit, window);
      if ((await add(key, window, limit.seconds, 1, below(limit.max))) === null) {
        await giveBack(taken);
        throw new VisibleError("rate_limited", limit.message);
      }
      taken.push({ key, window, seconds: limit.seconds });
    }
    return { release: () => giveBack(taken) };
  }

  export interface Backoff {
    kind: string;
    subject: string;
    /** attempts in a window before any wait */
    free: number;
    seconds: number;
    /** the longest wait between two attempts once past `free` */
    maxDelaySeconds: number;
    message: string;
  }

  /**
   * One attempt against an account's backoff: refused (429) while the account's wait runs;
   * past `free` attempts in the window, each one sets a wait (1 s, doubling every 5 attempts, up to the cap).
   */
  export async function backoff(appId: string, rule: Backoff): Promise<Slots> {
    const now = Date.now();
    const window = windowOf(rule.seconds, now);
    const key = Keys.appAuthLimit(appId, rule.kind, rule.subject, window);
    // refused while the account's wait (`next_at`) runs
    const count = await add(key, window, rule.seconds, 1, { expression: "attribute_not_exists(#next) OR #next <= :now", names: { "#next": "next_at" }, values: { ":now": now } });
    if (count === null) throw new VisibleError("rate_limited", rule.message);
    if (count > rule.free) {
      const delay = Math.min(2 ** Math.min(Math.floor((count - rule.free - 1) / 5), 20), rule.maxDelaySeconds) * 1000;
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: "SET #next = :next",
          ConditionExpression: "attribute_not_exists(#next) OR #next < :next",
          ExpressionAttributeNames: { "#next": "next_at" },
          ExpressionAttributeValues: { ":next": now + delay },
        }),
      ).catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
    }
    return { release: () => giveBack([{ key, window, seconds: rule.seconds }]) };
  }
}
