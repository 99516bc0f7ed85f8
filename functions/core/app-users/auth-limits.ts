import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { db, isConditionFailure, table } from "../db";
import { VisibleError } from "../errors";
import { Keys } from "../keys";

/**
 * Rate limits of an app's sign-in calls (sign-in, codes, resets, password changes), counted
 * per app in sliding windows. Each attempt first takes a slot with one conditional UpdateItem
 * (ADD, refused once the window is full), and only then is its password or code checked:
 * however many arrive at once, at most `max` are checked. A successful sign-in gives its slots
 * back, so only failures add up.
 *
 * A sliding window is approximated from two fixed ones, as Cloudflare does: the current
 * window's count plus the previous window's count weighted by how much of the previous window
 * the sliding one still covers. So a limit holds across a window's boundary (no fresh
 * allowance at :00/:15/:30/:45), yet each window stays one item that expires by TTL. The
 * previous window is closed, so reading it first and folding it into the condition of the
 * current window's update keeps the refusal atomic.
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
  /** What a counter counts, and in windows of how long. */
  type Counted = Pick<Limit, "kind" | "subject" | "seconds">;
  /** One fixed window of a counter: its item, its number, its length. */
  interface Window {
    key: Key;
    window: number;
    seconds: number;
  }

  const windowOf = (appId: string, counted: Counted, now: number, back = 0): Window => {
    const window = Math.floor(now / 1000 / counted.seconds) - back;
    return { key: Keys.appAuthLimit(appId, counted.kind, counted.subject, window), window, seconds: counted.seconds };
  };

  /**
   * What the previous window still weighs at `now`: its count times the share of it the sliding
   * window covers, rounded up (part of an attempt counts as a whole one, so rounding never lets
   * one more through), and its wait (`next_at`), which a window change must not drop.
   */
  async function previous(appId: string, counted: Counted, now: number) {
    const { Item } = await db().send(
      new GetCommand({
        TableName: table(),
        Key: windowOf(appId, counted, now, 1).key,
        ProjectionExpression: "#count, #next",
        ExpressionAttributeNames: { "#count": "count", "#next": "next_at" },
      }),
    );
    const elapsed = now / 1000 / counted.seconds - Math.floor(now / 1000 / counted.seconds);
    const count = Math.max(0, (Item?.count as number) ?? 0);
    // the epsilon keeps float noise (5.000000001) from rounding up to a whole attempt
    return { weight: Math.ceil(count * (1 - elapsed) - 1e-9), nextAt: (Item?.next_at as number) ?? 0 };
  }

  /** A condition the counter's update must meet, else it is refused. */
  interface Condition {
    expression: string;
    names: Record<string, string>;
    values: Record<string, unknown>;
  }

  /** Add `delta` to a window's counter (refreshing its TTL); with a condition, only while it holds. Answers the new count, or null when refused. */
  async function add(at: Window, delta: number, condition?: Condition): Promise<number | null> {
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: at.key,
          UpdateExpression: "ADD #count :delta SET #ttl = :ttl",
          ConditionExpression: condition?.expression,
          ExpressionAttributeNames: { "#count": "count", "#ttl": "ttl", ...condition?.names },
          // kept through the next window, which reads it as its previous one
          ExpressionAttributeValues: { ":delta": delta, ":ttl": (at.window + 2) * at.seconds, ...condition?.values },
          ReturnValues: "UPDATED_NEW",
        }),
      );
      return Attributes?.count as number;
    } catch (err) {
      if (condition && isConditionFailure(err)) return null;
      throw err;
    }
  }

  /** Below `room`: a slot is free (an absent counter is 0). */
  const below = (room: number): Condition => ({ expression: "attribute_not_exists(#count) OR #count < :room", names: {}, values: { ":room": room } });

  const giveBack = (taken: Window[]) => Promise.all(taken.map((t) => add(t, -1))).then(() => undefined);

  /** Take one slot of every limit, in order; the first full one answers 429 and returns the slots already taken. */
  export async function take(appId: string, limits: Limit[], now = Date.now()): Promise<Slots> {
    const taken: Window[] = [];
    for (const limit of limits) {
      const current = windowOf(appId, limit, now);
      // the previous window is closed: its weight is fixed, and the one update below decides alone
      const room = limit.max - (await previous(appId, limit, now)).weight;
      if (room <= 0 || (await add(current, 1, below(room))) === null) {
        await giveBack(taken);
        throw new VisibleError("rate_limited", limit.message);
      }
      taken.push(current);
    }
    return { release: () => giveBack(taken) };
  }

  export interface Backoff {
    kind: string;
    subject: string;
    /** attempts in a (sliding) window before any wait */
    free: number;
    seconds: number;
    /** the longest wait between two attempts once past `free`; at most `seconds`, so the next window still sees it */
    maxDelaySeconds: number;
    message: string;
  }

  /**
   * One attempt against an account's backoff: refused (429) while the account's wait runs;
   * past `free` attempts in the sliding window, each one sets a wait (1 s, doubling every 5 attempts, up to the cap).
   * The wait is kept on the window's item where it was set; the next window reads it from there.
   */
  export async function backoff(appId: string, rule: Backoff, now = Date.now()): Promise<Slots> {
    const current = windowOf(appId, rule, now);
    const before = await previous(appId, rule, now);
    // refused while the account's wait (`next_at`) runs, whichever window set it
    const count = before.nextAt > now ? null : await add(current, 1, { expression: "attribute_not_exists(#next) OR #next <= :now", names: { "#next": "next_at" }, values: { ":now": now } });
    if (count === null) throw new VisibleError("rate_limited", rule.message);
    const attempts = count + before.weight;
    if (attempts > rule.free) {
      const delay = Math.min(2 ** Math.min(Math.floor((attempts - rule.free - 1) / 5), 20), rule.maxDelaySeconds, rule.seconds) * 1000;
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: current.key,
          UpdateExpression: "SET #next = :next",
          ConditionExpression: "attribute_not_exists(#next) OR #next < :next",
          ExpressionAttributeNames: { "#next": "next_at" },
          ExpressionAttributeValues: { ":next": now + delay },
        }),
      ).catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
    }
    return { release: () => giveBack([current]) };
  }

  /** One-time codes, as an app's users and a team's builder accounts both get them. */
  export const OTP_TTL_MINUTES = 10;
  export const OTP_MAX_ATTEMPTS = 5;
  /** codes per e-mail and client an hour; the e-mail as a whole gets ACCOUNT_FACTOR times more from all clients */
  const CODE_SENDS_PER_HOUR = 5;
  export const ACCOUNT_FACTOR = 4;
  /** failed sign-ins per e-mail and client in a window, and per client over all e-mails */
  export const LOGIN_FAILURES_PER_WINDOW = 10;
  const LOGIN_FAILURES_PER_CLIENT = 100;
  /** failed sign-ins of one e-mail from all clients before each further one waits (doubling, up to 5 minutes) */
  const LOGIN_FAILURES_BEFORE_BACKOFF = 30;
  export const LOGIN_WINDOW_SECONDS = 15 * 60;
  const tooManySignIns = "Too many sign-in attempts. Please try again in 15 minutes.";

  /**
   * A password sign-in's slots in `scope` (an app, or the platform): per e-mail and client, per client, and the
   * account's growing wait, taken before the password is checked. `release()` gives them all back once it matched.
   */
  export async function signInAttempt(scope: string, email: string, client: string): Promise<Slots> {
    const slots = await take(scope, [
      { kind: "login", subject: `${email}|${client}`, max: LOGIN_FAILURES_PER_WINDOW, seconds: LOGIN_WINDOW_SECONDS, message: tooManySignIns },
      { kind: "login-client", subject: client, max: LOGIN_FAILURES_PER_CLIENT, seconds: LOGIN_WINDOW_SECONDS, message: tooManySignIns },
    ]);
    const account = await backoff(scope, {
      kind: "login-account",
      subject: email,
      free: LOGIN_FAILURES_BEFORE_BACKOFF,
      seconds: LOGIN_WINDOW_SECONDS,
      maxDelaySeconds: 300,
      message: "Too many sign-in attempts for this account. Please wait a moment and try again.",
    }).catch(async (err: unknown) => {
      await slots.release();
      throw err;
    });
    return { release: async () => void (await Promise.all([slots.release(), account.release()])) };
  }

  /** A verification code about to be mailed: per e-mail and client, and the e-mail from all clients. */
  export async function codeSend(scope: string, email: string, client: string): Promise<void> {
    const message = "Too many verification codes requested. Please try again in an hour.";
    await take(scope, [
      { kind: "code", subject: `${email}|${client}`, max: CODE_SENDS_PER_HOUR, seconds: 3600, message },
      { kind: "code-account", subject: email, max: CODE_SENDS_PER_HOUR * ACCOUNT_FACTOR, seconds: 3600, message },
    ]);
  }

  /**
   * Counts one try of the code stored at `key` before it is compared, so no burst of guesses gets more than
   * OTP_MAX_ATTEMPTS; refused once they are spent or the code was replaced.
   */
  export async function codeAttempt(key: { pk: string; sk: string }, otpHash: string): Promise<void> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: "SET otp_attempts = if_not_exists(otp_attempts, :zero) + :one",
          ConditionExpression: "otp_hash = :h AND (attribute_not_exists(otp_attempts) OR otp_attempts < :max)",
          ExpressionAttributeValues: { ":zero": 0, ":one": 1, ":h": otpHash, ":max": OTP_MAX_ATTEMPTS },
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw new VisibleError("input", "Too many incorrect attempts. Please request a new code.");
      throw err;
    }
  }
}
