import {
  CreateTableCommand,
  type GlobalSecondaryIndex,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from "@aws-sdk/client-dynamodb";

/** The one table as stacks/storage.ts declares it: pk/sk, six generic GSIs, a stream, TTL on `ttl`. */
export const gsiNames = ["gsi1", "gsi2", "gsi3", "gsi4", "gsi5", "gsi6"] as const;

const gsiOf = (g: string): GlobalSecondaryIndex => ({
  IndexName: g,
  KeySchema: [
    { AttributeName: `${g}pk`, KeyType: "HASH" },
    { AttributeName: `${g}sk`, KeyType: "RANGE" },
  ],
  Projection: { ProjectionType: "ALL" },
});

export async function ensureTable(client: DynamoDBClient, name: string): Promise<{ streamArn: string }> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    await ensureGsis(client, name, new Set((Table!.GlobalSecondaryIndexes ?? []).map((g) => g.IndexName!)));
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
      GlobalSecondaryIndexes: gsiNames.map(gsiOf),
      StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: name });
  await ensureTtl(client, name);
  return { streamArn: TableDescription!.LatestStreamArn! };
}

/** A table kept from an earlier run (.data) gains the GSIs added since, one UpdateTable each. */
async function ensureGsis(client: DynamoDBClient, name: string, present: Set<string>) {
  for (const g of gsiNames.filter((n) => !present.has(n))) {
    await client.send(
      new UpdateTableCommand({
        TableName: name,
        AttributeDefinitions: [`${g}pk`, `${g}sk`].map((a) => ({ AttributeName: a, AttributeType: "S" })),
        GlobalSecondaryIndexUpdates: [{ Create: gsiOf(g) }],
      }),
    );
    for (let i = 0; i < 300; i++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
      if (Table?.GlobalSecondaryIndexes?.find((x) => x.IndexName === g)?.IndexStatus === "ACTIVE") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

async function ensureTtl(client: DynamoDBClient, name: string) {
  const { TimeToLiveDescription } = await client.send(new DescribeTimeToLiveCommand({ TableName: name }));
  if (TimeToLiveDescription?.TimeToLiveStatus === "ENABLED") return;
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: "ttl", Enabled: true } }),
  );
}
