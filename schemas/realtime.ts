import * as z from "zod";

/** A room is an app id, or `user:{id}` for a user's own updates. */
export const Room = z.string().min(1).max(128).regex(/^[A-Za-z0-9:_-]+$/, "room names use letters, digits, ':', '_' and '-'");

/** Client -> server frames; API Gateway routes them by `action`. */
export const SocketAction = z.discriminatedUnion("action", [
  z.object({ action: z.literal("hello") }),
  z.object({ action: z.literal("join"), room: Room }),
  z.object({ action: z.literal("leave"), room: Room }),
]);
export type SocketAction = z.infer<typeof SocketAction>;

/** Server -> client frames, pushed through the management API. */
export const SocketEvent = z.discriminatedUnion("event", [
  /** answer to `hello`: the caller's socket id, sent back as X-Socket-Id */
  z.object({ event: z.literal("hello"), sid: z.string() }),
  z.object({ event: z.literal("joined"), room: z.string() }),
  z.object({ event: z.literal("error"), message: z.string(), room: z.string().optional() }),
  z.object({
    event: z.literal("update_model"),
    room: z.string(),
    data: z.record(z.string(), z.unknown()),
    sender_sid: z.string().nullable(),
  }),
]);
export type SocketEvent = z.infer<typeof SocketEvent>;
