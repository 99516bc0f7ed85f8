import type { CronName } from "../../lib/routes";
import { AppRealtime } from "../core/realtime/app-realtime";
import { CreditPeriods } from "../core/billing/credit-periods";
import { CustomDomains } from "../core/domains/domains";
import { Realtime } from "../core/realtime/rooms";
import { Turns } from "../core/chat/turns";

/** Scheduled jobs, one export per entry of `crons` in lib/routes.ts. */
export const handlers = {
  async pruneConnections() {
    return { pruned: await Realtime.sweep() };
  },
  async pingAppSockets() {
    return AppRealtime.pingAll();
  },
  async sweepTurns() {
    return { ended: await Turns.sweep() };
  },
  async rollCreditPeriods() {
    return { rolled: await CreditPeriods.rollEnded() };
  },
  async recheckDomains() {
    return CustomDomains.recheckWaiting();
  },
} satisfies Record<CronName, () => Promise<unknown>>;

export const pruneConnections = handlers.pruneConnections;
export const pingAppSockets = handlers.pingAppSockets;
export const sweepTurns = handlers.sweepTurns;
export const rollCreditPeriods = handlers.rollCreditPeriods;
export const recheckDomains = handlers.recheckDomains;
