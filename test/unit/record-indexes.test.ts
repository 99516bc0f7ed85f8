import { describe, expect, it } from "vitest";
import { QueryPlan } from "../../functions/core/records/query-plan";
import { RecordIndexes } from "../../functions/core/records/indexes";
import { RecordQuery } from "../../functions/core/records/query";

/** The index key encoding must sort exactly as the query language compares, or an index walk would answer another order. */
describe("RecordIndexes.encode", () => {
  const byKey = (a: unknown, b: unknown) => (RecordIndexes.encode(a) < RecordIndexes.encode(b) ? -1 : RecordIndexes.encode(a) > RecordIndexes.encode(b) ? 1 : 0);

  it("orders numbers as numbers: negatives, zero, fractions, extremes", () => {
    const numbers = [0, -0, 1, -1, 0.5, -0.5, 2 ** 53, -(2 ** 53), 1e-120, -1e-120, 1e120, -1e120, 10, 9, 100, -100, 3.14159];
    const sorted = [...numbers].sort((a, b) => a - b);
    expect([...numbers].sort(byKey)).toEqual(sorted);
  });

  it("orders mixed values by MongoDB's type order, as compareValues does", () => {
    const values = [true, false, "b", "a", "", 10, -2, null, undefined, "2026-01-02T00:00:00.000Z", "2025-12-31T23:59:59.999Z"];
    const key = (v: unknown) => JSON.stringify(v ?? null);
    expect([...values].sort(byKey).map(key)).toEqual([...values].sort(RecordQuery.compareValues).map(key));
  });

  it("keeps a shorter string before its extensions once the id follows", () => {
    const entry = (v: string, id: string) => `${RecordIndexes.encode(v)}${RecordIndexes.SEP}${id}`;
    expect(entry("a", "zzz") < entry("a!", "000")).toBe(true);
  });
});

describe("QueryPlan.conditions", () => {
  it("finds equalities, $in, ranges, $and parts and an $or of equalities on one field", () => {
    const found = QueryPlan.conditions({ a: 1, b: { $in: ["x", "y"] }, c: { $gte: 2, $lt: 5 }, $and: [{ d: { $eq: true } }], $or: [{ e: 1 }, { e: { $eq: 2 } }] });
    expect(Object.fromEntries(found)).toEqual({
      a: { eq: [1] },
      b: { eq: ["x", "y"] },
      c: { lo: { value: 2, inclusive: true }, hi: { value: 5, inclusive: false } },
      d: { eq: [true] },
      e: { eq: [1, 2] },
    });
  });

  it("ignores what an index cannot narrow: $ne, $regex, nested paths, an $or across fields", () => {
    const found = QueryPlan.conditions({ a: { $ne: 1 }, b: { $regex: "^x" }, "c.d": 1, $or: [{ e: 1 }, { f: 2 }], g: { h: 1 } });
    expect(found.size).toBe(0);
  });
});

describe("which fields are indexed without anyone declaring them", () => {
  const schema = {
    properties: {
      project_id: { type: "string" },
      owner_id: { type: "string", "x-kiln-index": false },
      status: { type: "string" },
      rank: { type: "number", "x-kiln-index": true },
      notes: { type: "string", "x-kiln-index": false },
      tags: { type: "array" },
      "bad name": { type: "string" },
    },
  };

  it("indexes link fields and declared ones from the start, never one opted out", () => {
    expect(RecordIndexes.schemaFields(schema)).toEqual(["rank", "project_id"]);
  });

  it("lets a query have any other scalar field indexed, but not an opted-out, array or unkeyable one", () => {
    expect(RecordIndexes.indexableFields(schema)).toEqual(["project_id", "status", "rank"]);
  });

  it("moves only the entries whose value changed, and all of them on a create or delete", () => {
    const before = { id: "01abc", status: "open", rank: 3, project_id: "p1" } as never;
    const after = { id: "01abc", status: "done", rank: 3, project_id: "p1" } as never;
    const fields = ["status", "rank", "project_id"];
    const moved = RecordIndexes.entryChanges("app", "Task", fields, before, after);
    expect(moved.deletes.map((k) => k.sk)).toEqual([`2open${RecordIndexes.SEP}01abc`]);
    expect(moved.puts.map((p) => [p.pk, p.sk, p.id])).toEqual([["RIX#app#Task#status", `2done${RecordIndexes.SEP}01abc`, "01abc"]]);
    expect(RecordIndexes.entryChanges("app", "Task", fields, undefined, after).puts).toHaveLength(3);
    expect(RecordIndexes.entryChanges("app", "Task", fields, before, undefined).deletes).toHaveLength(3);
  });
});
