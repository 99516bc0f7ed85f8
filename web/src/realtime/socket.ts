import { type SocketEvent, SocketEvent as SocketEventSchema } from "../../../schemas/realtime";

type Listener = (event: SocketEvent) => void;

function defaultUrl(): string {
  const configured = import.meta.env.VITE_SOCKET_URL;
  if (configured) return configured;
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/ws`;
}

/**
 * The builder's real-time channel. One socket per tab; rooms are reference
 * counted so several components may hold the same room; after a drop it
 * reconnects with backoff and rejoins every room it held. Each join the server
 * confirms (`joined`) moves that room's join count, so a reader can tell whether
 * what it fetched was read before the room could hear every change.
 */
export class RealtimeClient {
  /** This tab's socket id, sent as X-Socket-Id so the server does not echo our own updates. */
  sid: string | null = null;
  private socket: WebSocket | null = null;
  private readonly rooms = new Map<string, number>();
  private readonly listeners = new Set<Listener>();
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  /** rooms the server confirmed on the current socket */
  private readonly live = new Set<string>();
  /** how many times the server confirmed each room, across reconnects */
  private readonly confirmations = new Map<string, number>();
  /** callers waiting for a room's join to settle */
  private readonly waiting = new Map<string, Set<() => void>>();

  constructor(
    private readonly token: () => string | null,
    private readonly url: () => string = defaultUrl,
  ) {}

  start() {
    if (this.started) return;
    this.started = true;
    this.open();
  }

  stop() {
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.close(1000);
    this.socket = null;
    this.sid = null;
    this.live.clear();
    for (const room of [...this.waiting.keys()]) this.settle(room);
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  join(room: string) {
    const held = this.rooms.get(room) ?? 0;
    this.rooms.set(room, held + 1);
    if (held === 0) this.send({ action: "join", room });
  }

  leave(room: string) {
    const held = this.rooms.get(room) ?? 0;
    if (held <= 1) {
      this.rooms.delete(room);
      this.live.delete(room);
      this.settle(room);
      if (held === 1) this.send({ action: "leave", room });
    } else {
      this.rooms.set(room, held - 1);
    }
  }

  /** How many joins of `room` the server has confirmed; it moves before listeners hear the `joined`. */
  joinCount(room: string): number {
    return this.confirmations.get(room) ?? 0;
  }

  /**
   * Resolves once a held room's join has settled (confirmed or refused), at once when the room is
   * not held or already confirmed, and after `timeoutMs` at the latest (no socket to confirm it).
   */
  joinSettled(room: string, timeoutMs: number): Promise<void> {
    if (!this.started || !this.rooms.has(room) || this.live.has(room)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.waiting.get(room) ?? new Set();
      this.waiting.set(room, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (!waiters.size && this.waiting.get(room) === waiters) this.waiting.delete(room);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      waiters.add(done);
    });
  }

  private settle(room: string) {
    for (const done of [...(this.waiting.get(room) ?? [])]) done();
    this.waiting.delete(room);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private send(frame: object) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(frame));
  }

  private open() {
    const token = this.token();
    if (!token || !this.started) return;
    const socket = new WebSocket(`${this.url()}?${new URLSearchParams({ token })}`);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      socket.send(JSON.stringify({ action: "hello" }));
      for (const room of this.rooms.keys()) socket.send(JSON.stringify({ action: "join", room }));
    };
    socket.onmessage = (message) => {
      let parsed;
      try {
        parsed = SocketEventSchema.safeParse(JSON.parse(String(message.data)));
      } catch {
        return;
      }
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.event === "hello") this.sid = event.sid;
      if (event.event === "joined" && this.rooms.has(event.room)) {
        this.live.add(event.room);
        this.confirmations.set(event.room, this.joinCount(event.room) + 1);
      }
      if ((event.event === "joined" || event.event === "error") && event.room) this.settle(event.room);
      for (const listener of this.listeners) listener(event);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.sid = null;
      this.live.clear();
      if (!this.started) return;
      const delay = Math.min(15_000, 500 * 2 ** this.attempts++);
      this.timer = setTimeout(() => this.open(), delay);
    };
  }
}

export const realtime = new RealtimeClient(() => localStorage.getItem("token"));
