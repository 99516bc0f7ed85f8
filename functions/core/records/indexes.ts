import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { EntityRecord } from "../../../schemas/entities";
import { db, queryAll, table } from "../db";
import { Keys } from "../keys";

/**
 * The indexes of an app's records (keys.ts, record section). Every record item carries one
 * entry per index on a generic GSI: updated_date on gsi1 (`{updated}#{id}`), created_by on
 * gsi2, created_date on gsi3, and the fields its schema marks `"x-kiln-index": true` on
 * gsi4..gsi6 in declared order, each keyed `{encoded value}\x01{id}`. The encoding sorts
 * as the query language compares (MongoDB's type order, numbers order-preserving, long
 * strings cut), so an index only ever narrows: the full filter is re-applied in process.
 * A per-entity state item says which layout every record carries (a backfill job writes
 * it) and whether the sharded counters are exact.
 */
export namespace RecordIndexes {
  /** The fixed slots; updated_date lives on gsi1 in its older key format. */
  const BUILT_IN: Record<string, string> = { created_by: "gsi2", created_date: "gsi3" };
  export const DECLARED_GSIS = ["gsi4", "gsi5", "gsi6"] as const;
  /** Strings are cut to this many characters in a key (DynamoDB sort keys hold 1 KB). */
  const MAX_KEY_CHARS = 200;
  /** Sorts below every character a value can hold, so "a" < "ab" holds for keys too. */
  export const SEP = "\u0001";
  /** Counter shards: concurrent creates of one entity spread over them instead of conflicting on one item. */
  export const SHARDS = 8;

  /** field → GSI for an entity whose schema declares these indexed fields. */
  export function layoutOf(declared: string[]): Record<string, string> {
    const layout: Record<string, string> = { ...BUILT_IN };
    declared.slice(0, DECLARED_GSIS.length).forEach((field, i) => (layout[field] = DECLARED_GSIS[i]));
    return layout;
  }

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

  /** The index attributes a record item carries. */
  export function attributesOf(appId: string, entity: string, record: EntityRecord, declared: string[]): Record<string, string> {
    const out: Record<string, string> = { ...Keys.recordUpdatedIndex(appId, entity, record.updated_date, record.id) };
    for (const [field, gsi] of Object.entries(layoutOf(declared))) {
      Object.assign(out, Keys.recordFieldIndex(gsi, appId, entity, field, `${encode(record[field])}${SEP}${record.id}`));
    }
    return out;
  }

  export interface State {
    /** field → GSI that every stored record carries */
    layout: Record<string, string>;
    /** the number of records, when the counters are exact */
    count: number | null;
  }

  /** An entity's index layout and count, in one Query of its stats items. */
  export async function state(appId: string, entity: string): Promise<State> {
    const stats = Keys.recordStats(appId, entity);
    let total = 0;
    let index: Record<string, unknown> | undefined;
    const items = await queryAll({
      KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
      ExpressionAttributeValues: { ":p": stats.pk, ":s": stats.skPrefix },
      ConsistentRead: true,
    });
    for (const item of items) {
      if (item.sk === Keys.recordIndexState(appId, entity).sk) index = item;
      else total += Number(item.n ?? 0);
    }
    return { layout: (index?.layout as Record<string, string> | undefined) ?? {}, count: index?.counted ? total : null };
  }

  /** Whether `field` may be read from its index: every record carries it where this schema puts it. */
  export function ready(field: string, declared: string[], built: State["layout"]): string | null {
    if (field === "updated_date") return "gsi1";
    const gsi = layoutOf(declared)[field];
    return gsi && built[field] === gsi ? gsi : null;
  }

  export async function readState(appId: string, entity: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.recordIndexState(appId, entity), ConsistentRead: true }));
    return Item;
  }

  /** Say which layout every record of the entity carries; whether its counters are exact is left as it is. */
  export async function writeLayout(appId: string, entity: string, layout: Record<string, string>): Promise<void> {
    await db().send(
      new UpdateCommand({ TableName: table(), Key: Keys.recordIndexState(appId, entity), UpdateExpression: "SET layout = :l", ExpressionAttributeValues: { ":l": layout } }),
    );
  }
}
