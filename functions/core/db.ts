import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchGetCommand, type BatchGetCommandOutput, BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput, TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Config } from "./config";
import { Keys } from "./keys";

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

/** One all-or-nothing write of these items (TransactWriteItems). */
export async function transactWrite(items: NonNullable<TransactWriteCommandInput["TransactItems"]>): Promise<void> {
  await db().send(new TransactWriteCommand({ TransactItems: items }));
}

/** A transaction's Put of an item that must not exist yet: a new item, or a unique claim (an e-mail, a slug, a redemption). */
export const putNew = (item: Record<string, unknown>) => ({ Put: { TableName: table(), Item: item, ConditionExpression: "attribute_not_exists(pk)" } });

/** One read of the table, failing when it does not answer (the health check). */
export async function pingTable(): Promise<void> {
  await db().send(new GetCommand({ TableName: table(), Key: Keys.healthProbe }));
}

export function isConditionFailure(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === "ConditionalCheckFailedException" || name === "TransactionCanceledException";
}

/** DynamoDB refused a request for a partition's throughput (after the SDK's own retries), alone or inside a transaction. */
export function isThrottle(err: unknown): boolean {
  const e = err as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (e?.name === "ThrottlingException" || e?.name === "ProvisionedThroughputExceededException") return true;
  return (e?.CancellationReasons ?? []).some((r) => r.Code === "ThrottlingError" || r.Code === "ProvisionedThroughputExceeded");
}

/** Every item a Query finds, page after page (for partitions known to stay small, or whole-partition work). */
/**
 * Set and remove an item's fields (names the server chose, never a caller's: they go into the expression as they are);
 * with a condition, answers false when it no longer holds.
 */
export async function setFields(
  key: { pk: string; sk: string },
  set: object,
  remove: readonly string[] = [],
  condition?: { expression: string; values: Record<string, unknown> },
): Promise<boolean> {
  const entries = Object.entries(set).filter(([, v]) => v !== undefined);
  const clauses = [entries.length ? `SET ${entries.map(([k]) => `${k} = :${k}`).join(", ")}` : "", remove.length ? `REMOVE ${remove.join(", ")}` : ""];
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: clauses.filter(Boolean).join(" "),
        ConditionExpression: condition?.expression,
        ExpressionAttributeValues: entries.length || condition ? { ...Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])), ...condition?.values } : undefined,
      }),
    );
    return true;
  } catch (err) {
    if (condition && isConditionFailure(err)) return false;
    throw err;
  }
}

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

/**
 * Send `items` `size` at a time; what a call hands back unprocessed (throttling, size limits) is sent
 * again after a backoff (`backoffMs`, doubling up to 1 s), for at most `attempts` calls per chunk.
 */
async function inBatches<T>(items: T[], size: number, send: (batch: T[]) => Promise<T[]>, what: string, attempts = Infinity, backoffMs = 50): Promise<void> {
  for (let i = 0; i < items.length; i += size) {
    let pending = items.slice(i, i + size);
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt === attempts) throw new Error(`${what} left ${pending.length} unprocessed after ${attempts} attempts`);
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, backoffMs * 2 ** (attempt - 1))));
      pending = await send(pending);
    }
  }
}

/** Put and delete requests ({ PutRequest } / { DeleteRequest }), 25 per batch, retrying what DynamoDB hands back unprocessed. */
export async function batchWrite(requests: Record<string, unknown>[]): Promise<void> {
  await inBatches(requests, 25, async (batch) => {
    const { UnprocessedItems } = await db().send(new BatchWriteCommand({ RequestItems: { [table()]: batch as never } }));
    return (UnprocessedItems?.[table()] ?? []) as Record<string, unknown>[];
  }, "BatchWriteItem");
}

/** BatchGetItem's limit of keys per call. */
const BATCH_GET_MAX = 100;
/** Rounds of asking again for unprocessed keys before giving up (about 3.5 s of backoff in all). */
const BATCH_GET_ATTEMPTS = 8;

export interface BatchGetOptions {
  consistent?: boolean;
  /** a ProjectionExpression, with `names` for any reserved word in it */
  projection?: string;
  names?: Record<string, string>;
  /** what sends the commands: the table's client, or a test's stub */
  client?: { send(command: BatchGetCommand): Promise<BatchGetCommandOutput> };
  /** the first backoff, doubled each round up to 1 s */
  backoffMs?: number;
}

/**
 * The items of these keys (in no particular order; a missing item is absent), 100 keys per
 * BatchGetItem. DynamoDB may hand keys back unprocessed (throttling, the 16 MB answer limit):
 * they are asked again with backoff, and if some are still unprocessed after a bounded number
 * of rounds the call fails — a silent gap would read as items that do not exist.
 */
export async function batchGet(keys: Record<string, unknown>[], options: BatchGetOptions = {}): Promise<Record<string, unknown>[]> {
  const { client = db(), backoffMs = 50 } = options;
  // BatchGetItem refuses a call that names a key twice
  const unique = [...new Map(keys.map((k) => [JSON.stringify([k.pk, k.sk]), k])).values()];
  const items: Record<string, unknown>[] = [];
  const read = {
    ...(options.consistent ? { ConsistentRead: true } : {}),
    ...(options.projection ? { ProjectionExpression: options.projection } : {}),
    ...(options.names ? { ExpressionAttributeNames: options.names } : {}),
  };
  await inBatches(unique, BATCH_GET_MAX, async (pending) => {
    const out = await client.send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: pending, ...read } } }));
    items.push(...(out.Responses?.[table()] ?? []));
    return (out.UnprocessedKeys?.[table()]?.Keys ?? []) as Record<string, unknown>[];
  }, "BatchGetItem", BATCH_GET_ATTEMPTS, backoffMs);
  return items;
}

/** Delete these keys. */
export const deleteKeys = (keys: { pk: string; sk: string }[]): Promise<void> => batchWrite(keys.map((Key) => ({ DeleteRequest: { Key } })));

/** The keys of a partition (those whose sort key starts with `prefix`, when given), a page of up to 1,000 at a time: never the whole partition in memory. */
export async function* partitionKeys(pk: string, prefix?: string): AsyncGenerator<{ pk: string; sk: string }[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: prefix ? "pk = :p AND begins_with(sk, :s)" : "pk = :p",
        ExpressionAttributeValues: prefix ? { ":p": pk, ":s": prefix } : { ":p": pk },
        ProjectionExpression: "pk, sk",
        ExclusiveStartKey: start,
        Limit: 1000,
      }),
    );
    yield (page.Items ?? []) as { pk: string; sk: string }[];
    start = page.LastEvaluatedKey;
  } while (start);
}

/** Delete every item of a partition (those whose sort key starts with `prefix`, when given), a page of keys at a time; answers how many. */
export async function deletePartition(pk: string, prefix?: string): Promise<number> {
  let deleted = 0;
  for await (const keys of partitionKeys(pk, prefix)) {
    await deleteKeys(keys);
    deleted += keys.length;
  }
  return deleted;
}

/**
 * Several Queries' items as one sequence in key order (the partitions an entity's records or an app's log are
 * spread over): each source is in that order already, so the next is always the least (greatest, descending) of the
 * sources' next items. Every source starts at once; one source reads straight through.
 */
export async function* mergedInOrder<T>(sources: AsyncGenerator<T>[], keyOf: (item: T) => string, descending: boolean): AsyncGenerator<T> {
  if (sources.length === 1) return yield* sources[0];
  try {
    const heads = await Promise.all(sources.map((source) => source.next()));
    for (;;) {
      let best = -1;
      let bestKey = "";
      for (const [i, head] of heads.entries()) {
        if (head.done) continue;
        const key = keyOf(head.value);
        if (best < 0 || (descending ? key > bestKey : key < bestKey)) [best, bestKey] = [i, key];
      }
      if (best < 0) return;
      yield heads[best].value as T;
      heads[best] = await sources[best].next();
    }
  } finally {
    await Promise.all(sources.map((source) => source.return(undefined)));
  }
}
