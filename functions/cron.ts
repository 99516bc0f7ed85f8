import type { CronName } from "../stacks/routes";
import { Realtime } from "./core/realtime";

/** Scheduled jobs, one export per entry of `crons` in stacks/routes.ts. */
export const handlers: Record<CronName, () => Promise<unknown>> = {
  async pruneConnections() {
    return { pruned: await Realtime.sweep() };
  },
};

export const pruneConnections = handlers.pruneConnections;
