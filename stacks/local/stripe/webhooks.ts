import { createHmac } from "node:crypto";
import { nowSeconds } from "./clock.ts";
import type { Store } from "./store.ts";

/** Waits before each retry of a delivery: six tries in all, then the event is given up and logged. */
const RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000];
const ATTEMPT_TIMEOUT_MS = 10_000;

/** Stripe's signature header: `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`. */
export function signatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

/** Posts every event to the webhook URL in creation order, one at a time, after the request that caused it. */
export class Deliveries {
  private queue: string[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private inFlight = new AbortController();
  private idleWaiters: Array<() => void> = [];

  constructor(
    private store: Store,
    private url: string | null,
    private secret: string,
    private log: (line: string) => void,
  ) {}

  enqueue(eventId: string): void {
    const event = this.store.entry(eventId)!.obj;
    if (!this.url) {
      this.store.data.deliveries[eventId] = { status: "not_sent", attempts: 0, last_error: null };
      return;
    }
    event.pending_webhooks = 1;
    this.store.data.deliveries[eventId] = { status: "pending", attempts: 0, last_error: null };
    this.queue.push(eventId);
    setImmediate(() => this.kick());
  }

  /** Picks up deliveries a previous run left pending (persisted data). */
  resume(): void {
    const pending = Object.entries(this.store.data.deliveries)
      .filter(([id, d]) => d.status === "pending" && this.store.entry(id))
      .map(([id]) => id)
      .sort((a, b) => this.store.entry(a)!.seq - this.store.entry(b)!.seq);
    if (!this.url) return;
    this.queue.push(...pending);
    setImmediate(() => this.kick());
  }

  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.inFlight.abort();
    await this.running;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private kick(): void {
    if (this.running || this.stopped || this.queue.length === 0) return;
    this.running = this.drain();
  }

  private async drain(): Promise<void> {
    // Yields first so `running` is set before the loop can end and clear it.
    await Promise.resolve();
    while (this.queue.length && !this.stopped) {
      await this.deliver(this.queue[0]);
      if (!this.stopped) this.queue.shift();
    }
    this.running = null;
    if (this.queue.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async deliver(eventId: string): Promise<void> {
    const event = this.store.entry(eventId)!.obj;
    const state = this.store.data.deliveries[eventId];
    const payload = JSON.stringify(event);
    for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length && !this.stopped; attempt++) {
      if (attempt > 0) await this.sleep(RETRY_DELAYS_MS[attempt - 1]);
      if (this.stopped) return;
      state.attempts++;
      try {
        const response = await fetch(this.url!, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signatureHeader(payload, this.secret) },
          body: payload,
          signal: AbortSignal.any([this.inFlight.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await response.arrayBuffer();
        if (response.ok) {
          this.finish(event, state, "delivered", null);
          return;
        }
        state.last_error = `HTTP ${response.status}`;
      } catch (error) {
        state.last_error = error instanceof Error ? error.message : String(error);
      }
      this.store.changed();
    }
    if (this.stopped) return;
    this.finish(event, state, "failed", state.last_error);
    this.log(`stripe stand-in: gave up delivering ${event.type} ${eventId} after ${state.attempts} tries (${state.last_error})`);
  }

  private finish(event: Record<string, any>, state: { status: string; last_error: string | null }, status: "delivered" | "failed", error: string | null): void {
    state.status = status;
    state.last_error = error;
    event.pending_webhooks = 0;
    this.store.changed();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
