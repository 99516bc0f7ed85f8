import { RecordIndexes } from "./indexes";
import { Records } from "./records";
import { RecordShards } from "./shards";

/**
 * The query planner: which stored order or index a filter and sort read. It uses an index
 * when the filter holds an equality or `$in` (also an `$or` of equalities on one field) or
 * a range (`$gt`/`$gte`/`$lt`/`$lte`) on an indexed field whose index every record carries,
 * or when the sort is on one; otherwise it scans, and names the fields an index would have
 * served (`missing`), which the caller asks to have indexed. The plan only narrows what is
 * read: the caller's whole filter and the rules are applied to every record afterwards.
 */
export namespace QueryPlan {
  type Doc = Record<string, unknown>;
  type Scalar = string | number | boolean | null;

  /** A sort on one field (query.ts parses `-field`). */
  export interface Sort {
    field: string;
    descending: boolean;
  }

  /** The position of a record in a sort: its value, then its id (so every order is total and a cursor is exact). */
  export type Position = [unknown, string];

  /** Which entity a query reads, and what its schema says of indexes. */
  export interface Target {
    appId: string;
    entity: string;
    /** the fields indexed from the start: links and declared ones (RecordIndexes.schemaFields) */
    indexed: string[];
    /** the fields a query may have indexed (RecordIndexes.indexableFields) */
    indexable: string[];
    /** fields the caller may not read: a filter on them tests their absence, which no index holds */
    opaque?: string[];
  }

  export interface Plan {
    /** what the handler reports: `scan` or `index:<field>` */
    label: string;
    /** yields records in the requested sort order (a page may stop early) */
    ordered: boolean;
    /** the base table in creation order, or these stretches of one index */
    source: { kind: "created"; descending: boolean } | { kind: "index"; scans: Records.IndexScan[]; sort?: Sort };
    /** fields of the filter or sort that no index holds yet and that one could */
    missing: string[];
  }

  interface Condition {
    eq?: Scalar[];
    lo?: { value: string | number; inclusive: boolean };
    hi?: { value: string | number; inclusive: boolean };
  }

  const isScalar = (v: unknown): v is Scalar => v === null || ["string", "number", "boolean"].includes(typeof v);
  const isRangeValue = (v: unknown): v is string | number => typeof v === "string" || (typeof v === "number" && Number.isFinite(v));

  /** What a field's part of a filter promises about its value (a superset of the matches), or null when nothing usable. */
  function conditionOf(value: unknown): Condition | null {
    if (isScalar(value)) return { eq: [value] };
    if (!value || typeof value !== "object" || Array.isArray(value)) return null;
    const ops = value as Doc;
    if (!Object.keys(ops).every((k) => k.startsWith("$"))) return null;
    if ("$eq" in ops && isScalar(ops.$eq)) return { eq: [ops.$eq] };
    if (Array.isArray(ops.$in) && ops.$in.length && ops.$in.every(isScalar)) return { eq: ops.$in as Scalar[] };
    const out: Condition = {};
    for (const op of ["$gt", "$gte"]) if (isRangeValue(ops[op])) out.lo = { value: ops[op] as string | number, inclusive: op === "$gte" };
    for (const op of ["$lt", "$lte"]) if (isRangeValue(ops[op])) out.hi = { value: ops[op] as string | number, inclusive: op === "$lte" };
    if (out.lo && out.hi && typeof out.lo.value !== typeof out.hi.value) delete out.hi;
    return out.lo || out.hi ? out : null;
  }

  /** Per field, the usable conditions of a filter's top level, its `$and`s, and an `$or` of equalities on one field. */
  export function conditions(filter: Doc | undefined, out = new Map<string, Condition>(), depth = 0): Map<string, Condition> {
    if (!filter || depth > 4) return out;
    for (const [key, value] of Object.entries(filter)) {
      if (key === "$and" && Array.isArray(value)) for (const part of value) conditions(part as Doc, out, depth + 1);
      else if (key === "$or" && Array.isArray(value) && value.length) {
        const branches = value.map((b) => (b && typeof b === "object" && !Array.isArray(b) && Object.keys(b).length === 1 ? Object.entries(b as Doc)[0] : null));
        const field = branches[0]?.[0];
        const eqs = branches.map((b) => (b && b[0] === field && !field.startsWith("$") ? conditionOf(b[1])?.eq : undefined));
        if (field && eqs.every(Boolean) && !out.has(field)) out.set(field, { eq: eqs.flat() as Scalar[] });
      } else if (!key.startsWith("$") && !key.includes(".")) {
        const condition = conditionOf(value);
        if (condition && !out.get(key)?.eq) out.set(key, condition);
      }
    }
    return out;
  }

  /** Sort-key bounds of values, in a GSI's own format (gsi1 keeps `{updated}#{id}`). */
  const keys = (gsi: string) =>
    gsi === "gsi1"
      ? { eq: (v: Scalar) => `${v}#`, lower: (v: unknown) => String(v), upper: (v: unknown) => `${v}$`, position: (v: unknown, id: string) => `${v}#${id}`, rank: () => [undefined, undefined] as const }
      : {
          eq: (v: Scalar) => `${RecordIndexes.encode(v)}${RecordIndexes.SEP}`,
          lower: (v: unknown) => RecordIndexes.encode(v),
          upper: (v: unknown) => `${RecordIndexes.encode(v)}\u0002`,
          position: (v: unknown, id: string) => `${RecordIndexes.encode(v)}${RecordIndexes.SEP}${id}`,
          rank: (v: unknown) => RecordIndexes.rankRange(v),
        };

  function rangeScan(gsi: string, field: string, c: Condition, descending: boolean): Records.IndexScan {
    const k = keys(gsi);
    const typed = c.lo?.value ?? c.hi?.value;
    const [rankLo, rankHi] = k.rank(typed);
    return { gsi, field, descending, lo: c.lo ? k.lower(c.lo.value) : rankLo, hi: c.hi ? k.upper(c.hi.value) : rankHi };
  }

  /** Pick the plan for this filter and sort; reads which fields are indexed only when an index beyond the table's own order could serve. */
  export async function choose(target: Target, filter: Doc | undefined, sort: Sort): Promise<Plan> {
    const found = conditions(filter);
    for (const field of target.opaque ?? []) found.delete(field);
    // The table's own order serves a created_date sort: only a condition (or another sort) needs the index state.
    const wanted = found.size > 0 || sort.field !== "created_date";
    const fields = wanted ? RecordIndexes.fieldsOf(await RecordIndexes.readState(target.appId, target.entity)) : {};
    const missing = [...new Set([...found.keys(), sort.field])].filter((f) => !RecordIndexes.builtIn(f) && !fields[f] && target.indexable.includes(f));
    const plan = pick(found, sort, (field) => RecordIndexes.source(field, fields), !filter);
    return { ...plan, missing: plan.label === "scan" ? missing : [] };
  }

  function pick(found: Map<string, Condition>, sort: Sort, gsiOf: (field: string) => string | null, unfiltered: boolean): Omit<Plan, "missing"> {
    const usable = [...found.entries()].filter(([field]) => gsiOf(field));
    const sortRange = found.get(sort.field);
    const sortGsi = gsiOf(sort.field);
    const ranges = usable.filter(([field, c]) => !c.eq && field !== sort.field);
    // an equality on a boolean matches about half the records: a range, when there is one, narrows more
    const equalities = usable
      .filter(([, c]) => c.eq && (!isBooleans(c) || !(ranges.length || (sortGsi && sortRange && !sortRange.eq))))
      .sort(([, a], [, b]) => weight(a) - weight(b));
    if (equalities.length) {
      const [field, c] = equalities[0];
      const gsi = gsiOf(field)!;
      const values = [...new Map(c.eq!.map((v) => [keys(gsi).eq(v), v])).keys()].sort();
      const sameOrder = sort.field === field || (sort.field === "created_date" && values.length === 1);
      if (sort.descending && sameOrder) values.reverse();
      return { label: `index:${field}`, ordered: sameOrder, source: { kind: "index", scans: values.map((prefix) => ({ gsi, field, prefix, descending: sort.descending })), sort } };
    }
    if (sortGsi && sortRange && !sortRange.eq) {
      return { label: `index:${sort.field}`, ordered: true, source: { kind: "index", scans: [rangeScan(sortGsi, sort.field, sortRange, sort.descending)], sort } };
    }
    if (ranges.length) {
      const [field, c] = ranges[0];
      return { label: `index:${field}`, ordered: false, source: { kind: "index", scans: [rangeScan(gsiOf(field)!, field, c, sort.descending)] } };
    }
    if (sort.field === "created_date") return { label: unfiltered ? "index:created_date" : "scan", ordered: true, source: { kind: "created", descending: sort.descending } };
    if (sortGsi) return { label: unfiltered ? `index:${sort.field}` : "scan", ordered: true, source: { kind: "index", scans: [{ gsi: sortGsi, field: sort.field, descending: sort.descending }], sort } };
    return { label: "scan", ordered: false, source: { kind: "created", descending: true } };
  }

  /** An equality on few values of a non-boolean is the narrowest guess. */
  const weight = (c: Condition) => c.eq!.length + (isBooleans(c) ? 1000 : 0);
  const isBooleans = (c: Condition) => !!c.eq?.every((v) => typeof v === "boolean");

  /**
   * The records a plan reads, in its order; an ordered plan starts at the cursor position when
   * one is given. `wanted`: how many the caller expects to need, the first page's size.
   */
  export async function* run(target: Target, plan: Plan, after?: Position, wanted?: number): AsyncGenerator<Records.Stored> {
    const { appId, entity } = target;
    // the shards to read (records/shards.ts), from the state item the request read first
    const spread = await RecordShards.spreadOf(appId, entity);
    if (plan.source.kind === "created") {
      const from = plan.ordered && after ? { id: after[1] } : undefined;
      yield* Records.walk(appId, entity, { order: "created", descending: plan.source.descending, after: from, first: wanted, spread });
      return;
    }
    for (const scan of plan.source.scans) {
      const bounded = { ...scan, first: wanted, spread };
      if (plan.ordered && after && scan.prefix === undefined) {
        const at = keys(scan.gsi).position(after[0], after[1]);
        if (scan.descending) bounded.hi = bounded.hi === undefined || at < bounded.hi ? at : bounded.hi;
        else bounded.lo = bounded.lo === undefined || at > bounded.lo ? at : bounded.lo;
      }
      yield* Records.indexWalk(appId, entity, bounded);
    }
  }
}
