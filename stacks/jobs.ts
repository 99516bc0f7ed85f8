/// <reference path="../.sst/platform/config.d.ts" />
import { access, pascal } from "./functions";
import { crons } from "../lib/routes";
import { table } from "./storage";

/**
 * Background work besides the worker (stacks/functions.ts): the table's change
 * stream and the scheduled jobs listed in `crons` (lib/routes.ts), one
 * EventBridge schedule each, handled by the export of the same name in
 * functions/cron/schedule.ts.
 */

/** Stream batches that still failed after the retries below: where in the stream they were (not the records), kept 14 days. */
export const streamFailures = new sst.aws.Queue("StreamFailures", { transform: { queue: { messageRetentionSeconds: 14 * 24 * 3600 } } });

/**
 * The changes functions/stream/consumer.ts acts on (anything else would only start it to skip):
 * a user's MODIFY (pushed to their room), an app's FILE#functions/, FILE#entities/, FILE#pages/ and
 * FILE#components/ files (deploys, record upkeep, indexes for the fields the code queries), an app's REMOVE (record cleanup), every REC# record change (the records' history)
 * and a checkpoint's INSERT (stamped into that history). Lambda allows five filters; they OR.
 */
const key = (pk: unknown[], sk?: unknown[]) => ({ dynamodb: { Keys: { pk: { S: pk }, ...(sk ? { sk: { S: sk } } : {}) } } });
export const streamFilters = [
  { eventName: ["MODIFY"], ...key([{ prefix: "USER#" }], ["USER"]) },
  key([{ prefix: "APP#" }], [{ prefix: "FILE#functions/" }, { prefix: "FILE#entities/" }, { prefix: "FILE#pages/" }, { prefix: "FILE#components/" }]),
  { eventName: ["REMOVE"], ...key([{ prefix: "APP#" }], ["APP"]) },
  key([{ prefix: "REC#" }]),
  { eventName: ["INSERT"], ...key([{ prefix: "APP#" }], [{ prefix: "CP#" }]) },
];

const streamAccess = access();
export const stream = table.subscribe(
  "Stream",
  {
    handler: "functions/stream/consumer.handler",
    ...streamAccess,
    permissions: [...streamAccess.permissions, { actions: ["sqs:SendMessage"], resources: [streamFailures.arn] }],
  },
  {
    filters: streamFilters,
    transform: {
      // one bad record must not hold the shard for the stream's 24 h: split the batch to find it, then set it aside
      eventSourceMapping: (args: aws.lambda.EventSourceMappingArgs) => {
        args.maximumRetryAttempts = 10;
        args.bisectBatchOnFunctionError = true;
        args.maximumRecordAgeInSeconds = 6 * 3600;
        args.destinationConfig = { onFailure: { destinationArn: streamFailures.arn } };
      },
    },
  },
);

export const schedules = Object.entries(crons).map(
  ([name, { schedule }]) =>
    new sst.aws.CronV2(`Cron${pascal(name)}`, {
      schedule,
      function: { handler: `functions/cron/schedule.${name}`, ...access("appRealtime", "customDomains") },
    }),
);
