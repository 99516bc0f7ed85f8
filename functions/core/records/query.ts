import { type EntityRecord, PageCursor } from "../../../schemas/entities";
import { VisibleError } from "../errors";
import { Jobs } from "../jobs";
import { QueryPlan } from "./query-plan";
import { RecordIndexes } from "./indexes";
import type { Records } from "./records";

/**
 * Reading records the way the SDK asks: a filter (combined with row-level security by
 * `match`), a sort on one field, skip/limit or a keyset cursor, and a field projection.
 * The plan (query-plan.ts) reads an index when the filter or sort allows: a walk in the
 * sort's own order stops as soon as the page is full; matches found through another index
 * are sorted in memory; anything else scans, however many records there are, and has the
 * fields it scanned for indexed (a job backfills them), so the next such query reads an index.
 */
export namespace RecordQuery {
  type Doc = Record<string, unknown>;

  /** A stored record → what the caller sees of it, or null when it does not match (filter or rules). */
  export type Match = (record: EntityRecord) => EntityRecord | null;

  export type Sort = QueryPlan.Sort;

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

  export type Position = QueryPlan.Position;
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

  export type Target = QueryPlan.Target;

  export interface PageRequest {
    /** the caller's filter, used to pick an index; `match` still applies all of it (and the rules) */
    filter?: Doc;
    match: Match;
    sort: Sort;
    limit: number;
    skip?: number;
    /** keyset: only records after this position */
    after?: Position;
  }

  /** One page of matching records (as the caller sees them), whether more follow, and the plan that read them. */
  export async function page(target: Target, request: PageRequest): Promise<{ items: EntityRecord[]; hasMore: boolean; plan: string }> {
    const { match, sort, limit, after } = request;
    const skip = request.skip ?? 0;
    const want = skip + limit + 1;
    const plan = await chosen(target, request.filter, sort);
    const isAfter = (r: EntityRecord) => !after || comparePositions(positionOf(r, sort), after, sort) > 0;
    const matched: EntityRecord[] = [];
    if (plan.ordered) {
      for await (const { record } of QueryPlan.run(target, plan, after, want)) {
        const seen = match(record);
        if (seen && isAfter(seen)) matched.push(seen);
        if (matched.length >= want) break;
      }
    } else {
      // only the first `want` in sort order are kept: a scan of a million records holds a page, not the matches
      const order = (a: EntityRecord, b: EntityRecord) => comparePositions(positionOf(a, sort), positionOf(b, sort), sort);
      for await (const { record } of QueryPlan.run(target, plan)) {
        const seen = match(record);
        if (seen && isAfter(seen)) matched.push(seen);
        if (matched.length >= 2 * want + 1000) matched.sort(order).splice(want);
      }
      matched.sort(order);
    }
    return { items: matched.slice(skip, skip + limit), hasMore: matched.length > skip + limit, plan: plan.label };
  }

  /** Matching records, up to `limit`, with their stored form (for writes) and the caller's view; read through an index when the filter allows. */
  export async function* matching(target: Target, filter: Doc | undefined, match: Match, onPlan?: (label: string) => void): AsyncGenerator<{ stored: Records.Stored; view: EntityRecord }> {
    const plan = await chosen(target, filter, { field: "created_date", descending: true });
    onPlan?.(plan.label);
    for await (const stored of QueryPlan.run(target, plan)) {
      const view = match(stored.record);
      if (view) yield { stored, view };
    }
  }

  /** The plan for a query; a scan first asks for the fields it scanned for to be indexed, and queues their backfill. */
  async function chosen(target: Target, filter: Doc | undefined, sort: Sort): Promise<QueryPlan.Plan> {
    const plan = await QueryPlan.choose(target, filter, sort);
    if (plan.missing.length && (await RecordIndexes.request(target.appId, target.entity, plan.missing)).length) {
      await Jobs.enqueue("record-upkeep", { app_id: target.appId, entity: target.entity });
    }
    return plan;
  }

  /** Every matching record (up to `limit`), with its stored form and the caller's view. */
  export async function all(target: Target, filter: Doc | undefined, match: Match, limit = Infinity, onPlan?: (label: string) => void): Promise<{ stored: Records.Stored; view: EntityRecord }[]> {
    const out: { stored: Records.Stored; view: EntityRecord }[] = [];
    if (limit <= 0) return out;
    for await (const m of matching(target, filter, match, onPlan)) {
      out.push(m);
      if (out.length >= limit) break;
    }
    return out;
  }

  /**
   * How many records match: the maintained counter when nothing narrows the entity and the
   * caller reads every record, otherwise the matches counted through an index or a scan.
   */
  export async function count(target: Target, filter: Doc | undefined, match: Match, readsAll: boolean): Promise<{ count: number; plan: string }> {
    if (!filter && readsAll) {
      const { count } = await RecordIndexes.state(target.appId, target.entity);
      if (count !== null) return { count, plan: "counter" };
    }
    let plan = "scan";
    let n = 0;
    for await (const _ of matching(target, filter, match, (label) => (plan = label))) n++;
    return { count: n, plan };
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
