import { describe, expect, it } from "vitest";
import { EntityAggregate } from "../../functions/core/entities/aggregate";
import { EntityImport } from "../../functions/core/entities/import";
import { VisibleError } from "../../functions/core/errors";
import { RecordQuery } from "../../functions/core/records/query";
import { Records } from "../../functions/core/records/records";
import { StoredEntitySchema } from "../../schemas/entities";

describe("RecordQuery: sort, positions, fields, cursors", () => {
  it('parseSort: "-f" descending, "+f" and "f" ascending, default -created_date', () => {
    expect(RecordQuery.parseSort("-value")).toEqual({ field: "value", descending: true });
    expect(RecordQuery.parseSort("+value")).toEqual({ field: "value", descending: false });
    expect(RecordQuery.parseSort("value")).toEqual({ field: "value", descending: false });
    expect(RecordQuery.parseSort(undefined)).toEqual({ field: "created_date", descending: true });
  });

  it("compareValues follows MongoDB's type order: missing/null, numbers, strings, objects, arrays, booleans", () => {
    const values = [true, [1], { a: 1 }, "b", "a", 10, 2, null];
    expect([...values].sort(RecordQuery.compareValues)).toEqual([null, 2, 10, "a", "b", { a: 1 }, [1], true]);
  });

  it("positions order by value then id, reversed for descending, so every order is total", () => {
    const asc = RecordQuery.parseSort("n");
    const desc = RecordQuery.parseSort("-n");
    const a = RecordQuery.positionOf({ id: "a", n: 1 }, asc);
    const b = RecordQuery.positionOf({ id: "b", n: 1 }, asc);
    expect(RecordQuery.comparePositions(a, b, asc)).toBeLessThan(0);
    expect(RecordQuery.comparePositions(a, b, desc)).toBeGreaterThan(0);
    expect(RecordQuery.positionOf({ id: "c", nested: { n: 4 } }, RecordQuery.parseSort("nested.n"))).toEqual([4, "c"]);
  });

  it("fields always keep id; projection leaves out absent fields", () => {
    expect(RecordQuery.parseFields("title, value")).toEqual(["id", "title", "value"]);
    expect(RecordQuery.parseFields("")).toBeUndefined();
    expect(RecordQuery.project({ id: "1", title: "t", other: 1 }, ["id", "title", "value"])).toEqual({ id: "1", title: "t" });
  });

  it("a cursor round-trips and a forged one is a 400", () => {
    const cursor = { k: "records" as const, q: '{"a":1}', s: "-value", f: null, a: [3, "x"] as [unknown, string] };
    expect(RecordQuery.decodeCursor(RecordQuery.encodeCursor(cursor))).toEqual(cursor);
    for (const raw of ["garbage", Buffer.from('{"k":"records"}').toString("base64url")]) {
      expect(() => RecordQuery.decodeCursor(raw)).toThrow(VisibleError);
    }
  });
});

describe("Records.assertStorable", () => {
  it("refuses what DynamoDB would: over 300 KB (413), numbers out of its range, empty keys, deep nesting (422)", () => {
    const refusal = (record: Record<string, unknown>) => {
      try {
        Records.assertStorable("Note", record);
      } catch (err) {
        return err as VisibleError;
      }
      return undefined;
    };
    expect(refusal({ a: 1, b: [0, -2.5, 1e120], c: { d: "x" } })).toBeUndefined();
    expect(refusal({ text: "x".repeat(300_001) })?.status).toBe(413);
    expect(refusal({ n: 1e300 })?.message).toBe('Field "n" holds a number too large or too small to store');
    expect(refusal({ m: { k: [1e-200] } })?.message).toBe('Field "m.k[0]" holds a number too large or too small to store');
    expect(refusal({ m: { "": 1 } })?.message).toBe('Field "m" holds an object with an empty key');
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(refusal({ deep })?.status).toBe(422);
  });
});

const customer = StoredEntitySchema.parse({
  name: "Customer",
  properties: {
    name: { type: "string", title: "Full name" },
    age: { type: "integer" },
    score: { type: "number" },
    vip: { type: "boolean" },
    tags: { type: "array", items: { type: "string" } },
    lucky: { type: "array", items: { type: "number" } },
    meta: { type: "object" },
  },
});

describe("EntityImport.rows", () => {
  it("reads CSV cells as their column's type; headers match by name or title, ignoring case", () => {
    const csv = 'Full Name,AGE,score,vip,tags,lucky,meta,id,junk\n"Lee, Ann",42,"1,234.5",yes,"a, b","3,7","{""x"":1}",forged,zz\n';
    expect(EntityImport.rows(customer, "c.csv", csv)).toEqual([{ name: "Lee, Ann", age: 42, score: 1234.5, vip: true, tags: ["a", "b"], lucky: [3, 7], meta: { x: 1 } }]);
  });

  it("leaves empty cells out so defaults apply", () => {
    expect(EntityImport.rows(customer, "c.csv", "name,age\nBo,\n")).toEqual([{ name: "Bo" }]);
  });

  it("names the row and field of a cell that is not its type", () => {
    expect(() => EntityImport.rows(customer, "c.csv", "name,age\nA,1\nB,old\n")).toThrow('Row 2: field "age" must be a whole number (found "old")');
    expect(() => EntityImport.rows(customer, "c.csv", "name,vip\nA,maybe\n")).toThrow('Row 1: field "vip" must be true or false');
  });

  it("takes a JSON array too, and refuses files it cannot use", () => {
    expect(EntityImport.rows(customer, "c.json", '[{"name":"A","age":3}]')).toEqual([{ name: "A", age: 3 }]);
    expect(() => EntityImport.rows(customer, "c.json", '{"name":"A"}')).toThrow("A JSON import must be an array of objects");
    expect(() => EntityImport.rows(customer, "c.csv", "")).toThrow("The file is empty");
    expect(() => EntityImport.rows(customer, "c.csv", "foo,bar\n1,2\n")).toThrow("No column of the CSV matches a field of Customer");
  });
});

describe("EntityAggregate.run", () => {
  const sales = [
    { agent: "a", amount: 10, day: "2026-09-01T10:00:00Z", session: "s1" },
    { agent: "a", amount: 30, day: "2026-09-02T10:00:00Z", session: "s1" },
    { agent: "b", amount: 5, day: "2026-09-02T11:00:00Z", session: "s2" },
    { agent: "b", amount: "n/a", day: "2026-09-08T11:00:00Z", session: "s3" },
  ];

  it("groups and measures: count, sum_, avg_, min_, max_, count_distinct_", () => {
    const { rows } = EntityAggregate.run(sales, { groupBy: "agent", sum: "amount", avg: "amount", min: "amount", max: "day", countDistinct: "session" });
    expect(rows).toEqual([
      { agent: "a", count: 2, sum_amount: 40, avg_amount: 20, min_amount: 10, max_day: "2026-09-02T10:00:00Z", count_distinct_session: 1 },
      { agent: "b", count: 2, sum_amount: 5, avg_amount: 5, min_amount: 5, max_day: "2026-09-08T11:00:00Z", count_distinct_session: 2 },
    ]);
  });

  it("date buckets by day, week (from Monday), month and year", () => {
    expect(EntityAggregate.run(sales, { dateBucket: { field: "day", unit: "week" } }).rows).toEqual([
      { day: "2026-08-31", count: 3 },
      { day: "2026-09-07", count: 1 },
    ]);
    expect(EntityAggregate.bucket("2026-09-02", "month")).toBe("2026-09");
    expect(EntityAggregate.bucket("2026-09-02T23:00:00Z", "day")).toBe("2026-09-02");
    expect(EntityAggregate.bucket("someday", "year")).toBeNull();
  });

  it("having filters rows, sort orders them, limit truncates", () => {
    expect(EntityAggregate.run(sales, { groupBy: "agent", sum: "amount", having: { sum_amount: { $gt: 10 } } }).rows).toEqual([{ agent: "a", count: 2, sum_amount: 40 }]);
    expect(EntityAggregate.run(sales, { groupBy: "session", sort: "-count", limit: 1 })).toEqual({ rows: [{ session: "s1", count: 2 }], truncated: true });
  });
});
