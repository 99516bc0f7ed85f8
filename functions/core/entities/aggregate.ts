import type { AggregateBody, AggregateResult } from "../../../schemas/entities";
import { Mongo } from "../records/mongo";
import { RecordQuery } from "../records/query";

/**
 * `aggregate(spec)`: group the records a caller may read and measure each group — the
 * SDK's rows are the group fields by name, then `count`, `sum_<f>`, `avg_<f>`, `min_<f>`,
 * `max_<f>`, `count_distinct_<f>`; `having` filters rows like a query, at most 1,000 rows.
 */
export namespace EntityAggregate {
  type Doc = Record<string, unknown>;
  export const MAX_ROWS = 1000;

  const list = (f: string | string[] | undefined) => (f === undefined ? [] : Array.isArray(f) ? f : [f]);

  /** The bucket a date falls in: day and week as YYYY-MM-DD (weeks start on Monday), month YYYY-MM, year YYYY. */
  export function bucket(value: unknown, unit: "day" | "week" | "month" | "year"): string | null {
    if (typeof value !== "string" && typeof value !== "number") return null;
    const date = new Date(typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
    if (Number.isNaN(date.getTime())) return null;
    const iso = date.toISOString();
    if (unit === "year") return iso.slice(0, 4);
    if (unit === "month") return iso.slice(0, 7);
    if (unit === "day") return iso.slice(0, 10);
    const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - ((date.getUTCDay() + 6) % 7)));
    return monday.toISOString().slice(0, 10);
  }

  interface Group {
    keys: Doc;
    count: number;
    sums: Map<string, { total: number; n: number }>;
    mins: Map<string, unknown>;
    maxs: Map<string, unknown>;
    distinct: Set<string>;
  }

  export function run(records: Doc[], spec: AggregateBody): AggregateResult {
    const groupBy = list(spec.groupBy);
    const numeric = [...new Set([...list(spec.sum), ...list(spec.avg)])];
    const minFields = list(spec.min);
    const maxFields = list(spec.max);
    const groups = new Map<string, Group>();
    for (const record of records) {
      const keys: Doc = {};
      for (const f of groupBy) keys[f] = RecordQuery.valueAt(record, f) ?? null;
      if (spec.dateBucket) keys[spec.dateBucket.field] = bucket(RecordQuery.valueAt(record, spec.dateBucket.field), spec.dateBucket.unit);
      const id = JSON.stringify(keys);
      let group = groups.get(id);
      if (!group) groups.set(id, (group = { keys, count: 0, sums: new Map(), mins: new Map(), maxs: new Map(), distinct: new Set() }));
      group.count++;
      for (const f of numeric) {
        const v = RecordQuery.valueAt(record, f);
        if (typeof v !== "number") continue;
        const s = group.sums.get(f) ?? { total: 0, n: 0 };
        group.sums.set(f, { total: s.total + v, n: s.n + 1 });
      }
      for (const f of minFields) {
        const v = RecordQuery.valueAt(record, f);
        if (v !== undefined && v !== null && (!group.mins.has(f) || RecordQuery.compareValues(v, group.mins.get(f)) < 0)) group.mins.set(f, v);
      }
      for (const f of maxFields) {
        const v = RecordQuery.valueAt(record, f);
        if (v !== undefined && v !== null && (!group.maxs.has(f) || RecordQuery.compareValues(v, group.maxs.get(f)) > 0)) group.maxs.set(f, v);
      }
      if (spec.countDistinct) {
        const v = RecordQuery.valueAt(record, spec.countDistinct);
        if (v !== undefined && v !== null) group.distinct.add(JSON.stringify(v));
      }
    }
    let rows: Doc[] = [...groups.values()].map((g) => {
      const row: Doc = { ...g.keys };
      if (spec.count !== false) row.count = g.count;
      for (const f of list(spec.sum)) row[`sum_${f}`] = g.sums.get(f)?.total ?? 0;
      for (const f of list(spec.avg)) {
        const s = g.sums.get(f);
        row[`avg_${f}`] = s && s.n ? s.total / s.n : null;
      }
      for (const f of minFields) row[`min_${f}`] = g.mins.get(f) ?? null;
      for (const f of maxFields) row[`max_${f}`] = g.maxs.get(f) ?? null;
      if (spec.countDistinct) row[`count_distinct_${spec.countDistinct}`] = g.distinct.size;
      return row;
    });
    if (spec.having) {
      rows = rows.filter(Mongo.compile(spec.having));
    }
    const sortFields = spec.sort ? [spec.sort] : [...groupBy, ...(spec.dateBucket ? [spec.dateBucket.field] : [])];
    for (const s of [...sortFields].reverse()) {
      const sort = RecordQuery.parseSort(s);
      rows.sort((a, b) => (sort.descending ? -1 : 1) * RecordQuery.compareValues(a[sort.field], b[sort.field]));
    }
    const limit = Math.min(spec.limit ?? MAX_ROWS, MAX_ROWS);
    return { rows: rows.slice(0, limit), truncated: rows.length > limit };
  }
}
