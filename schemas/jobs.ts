import * as z from "zod";
import { Charge } from "./usage";

/** The worker's time limit (stacks/functions.ts); Lambda ends it there, mid-write if need be. */
export const WORKER_TIMEOUT_SECONDS = 15 * 60;
/** An AI turn stops itself at this age, well inside the worker's limit, so it can still say what it kept. */
export const TURN_DEADLINE_MS = 12 * 60_000;
/** A turn still running this long after its deadline has lost its worker: the sweeper ends it. */
export const TURN_SWEEP_GRACE_MS = 90_000;
/**
 * App sockets one `ping-sockets` job pings: the heartbeat cron queues one job per this many, so no run has to
 * reach every socket. A page took 0.8-1.9 s locally (2.7 s when every socket was gone and had to be forgotten)
 * and its ids are ~10 kB of payload; even if every post timed out thrice (SocketPost), 25 at a time, it would end in ~10 min.
 */
export const SOCKET_PING_PAGE = 500;

/** The payload of each kind of asynchronous work (lib/routes.ts `jobs`). */
export const Job = z.discriminatedUnion("name", [
  z.object({ name: z.literal("welcome-email"), payload: z.object({ user_id: z.string() }) }),
  z.object({
    name: z.literal("ai-turn"),
    payload: z.object({
      app_id: z.string(),
      user_id: z.string(),
      user_message_id: z.string(),
      assistant_message_id: z.string(),
      /** the socket of the tab that sent the message (its own echo is skipped) */
      sender_sid: z.string().nullable(),
      /** what the message cost, given back when the turn changes nothing */
      charge: Charge.nullable(),
      /** when the turn must have finished (ISO); the worker aborts at it, the sweeper ends it after */
      deadline_at: z.string(),
    }),
  }),
  z.object({ name: z.literal("chat-suggestions"), payload: z.object({ app_id: z.string() }) }),
  /** a backend function's file changed: bundle it now, so its first call does not wait on a build */
  z.object({ name: z.literal("deploy-function"), payload: z.object({ app_id: z.string(), function_name: z.string() }) }),
  /** the engine.io handshake of a new app socket, which API Gateway cannot send during $connect */
  z.object({ name: z.literal("socket-open"), payload: z.object({ connection_id: z.string() }) }),
  /** an entity file or an app changed: index and count the entity's records, or delete those of a removed entity or app */
  z.object({ name: z.literal("record-upkeep"), payload: z.object({ app_id: z.string(), entity: z.string().nullable() }) }),
  /** index the fields an app's code file queries (functions/core/records/code-queries.ts): queued by the table's stream when a page, component or function is written */
  z.object({ name: z.literal("code-indexes"), payload: z.object({ app_id: z.string(), path: z.string() }) }),
  /** scan an app's security (functions/core/security/scan.ts): POST /api/apps/{id}/security-scan answers at once and this runs it */
  z.object({ name: z.literal("security-scan"), payload: z.object({ app_id: z.string(), scan_id: z.string() }) }),
  /** one page of the app sockets' heartbeat (lib/routes.ts `crons.pingAppSockets` queues these) */
  z.object({ name: z.literal("ping-sockets"), payload: z.object({ connection_ids: z.array(z.string()).min(1).max(SOCKET_PING_PAGE) }) }),
]);
export type Job = z.infer<typeof Job>;
export type JobPayload<N extends Job["name"]> = Extract<Job, { name: N }>["payload"];
