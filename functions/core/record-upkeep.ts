import { isDeepStrictEqual } from "node:util";
import { GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { declaredIndexes } from "../../schemas/entities";
import { batchWrite, db, table } from "./db";
import { EntitySchemas } from "./entity-schemas";
import { Keys } from "./keys";
import { RecordIndexes } from "./record-indexes";
import { Records } from "./records";

/**
 * The `record-upkeep` job (queued by functions/stream.ts when an entity file or an app
 * changes): an entity whose file is gone loses its records, a deleted app loses every
 * entity's records (also those of entities removed before), and a live entity gets its
 * records' index entries rewritten for its schema's layout and its counters made exact;
 * until then the planner scans and count counts.
 */
export namespace RecordUpkeep {
  type Key = { pk: string; sk: string };

  export async function run(appId: string, entity: string | null): Promise<void> {
    const app = await get(Keys.app(appId));
    if (!app) {
      const entities = new Set(entity ? [entity] : []);
      const stats = Keys.appRecordStatsPartition(appId);
      for await (const key of keys(stats)) entities.add(key.sk.slice(0, key.sk.indexOf("#")));
      for (const name of entities) await purge(appId, name);
      return;
    }
    if (!entity) return;
    const file = await get(Keys.appFile(appId, `entities/${entity}`));
    if (!file || typeof file.content !== "string") return purge(appId, entity);
    let declared: string[];
    try {
      declared = declaredIndexes(EntitySchemas.parse(entity, file.content));
    } catch {
      return; // a schema that does not parse serves no calls; its records wait for a fixed one
    }
    await build(appId, entity, declared);
  }

  const get = async (key: Key) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

  /** The keys of a partition, page by page (never the whole partition in memory). */
  async function* keys(pk: string, prefix?: string): AsyncGenerator<Key> {
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
      for (const item of page.Items ?? []) yield item as Key;
      start = page.LastEvaluatedKey;
    } while (start);
  }

  /** Delete an entity's records, a page at a time, then its counters and index state. */
  export async function purge(appId: string, entity: string): Promise<void> {
    let page: Key[] = [];
    for await (const key of keys(Keys.recordsPartition(appId, entity))) {
      page.push(key);
      if (page.length >= 1000) {
        await batchWrite(page.map((Key) => ({ DeleteRequest: { Key } })));
        page = [];
      }
    }
    const stats = Keys.recordStats(appId, entity);
    for await (const key of keys(stats.pk, stats.skPrefix)) page.push(key);
    await batchWrite(page.map((Key) => ({ DeleteRequest: { Key } })));
  }

  /** Sum of the counter shards. */
  async function shardSum(appId: string, entity: string): Promise<number> {
    const stats = Keys.recordStats(appId, entity);
    const page = await db().send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues: { ":p": stats.pk, ":s": `${entity}#COUNT#` }, ConsistentRead: true }),
    );
    return (page.Items ?? []).reduce((n, item) => n + Number(item.n ?? 0), 0);
  }

  /**
   * Bring an entity's index entries to `declared`'s layout, then (once) make its counters
   * exact: the records there were before counters are the scan's count less what the
   * counters held, read unchanged before and after the scan.
   */
  async function build(appId: string, entity: string, declared: string[]): Promise<void> {
    const layout = RecordIndexes.layoutOf(declared);
    const state = await RecordIndexes.readState(appId, entity);
    if (state?.counted && isDeepStrictEqual(state.layout, layout)) return;
    if (!isDeepStrictEqual(state?.layout, layout)) {
      let batch: Promise<void>[] = [];
      for await (const stored of Records.walk(appId, entity, { order: "created", descending: false, budget: Infinity })) {
        batch.push(Records.reindex(appId, entity, stored, declared));
        if (batch.length >= 25) await Promise.all(batch.splice(0));
      }
      await Promise.all(batch);
    }
    if (state?.counted) return RecordIndexes.writeState(appId, entity, layout, true);
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await shardSum(appId, entity);
      let scanned = 0;
      for await (const _ of Records.walk(appId, entity, { order: "created", descending: false, budget: Infinity })) scanned++;
      if ((await shardSum(appId, entity)) !== before) continue;
      const stateKey = Keys.recordIndexState(appId, entity);
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName: table(), Key: Keys.recordCounter(appId, entity, "base"), UpdateExpression: "ADD n :d", ExpressionAttributeValues: { ":d": scanned - before } } },
            {
              Put: {
                TableName: table(),
                Item: { ...stateKey, layout, counted: true },
                ConditionExpression: "attribute_not_exists(counted) OR counted = :f",
                ExpressionAttributeValues: { ":f": false },
              },
            },
          ],
        }),
      ).catch((err: { CancellationReasons?: { Code?: string }[] }) => {
        if (!err.CancellationReasons?.some((r) => r.Code === "ConditionalCheckFailed")) throw err;
      });
      return;
    }
    await RecordIndexes.writeState(appId, entity, layout, false);
  }
}
