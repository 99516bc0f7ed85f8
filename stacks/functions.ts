/// <reference path="../.sst/platform/config.d.ts" />
import { kiln } from "./kiln";
import { appRealtime, realtime } from "./realtime";
import { authSecret } from "./secrets";
import { files, table } from "./storage";

/**
 * What every Kiln function is linked to and allowed to do. Every handler shares
 * functions/core, so any of them may read the table, sign URLs, broadcast, send
 * mail or queue a job; the local stack likewise gives every handler every link.
 */
const mail = { actions: ["ses:SendEmail", "ses:SendRawEmail"], resources: ["*"] };

/** The async worker (functions/worker.ts), invoked by Jobs.enqueue with a Lambda async invoke. */
export const worker = new sst.aws.Function("Worker", {
  handler: "functions/worker.handler",
  timeout: "15 minutes",
  link: [table, files, realtime, appRealtime, authSecret, kiln],
  permissions: [mail],
});

/**
 * Spread into every other function's args. Linking `Worker` exposes its name as
 * `Resource.Worker.name` and grants `lambda:InvokeFunction` on it.
 */
export const linked = {
  link: [table, files, realtime, appRealtime, authSecret, kiln, worker],
  permissions: [mail],
} satisfies Pick<sst.aws.FunctionArgs, "link" | "permissions">;

/** "welcome-email" -> "WelcomeEmail": a component name built from a route table entry. */
export function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}
