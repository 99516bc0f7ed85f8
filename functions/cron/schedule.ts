import type { CronName } from "../../lib/routes";

/**
 * Scheduled jobs, one export per entry of `crons` in lib/routes.ts. Each schedule is a Lambda of its
 * own (stacks/jobs.ts) running one of these, so each loads only its own engine, with its first run:
 * the room sweep does not start with the turns' checkpoints in S3, nor the domains' DNS.
 */
export const handlers = {
  async pruneConnections() {
    const { Realtime } = await import("../core/realtime/rooms");
    return { pruned: await Realtime.sweep() };
  },
  async pingAppSockets() {
    const { AppRealtime } = await import("../core/realtime/app-realtime");
    return AppRealtime.pingAll();
  },
  async sweepTurns() {
    const { Turns } = await import("../core/chat/turns");
    return { ended: await Turns.sweep() };
  },
  async rollCreditPeriods() {
    const { CreditPeriods } = await import("../core/billing/credit-periods");
    return { rolled: await CreditPeriods.rollEnded() };
  },
  async recheckDomains() {
    const { CustomDomains } = await import("../core/domains/domains");
    return CustomDomains.recheckWaiting();
  },
} satisfies Record<CronName, () => Promise<unknown>>;

export const pruneConnections = handlers.pruneConnections;
export const pingAppSockets = handlers.pingAppSockets;
export const sweepTurns = handlers.sweepTurns;
export const rollCreditPeriods = handlers.rollCreditPeriods;
export const recheckDomains = handlers.recheckDomains;
