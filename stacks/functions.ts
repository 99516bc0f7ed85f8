/// <reference path="../.sst/platform/config.d.ts" />
import { WordNet } from "../functions/agent/offline/language/wordnet";
import { VerifyBrowser } from "../functions/core/verify/browser";
import { WORKER_TIMEOUT_SECONDS } from "../schemas/jobs";
import { customDomains } from "./domains";
import { kiln } from "./kiln";
import { functionSandbox } from "./sandbox";
import { appRealtime, realtime } from "./realtime";
import { bedrockInvoke, githubToken, modelSettings } from "./models";
import { authSecret, stripe } from "./secrets";
import { files, table } from "./storage";

/**
 * What a Kiln function may reach: every handler reads the table and files, broadcasts, signs tokens
 * and reads `Resource.Kiln` (functions/core/config.ts); the rest only where its code uses it
 * (test/infra/stacks.test.ts checks each function's bundle against its links).
 */
type Need = "appRealtime" | "stripe" | "functionSandbox" | "customDomains" | "mail" | "models" | "github";
type Permission = { actions: string[]; resources: $util.Input<$util.Input<string>[]> };

const region = aws.getRegionOutput().region;
const accountId = aws.getCallerIdentityOutput().accountId;

/** SES sends from the verified identities (the address or domain of MailFrom) of this account and region. */
const mail: Permission = { actions: ["ses:SendEmail", "ses:SendRawEmail"], resources: [$interpolate`arn:aws:ses:${region}:${accountId}:identity/*`] };

/** Jobs the worker failed (an error, its time limit): kept 14 days for whoever runs Kiln to inspect. */
export const workerFailures = new sst.aws.Queue("WorkerFailures", { transform: { queue: { messageRetentionSeconds: 14 * 24 * 3600 } } });

function grants(needs: Need[], base: unknown[]): { link: unknown[]; permissions: Permission[]; environment: Record<string, $util.Input<string>> } {
  const has = (need: Need) => needs.includes(need);
  return {
    link: [
      ...base,
      ...(has("appRealtime") ? [appRealtime] : []),
      ...(has("stripe") ? [stripe] : []),
      ...(has("functionSandbox") ? [functionSandbox] : []),
      ...(has("customDomains") ? [customDomains] : []),
    ],
    permissions: [...(has("mail") ? [mail] : []), ...(has("models") ? [bedrockInvoke] : [])],
    environment: {
      ...(has("models") ? Object.fromEntries(Object.entries(modelSettings).map(([env, secret]) => [env, secret.value])) : {}),
      ...(has("github") ? { GITHUB_TOKEN: githubToken.value } : {}),
    },
  };
}

/**
 * The async worker (functions/jobs/worker.ts), invoked by Jobs.enqueue with a Lambda async invoke.
 * Never retried by Lambda (an AI turn must not run twice; the handler also refuses a turn it has
 * seen): a failed invocation goes to the dead-letter queue above instead.
 */
const workerGrants = grants(["appRealtime", "stripe", "functionSandbox", "mail", "models"], [table, files, realtime, authSecret, kiln]);
export const worker = new sst.aws.Function("Worker", {
  handler: "functions/jobs/worker.handler",
  timeout: `${WORKER_TIMEOUT_SECONDS} seconds`,
  // a turn is checked in a headless Chromium built for Lambda (functions/core/verify/browser.ts): both packages are
  // installed beside the bundle, never bundled, and Chromium wants the memory (its makers advise 1,600 MB or more);
  // the offline assistant reads WordNet's files, installed beside it too
  nodejs: { install: [...Object.values(VerifyBrowser.LAMBDA_PACKAGES), WordNet.LAMBDA_PACKAGE] },
  memory: "2048 MB",
  retries: 0,
  ...workerGrants,
  permissions: [...workerGrants.permissions, { actions: ["sqs:SendMessage"], resources: [workerFailures.arn] }],
  transform: {
    eventInvokeConfig: (args) => {
      args.destinationConfig = { onFailure: { destination: workerFailures.arn } };
    },
  },
});

/**
 * What a function other than the worker gets: the shared links (linking `Worker` exposes its name as
 * `Resource.Worker.name` and grants `lambda:InvokeFunction` on it) and what `needs` names.
 */
export function access(...needs: Need[]) {
  return grants(needs, [table, files, realtime, authSecret, kiln, worker]);
}

/** "welcome-email" -> "WelcomeEmail": a component name built from a route table entry. */
export function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}
