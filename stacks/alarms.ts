/// <reference path="../.sst/platform/config.d.ts" />
import { appSocketHandler, api, handlers, realtimeHandler } from "./api";
import { worker, workerFailures } from "./functions";
import { schedules, stream, streamFailures } from "./jobs";
import { functionSandbox } from "./sandbox";

/**
 * CloudWatch alarms on what goes wrong without anyone calling: jobs set aside (the worker's and the
 * stream's failure queues), the stream falling behind, functions failing or throttled, the API
 * answering 5xx. They notify the `Alarms` SNS topic; KILN_ALARM_EMAIL (at deploy) subscribes an
 * address to it (AWS mails a confirmation link first).
 */
export const alarmTopic = new sst.aws.SnsTopic("Alarms");

const email = process.env.KILN_ALARM_EMAIL?.trim();
if (email) new aws.sns.TopicSubscription("AlarmsEmail", { topic: alarmTopic.arn, protocol: "email", endpoint: email });

type AlarmArgs = Pick<aws.cloudwatch.MetricAlarmArgs, "namespace" | "metricName" | "dimensions" | "statistic" | "threshold" | "alarmDescription"> & { periodSeconds?: number; periods?: number };

function alarm(name: string, { periodSeconds = 300, periods = 1, ...args }: AlarmArgs) {
  return new aws.cloudwatch.MetricAlarm(name, {
    ...args,
    comparisonOperator: "GreaterThanThreshold",
    period: periodSeconds,
    evaluationPeriods: periods,
    treatMissingData: "notBreaching",
    alarmActions: [alarmTopic.arn],
    okActions: [alarmTopic.arn],
  });
}

alarm("WorkerFailuresAlarm", {
  alarmDescription: "The worker set a job aside (an error or its time limit): see the WorkerFailures queue.",
  namespace: "AWS/SQS",
  metricName: "ApproximateNumberOfMessagesVisible",
  dimensions: { QueueName: workerFailures.nodes.queue.name },
  statistic: "Maximum",
  threshold: 0,
});

alarm("StreamFailuresAlarm", {
  alarmDescription: "The table's stream consumer gave up on a batch: see the StreamFailures queue.",
  namespace: "AWS/SQS",
  metricName: "ApproximateNumberOfMessagesVisible",
  dimensions: { QueueName: streamFailures.nodes.queue.name },
  statistic: "Maximum",
  threshold: 0,
});

const streamFunctionName = stream.apply((subscriber) => subscriber.nodes.function.apply((fn) => fn.name));

alarm("StreamIteratorAgeAlarm", {
  alarmDescription: "The table's stream consumer is more than 5 minutes behind.",
  namespace: "AWS/Lambda",
  metricName: "IteratorAge",
  dimensions: { FunctionName: streamFunctionName },
  statistic: "Maximum",
  threshold: 5 * 60_000,
  periodSeconds: 60,
  periods: 5,
});

/** Every function of Kiln's, by a name for its alarm. */
const functionNames: [string, $util.Input<string>][] = [
  ["Worker", worker.name],
  ["FunctionSandbox", functionSandbox.name],
  ["RealtimeHandler", realtimeHandler.name],
  ["AppSocketHandler", appSocketHandler.name],
  ["Stream", streamFunctionName],
  ...[...handlers].map(([group, fn]): [string, $util.Input<string>] => [`Api${group.replace(/[^a-zA-Z0-9]/g, "")}`, fn.name]),
  ...schedules.map((cron, i): [string, $util.Input<string>] => [`Cron${i}`, cron.nodes.function.apply((fn) => fn.name)]),
];

for (const [name, functionName] of functionNames) {
  alarm(`${name}ErrorsAlarm`, {
    alarmDescription: `${name}: more than 5 failed invocations in 5 minutes.`,
    namespace: "AWS/Lambda",
    metricName: "Errors",
    dimensions: { FunctionName: functionName },
    statistic: "Sum",
    threshold: 5,
  });
}

// Throttles come from the account's shared concurrency (nothing is reserved by default): one alarm over all functions in the region.
alarm("ThrottlesAlarm", {
  alarmDescription: "Lambda throttled invocations in this account and region: raise the concurrency quota (README, Deploy to AWS).",
  namespace: "AWS/Lambda",
  metricName: "Throttles",
  statistic: "Sum",
  threshold: 0,
});

alarm("Api5xxAlarm", {
  alarmDescription: "The HTTP API answered more than 5 server errors in 5 minutes.",
  namespace: "AWS/ApiGateway",
  metricName: "5xx",
  dimensions: { ApiId: api.nodes.api.id, Stage: "$default" },
  statistic: "Sum",
  threshold: 5,
});
