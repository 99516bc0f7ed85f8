import {
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";

/** The one table as stacks/storage.ts declares it: pk/sk, three generic GSIs, a stream, TTL on `ttl`. */
export const gsiNames = ["gsi1", "gsi2", "gsi3"] as const;

export async function ensureTable(client: DynamoDBClient, name: string): Promise<{ streamArn: string }> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    await ensureTtl(client, name);
    return { streamArn: Table!.LatestStreamArn! };
  } catch (err) {
    if ((err as { name?: string }).name !== "ResourceNotFoundException") throw err;
  }
  const attributes = ["pk", "sk", ...gsiNames.flatMap((g) => [`${g}pk`, `${g}sk`])];
  const { TableDescription } = await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: attributes.map((a) => ({ AttributeName: a, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: gsiNames.map((g) => ({
        IndexName: g,
        KeySchema: [
          { AttributeName: `${g}pk`, KeyType: "HASH" },
          { AttributeName: `${g}sk`, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      })),
      StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: name });
  await ensureTtl(client, name);
  return { streamArn: TableDescription!.LatestStreamArn! };
}

async function ensureTtl(client: DynamoDBClient, name: string) {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
  if (TimeToLiveDescription?.TimeToLiveStatus === "ENABLED") return;
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: "ttl", Enabled: true } }),
  );
}
