import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
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
