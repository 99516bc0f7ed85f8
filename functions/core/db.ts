import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { Config } from "./config";

let client: DynamoDBDocumentClient | undefined;

const writeCommands = new Set(["PutItemCommand", "UpdateItemCommand", "DeleteItemCommand", "BatchWriteItemCommand", "TransactWriteItemsCommand"]);
const counter = globalThis as { __kilnTableWrites?: number };

/** Table write requests sent by this process so far (the bench reports writes per AI turn). */
export const tableWrites = () => counter.__kilnTableWrites ?? 0;

/** The document client for the one table; endpoint and credentials come from the environment (AWS_ENDPOINT_URL_DYNAMODB locally). */
export function db(): DynamoDBDocumentClient {
  if (!client) {
    const base = new DynamoDBClient({ maxAttempts: 3 });
    base.middlewareStack.add(
      (next, context) => (args) => {
        if (writeCommands.has(context.commandName ?? "")) counter.__kilnTableWrites = tableWrites() + 1;
        return next(args);
      },
      { step: "initialize", name: "kilnTableWriteCounter" },
    );
    // Nothing reads the SDK's logger, yet its middleware walks every input and output through the schema to redact it.
    base.middlewareStack.remove("loggerMiddleware");
    client = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    });
  }
  return client;
}

export const table = () => Config.table;

export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === "ConditionalCheckFailedException" || name === "TransactionCanceledException";
}

/** Every item a Query finds, page after page (for partitions known to stay small, or whole-partition work). */
export async function queryAll(input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: cursor }));
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/** Put and delete requests ({ PutRequest } / { DeleteRequest }), 25 per batch, retrying what DynamoDB hands back unprocessed. */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let batch = requests.slice(i, i + 25);
    for (let attempt = 0; batch.length; attempt++) {
      const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: batch as never } }));
      batch = (UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
      if (batch.length) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
    }
  }
}

/** Delete these keys. */
export const deleteKeys = (keys: { pk: string; sk: string }[]): Promise<void> => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

/** Delete every item of a partition. */
export async function deletePartition(pk: string): Promise<number> {
  const keys = (await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": pk }, ProjectionExpression: "pk, sk" })) as {
    pk: string;
    sk: string;
  }[];
  await deleteKeys(keys);
  return keys.length;
}
