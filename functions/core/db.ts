import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { Config } from "./config";

let client: DynamoDBDocumentClient | undefined;

/** The document client for the one table; endpoint and credentials come from the environment (AWS_ENDPOINT_URL_DYNAMODB locally). */
export function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({ maxAttempts: 3 }), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
  });
  return client;
}

export const table = () => Config.table;

export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === "ConditionalCheckFailedException" || name === "TransactionCanceledException";
}
