import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { EntityRecord } from "../../../schemas/entities";
import { Actor } from "../actor";
import { CountedWrites } from "./counted-writes";
import { batchGet, batchWrite, db, isConditionFailure, mergedInOrder, table } from "../db";
import { EntitySchemas } from "../entities/schemas";
import { VisibleError } from "../errors";
import { Keys } from "../keys";
import { RecordIndexes } from "./indexes";
import { RecordShards } from "./shards";

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
  export interface Stored {
    record: EntityRecord;
    version: number;
  }

  const toStored = (item: Record<string, unknown>): Stored => ({ record: item.rec as EntityRecord, version: item.version as number });

  /**
   * The fields whose index entries a write carries (indexes.ts): callers that hold the schema
   * pass its own (`RecordIndexes.schemaFields`), others (restore) have it read; the fields
   * indexed since are added from the entity's state item.
   */
  type Indexed = string[] | undefined;
  const indexedOf = async (appId: string, entity: string, fromSchema: Indexed, fresh = false) =>
    RecordIndexes.writeFields(appId, entity, fromSchema ?? (await EntitySchemas.load(appId, entity).then(RecordIndexes.schemaFields, () => [])), fresh);

  /** Every field a write of the entity carries entries for now, for a caller making many writes (a restore). */
  export const indexedFields = (appId: string, entity: string) => indexedOf(appId, entity, undefined, true);

  /**
   * A caller making many writes (a restore) resolves the indexed fields once (`indexedFields`)
   * and passes them whole, and settles its writes itself, all at once (`settle`), afterwards.
   */
  export interface WriteOptions {
    settleLater?: boolean;
  }

  const fieldsFor = (appId: string, entity: string, indexed: Indexed, options: WriteOptions) =>
    options.settleLater && indexed ? Promise.resolve(indexed) : indexedOf(appId, entity, indexed);

  const itemOf = (appId: string, entity: string, record: EntityRecord, version: number) => ({
    ...Keys.record(appId, entity, record.id),
    ...RecordIndexes.attributesOf(appId, entity, record),
    rec: record,
    version,
  });

  const put = (Item: Record<string, unknown>) => ({ Put: { TableName: table(), Item } });
  const del = (Key: { pk: string; sk: string }) => ({ Delete: { TableName: table(), Key } });

  /**
   * The backfill's second look finds a write by its updated_date (upkeep.ts), so a write
   * that took longer than RecordIndexes.SETTLE_MS from reading which fields are indexed, or
   * that stores an older updated_date (a restore), adds itself the entries of fields indexed
   * meanwhile, which the backfill may have passed by.
   */
  export async function settle(appId: string, entity: string, fields: string[], readAt: number, records: EntityRecord[], always = false): Promise<void> {
    const late = always || Date.now() - readAt > RecordIndexes.SETTLE_MS || records.some((r) => !(Date.parse(r.updated_date) >= readAt - RecordIndexes.SETTLE_MS));
    if (!late || !records.length) return;
    const added = (await RecordIndexes.writeFields(appId, entity, fields, true)).filter((f) => !fields.includes(f));
    if (added.length) await batchWrite(records.flatMap((r) => added.map((f) => ({ PutRequest: { Item: RecordIndexes.entryOf(appId, entity, r, f) } }))));
  }

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

  /** Ids are this module's lower-case ULIDs, with a shard digit when the entity is spread (shards.ts); anything else cannot be a record (and must never reach a key). */
  export const isRecordId = (id: string) => /^[0-9a-z]{26}[0-9a-v]?$/.test(id);

  /** Counter moves by the shard of each record id. */
  const byShard = (moves: (readonly [string, number])[]) => {
    const deltas = new Map<number, number>();
    for (const [id, delta] of moves) {
      const shard = Keys.recordShardOf(id);
      deltas.set(shard, (deltas.get(shard) ?? 0) + delta);
    }
    return deltas;
  };

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
  export async function insert(appId: string, entity: string, record: EntityRecord, indexed?: string[], options: WriteOptions = {}): Promise<void> {
    const readAt = Date.now();
    const fields = await fieldsFor(appId, entity, indexed, options);
    const writes = [
      { Put: { TableName: table(), Item: itemOf(appId, entity, record, 1), ConditionExpression: "attribute_not_exists(pk)" } },
      ...fields.map((f) => put(RecordIndexes.entryOf(appId, entity, record, f))),
    ];
    const stored = await CountedWrites.counted(appId, entity, 1, writes, Keys.record(appId, entity, record.id));
    if (!stored) throw new Error(`Record id ${record.id} already exists`);
    if (!options.settleLater) await settle(appId, entity, fields, readAt, [record]);
  }

  /** Store many new records: each chunk and its counter change in one transaction, a few chunks at a time. */
  export async function insertMany(appId: string, entity: string, records: EntityRecord[], indexed?: string[]): Promise<void> {
    const readAt = Date.now();
    const fields = await indexedOf(appId, entity, indexed);
    // each record goes with its entries: a chunk of them and the counter fit one transaction
    const perChunk = Math.max(1, Math.floor(CountedWrites.MAX_CHUNK_ITEMS / (1 + fields.length)));
    const chunks: EntityRecord[][] = [];
    let bytes = 0;
    // a chunk holds records of one shard (shards.ts), whose one counter it moves
    const byShardOrder = [...records].sort((a, b) => Keys.recordShardOf(a.id) - Keys.recordShardOf(b.id));
    for (const record of byShardOrder) {
      const size = Buffer.byteLength(JSON.stringify(record)) * 2;
      const last = chunks[chunks.length - 1];
      if (!last || last.length >= perChunk || bytes + size > CountedWrites.MAX_CHUNK_BYTES || Keys.recordShardOf(last[0].id) !== Keys.recordShardOf(record.id)) {
        chunks.push([record]);
        bytes = size;
      } else {
        last.push(record);
        bytes += size;
      }
    }
    const write = async (chunk: EntityRecord[]) => {
      const puts = chunk.flatMap((record) => [
        { Put: { TableName: table(), Item: itemOf(appId, entity, record, 1), ConditionExpression: "attribute_not_exists(pk)" } },
        ...fields.map((f) => put(RecordIndexes.entryOf(appId, entity, record, f))),
      ]);
      const shard = Keys.recordShardOf(chunk[0].id);
      const failed = await CountedWrites.transact(() => [...puts, CountedWrites.counterUpdate(appId, entity, chunk.length, shard)]).catch(async (err) => {
        throw await CountedWrites.spreadOnThrottle(appId, entity, err);
      });
      if (failed.length) throw new Error("A new record's id already exists");
    };
    for (let i = 0; i < chunks.length; i += 4) await Promise.all(chunks.slice(i, i + 4).map(write));
    await settle(appId, entity, fields, readAt, records);
  }

  /**
   * Make an entity hold exactly `records` (a checkpoint's snapshot): records not in it are
   * deleted, the others written back one version past what is stored, so a writer holding
   * an older version retries against the restored record instead of overwriting it. The
   * counter moves by the records added less those deleted.
   */
  export async function restore(appId: string, entity: string, records: EntityRecord[]): Promise<{ restored: number; deleted: number }> {
    const readAt = Date.now();
    const fields = await indexedOf(appId, entity, undefined, true);
    const current = new Map<string, Stored>();
    for await (const stored of walk(appId, entity, { order: "created", descending: false })) current.set(stored.record.id, stored);
    const keep = new Set(records.map((r) => r.id));
    const gone = [...current.values()].filter((s) => !keep.has(s.record.id));
    const entries = [...gone.map((s) => [s.record, undefined] as const), ...records.map((r) => [current.get(r.id)?.record, r] as const)].map(([before, after]) =>
      RecordIndexes.entryChanges(appId, entity, fields, before, after),
    );
    await batchWrite([
      ...gone.map((s) => ({ DeleteRequest: { Key: Keys.record(appId, entity, s.record.id) } })),
      ...records.map((record) => ({ PutRequest: { Item: itemOf(appId, entity, record, (current.get(record.id)?.version ?? 0) + 1) } })),
      ...entries.flatMap((e) => [...e.deletes.map((Key) => ({ DeleteRequest: { Key } })), ...e.puts.map((Item) => ({ PutRequest: { Item } }))]),
    ]);
    const moves = byShard([...records.filter((r) => !current.has(r.id)).map((r) => [r.id, 1] as const), ...gone.map((g) => [g.record.id, -1] as const)]);
    for (const { Update } of CountedWrites.counterUpdates(appId, entity, moves)) await db().send(new UpdateCommand(Update));
    await settle(appId, entity, fields, readAt, records);
    return { restored: records.length, deleted: gone.length };
  }

  /**
   * Replace a record if it is still at the stored version; false when someone changed (or
   * deleted) it first. Index entries whose value changed move in the same transaction.
   */
  export async function replace(appId: string, entity: string, record: EntityRecord, previous: Stored, indexed?: string[], options: WriteOptions = {}): Promise<boolean> {
    const readAt = Date.now();
    const fields = await fieldsFor(appId, entity, indexed, options);
    const item = itemOf(appId, entity, record, previous.version + 1);
    const { puts, deletes } = RecordIndexes.entryChanges(appId, entity, fields, previous.record, record);
    if (!puts.length && !deletes.length) {
      try {
        await db().send(new PutCommand({ TableName: table(), Item: item, ...versionIs(previous.version) }));
      } catch (err) {
        if (isConditionFailure(err)) return false;
        throw err;
      }
    } else if ((await CountedWrites.transact(() => [{ Put: { TableName: table(), Item: item, ...versionIs(previous.version) } }, ...deletes.map(del), ...puts.map(put)])).length) {
      return false;
    }
    if (!options.settleLater) await settle(appId, entity, fields, readAt, [record]);
    return true;
  }

  /** Delete a record if it is still at the stored version (and count it out, its entries with it); false when it changed or is gone. */
  export async function remove(appId: string, entity: string, stored: Stored, indexed?: string[], options: WriteOptions = {}): Promise<boolean> {
    const key = Keys.record(appId, entity, stored.record.id);
    const { deletes } = RecordIndexes.entryChanges(appId, entity, await fieldsFor(appId, entity, indexed, options), stored.record, undefined);
    return CountedWrites.counted(appId, entity, -1, [{ Delete: { TableName: table(), Key: key, ...versionIs(stored.version) } }, ...deletes.map(del)], key);
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
    /** "updated" only: records changed at or after this time */
    since?: string;
    /** the first page's size: how many records the caller expects to need (later pages double) */
    first?: number;
    /** the entity's spread, when the caller holds it (else read from its state item) */
    spread?: number;
  }

  /**
   * Every record of an entity in one of its stored orders, page by page, however many there
   * are (a caller stops reading when it has what it needs). Pages start small and double, so
   * a short list reads little, a filter that soon finds its page reads little past it (every
   * record read costs), and a long filter reads in large pages; the base table is read
   * consistently, so a record just written is always seen (the updated_date order comes
   * from gsi1, which in the cloud may trail a write by a moment).
   */
  export async function* walk(appId: string, entity: string, options: Walk): AsyncGenerator<Stored> {
    if (options.after && !isRecordId(options.after.id)) throw new VisibleError("input", "cursor is not valid; pass the next_cursor of the previous page");
    const byUpdate = options.order === "updated";
    const shards = RecordShards.all(options.spread ?? (await RecordShards.spreadOf(appId, entity)));
    yield* merged(
      shards.map((shard) => walkShard(appId, entity, shard, options)),
      options.descending,
      byUpdate ? (item) => String(item.gsi1sk) : (item) => String(item.sk),
    );
  }

  async function* walkShard(appId: string, entity: string, shard: number, options: Walk): AsyncGenerator<[Record<string, unknown>, Stored]> {
    const pk = Keys.recordsPartition(appId, entity, shard);
    const byUpdate = options.order === "updated";
    let start: Record<string, unknown> | undefined;
    if (options.after) {
      // the cursor's position in this shard's order (a key no item of the shard need hold)
      start = { pk, sk: options.after.id };
      if (byUpdate) start = { ...start, gsi1pk: pk, gsi1sk: Keys.recordUpdatedIndex(appId, entity, options.after.updated_date ?? "", options.after.id).gsi1sk };
    }
    const since = byUpdate && options.since !== undefined;
    let pageSize = firstPage(options.first);
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: byUpdate ? "gsi1" : undefined,
          KeyConditionExpression: byUpdate ? `gsi1pk = :p${since ? " AND gsi1sk >= :s" : ""}` : "pk = :p",
          ExpressionAttributeValues: { ":p": pk, ...(since ? { ":s": options.since } : {}) },
          ScanIndexForward: !options.descending,
          ConsistentRead: !byUpdate,
          ExclusiveStartKey: start,
          Limit: pageSize,
        }),
      );
      for (const item of page.Items ?? []) {
        // Only this entity's records belong to its index; anything else here was planted and is not read.
        if (item.pk === pk) yield [item, toStored(item)];
      }
      start = page.LastEvaluatedKey;
      pageSize = Math.min(pageSize * 2, 1000);
    } while (start);
  }

  /** The shards' records as one sequence in the order of the stored key `keyOf` names (db.ts). */
  async function* merged(shards: AsyncGenerator<[Record<string, unknown>, Stored]>[], descending: boolean, keyOf: (item: Record<string, unknown>) => string): AsyncGenerator<Stored> {
    for await (const [, stored] of mergedInOrder(shards, ([item]) => keyOf(item), descending)) yield stored;
  }

  /** A stretch of one index: a built-in GSI or a field's entries (`RecordIndexes.ENTRIES`), the field, and bounds on its sort key (indexes.ts encoding). */
  export interface IndexScan {
    gsi: string;
    field: string;
    descending: boolean;
    /** sort key begins with this (an equality) */
    prefix?: string;
    /** inclusive bounds on the sort key */
    lo?: string;
    hi?: string;
    /** as in Walk */
    first?: number;
    spread?: number;
  }

  /** The records one index stretch holds, in its order, page by page (pages grow as in walk), across the entity's shards. */
  export async function* indexWalk(appId: string, entity: string, scan: IndexScan): AsyncGenerator<Stored> {
    if (scan.lo !== undefined && scan.hi !== undefined && scan.lo > scan.hi) return;
    const shards = RecordShards.all(scan.spread ?? (await RecordShards.spreadOf(appId, entity)));
    const sk = scan.gsi === RecordIndexes.ENTRIES ? "sk" : `${scan.gsi}sk`;
    yield* merged(
      shards.map((shard) => indexShard(appId, entity, shard, scan)),
      scan.descending,
      (item) => String(item[sk]),
    );
  }

  async function* indexShard(appId: string, entity: string, shard: number, scan: IndexScan): AsyncGenerator<[Record<string, unknown>, Stored]> {
    const pk = Keys.recordsPartition(appId, entity, shard);
    const entries = scan.gsi === RecordIndexes.ENTRIES;
    const [pkName, sk] = entries ? ["pk", "sk"] : [`${scan.gsi}pk`, `${scan.gsi}sk`];
    const values: Record<string, unknown> = {
      ":p": entries ? Keys.recordEntriesPartition(appId, entity, scan.field, shard) : scan.gsi === "gsi1" ? pk : Keys.recordFieldPartition(appId, entity, scan.field, shard),
    };
    let condition = `${pkName} = :p`;
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
    let start: Record<string, unknown> | undefined;
    let pageSize = firstPage(scan.first);
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: entries ? undefined : scan.gsi,
          KeyConditionExpression: condition,
          ExpressionAttributeValues: values,
          ScanIndexForward: !scan.descending,
          // entries are written with their record, so a consistent read of them sees every committed write
          ConsistentRead: entries || undefined,
          ExclusiveStartKey: start,
          Limit: pageSize,
        }),
      );
      if (entries) {
        const items = page.Items ?? [];
        const found = await getMany(appId, entity, items.map((item) => String(item.id)));
        // an entry whose record is gone is passed over
        for (const item of items) {
          const stored = found.get(String(item.id));
          if (stored) yield [item, stored];
        }
      } else for (const item of page.Items ?? []) if (item.pk === pk) yield [item, toStored(item)];
      start = page.LastEvaluatedKey;
      pageSize = Math.min(pageSize * 2, 1000);
    } while (start);
  }
}
