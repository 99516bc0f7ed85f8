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

/**
 * What linking the table or the bucket grants: the calls Kiln makes (functions/core/db.ts and
 * storage.ts), on this table and its indexes and on this bucket's objects, instead of SST's
 * default `dynamodb:*` and `s3:*`.
 */
sst.Linkable.wrap(sst.aws.Dynamo, (t) => ({
  properties: { name: t.name },
  include: [
    sst.aws.permission({
      actions: ["dynamodb:GetItem", "dynamodb:BatchGetItem", "dynamodb:Query", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem", "dynamodb:BatchWriteItem", "dynamodb:ConditionCheckItem"],
      resources: [t.arn, $interpolate`${t.arn}/index/*`],
    }),
  ],
}));

sst.Linkable.wrap(sst.aws.Bucket, (b) => ({
  properties: { name: b.name },
  include: [
    sst.aws.permission({ actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"], resources: [$interpolate`${b.arn}/*`] }),
    // ListObjectsV2 (a prefix's files) and HeadBucket (the health check)
    sst.aws.permission({ actions: ["s3:ListBucket"], resources: [b.arn] }),
  ],
}));
