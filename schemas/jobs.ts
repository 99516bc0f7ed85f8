import * as z from "zod";

/** The payload of each kind of asynchronous work (stacks/routes.ts `jobs`). */
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
      charged: z.number(),
      charged_at: z.string(),
    }),
  }),
  z.object({ name: z.literal("chat-suggestions"), payload: z.object({ app_id: z.string() }) }),
  /** the engine.io handshake of a new app socket, which API Gateway cannot send during $connect */
  z.object({ name: z.literal("socket-open"), payload: z.object({ connection_id: z.string() }) }),
]);
export type Job = z.infer<typeof Job>;
export type JobPayload<N extends Job["name"]> = Extract<Job, { name: N }>["payload"];
