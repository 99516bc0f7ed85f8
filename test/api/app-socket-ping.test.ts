import { randomBytes } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { handlers } from "../../functions/cron/schedule";
import { Jobs } from "../../functions/core/jobs";
import { Realtime } from "../../functions/core/realtime/rooms";
import { handler } from "../../functions/jobs/worker";
import { type Job, SOCKET_PING_PAGE } from "../../schemas/jobs";
import { apiUrl, builtApp, signedIn, useStackLinks } from "./helpers";

// The cron and the worker run in this process against the stack's table and its socket gateway.
useStackLinks();

const open: Socket[] = [];
afterAll(() => {
  for (const s of open.splice(0)) s.disconnect();
});

/** An app socket as `@base44/sdk` opens it, and how many engine.io pings it has heard. */
async function appSocket(appId: string) {
  const socket = io(apiUrl(), { path: "/ws-user-apps/socket.io/", transports: ["websocket"], query: { app_id: appId, anonymous_id: "pinged" }, reconnection: false, forceNew: true });
  open.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  const heard = { pings: 0 };
  socket.io.on("ping", () => heard.pings++);
  return { id: socket.io.engine.id, heard };
}

describe("the app sockets' heartbeat (lib/routes.ts crons.pingAppSockets) is one job per page of sockets", () => {
  it("with more connections than one page the cron queues several pages, and the worker pings every connection once", async () => {
    const owner = await signedIn("socket-ping");
    const app = await builtApp(owner.token, "A tiny blog");
    // three open sockets...
    const live = await Promise.all([1, 2, 3].map(() => appSocket(app.id)));
    let gone: string[] = [];
    let queued: Job[] = [];
    let answer;
    // The stack's own heartbeat (its cron ticker, every 4 minutes) may run while the page of gone sockets is written
    // and forget some of them before this cron reads them: then the setup is written again, at most three times.
    for (let round = 0; round < 3; round++) {
      // ...and a page's worth that closed without the table hearing of it (API Gateway answers 410 to them)
      gone = Array.from({ length: SOCKET_PING_PAGE }, () => randomBytes(10).toString("base64"));
      for (let i = 0; i < gone.length; i += 25)
        await Promise.all(gone.slice(i, i + 25).map((id) => Realtime.open(id, { protocol: "socket.io", app_id: app.id, holder: { kind: "visitor", anonymous_id: null }, pinged_at: 0 })));
      const jobs: Job[] = [];
      Jobs.useLocalRunner((job) => jobs.push(job));
      try {
        answer = await handlers.pingAppSockets();
      } finally {
        Jobs.useLocalRunner(undefined);
      }
      queued = jobs;
      const kept = await Promise.all(gone.map((id) => Realtime.connection(id)));
      if (kept.every(Boolean)) break;
    }
    const ours = [...gone, ...live.map((s) => s.id)];
    const pages = queued.flatMap((job) => (job.name === "ping-sockets" ? [job.payload.connection_ids] : []));
    expect(pages.length).toBe(queued.length);
    // other test files' sockets may be open too: theirs are paged with ours
    expect(answer).toEqual({ sockets: pages.flat().length, pages: pages.length });
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages) expect(page.length).toBeLessThanOrEqual(SOCKET_PING_PAGE);
    const paged = pages.flat();
    for (const id of ours) expect(paged.filter((p) => p === id), id).toHaveLength(1);

    // The pages of gone sockets first; then, counting from here, the page(s) holding the open ones, run side by side as Lambda would.
    const holdsLive = (job: Job) => job.name === "ping-sockets" && live.some((s) => job.payload.connection_ids.includes(s.id));
    await Promise.all(queued.filter((job) => !holdsLive(job)).map(handler));
    for (const s of live) s.heard.pings = 0;
    await Promise.all(queued.filter(holdsLive).map(handler));
    await new Promise((r) => setTimeout(r, 300)); // a second ping would arrive by now
    // each live socket is in exactly one page (checked above) and heard its ping; the stack's own heartbeat, running
    // in its process every 4 minutes, may have pinged it once more in this window
    expect(live.map((s) => s.heard.pings >= 1 && s.heard.pings <= 2)).toEqual([true, true, true]);
    for (const s of live) expect(((await Realtime.connection(s.id))?.pinged_at as number) > Date.now() - 10_000).toBe(true);
    // a gone socket was pinged too: the gateway's 410 made the worker forget it
    const left = await Promise.all(gone.map((id) => Realtime.connection(id)));
    expect(left.filter(Boolean)).toEqual([]);
  }, 60_000);
});
