import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type EntityRecord, declaredIndexes } from "../../../schemas/entities";
import { Actor } from "../actor";
import { CountedWrites } from "./counted-writes";
import { batchGet, batchWrite, db, isConditionFailure, table } from "../db";
import { EntitySchemas } from "../entities/schemas";
import { VisibleError } from "../errors";
import { Keys } from "../keys";
import { RecordIndexes } from "./indexes";

/**
 * Storage of a generated app's records (DESIGN §3): a partition per app and entity, sort
 * key the record's id (a lower-case ULID, so creation order is key order and "newest first"
 * is a reverse Query), and one entry per index on the generic GSIs (record-indexes.ts). The
 * record itself is one map attribute (`rec`), so an app's field names can never clash with
 * key attributes, and a `version` makes every replace conditional: concurrent updates are
 * retried, never lost. A create or delete changes a counter shard in the same transaction,
 * so an entity's count is exact without reading its records; creates and deletes that
 * arrive together share one transaction (group commit, counted-writes.ts).
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

  /** The fields the entity's schema indexes; callers that hold the schema pass them, others (restore) have it read. */
  type Declared = string[] | undefined;
  const declaredOf = async (appId: string, entity: string, declared: Declared) =>
    declared ?? (await EntitySchemas.load(appId, entity).then(declaredIndexes, () => []));

  const itemOf = (appId: string, entity: string, record: EntityRecord, version: number, declared: string[]) => ({
    ...Keys.record(appId, entity, record.id),
    ...RecordIndexes.attributesOf(appId, entity, record, declared),
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
  export const isRecordId = (id: string) => /^[0-9a-z]{26}$/.test(id);

  /** A record, read consistently: the request's first batch (http.ts) when it holds it and no one took it yet, else the table. */
  export async function get(appId: string, entity: string, id: string): Promise<Stored | undefined> {
    if (!isRecordId(id)) return undefined;
    const key = Keys.record(appId, entity, id);
    const first = Actor.takePrefetched(key);
    const Item = first ? first.item : (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
    return Item ? toStored(Item) : undefined;
  }

  /** Records by id (missing ones are absent from the map). */
  export async function getMany(appId: string, entity: string, ids: string[]): Promise<Map<string, Stored>> {
    const found = new Map<string, Stored>();
    const unique = [...new Set(ids)].filter(isRecordId);
    for (const item of await batchGet(unique.map((id) => Keys.record(appId, entity, id)), { consistent: true })) {
      const stored = toStored(item);
      found.set(stored.record.id, stored);
    }
    return found;
  }

  /** Store a new record (the record and its counter in one transaction); its id is fresh, so an existing item means a bug, not a race. */
  export async function insert(appId: string, entity: string, record: EntityRecord, declared?: string[]): Promise<void> {
    const item = itemOf(appId, entity, record, 1, await declaredOf(appId, entity, declared));
    const stored = await CountedWrites.counted(appId, entity, 1, { Put: { TableName: table(), Item: item, ConditionExpression: "attribute_not_exists(pk)" } }, Keys.record(appId, entity, record.id));
    if (!stored) throw new Error(`Record id ${record.id} already exists`);
  }

  /** Store many new records: each chunk and its counter change in one transaction, a few chunks at a time. */
  export async function insertMany(appId: string, entity: string, records: EntityRecord[], declared?: string[]): Promise<void> {
    const fields = await declaredOf(appId, entity, declared);
    const chunks: EntityRecord[][] = [];
    let bytes = 0;
    for (const record of records) {
      const size = Buffer.byteLength(JSON.stringify(record)) * 2;
      const last = chunks[chunks.length - 1];
      if (!last || last.length >= CountedWrites.MAX_CHUNK_ITEMS || bytes + size > CountedWrites.MAX_CHUNK_BYTES) {
        chunks.push([record]);
        bytes = size;
      } else {
        last.push(record);
        bytes += size;
      }
    }
    const write = async (chunk: EntityRecord[]) => {
      const puts = chunk.map((record) => ({ Put: { TableName: table(), Item: itemOf(appId, entity, record, 1, fields), ConditionExpression: "attribute_not_exists(pk)" } }));
      if ((await CountedWrites.transact(() => [...puts, CountedWrites.counterUpdate(appId, entity, chunk.length)])).length) throw new Error("A new record's id already exists");
    };
    for (let i = 0; i < chunks.length; i += 4) await Promise.all(chunks.slice(i, i + 4).map(write));
  }

  /**
   * Make an entity hold exactly `records` (a checkpoint's snapshot): records not in it are
   * deleted, the others written back one version past what is stored, so a writer holding
   * an older version retries against the restored record instead of overwriting it. The
   * counter moves by the records added less those deleted.
   */
  export async function restore(appId: string, entity: string, records: EntityRecord[]): Promise<{ restored: number; deleted: number }> {
    const fields = await declaredOf(appId, entity, undefined);
    const current = new Map<string, number>();
    for await (const stored of walk(appId, entity, { order: "created", descending: false, budget: Infinity })) current.set(stored.record.id, stored.version);
    const keep = new Set(records.map((r) => r.id));
    const deletes = [...current.keys()].filter((id) => !keep.has(id)).map((id) => ({ DeleteRequest: { Key: Keys.record(appId, entity, id) } }));
    const puts = records.map((record) => ({ PutRequest: { Item: itemOf(appId, entity, record, (current.get(record.id) ?? 0) + 1, fields) } }));
    await batchWrite([...deletes, ...puts]);
    const added = records.filter((r) => !current.has(r.id)).length;
    if (added !== deletes.length) await db().send(new UpdateCommand(CountedWrites.counterUpdate(appId, entity, added - deletes.length).Update));
    return { restored: records.length, deleted: deletes.length };
  }

  /** Replace a record if it is still at `version`; false when someone changed (or deleted) it first. */
  export async function replace(appId: string, entity: string, record: EntityRecord, version: number, declared?: string[]): Promise<boolean> {
    const item = itemOf(appId, entity, record, version + 1, await declaredOf(appId, entity, declared));
    try {
      await db().send(new PutCommand({ TableName: table(), Item: item, ...versionIs(version) }));
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  /** Delete a record if it is still at `version` (and count it out); false when it changed or is gone. */
  export function remove(appId: string, entity: string, id: string, version: number): Promise<boolean> {
    const key = Keys.record(appId, entity, id);
    return CountedWrites.counted(appId, entity, -1, { Delete: { TableName: table(), Key: key, ...versionIs(version) } }, key);
  }

  /** Rewrite a record's index entries for this layout (the backfill job), unless it changed meanwhile. */
  export async function reindex(appId: string, entity: string, stored: Stored, declared: string[]): Promise<void> {
    try {
      await db().send(new PutCommand({ TableName: table(), Item: itemOf(appId, entity, stored.record, stored.version, declared), ...versionIs(stored.version) }));
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }

  const versionIs = (version: number) => ({
    ConditionExpression: "#v = :v",
    ExpressionAttributeNames: { "#v": "version" },
    ExpressionAttributeValues: { ":v": version },
  });

  /** A first page of what the caller needs (a page of 50 and the one that says whether more follow) reads it in one Query. */
  const firstPage = (wanted: number | undefined) => Math.min(Math.max(wanted ?? 50, 1), 1000);

  export interface Walk {
    /** "created": the table's own order (created_date, then id); "updated": the gsi1 index (updated_date, then id) */
    order: "created" | "updated";
    descending: boolean;
    /** continue after this record (its id and, for "updated", its updated_date) */
    after?: { id: string; updated_date?: string };
    /** stop once this many records have been read; the caller may also stop early */
    budget?: number;
    /** the first page's size: how many records the caller expects to need (later pages double) */
    first?: number;
  }

  /**
   * Every record of an entity in one of its stored orders, page by page. Pages start small
   * and double, so a short list reads little, a filter that soon finds its page reads little
   * past it (every record read costs), and a long filter reads in large pages; the base
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
    let pageSize = firstPage(options.first);
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
          throw new VisibleError("input", `This query would read more than ${budget} ${entity} records; filter on an indexed field (created_by, created_date, updated_date or one marked "x-kiln-index": true) or sort by created_date`);
        }
        yield toStored(item);
      }
      start = page.LastEvaluatedKey;
      pageSize = Math.min(pageSize * 2, 1000);
    } while (start);
  }

  /** A stretch of one index: a GSI, the field it holds, and bounds on its sort key (record-indexes.ts encoding). */
  export interface IndexScan {
    gsi: string;
    field: string;
    descending: boolean;
    /** sort key begins with this (an equality) */
    prefix?: string;
    /** inclusive bounds on the sort key */
    lo?: string;
    hi?: string;
    budget?: number;
    /** as in Walk */
    first?: number;
  }

  /** The records one index stretch holds, in its order, page by page (pages grow as in walk). */
  export async function* indexWalk(appId: string, entity: string, scan: IndexScan): AsyncGenerator<Stored> {
    const pk = Keys.recordsPartition(appId, entity);
    const values: Record<string, unknown> = { ":p": scan.gsi === "gsi1" ? pk : Keys.recordFieldPartition(appId, entity, scan.field) };
    let condition = `${scan.gsi}pk = :p`;
    const sk = `${scan.gsi}sk`;
    if (scan.prefix !== undefined) {
      // the same keys as begins_with, as a range: DynamoDB Local answers a range from its index, a prefix by scanning the partition
      condition += ` AND ${sk} BETWEEN :x AND :xe`;
      Object.assign(values, { ":x": scan.prefix, ":xe": `${scan.prefix}\u{10FFFF}` });
    } else if (scan.lo !== undefined && scan.hi !== undefined) {
      condition += ` AND ${sk} BETWEEN :lo AND :hi`;
      Object.assign(values, { ":lo": scan.lo, ":hi": scan.hi });
    } else if (scan.lo !== undefined) {
      condition += ` AND ${sk} >= :lo`;
      values[":lo"] = scan.lo;
    } else if (scan.hi !== undefined) {
      condition += ` AND ${sk} <= :hi`;
      values[":hi"] = scan.hi;
    }
    if (scan.lo !== undefined && scan.hi !== undefined && scan.lo > scan.hi) return;
    let start: Record<string, unknown> | undefined;
    let pageSize = firstPage(scan.first);
    let read = 0;
    const budget = scan.budget ?? MAX_SCANNED;
    do {
      const page = await db().send(
        new QueryCommand({ TableName: table(), IndexName: scan.gsi, KeyConditionExpression: condition, ExpressionAttributeValues: values, ScanIndexForward: !scan.descending, ExclusiveStartKey: start, Limit: pageSize }),
      );
      for (const item of page.Items ?? []) {
        if (item.pk !== pk) continue;
        if (++read > budget) throw new VisibleError("input", `This query would read more than ${budget} ${entity} records; narrow the filter on ${scan.field}`);
        yield toStored(item);
      }
      start = page.LastEvaluatedKey;
      pageSize = Math.min(pageSize * 2, 1000);
    } while (start);
  }
}
