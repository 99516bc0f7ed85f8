import * as z from "zod";

/** The payload of each kind of asynchronous work (stacks/routes.ts `jobs`). */
export const Job = z.discriminatedUnion("name", [
  z.object({ name: z.literal("welcome-email"), payload: z.object({ user_id: z.string() }) }),
]);
export type Job = z.infer<typeof Job>;
export type JobPayload<N extends Job["name"]> = Extract<Job, { name: N }>["payload"];
