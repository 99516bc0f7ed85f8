import WebSocket from "ws";

/** A room's members for the bench's fan-out rounds (test/bench/run.ts): many sockets of one user, and when the last of them got an update. */

const ROUND_TIMEOUT_MS = 15_000;

type Matcher = (data: Record<string, unknown>) => boolean;

/** 100 sockets of one user; resolves a round once every socket has seen the matching update_model. */
export class Members {
  private round: { match: Matcher; seen: Set<number>; done: (at: number) => void } | undefined;
  readonly sockets: WebSocket[] = [];
  strays = 0;
  duplicates = 0;

  constructor(readonly room: string) {}

  async open(socketUrl: string, token: string, count: number) {
    const openOne = (i: number) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${socketUrl}?token=${encodeURIComponent(token)}`);
        const pending = new Map<string, (e: any) => void>();
        ws.on("message", (raw) => {
          const e = JSON.parse(raw.toString());
          if (e.event === "update_model") return this.deliver(i, e);
          const waiter = pending.get(e.event === "error" ? "joined" : e.event);
          if (waiter) waiter(e);
        });
        (ws as WebSocket & { pending?: typeof pending }).pending = pending;
        ws.once("open", () => resolve(ws));
        ws.once("unexpected-response", (_req, res) => reject(new Error(`socket ${i} refused: ${res.statusCode}`)));
        ws.once("error", reject);
      });
    const join = (ws: WebSocket, i: number) =>
      new Promise<void>((resolve, reject) => {
        const pending = (ws as WebSocket & { pending?: Map<string, (e: any) => void> }).pending!;
        const timer = setTimeout(() => reject(new Error(`socket ${i}: no answer to join within 10 s`)), 10_000);
        pending.set("joined", (e) => {
          clearTimeout(timer);
          pending.delete("joined");
          if (e.event === "joined" && e.room === this.room) resolve();
          else reject(new Error(`socket ${i}: join answered ${JSON.stringify(e)}`));
        });
        ws.send(JSON.stringify({ action: "join", room: this.room }));
      });
    // Open and join in batches, as a burst of browser tabs would, without queuing 100 upgrades at once.
    for (let i = 0; i < count; i += 20) {
      const batch = await Promise.all(Array.from({ length: Math.min(20, count - i) }, (_, k) => openOne(i + k)));
      this.sockets.push(...batch);
      await Promise.all(batch.map((ws, k) => join(ws, i + k)));
    }
  }

  private deliver(i: number, e: { room?: string; data?: Record<string, unknown> }) {
    const at = performance.now();
    const r = this.round;
    if (!r || e.room !== this.room || !e.data || !r.match(e.data)) {
      this.strays++;
      return;
    }
    if (r.seen.has(i)) {
      this.duplicates++;
      return;
    }
    r.seen.add(i);
    if (r.seen.size === this.sockets.length) r.done(at);
  }

  /** Arms a round; the promise resolves with the performance.now() of the last delivery. */
  expect(match: Matcher): Promise<number> {
    if (this.round) throw new Error("a round is already running");
    const done = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        const seen = this.round?.seen.size ?? 0;
        this.round = undefined;
        reject(new Error(`only ${seen} of ${this.sockets.length} members received the update within ${ROUND_TIMEOUT_MS} ms`));
      }, ROUND_TIMEOUT_MS);
      this.round = {
        match,
        seen: new Set(),
        done: (at) => {
          clearTimeout(timer);
          this.round = undefined;
          resolve(at);
        },
      };
    });
    done.catch(() => undefined); // awaited by the caller; never an unhandled rejection if the caller failed first
    return done;
  }

  async close() {
    await Promise.all(
      this.sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            ws.once("close", () => resolve());
            ws.close();
            setTimeout(() => (ws.terminate(), resolve()), 5_000).unref();
          }),
      ),
    );
  }
}
