import { isDeepStrictEqual } from "node:util";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord } from "aws-lambda";
import type { EntityRecord } from "../../../schemas/entities";
import { batchWrite, db, isConditionFailure, table } from "../db";
import { Keys, RECORD_SHARD_DIGITS } from "../keys";

/**
 * The history that lets a checkpoint bring an app's records back without copying them
 * (issue 14). The table's stream (functions/stream/consumer.ts) logs every change to a record with
 * the record as it was before (its old image), keyed by the change's stream sequence number,
 * and places every new checkpoint among those changes by its own item's sequence number.
 *
 * Why a restore is exact: a record's state at checkpoint C is its state now, unless it changed
 * after C; then the first change after C holds, as its old image, exactly the state at C
 * (absent: the record did not exist). Sequence numbers order changes as DynamoDB committed them,
 * not as (or when) the handler saw them, so lag and the stream's coarse timestamps play no part;
 * and a change with only its version moved (a restore writing back an unchanged record) changes
 * no state and is not logged. DynamoDB orders its stream within a shard: the local stack has
 * one, and in the cloud changes on other shards (other partition keys) compare by sequence
 * number across shards, which DynamoDB issues increasing but does not document as a total order,
 * so a record change committed within moments of the checkpoint may land on either side of it.
 */
export namespace RecordHistory {
  /** How long changes are kept; a checkpoint older than this restores its code only. */
  export const KEEP_DAYS = 30;

  /** Sequence numbers are 21 to 40 digits: padded, they sort as strings in number order. */
  const seqOf = (record: DynamoDBRecord) => (record.dynamodb?.SequenceNumber ?? "").padStart(40, "0");

  /** DynamoDB Local's stream writes an empty map as {} with no type: read it as the empty map it is. */
  function typed(value: AttributeValue): AttributeValue {
    const v = value as unknown as Record<string, unknown>;
    if (Object.keys(v).length === 0) return { M: {} };
    if (v.M) return { M: Object.fromEntries(Object.entries(v.M as Record<string, AttributeValue>).map(([k, x]) => [k, typed(x)])) };
    if (v.L) return { L: (v.L as AttributeValue[]).map(typed) };
    return value;
  }

  const recordOf = (image: Record<string, AttributeValue> | undefined): EntityRecord | null =>
    image?.rec ? (unmarshall({ rec: typed(image.rec) }).rec as EntityRecord) : null;

  interface Stamp {
    key: { pk: string; sk: string };
    appId: string;
    seq: string;
    /** the app's record count change from the earlier records of this batch */
    delta: number;
  }

  /**
   * One stream batch: log its record changes, then place its new checkpoints, then move the
   * apps' record counts. Keys are the sequence numbers and stamps are conditional, so a batch
   * delivered again writes the same entries and leaves stamped checkpoints alone; it throws on
   * failure, so the batch is retried rather than a change left out of the history.
   */
  export async function keep(records: DynamoDBRecord[]): Promise<void> {
    const ttl = Math.floor(Date.now() / 1000) + (KEEP_DAYS + 1) * 86_400;
    const entries: Record<string, unknown>[] = [];
    const deltas = new Map<string, number>();
    const stamps: Stamp[] = [];
    for (const record of records) {
      const pk = record.dynamodb?.Keys?.pk?.S ?? "";
      const sk = record.dynamodb?.Keys?.sk?.S ?? "";
      const partition = Keys.recordsPartitionOf(pk);
      if (partition) {
        const before = recordOf(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
        const after = recordOf(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
        if (isDeepStrictEqual(before, after)) continue;
        // in the log of the record's shard (shards.ts): a spread entity's changes are not held to one partition's writes either
        entries.push({ PutRequest: { Item: { ...Keys.recordChange(partition.appId, seqOf(record), partition.shard), entity: partition.entity, id: sk, old: before, ttl } } });
        const delta = (after ? 1 : 0) - (before ? 1 : 0);
        if (delta) deltas.set(partition.appId, (deltas.get(partition.appId) ?? 0) + delta);
      } else if (record.eventName === "INSERT" && Keys.kindOf(pk, sk) === "checkpoint") {
        const appId = pk.slice("APP#".length);
        stamps.push({ key: { pk, sk }, appId, seq: seqOf(record), delta: deltas.get(appId) ?? 0 });
      }
    }
    // entries first: a stamped checkpoint promises every change before it is logged (four writers: a batch is written while the next waits)
    const quarter = Math.ceil(entries.length / 4 / 25) * 25;
    await Promise.all([0, 1, 2, 3].map((i) => batchWrite(entries.slice(i * quarter, (i + 1) * quarter))));
    const counts = new Map<string, number>();
    for (const stamp of stamps) {
      if (!counts.has(stamp.appId)) counts.set(stamp.appId, await countOf(stamp.appId));
      await place(stamp, counts.get(stamp.appId)! + stamp.delta);
    }
    for (const [appId, delta] of deltas) {
      await db().send(
        new UpdateCommand({ TableName: table(), Key: Keys.recordCount(appId), UpdateExpression: "ADD #n :d", ExpressionAttributeNames: { "#n": "n" }, ExpressionAttributeValues: { ":d": delta } }),
      );
    }
  }

  async function countOf(appId: string): Promise<number> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.recordCount(appId), ConsistentRead: true }));
    return Math.max(0, (Item?.n as number | undefined) ?? 0);
  }

  async function place(stamp: Stamp, count: number): Promise<void> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: stamp.key,
          UpdateExpression: "SET data_seq = :s, data_snapshot = :state, record_count = :n",
          ConditionExpression: "data_snapshot = :pending",
          ExpressionAttributeValues: { ":s": stamp.seq, ":state": count > 0 ? "saved" : "empty", ":n": Math.max(0, count), ":pending": "pending" },
        }),
      );
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  /**
   * The records that changed between two checkpoints' places, entity by entity: id → the
   * record as it was at the first (null: it did not exist then).
   */
  export async function changedSince(appId: string, fromSeq: string, untilSeq: string): Promise<Map<string, Map<string, EntityRecord | null>>> {
    const byEntity = new Map<string, Map<string, EntityRecord | null>>();
    // every shard's log at once (a rare read: restoring a checkpoint); a record's changes are all in one of them, in order
    const logs = await Promise.all([...RECORD_SHARD_DIGITS].map((_, shard) => changesIn(appId, shard, fromSeq, untilSeq)));
    for (const items of logs) {
      for (const item of items) {
        const entity = item.entity as string;
        const records = byEntity.get(entity) ?? new Map<string, EntityRecord | null>();
        byEntity.set(entity, records);
        // ascending: the first change after the checkpoint holds the record as it was then
        if (!records.has(item.id as string)) records.set(item.id as string, (item.old as EntityRecord | null) ?? null);
      }
    }
    return byEntity;
  }

  async function changesIn(appId: string, shard: number, fromSeq: string, untilSeq: string): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: "pk = :p AND sk BETWEEN :from AND :until",
          ExpressionAttributeValues: { ":p": Keys.recordChangesPartition(appId, shard), ":from": Keys.recordChange(appId, fromSeq).sk, ":until": Keys.recordChange(appId, untilSeq).sk },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      out.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return out;
  }
}
