import { BatchGetCommand, type BatchGetCommandOutput, DeleteCommand, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { EntityRecord } from "../../schemas/entities";
import { batchWrite, db, isConditionFailure, table } from "./db";
import { VisibleError } from "./errors";
import { Keys } from "./keys";

/**
 * Storage of a generated app's records (DESIGN §3): a partition per app and entity, sort
 * key the record's id (a lower-case ULID, so creation order is key order and "newest first"
 * is a reverse Query), and an updated_date index entry on gsi1. The record itself is one
 * map attribute (`rec`), so an app's field names can never clash with key attributes, and
 * a `version` makes every replace conditional: concurrent updates are retried, never lost.
 */
export namespace Records {
  /** Far below DynamoDB's 400 KB item limit, with room for keys and attribute names. */
  export const MAX_RECORD_BYTES = 300_000;
  /** How many records one request may read; an unindexed filter past this is refused, not left to time out. */
  export const MAX_SCANNED = 100_000;

  export interface Stored {
    record: EntityRecord;
    version: number;
  }

  const toStored = (item: Record<string, unknown>): Stored => ({ record: item.rec as EntityRecord, version: item.version as number });

  const itemOf = (appId: string, entity: string, record: EntityRecord, version: number) => ({
    ...Keys.record(appId, entity, record.id),
    ...Keys.recordUpdatedIndex(appId, entity, record.updated_date, record.id),
    rec: record,
    version,
  });

  /**
   * A record DynamoDB can hold: at most MAX_RECORD_BYTES, nested at most 30 deep, numbers
   * within DynamoDB's range, no empty object keys. Checked before every write, so no input
   * reaches the table to be refused there.
   */
  export function assertStorable(entity: string, record: Record<string, unknown>): void {
    const bytes = Buffer.byteLength(JSON.stringify(record));
    if (bytes > MAX_RECORD_BYTES) {
      throw new VisibleError("too_large", `This ${entity} record is ${Math.ceil(bytes / 1000)} KB; records are limited to ${MAX_RECORD_BYTES / 1000} KB. Store large content as a file (UploadFile) and keep its URL.`);
    }
    const visit = (value: unknown, path: string, depth: number): void => {
      if (depth > 30) throw new VisibleError("invalid", `Field "${path}" is nested too deeply`);
      if (typeof value === "number" && value !== 0 && !(Math.abs(value) >= 1e-130 && Math.abs(value) < 1e125)) {
        throw new VisibleError("invalid", `Field "${path}" holds a number too large or too small to store`);
      }
      if (Array.isArray(value)) value.forEach((v, i) => visit(v, `${path}[${i}]`, depth + 1));
      else if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) {
          if (k === "") throw new VisibleError("invalid", `Field "${path}" holds an object with an empty key`);
          visit(v, path ? `${path}.${k}` : k, depth + 1);
        }
      }
    };
    visit(record, "", 0);
  }

  /** Ids are this module's lower-case ULIDs; anything else cannot be a record (and must never reach a key). */
  const isRecordId = (id: string) => /^[0-9a-z]{26}$/.test(id);

  export async function get(appId: string, entity: string, id: string): Promise<Stored | undefined> {
    if (!isRecordId(id)) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.record(appId, entity, id), ConsistentRead: true }));
    return Item ? toStored(Item) : undefined;
  }

  /** Records by id (missing ones are absent from the map). */
  export async function getMany(appId: string, entity: string, ids: string[]): Promise<Map<string, Stored>> {
    const found = new Map<string, Stored>();
    const unique = [...new Set(ids)].filter(isRecordId);
    for (let i = 0; i < unique.length; i += 100) {
      let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => Keys.record(appId, entity, id));
      while (keys?.length) {
        const answer: BatchGetCommandOutput = await db().send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys, ConsistentRead: true } } }));
        const { Responses, UnprocessedKeys } = answer;
        for (const item of Responses?.[table()] ?? []) {
          const stored = toStored(item);
          found.set(stored.record.id, stored);
        }
        keys = UnprocessedKeys?.[table()]?.Keys;
      }
    }
    return found;
  }

  /** Store a new record; its id is fresh, so an existing item means a bug, not a race. */
  export async function insert(appId: string, entity: string, record: EntityRecord): Promise<void> {
    await db().send(new PutCommand({ TableName: table(), Item: itemOf(appId, entity, record, 1), ConditionExpression: "attribute_not_exists(pk)" }));
  }

  /** Store many new records, 25 per batch request. */
  export async function insertMany(appId: string, entity: string, records: EntityRecord[]): Promise<void> {
    await batchWrite(records.map((record) => ({ PutRequest: { Item: itemOf(appId, entity, record, 1) } })));
  }

  /**
   * Make an entity hold exactly `records` (a checkpoint's snapshot): records not in it are
   * deleted, the others written back one version past what is stored, so a writer holding
   * an older version retries against the restored record instead of overwriting it.
   */
  export async function restore(appId: string, entity: string, records: EntityRecord[]): Promise<{ restored: number; deleted: number }> {
    const current = new Map<string, number>();
    for await (const stored of walk(appId, entity, { order: "created", descending: false })) current.set(stored.record.id, stored.version);
    const keep = new Set(records.map((r) => r.id));
    const deletes = [...current.keys()].filter((id) => !keep.has(id)).map((id) => ({ DeleteRequest: { Key: Keys.record(appId, entity, id) } }));
    const puts = records.map((record) => ({ PutRequest: { Item: itemOf(appId, entity, record, (current.get(record.id) ?? 0) + 1) } }));
    await batchWrite([...deletes, ...puts]);
    return { restored: records.length, deleted: deletes.length };
  }

  /** Replace a record if it is still at `version`; false when someone changed (or deleted) it first. */
  export function replace(appId: string, entity: string, record: EntityRecord, version: number): Promise<boolean> {
    return conditional(new PutCommand({ TableName: table(), Item: itemOf(appId, entity, record, version + 1), ...versionIs(version) }));
  }

  /** Delete a record if it is still at `version`; false when it changed or is gone. */
  export function remove(appId: string, entity: string, id: string, version: number): Promise<boolean> {
    return conditional(new DeleteCommand({ TableName: table(), Key: Keys.record(appId, entity, id), ...versionIs(version) }));
  }

  const versionIs = (version: number) => ({
    ConditionExpression: "#v = :v",
    ExpressionAttributeNames: { "#v": "version" },
    ExpressionAttributeValues: { ":v": version },
  });

  /** Send a conditional write; false when its condition failed. */
  async function conditional(command: PutCommand | DeleteCommand): Promise<boolean> {
    try {
      await (command instanceof PutCommand ? db().send(command) : db().send(command));
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  export interface Walk {
    /** "created": the table's own order (created_date, then id); "updated": the gsi1 index (updated_date, then id) */
    order: "created" | "updated";
    descending: boolean;
    /** continue after this record (its id and, for "updated", its updated_date) */
    after?: { id: string; updated_date?: string };
    /** stop once this many records have been read; the caller may also stop early */
    budget?: number;
  }

  /**
   * Every record of an entity in one of its stored orders, page by page. Pages start small
   * and grow, so a short list reads little and a long filter reads in large pages; the base
   * table is read consistently, so a record just written is always seen (the updated_date
   * order comes from gsi1, which in the cloud may trail a write by a moment).
   */
  export async function* walk(appId: string, entity: string, options: Walk): AsyncGenerator<Stored> {
    const pk = Keys.recordsPartition(appId, entity);
    const byUpdate = options.order === "updated";
    let start: Record<string, unknown> | undefined;
    if (options.after) {
      if (!isRecordId(options.after.id)) throw new VisibleError("input", "cursor is not valid; pass the next_cursor of the previous page");
      start = Keys.record(appId, entity, options.after.id);
      if (byUpdate) start = { ...start, ...Keys.recordUpdatedIndex(appId, entity, options.after.updated_date ?? "", options.after.id) };
    }
    let pageSize = 50;
    let read = 0;
    const budget = options.budget ?? MAX_SCANNED;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: byUpdate ? "gsi1" : undefined,
          KeyConditionExpression: byUpdate ? "gsi1pk = :p" : "pk = :p",
          ExpressionAttributeValues: { ":p": pk },
          ScanIndexForward: !options.descending,
          ConsistentRead: !byUpdate,
          ExclusiveStartKey: start,
          Limit: pageSize,
        }),
      );
      for (const item of page.Items ?? []) {
        // Only this entity's records belong to its index; anything else here was planted and is not read.
        if (item.pk !== pk) continue;
        if (++read > budget) {
          throw new VisibleError("input", `This query would read more than ${budget} ${entity} records; narrow it or sort by created_date`);
        }
        yield toStored(item);
      }
      start = page.LastEvaluatedKey;
      pageSize = Math.min(pageSize * 4, 1000);
    } while (start);
  }
}
