/// <reference path="../.sst/platform/config.d.ts" />
import { WORKER_TIMEOUT_SECONDS } from "../schemas/jobs";
import { customDomains } from "./domains";
import { kiln } from "./kiln";
import { functionSandbox } from "./sandbox";
import { appRealtime, realtime } from "./realtime";
import { authSecret, stripe } from "./secrets";
import { files, table } from "./storage";

/**
 * What every Kiln function is linked to and allowed to do. Every handler shares
 * functions/core, so any of them may read the table, sign URLs, broadcast, send
 * mail or queue a job; the local stack likewise gives every handler every link.
 */
const mail = { actions: ["ses:SendEmail", "ses:SendRawEmail"], resources: ["*"] };

/** Jobs the worker failed (an error, its time limit): kept 14 days for whoever runs Kiln to inspect. */
export const workerFailures = new sst.aws.Queue("WorkerFailures", { transform: { queue: { messageRetentionSeconds: 14 * 24 * 3600 } } });

/**
 * The async worker (functions/jobs/worker.ts), invoked by Jobs.enqueue with a Lambda async invoke.
 * Never retried by Lambda (an AI turn must not run twice; the handler also refuses a turn it has
 * seen): a failed invocation goes to the dead-letter queue above instead.
 */
export const worker = new sst.aws.Function("Worker", {
  handler: "functions/jobs/worker.handler",
  timeout: `${WORKER_TIMEOUT_SECONDS} seconds`,
  retries: 0,
  link: [table, files, realtime, appRealtime, authSecret, kiln, stripe, functionSandbox, customDomains],
  permissions: [mail, { actions: ["sqs:SendMessage"], resources: [workerFailures.arn] }],
  transform: {
    eventInvokeConfig: (args) => {
      args.destinationConfig = { onFailure: { destination: workerFailures.arn } };
    },
  },
});

/**
 * Spread into every other function's args. Linking `Worker` exposes its name as
 * `Resource.Worker.name` and grants `lambda:InvokeFunction` on it.
 */
export const linked = {
  link: [table, files, realtime, appRealtime, authSecret, kiln, stripe, worker, functionSandbox, customDomains],
  permissions: [mail],
} satisfies Pick<sst.aws.FunctionArgs, "link" | "permissions">;

/** "welcome-email" -> "WelcomeEmail": a component name built from a route table entry. */
export function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}
