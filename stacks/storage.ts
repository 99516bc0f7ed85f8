/// <reference path="../.sst/platform/config.d.ts" />

/**
 * The one table and the file bucket. The table's shape is mirrored by
 * stacks/local/table.ts (DynamoDB Local): keep them in step.
 * - keys `pk`/`sk` (strings)
 * - generic GSIs gsi1..gsi6 keyed `${gsi}pk`/`${gsi}sk` (strings), projecting all attributes
 * - a stream with new and old images (functions/stream/consumer.ts, subscribed in stacks/jobs.ts)
 * - TTL on `ttl` (epoch seconds), used by real-time connection and room items
 */
const gsis = ["gsi1", "gsi2", "gsi3", "gsi4", "gsi5", "gsi6"] as const;

export const table = new sst.aws.Dynamo("Table", {
  fields: Object.fromEntries(
    ["pk", "sk", ...gsis.flatMap((g) => [`${g}pk`, `${g}sk`])].map((field) => [field, "string" as const]),
  ),
  primaryIndex: { hashKey: "pk", rangeKey: "sk" },
  globalIndexes: Object.fromEntries(
    gsis.map((g) => [g, { hashKey: `${g}pk`, rangeKey: `${g}sk`, projection: "all" as const }]),
  ),
  stream: "new-and-old-images",
  ttl: "ttl",
  deletionProtection: $app.stage === "production",
});

/** Uploaded files, app code snapshots, checkpoints and published versions. Private; read and written through presigned URLs. */
export const files = new sst.aws.Bucket("Files");
