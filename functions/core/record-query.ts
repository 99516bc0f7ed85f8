import { type EntityRecord, PageCursor } from "../../schemas/entities";
import { VisibleError } from "./errors";
import { Records } from "./records";

/**
 * Reading records the way the SDK asks: a filter (already combined with row-level
 * security by the caller), a sort on one field, skip/limit or a keyset cursor, and a
 * field projection. Sorting by created_date or updated_date walks a stored order and
 * stops as soon as the page is full; any other sort reads the entity's records and
 * sorts them in memory (bounded by Records.MAX_SCANNED).
 */
export namespace RecordQuery {
  type Doc = Record<string, unknown>;

  /** A stored record → what the caller sees of it, or null when it does not match (filter or rules). */
  export type Match = (record: EntityRecord) => EntityRecord | null;

  export interface Sort {
    field: string;
    descending: boolean;
  }

  export const DEFAULT_SORT = "-created_date";

  export function parseSort(sort: string | undefined): Sort {
    const s = sort || DEFAULT_SORT;
    if (s.startsWith("-")) return { field: s.slice(1), descending: true };
    return { field: s.startsWith("+") ? s.slice(1) : s, descending: false };
  }

  export function valueAt(record: Doc, path: string): unknown {
    let at: unknown = record;
    for (const part of path.split(".")) {
      if (at === null || typeof at !== "object") return undefined;
      at = (at as Doc)[part];
    }
    return at;
  }

  /** MongoDB's order of types: missing/null, numbers, strings, objects, arrays, booleans. */
  function rank(v: unknown): number {
    if (v === undefined || v === null) return 0;
    if (typeof v === "number") return 1;
    if (typeof v === "string") return 2;
    if (Array.isArray(v)) return 4;
    if (typeof v === "object") return 3;
    return 5;
  }

  export function compareValues(a: unknown, b: unknown): number {
    const ra = rank(a);
    const rb = rank(b);
    if (ra !== rb) return ra - rb;
    if (ra === 0) return 0;
    if (ra === 1 || ra === 2 || ra === 5) return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
    const ja = JSON.stringify(a);
    const jb = JSON.stringify(b);
    return ja === jb ? 0 : ja < jb ? -1 : 1;
  }

  /** The position of a record in a sort: its value, then its id (so every order is total and a cursor is exact). */
  export type Position = [unknown, string];
  export const positionOf = (record: Doc, sort: Sort): Position => [valueAt(record, sort.field) ?? null, String(record.id)];

  export function comparePositions(a: Position, b: Position, sort: Sort): number {
    const c = compareValues(a[0], b[0]) || (a[1] === b[1] ? 0 : a[1] < b[1] ? -1 : 1);
    return sort.descending ? -c : c;
  }

  /** `fields=a,b` → ["a","b"]; id is always kept. */
  export function parseFields(csv: string | undefined): string[] | undefined {
    const fields = csv?.split(",").map((f) => f.trim()).filter(Boolean);
    return fields?.length ? [...new Set(["id", ...fields])] : undefined;
  }

  export function project<T extends Doc>(record: T, fields: string[] | undefined): T {
    if (!fields) return record;
    return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, record[f]])) as T;
  }

  export interface PageRequest {
    match: Match;
    sort: Sort;
    limit: number;
    skip?: number;
    /** keyset: only records after this position */
    after?: Position;
  }

  /** One page of matching records (as the caller sees them), and whether more follow. */
  export async function page(appId: string, entity: string, request: PageRequest): Promise<{ items: EntityRecord[]; hasMore: boolean }> {
    const { match, sort, limit, after } = request;
    const skip = request.skip ?? 0;
    const want = skip + limit + 1;
    const order = sort.field === "created_date" ? "created" : sort.field === "updated_date" ? "updated" : null;
    const matched: EntityRecord[] = [];
    if (order) {
      const walk = Records.walk(appId, entity, {
        order,
        descending: sort.descending,
        after: after ? { id: after[1], updated_date: typeof after[0] === "string" ? after[0] : undefined } : undefined,
      });
      for await (const { record } of walk) {
        const seen = match(record);
        if (seen) matched.push(seen);
        if (matched.length >= want) break;
      }
    } else {
      const everything = (await all(appId, entity, match)).map((m) => m.view);
      const sorted = everything.sort((a, b) => comparePositions(positionOf(a, sort), positionOf(b, sort), sort));
      matched.push(...(after ? sorted.filter((r) => comparePositions(positionOf(r, sort), after, sort) > 0) : sorted));
    }
    return { items: matched.slice(skip, skip + limit), hasMore: matched.length > skip + limit };
  }

  /** Every matching record, newest first, with its stored form (for writes) and the caller's view. */
  export async function all(appId: string, entity: string, match: Match, limit = Infinity): Promise<{ stored: Records.Stored; view: EntityRecord }[]> {
    const out: { stored: Records.Stored; view: EntityRecord }[] = [];
    if (limit <= 0) return out;
    for await (const stored of Records.walk(appId, entity, { order: "created", descending: true })) {
      const view = match(stored.record);
      if (view) out.push({ stored, view });
      if (out.length >= limit) break;
    }
    return out;
  }

  export function encodeCursor(cursor: PageCursor): string {
    return Buffer.from(JSON.stringify(cursor)).toString("base64url");
  }

  export function decodeCursor(raw: string): PageCursor {
    try {
      return PageCursor.parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    } catch {
      throw new VisibleError("input", "cursor is not valid; pass the next_cursor of the previous page");
    }
  }
}
