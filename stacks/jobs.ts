/// <reference path="../.sst/platform/config.d.ts" />
import { linked, pascal } from "./functions";
import { crons } from "../lib/routes";
import { table } from "./storage";

/**
 * Background work besides the worker (stacks/functions.ts): the table's change
 * stream and the scheduled jobs listed in `crons` (lib/routes.ts), one
 * EventBridge schedule each, handled by the export of the same name in
 * functions/cron/schedule.ts.
 */
export const stream = table.subscribe("Stream", {
  handler: "functions/stream/consumer.handler",
  ...linked,
});

export const schedules = Object.entries(crons).map(
  ([name, { schedule }]) =>
    new sst.aws.CronV2(`Cron${pascal(name)}`, {
      schedule,
      function: { handler: `functions/cron/schedule.${name}`, ...linked },
    }),
);
