import { isDeepStrictEqual } from "node:util";
import { GetCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { declaredIndexes } from "../../../schemas/entities";
import { batchWrite, db, table } from "../db";
import { EntitySchemas } from "../entities/schemas";
import { Keys } from "../keys";
import { RecordIndexes } from "./indexes";
import { Records } from "./records";

/**
 * The `record-upkeep` job (queued by functions/stream/consumer.ts when an entity file or an app
 * changes): an entity whose file is gone loses its records, a deleted app loses every
 * entity's records (also those of entities removed before), and a live entity gets its
 * records' index entries rewritten for its schema's layout and its counters made exact;
 * until then the planner scans and count counts.
 */
export namespace RecordUpkeep {
  type Key = { pk: string; sk: string };
  /** How long a count waits for an entity's writes to pause (the worker Lambda may run 15 minutes). */
  const COUNT_PATIENCE_MS = 5 * 60_000;

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
    const declared = await declaredOf(appId, entity);
    if (declared === "gone") return purge(appId, entity);
    if (declared) await build(appId, entity, declared);
  }

  /** The fields the entity's stored schema indexes: "gone" when its file is, null when it does not parse. */
  async function declaredOf(appId: string, entity: string): Promise<string[] | "gone" | null> {
    const file = await get(Keys.appFile(appId, `entities/${entity}`));
    if (!file || typeof file.content !== "string") return "gone";
    try {
      return declaredIndexes(EntitySchemas.parse(entity, file.content));
    } catch {
      return null; // a schema that does not parse serves no calls; its records wait for a fixed one
    }
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
   * Bring an entity's index entries to its schema's layout, then (once) make its counters exact.
   * Jobs for successive schemas may run at once (a schema saved twice in a row): a job publishes a
   * layout only once its entries are written and its schema is still the stored one, and looks again
   * after publishing, so whichever job publishes last ends on the stored schema's layout.
   */
  async function build(appId: string, entity: string, declared: string[]): Promise<void> {
    // this job wrote entries for a schema replaced meanwhile, maybe over a newer job's: they are all rewritten
    let stale = false;
    for (;;) {
      const layout = RecordIndexes.layoutOf(declared);
      const state = await RecordIndexes.readState(appId, entity);
      if (!stale && state?.counted && isDeepStrictEqual(state.layout, layout)) return;
      if (stale || !isDeepStrictEqual(state?.layout, layout)) await reindex(appId, entity, declared);
      const now = await declaredOf(appId, entity);
      if (!Array.isArray(now)) return; // removed or broken meanwhile: that change's own job takes over
      if (!isDeepStrictEqual(now, declared)) {
        // until they are rewritten, the declared fields are read by scan rather than from entries that may be wrong
        await RecordIndexes.writeLayout(appId, entity, RecordIndexes.layoutOf([]));
        [stale, declared] = [true, now];
        continue;
      }
      await RecordIndexes.writeLayout(appId, entity, layout);
      if (!state?.counted) await count(appId, entity);
      const after = await declaredOf(appId, entity);
      if (!Array.isArray(after) || isDeepStrictEqual(after, declared)) return;
      [stale, declared] = [false, after];
    }
  }

  async function reindex(appId: string, entity: string, declared: string[]): Promise<void> {
    const batch: Promise<void>[] = [];
    for await (const stored of Records.walk(appId, entity, { order: "created", descending: false, budget: Infinity })) {
      batch.push(Records.reindex(appId, entity, stored, declared));
      if (batch.length >= 25) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
  }

  /**
   * Make the counters exact, once: the records there were before counters are the scan's count less
   * what the counters held, read unchanged before and after the scan. Records written meanwhile (a
   * bulk import right after the schema) make it try again, waiting longer each time, for as long as
   * COUNT_PATIENCE_MS: no other job would count them, and counts are answered by scanning until then.
   */
  async function count(appId: string, entity: string): Promise<void> {
    const until = Date.now() + COUNT_PATIENCE_MS;
    for (let attempt = 0; ; attempt++) {
      if (attempt) {
        if (Date.now() > until) return;
        await new Promise((resolve) => setTimeout(resolve, Math.min(100 * 2 ** attempt, 5_000)));
      }
      const before = await shardSum(appId, entity);
      let scanned = 0;
      for await (const _ of Records.walk(appId, entity, { order: "created", descending: false, budget: Infinity })) scanned++;
      if ((await shardSum(appId, entity)) !== before) continue;
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName: table(), Key: Keys.recordCounter(appId, entity, "base"), UpdateExpression: "ADD n :d", ExpressionAttributeValues: { ":d": scanned - before } } },
            {
              Update: {
                TableName: table(),
                Key: Keys.recordIndexState(appId, entity),
                UpdateExpression: "SET counted = :t",
                ConditionExpression: "attribute_not_exists(counted) OR counted = :f",
                ExpressionAttributeValues: { ":t": true, ":f": false },
              },
            },
          ],
        }),
      ).catch((err: { CancellationReasons?: { Code?: string }[] }) => {
        // another job counted them meanwhile
        if (!err.CancellationReasons?.some((r) => r.Code === "ConditionalCheckFailed")) throw err;
      });
      return;
    }
  }
}
