import { describe, expect, it } from "vitest";
import { uniqueEmail, useStackLinks } from "./helpers";

/**
 * An app's sign-in limits hold across a window's boundary (issue 21): counts slide rather than
 * start again at :00/:15/:30/:45, and an account's wait outlives the window that set it. The
 * limiter runs in this process against the stack's DynamoDB with its clock given, so attempts
 * land just before and just after a boundary every run, whatever the time.
 */
useStackLinks();
const { AppAuthLimits } = await import("../../functions/core/app-users/auth-limits");

const SECONDS = 15 * 60;
/** a window boundary (the next quarter hour); the app id is new each run, so its counters are too */
const boundary = (Math.floor(Date.now() / 1000 / SECONDS) + 1) * SECONDS * 1000;
const newAppId = () => `limits${Math.random().toString(36).slice(2, 10)}`;

/** What an attempt at `now` answers: "taken", or the 429's text. */
async function outcome(attempt: Promise<unknown>): Promise<string> {
  try {
    await attempt;
    return "taken";
  } catch (err) {
    const { kind, message } = err as { kind?: string; message: string };
    if (kind !== "rate_limited") throw err;
    return message;
  }
}
const tally = (outcomes: string[]) => outcomes.reduce<Record<string, number>>((n, o) => ({ ...n, [o]: (n[o] ?? 0) + 1 }), {});

describe("a client's limit slides across a window's boundary", () => {
  const message = "Too many sign-in attempts. Please try again in 15 minutes.";
  const limit = () => ({ kind: "login", subject: `${uniqueEmail("slide")}|127.0.0.9`, max: 10, seconds: SECONDS, message });

  it("10 failures just before :00/:15/:30/:45 still refuse the 11th just after; half a window on, half of them still count", async () => {
    const appId = newAppId();
    const client = limit();
    const take = (now: number) => outcome(AppAuthLimits.take(appId, [client], now));
    for (let i = 0; i < 10; i++) expect(await take(boundary - 1000)).toBe("taken");
    expect(await take(boundary - 1000)).toBe(message);
    // a fixed window would start again at zero here
    expect(await take(boundary + 1000)).toBe(message);
    expect(await take(boundary + 60_000)).toBe(message);
    // halfway through the new window the old one weighs 10 × 0.5: of 8 at once, exactly 5 are taken
    const half = await Promise.all(Array.from({ length: 8 }, () => take(boundary + (SECONDS * 1000) / 2)));
    expect(tally(half)).toEqual({ taken: 5, [message]: 3 });
  });

  it("a slot given back in the old window frees room in the new one", async () => {
    const appId = newAppId();
    const client = limit();
    const slots = [];
    for (let i = 0; i < 10; i++) slots.push(await AppAuthLimits.take(appId, [client], boundary - 1000));
    expect(await outcome(AppAuthLimits.take(appId, [client], boundary + 1000))).toBe(message);
    await slots[0].release();
    expect(await outcome(AppAuthLimits.take(appId, [client], boundary + 1000))).toBe("taken");
    expect(await outcome(AppAuthLimits.take(appId, [client], boundary + 1000))).toBe(message);
  });
});

describe("an account's growing wait holds across a window's boundary", () => {
  const message = "Too many sign-in attempts for this account. Please wait a moment and try again.";
  const rule = () => ({ kind: "login-account", subject: uniqueEmail("wait"), free: 30, seconds: SECONDS, maxDelaySeconds: 300, message });

  it("the wait set just before the boundary still runs after it, and the count carries on into the next window", async () => {
    const appId = newAppId();
    const account = rule();
    const attempt = (now: number) => outcome(AppAuthLimits.backoff(appId, account, now));
    for (let i = 0; i < 30; i++) expect(await attempt(boundary - 5000 + i)).toBe("taken");
    // the 31st sets a wait of 1 s, until 500 ms past the boundary
    expect(await attempt(boundary - 500)).toBe("taken");
    expect(await attempt(boundary - 100)).toBe(message);
    expect(await attempt(boundary + 100)).toBe(message);
    expect(await attempt(boundary + 499)).toBe(message);
    // the wait is over; the old window's 31 still count, so this attempt (the 32nd) sets a new wait
    expect(await attempt(boundary + 600)).toBe("taken");
    expect(await attempt(boundary + 700)).toBe(message);
    expect(await attempt(boundary + 1599)).toBe(message);
    expect(await attempt(boundary + 1600)).toBe("taken");
  });

  it("the waits keep growing after the boundary: the sixth attempt past the free ones waits 2 s", async () => {
    const appId = newAppId();
    const account = rule();
    const attempt = (now: number) => outcome(AppAuthLimits.backoff(appId, account, now));
    for (let i = 0; i < 33; i++) expect(await attempt(boundary - 60_000 + i * 1000)).toBe("taken"); // 31 to 33 each wait 1 s
    let now = boundary + 1000;
    for (let i = 0; i < 2; i++, now += 1000) expect(await attempt(now)).toBe("taken"); // the 34th and 35th: 1 s
    expect(await attempt(now)).toBe("taken"); // the 36th: 2 s
    expect(await attempt(now + 1000)).toBe(message);
    expect(await attempt(now + 2000)).toBe("taken");
  });
});
