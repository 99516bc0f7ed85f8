import {
  type EntityRecord,
  MAX_DISTINCT_LIMIT,
  MAX_LIST_LIMIT,
  type ListRecordsQuery,
  type PageCursor,
  type PageRecordsQuery,
  type RecordPage,
  type StoredEntitySchema,
} from "../../../schemas/entities";
import type { AppCaller } from "../actor";
import { EntitySchemas } from "./schemas";
import { VisibleError } from "../errors";
import { Mongo } from "../records/mongo";
import { RecordIndexes } from "../records/indexes";
import { RecordQuery } from "../records/query";
import { Records } from "../records/records";
import { Rls } from "./rls";

/**
 * The entity API of a generated app, its reads: a caller's scope on one entity (schema and
 * row-level security, rls.ts) and the records it may see. A builder sees everything; app
 * users and visitors only what the rules allow, and a record they may not see behaves as if
 * it did not exist. The writes are writes.ts's.
 */
export namespace Entities {
  type Doc = Record<string, unknown>;

  /** One request's view of one entity: who calls, its schema, its rules compiled for them. */
  export interface Scope {
    caller: AppCaller;
    appId: string;
    entity: string;
    schema: StoredEntitySchema;
    guard: Rls.Guard;
    /** what reads it: the fields its schema indexes or may, and the fields the caller may not see (never planned on) */
    target: RecordQuery.Target;
    /** how the last query read records (`scan`, `index:<field>`, `counter`), for the handler to report */
    plan?: string;
  }

  export async function open(caller: AppCaller, entity: string): Promise<Scope> {
    if (entity === "User") throw new VisibleError("input", "This call is not available for the User entity");
    const schema = await EntitySchemas.load(caller.app.id, entity);
    const guard = Rls.guard(schema, caller);
    const opaque = guard.enforced ? Object.entries(schema.properties).filter(([, p]) => p.rls !== undefined && p.rls !== null).map(([f]) => f) : [];
    const target = { appId: caller.app.id, entity, indexed: RecordIndexes.schemaFields(schema), indexable: RecordIndexes.indexableFields(schema), opaque };
    return { caller, appId: caller.app.id, entity, schema, guard, target };
  }

  export const notFound = (scope: Scope, id: string) => new VisibleError("not_found", `Entity ${scope.entity} with ID ${id} not found`);

  /** A caller's filter (q, or a body query), refusing operators that would run code. */
  export function filterOf(q: string | Doc | undefined): Doc | undefined {
    if (q === undefined) return undefined;
    const filter = Mongo.parseFilter(typeof q === "string" ? q : JSON.stringify(q));
    return filter && arraysAsIn(filter);
  }

  /** The SDK's filter language reads a field's array value as `$in` (EntityFilterValue: "an array, shorthand for $in"). */
  function arraysAsIn(filter: Doc): Doc {
    return Object.fromEntries(
      Object.entries(filter).map(([key, value]) => {
        if ((key === "$and" || key === "$or" || key === "$nor") && Array.isArray(value)) return [key, value.map((f) => (f && typeof f === "object" && !Array.isArray(f) ? arraysAsIn(f as Doc) : f))];
        return [key, !key.startsWith("$") && Array.isArray(value) ? { $in: value } : value];
      }),
    );
  }

  /** The filter an index may narrow by: the caller's and the rule's own conditions on the stored record. */
  export function planned(scope: Scope, filter: Doc | undefined, op: Rls.Op = "read"): Doc | undefined {
    const rules = [scope.guard.rules.read, scope.guard.rules[op]].filter((r): r is Doc => typeof r === "object");
    const parts = [...(filter ? [filter] : []), ...rules];
    return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : { $and: parts };
  }

  /** Records the caller may `op`, matching `filter` as they see them (unreadable fields cannot be tested). */
  export function matcher(scope: Scope, filter: Doc | undefined, op: Rls.Op = "read"): RecordQuery.Match {
    if (scope.guard.rules.read === false || scope.guard.rules[op] === false) return () => null;
    const test = filter ? Mongo.compile(filter) : undefined;
    return (record) => {
      if (!scope.guard.allows(op, record)) return null;
      const view = scope.guard.view(record);
      return !test || test(view) ? view : null;
    };
  }

  export async function list(scope: Scope, query: ListRecordsQuery): Promise<EntityRecord[]> {
    const filter = filterOf(query.q);
    const { items, plan } = await RecordQuery.page(scope.target, {
      filter: planned(scope, filter),
      match: matcher(scope, filter),
      sort: RecordQuery.parseSort(query.sort),
      limit: query.limit,
      skip: query.skip,
    });
    scope.plan = plan;
    const fields = RecordQuery.parseFields(query.fields);
    return items.map((r) => RecordQuery.project(r, fields));
  }

  /** GET v2/list: a cursor page of records, or of one field's distinct values. */
  export async function page(scope: Scope, query: PageRecordsQuery): Promise<RecordPage> {
    const cursor = query.cursor ? RecordQuery.decodeCursor(query.cursor) : undefined;
    const q = filterOf(query.q);
    const qKey = q ? JSON.stringify(q) : null;
    if (cursor) {
      const differs =
        (query.q !== undefined && qKey !== cursor.q) ||
        (cursor.k === "records" && ((query.sort !== undefined && query.sort !== cursor.s) || (query.fields !== undefined && query.fields !== cursor.f))) ||
        (cursor.k === "distinct" ? query.distinct !== undefined && query.distinct !== cursor.d : query.distinct !== undefined);
      if (differs) throw new VisibleError("input", "This cursor belongs to a different query, sort or fields; start again without a cursor");
    }
    const filter = cursor ? filterOf(cursor.q ?? undefined) : q;
    const distinct = cursor?.k === "distinct" ? cursor.d : cursor ? undefined : query.distinct;
    if (distinct) return distinctPage(scope, filter, distinct, Math.min(query.limit, MAX_DISTINCT_LIMIT), cursor?.k === "distinct" ? cursor.o : 0);

    const sortParam = cursor?.k === "records" ? cursor.s : query.sort || RecordQuery.DEFAULT_SORT;
    const fieldsParam = cursor?.k === "records" ? cursor.f : (query.fields ?? null);
    const sort = RecordQuery.parseSort(sortParam);
    const { items, hasMore, plan } = await RecordQuery.page(scope.target, {
      filter: planned(scope, filter),
      match: matcher(scope, filter),
      sort,
      limit: Math.min(query.limit, MAX_LIST_LIMIT),
      after: cursor?.k === "records" ? (cursor.a as RecordQuery.Position) : undefined,
    });
    scope.plan = plan;
    const last = items[items.length - 1];
    const next: PageCursor | undefined = hasMore && last ? { k: "records", q: filter ? JSON.stringify(filter) : null, s: sortParam, f: fieldsParam, a: RecordQuery.positionOf(last, sort) } : undefined;
    const fields = RecordQuery.parseFields(fieldsParam ?? undefined);
    return { items: items.map((r) => RecordQuery.project(r, fields)), next_cursor: next ? RecordQuery.encodeCursor(next) : null, has_more: hasMore };
  }

  async function distinctPage(scope: Scope, filter: Doc | undefined, field: string, limit: number, offset: number): Promise<RecordPage> {
    const seen = new Map<string, unknown>();
    for await (const { view } of RecordQuery.matching(scope.target, planned(scope, filter), matcher(scope, filter), (plan) => (scope.plan = plan))) {
      const value = RecordQuery.valueAt(view, field);
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined && v !== null) seen.set(JSON.stringify(v), v);
    }
    const values = [...seen.values()].sort(RecordQuery.compareValues);
    const items = values.slice(offset, offset + limit);
    const hasMore = values.length > offset + limit;
    const next: PageCursor = { k: "distinct", q: filter ? JSON.stringify(filter) : null, d: field, o: offset + items.length };
    return { items, next_cursor: hasMore ? RecordQuery.encodeCursor(next) : null, has_more: hasMore };
  }

  export async function get(scope: Scope, id: string): Promise<EntityRecord> {
    const stored = await Records.get(scope.appId, scope.entity, id);
    if (!stored || !scope.guard.allows("read", stored.record)) throw notFound(scope, id);
    return scope.guard.view(stored.record);
  }

  /** The maintained counter when the caller reads every record unfiltered; otherwise matches counted through an index or a scan. */
  export async function count(scope: Scope, q: string | undefined): Promise<number> {
    const filter = filterOf(q);
    const { count, plan } = await RecordQuery.count(scope.target, planned(scope, filter), matcher(scope, filter), scope.guard.rules.read === true && !filter);
    scope.plan = plan;
    return count;
  }

  /** Matching records the caller may read, as they see them (aggregate). */
  export async function readable(scope: Scope, query: Doc | undefined): Promise<EntityRecord[]> {
    const filter = filterOf(query);
    return (await RecordQuery.all(scope.target, planned(scope, filter), matcher(scope, filter), Infinity, (plan) => (scope.plan = plan))).map((m) => m.view);
  }
}
