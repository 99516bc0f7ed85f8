import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type EntityRecord, INDEX_HINT, MAX_DECLARED_INDEXES, declaredIndexes, serverRecordFields } from "../../../schemas/entities";
import { Actor } from "../actor";
import { db, queryAll, table } from "../db";
import { Keys, RECORD_SHARD_DIGITS } from "../keys";

/**
 * The indexes of an app's records (keys.ts, record section), which nobody has to declare.
 *
 * Three are built in and live on generic GSIs: updated_date on gsi1 (`{updated}#{id}`),
 * created_by on gsi2 and created_date on gsi3. Every other index is a set of **entries**:
 * small items of their own, one per record and field (`RIX#{app}#{Entity}#{field}`, sort key
 * `{encoded value}\x01{id}`), written in the same transaction as the record. So an entity
 * has as many indexes as its queries need, each costing a write only when it exists and its
 * value changes, and an entry is read consistently, like the record it points to.
 *
 * Which fields have entries: every link field (`<x>_id`) and every field the schema marks
 * `"x-kiln-index": true`, from the start; and any other field of the schema as soon as a
 * query had to scan for it (query.ts asks, `request`). A field's entries are first
 * `building` (every write carries them; a job, upkeep.ts, backfills the records before),
 * then `ready` (the planner reads them). The state lives on the entity's state item as
 * `ix_<field>` attributes, beside whether its sharded counters are exact.
 *
 * The encoding sorts as the query language compares (MongoDB's type order, numbers
 * order-preserving, long strings cut), so an index only ever narrows: the full filter is
 * re-applied to every record read through it.
 */
export namespace RecordIndexes {
  /** The fixed slots; updated_date lives on gsi1 in its older key format. */
  const BUILT_IN: Record<string, string> = { created_by: "gsi2", created_date: "gsi3" };
  /** The source of an index the planner reads: a GSI of the built-in ones, or a field's entries. */
  export const ENTRIES = "entries";
  /** Strings are cut to this many characters in a key (DynamoDB sort keys hold 1 KB). */
  const MAX_KEY_CHARS = 200;
  /** Sorts below every character a value can hold, so "a" < "ab" holds for keys too. */
  export const SEP = "\u0001";
  /** Counter shards: concurrent creates of one entity spread over them instead of conflicting on one item. */
  export const SHARDS = 8;
  /**
   * At most this many indexed fields per entity: a replace that changes every one of them
   * (a delete and a put each) still fits a 100-item transaction with its record.
   */
  export const MAX_FIELDS = MAX_DECLARED_INDEXES;
  /**
   * A write that took longer than this from reading the index state to being stored reads
   * it again and adds the entries of fields that appeared meanwhile; the backfill re-reads
   * the records changed within twice this before a field turns ready (upkeep.ts). Together
   * they leave no record without an entry, without every write checking the state item.
   */
  export const SETTLE_MS = 2_500;
  const FIELD = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;
  const attr = (field: string) => `ix_${field}`;
  const indexableTypes = ["string", "number", "integer", "boolean"];

  type Schema = { properties: Record<string, Record<string, unknown>> };

  /** The fields a schema indexes from the start: every link field and every declared one (`"x-kiln-index": false` opts a field out). */
  export function schemaFields(schema: Schema): string[] {
    const links = Object.entries(schema.properties)
      .filter(([field, prop]) => /_id$/.test(field) && (prop.type === undefined || prop.type === "string") && prop[INDEX_HINT] !== false)
      .map(([field]) => field);
    return [...new Set([...declaredIndexes(schema), ...links])].filter(isIndexable).slice(0, MAX_FIELDS);
  }

  /** The schema's fields a query may have indexed for it: scalar-typed, with a name a key may hold, not opted out. */
  export function indexableFields(schema: Schema): string[] {
    return Object.entries(schema.properties)
      .filter(([field, prop]) => isIndexable(field) && prop[INDEX_HINT] !== false && (prop.type === undefined || (typeof prop.type === "string" && indexableTypes.includes(prop.type))))
      .map(([field]) => field);
  }

  const isIndexable = (field: string) => FIELD.test(field) && !(serverRecordFields as readonly string[]).includes(field) && field !== "updated_date";

  /** The GSI of a built-in index, or undefined. */
  export const builtIn = (field: string): string | undefined => (field === "updated_date" ? "gsi1" : BUILT_IN[field]);

  /** An order-preserving float64: the sign bit flipped for positives, every bit for negatives. */
  function encodeNumber(n: number): string {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, n === 0 ? 0 : n);
    let bits = view.getBigUint64(0);
    bits = n < 0 ? ~bits & 0xffffffffffffffffn : bits | 0x8000000000000000n;
    return bits.toString(16).padStart(16, "0");
  }

  /** A value as a key prefix: its type's rank (null, number, string, object, array, boolean), then the value. */
  export function encode(value: unknown): string {
    if (value === undefined || value === null) return "0";
    if (typeof value === "number") return `1${encodeNumber(value)}`;
    if (typeof value === "string") return `2${value.slice(0, MAX_KEY_CHARS)}`;
    if (typeof value === "boolean") return value ? "51" : "50";
    return `${Array.isArray(value) ? 4 : 3}${JSON.stringify(value).slice(0, MAX_KEY_CHARS)}`;
  }

  /** The key range of one type's values: a query on a number never reads strings (sift compares within a type). */
  export const rankRange = (value: unknown): [string, string] => {
    const rank = encode(value)[0];
    return [rank, String(Number(rank) + 1)];
  };

  /** A record's sort key in the index of `field`. */
  export const sortKeyOf = (record: EntityRecord, field: string) => `${encode(record[field])}${SEP}${record.id}`;

  /** The built-in index attributes a record item carries. */
  export function attributesOf(appId: string, entity: string, record: EntityRecord): Record<string, string> {
    const out: Record<string, string> = { ...Keys.recordUpdatedIndex(appId, entity, record.updated_date, record.id) };
    const shard = Keys.recordShardOf(record.id);
    for (const [field, gsi] of Object.entries(BUILT_IN)) Object.assign(out, Keys.recordFieldIndex(gsi, appId, entity, field, sortKeyOf(record, field), shard));
    return out;
  }

  /** A record's entry in the index of `field` (in the record's shard). */
  export const entryOf = (appId: string, entity: string, record: EntityRecord, field: string) => ({
    ...Keys.recordEntry(appId, entity, field, sortKeyOf(record, field), Keys.recordShardOf(record.id)),
    id: record.id,
  });

  /** The entries to delete and to put when a record changes from `before` to `after` (either absent for a create or delete). */
  export function entryChanges(appId: string, entity: string, fields: string[], before: EntityRecord | undefined, after: EntityRecord | undefined) {
    const puts: Record<string, unknown>[] = [];
    const deletes: { pk: string; sk: string }[] = [];
    for (const field of fields) {
      const old = before && sortKeyOf(before, field);
      const now = after && sortKeyOf(after, field);
      if (old === now) continue;
      if (before) deletes.push(Keys.recordEntry(appId, entity, field, old!, Keys.recordShardOf(before.id)));
      if (after) puts.push(entryOf(appId, entity, after, field));
    }
    return { puts, deletes };
  }

  export type FieldState = "building" | "ready";
  export interface Field {
    state: FieldState;
    /** when the field was first asked for: writes from then on carry its entries */
    since: string;
  }

  /** The indexed fields a state item lists. */
  export function fieldsOf(item: Record<string, unknown> | undefined): Record<string, Field> {
    const out: Record<string, Field> = {};
    for (const [name, value] of Object.entries(item ?? {})) {
      if (name.startsWith("ix_") && value && typeof value === "object") out[name.slice(3)] = value as Field;
    }
    return out;
  }

  /** Over how many shards the entity's records spread (records/shards.ts): the state item's `spread`, 1 when it has none. */
  export function spreadOf(item: Record<string, unknown> | undefined): number {
    const spread = Number(item?.spread);
    return Number.isInteger(spread) && spread > 1 ? Math.min(spread, RECORD_SHARD_DIGITS.length) : 1;
  }

  /** The entity's state item: the request's first batch when it read it (functions/http/group.ts), else a consistent read. */
  export async function readState(appId: string, entity: string, fresh = false): Promise<Record<string, unknown> | undefined> {
    const key = Keys.recordIndexState(appId, entity);
    const prefetched = fresh ? undefined : Actor.prefetched(key);
    if (prefetched) return prefetched.item;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
    return Item;
  }

  /** Every field a write must carry entries for: the schema's own and every one the state lists, building or ready. */
  export async function writeFields(appId: string, entity: string, fromSchema: string[], fresh = false): Promise<string[]> {
    return [...new Set([...fromSchema, ...Object.keys(fieldsOf(await readState(appId, entity, fresh)))])].slice(0, MAX_FIELDS);
  }

  export interface State {
    /** every indexed field and its state */
    fields: Record<string, Field>;
    /** the number of records, when the counters are exact */
    count: number | null;
  }

  /** The counter items of one shard's stats partition (shard 0's hold the state item too). */
  const statsOf = (appId: string, entity: string, shard: number) => {
    const stats = Keys.recordStats(appId, entity, shard);
    return queryAll({ KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues: { ":p": stats.pk, ":s": stats.skPrefix }, ConsistentRead: true });
  };
  const counted = (items: Record<string, unknown>[], stateSk: string) => items.filter((i) => i.sk !== stateSk).reduce((n, i) => n + Number(i.n ?? 0), 0);

  /** An entity's indexed fields and count: one Query of its stats items, and one more per further shard of a spread entity (records/shards.ts). */
  export async function state(appId: string, entity: string): Promise<State> {
    const stateSk = Keys.recordIndexState(appId, entity).sk;
    const items = await statsOf(appId, entity, 0);
    const index = items.find((item) => item.sk === stateSk);
    let total = counted(items, stateSk);
    const spread = spreadOf(index);
    if (spread > 1 && index?.counted) for (const more of await Promise.all(Array.from({ length: spread - 1 }, (_, k) => statsOf(appId, entity, k + 1)))) total += counted(more, stateSk);
    return { fields: fieldsOf(index), count: index?.counted ? total : null };
  }

  /** The sum of every counter item of the entity, across the shards below `spread`. */
  export async function counterTotal(appId: string, entity: string, spread: number): Promise<number> {
    const stateSk = Keys.recordIndexState(appId, entity).sk;
    const shards = await Promise.all(Array.from({ length: Math.max(spread, 1) }, (_, k) => statsOf(appId, entity, k)));
    return shards.reduce((n, items) => n + counted(items, stateSk), 0);
  }

  /**
   * Ask for these fields to be indexed: each one not listed yet becomes `building` from now.
   * Answers the fields this call added (the caller then queues the backfill job).
   */
  export async function request(appId: string, entity: string, fields: string[]): Promise<string[]> {
    const wanted = [...new Set(fields)].filter(isIndexable);
    if (!wanted.length) return [];
    const since = new Date().toISOString();
    const names = Object.fromEntries(wanted.map((f, i) => [`#f${i}`, attr(f)]));
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.recordIndexState(appId, entity),
        UpdateExpression: `SET ${wanted.map((_, i) => `#f${i} = if_not_exists(#f${i}, :b)`).join(", ")}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ":b": { state: "building", since } satisfies Field },
        ReturnValues: "ALL_OLD",
      }),
    );
    const before = fieldsOf(Attributes);
    return wanted.filter((f) => !before[f]);
  }

  /** Mark a field's entries complete, unless it was dropped or asked for again meanwhile. */
  export async function markReady(appId: string, entity: string, field: string, since: string): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.recordIndexState(appId, entity),
          UpdateExpression: "SET #f = :r",
          ConditionExpression: "#f.#s = :since",
          ExpressionAttributeNames: { "#f": attr(field), "#s": "since" },
          ExpressionAttributeValues: { ":r": { state: "ready", since } satisfies Field, ":since": since },
        }),
      )
      .catch((err: { name?: string }) => {
        if (err.name !== "ConditionalCheckFailedException") throw err;
      });
  }

  /** Stop indexing a field (its entries are then deleted by the caller). */
  export async function drop(appId: string, entity: string, field: string): Promise<void> {
    await db().send(new UpdateCommand({ TableName: table(), Key: Keys.recordIndexState(appId, entity), UpdateExpression: "REMOVE #f", ExpressionAttributeNames: { "#f": attr(field) } }));
  }

  /** Where the planner reads `field` from: a built-in GSI, its entries once ready, or nowhere. */
  export function source(field: string, fields: Record<string, Field>): string | null {
    return builtIn(field) ?? (fields[field]?.state === "ready" ? ENTRIES : null);
  }
}
