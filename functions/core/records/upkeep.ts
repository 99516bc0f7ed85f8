import { GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { StoredEntitySchema } from "../../../schemas/entities";
import { batchWrite, db, deletePartition, partitionKeys, table } from "../db";
import { EntitySchemas } from "../entities/schemas";
import { Keys } from "../keys";
import { CodeQueries } from "./code-queries";
import { RecordIndexes } from "./indexes";
import { RecordShards } from "./shards";
import { Records } from "./records";

/**
 * The `record-upkeep` job (queued by functions/stream/consumer.ts when an entity file or an app
 * changes, and by query.ts when a query had to scan): an entity whose file is gone loses its
 * records, a deleted app loses every entity's records (also those of entities removed before),
 * and a live entity gets its indexes built (indexes.ts) and its counters made exact; until
 * then the planner scans and count counts.
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
      for await (const keys of partitionKeys(stats)) for (const key of keys) entities.add(key.sk.slice(0, key.sk.indexOf("#")));
      for (const name of entities) await purge(appId, name);
      return;
    }
    if (!entity) return;
    const schema = await schemaOf(appId, entity);
    if (schema === "gone") return purge(appId, entity);
    if (schema) await build(appId, entity, schema);
  }

  /** The fields an app's code file filters and sorts on (code-queries.ts) are indexed, and backfilled, before a user's query would scan. */
  export async function fromCode(appId: string, path: string): Promise<void> {
    const file = await get(Keys.appFile(appId, path));
    if (typeof file?.content !== "string") return;
    for (const [entity, fields] of CodeQueries.fieldsOf(file.content)) {
      const schema = await schemaOf(appId, entity);
      if (!schema || schema === "gone") continue;
      const indexable = RecordIndexes.indexableFields(schema);
      if ((await RecordIndexes.request(appId, entity, [...fields].filter((f) => indexable.includes(f)))).length) await build(appId, entity, schema);
    }
  }

  /** The entity's stored schema: "gone" when its file is, null when it does not parse. */
  async function schemaOf(appId: string, entity: string): Promise<StoredEntitySchema | "gone" | null> {
    const file = await get(Keys.appFile(appId, `entities/${entity}`));
    if (!file || typeof file.content !== "string") return "gone";
    try {
      return EntitySchemas.parse(entity, file.content);
    } catch {
      return null; // a schema that does not parse serves no calls; its records wait for a fixed one
    }
  }

  const get = async (key: Key) => (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;

  /** Delete an entity's records, a page at a time, then its index entries, counters and index state, in every shard it spread over (shards.ts). */
  export async function purge(appId: string, entity: string): Promise<void> {
    const state = await RecordIndexes.readState(appId, entity, true);
    const shards = RecordShards.all(RecordIndexes.spreadOf(state));
    for (const field of Object.keys(RecordIndexes.fieldsOf(state))) await dropEntries(appId, entity, field, shards);
    for (const shard of shards) await deletePartition(Keys.recordsPartition(appId, entity, shard));
    // shard 0's stats (with the state item, which names the spread) go last
    for (const shard of shards.reverse()) {
      const stats = Keys.recordStats(appId, entity, shard);
      await deletePartition(stats.pk, stats.skPrefix);
    }
  }

  /**
   * Index what the schema asks for from the start, stop indexing fields the schema no longer
   * has, backfill every field still building, then (once) make the counters exact. Jobs for
   * one entity may run at once (a schema saved twice, a scan meanwhile): each step is one
   * that any of them may repeat.
   */
  async function build(appId: string, entity: string, schema: StoredEntitySchema): Promise<void> {
    const keep = new Set([...RecordIndexes.indexableFields(schema), ...RecordIndexes.schemaFields(schema)]);
    const listed = RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, entity, true));
    for (const field of Object.keys(listed).filter((f) => !keep.has(f))) {
      await RecordIndexes.drop(appId, entity, field);
      await dropEntries(appId, entity, field, RecordShards.all(await RecordShards.spreadOf(appId, entity)));
    }
    await RecordIndexes.request(appId, entity, RecordIndexes.schemaFields(schema));
    await backfill(appId, entity);
    if (!(await RecordIndexes.readState(appId, entity, true))?.counted) await count(appId, entity);
  }

  async function dropEntries(appId: string, entity: string, field: string, shards: number[]): Promise<void> {
    for (const shard of shards) await deletePartition(Keys.recordEntriesPartition(appId, entity, field, shard));
  }

  /**
   * Write the entries of every field still building, then mark it ready. From the moment a
   * field is listed every write carries its entries, so two looks suffice: every record, then,
   * once each write that began before the listing is stored (or has settled itself, records.ts),
   * the records changed since shortly before it. Fields listed meanwhile go round again.
   */
  async function backfill(appId: string, entity: string): Promise<void> {
    // jobs of one entity in one process (on one machine, all of them) take turns: the next finds the fields built
    const key = `${appId}|${entity}`;
    const before = backfilling.get(key) ?? Promise.resolve();
    const mine = before.then(() => backfillNow(appId, entity));
    const settledMine = mine.catch(() => undefined);
    backfilling.set(key, settledMine);
    try {
      await mine;
    } finally {
      if (backfilling.get(key) === settledMine) backfilling.delete(key);
    }
  }

  const backfilling = new Map<string, Promise<void>>();

  async function backfillNow(appId: string, entity: string): Promise<void> {
    for (;;) {
      const building = Object.entries(RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, entity, true))).filter(([, f]) => f.state === "building");
      if (!building.length) return;
      const fields = building.map(([name]) => name);
      const since = Math.min(...building.map(([, f]) => Date.parse(f.since)));
      await putEntries(appId, entity, fields, Records.walk(appId, entity, { order: "created", descending: false }));
      const settled = since + 2 * RecordIndexes.SETTLE_MS;
      if (Date.now() < settled) await new Promise((resolve) => setTimeout(resolve, settled - Date.now()));
      const from = new Date(since - 2 * RecordIndexes.SETTLE_MS - CLOCK_SKEW_MS).toISOString();
      await putEntries(appId, entity, fields, Records.walk(appId, entity, { order: "updated", descending: false, since: from }));
      for (const [name, field] of building) await RecordIndexes.markReady(appId, entity, name, field.since);
    }
  }

  /** How far two machines' clocks may disagree about a record's updated_date. */
  const CLOCK_SKEW_MS = 1_000;

  async function putEntries(appId: string, entity: string, fields: string[], records: AsyncIterable<Records.Stored>): Promise<void> {
    let batch: Record<string, unknown>[] = [];
    const pending: Promise<void>[] = [];
    for await (const { record } of records) {
      for (const field of fields) batch.push({ PutRequest: { Item: RecordIndexes.entryOf(appId, entity, record, field) } });
      if (batch.length >= 500) {
        pending.push(batchWrite(batch));
        batch = [];
        if (pending.length >= 4) await Promise.all(pending.splice(0));
      }
    }
    await Promise.all([...pending, batchWrite(batch)]);
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
      // a spread read once: a widening meanwhile only moves where later creates go, which the second sum sees
      const spread = RecordIndexes.spreadOf(await RecordIndexes.readState(appId, entity, true));
      const before = await RecordIndexes.counterTotal(appId, entity, spread);
      let scanned = 0;
      for await (const _ of Records.walk(appId, entity, { order: "created", descending: false })) scanned++;
      const after = await RecordIndexes.counterTotal(appId, entity, RecordIndexes.spreadOf(await RecordIndexes.readState(appId, entity, true)));
      if (after !== before) continue;
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
