import { describe, expect, it } from "vitest";
import { UpdateOperators } from "../../functions/core/records/update-operators";
import { rejection } from "./visible-error";

const now = new Date("2026-05-01T12:00:00.000Z");
const apply = (record: Record<string, unknown>, data: Record<string, unknown>) => UpdateOperators.apply(record, UpdateOperators.parse(data), now);

describe("UpdateOperators.parse", () => {
  it("reads plain fields as $set", () => {
    expect(UpdateOperators.parse({ status: "done" })).toEqual({ $set: { status: "done" } });
  });

  it("refuses an empty update, mixed fields and operators, unknown operators, server fields, one field twice", () => {
    expect(rejection(() => UpdateOperators.parse({})).status).toBe(400);
    expect(rejection(() => UpdateOperators.parse({ $set: { a: 1 }, b: 2 })).message).toContain("put the fields under $set");
    expect(rejection(() => UpdateOperators.parse({ $setOnInsert: { a: 1 } })).message).toBe("Unsupported update operator: $setOnInsert");
    expect(rejection(() => UpdateOperators.parse({ $set: { created_by: "x" } })).message).toBe("created_by is set by the server and cannot be updated");
    expect(rejection(() => UpdateOperators.parse({ $rename: { a: "id" } })).message).toContain("id is set by the server");
    expect(rejection(() => UpdateOperators.parse({ $set: { a: 1 }, $inc: { a: 1 } })).message).toBe('"a" appears in more than one update operator');
    expect(rejection(() => UpdateOperators.parse({ $set: { a: 1 }, $unset: { "a.b": "" } })).message).toContain("more than one");
    expect(rejection(() => UpdateOperators.parse({ $inc: { a: "1" } })).message).toContain("$inc takes numbers");
    expect(rejection(() => UpdateOperators.parse({ $set: { "__proto__.x": 1 } })).message).toContain("not a valid field path");
  });
});

describe("UpdateOperators.apply", () => {
  it("does not change the record it is given", () => {
    const record = { a: 1, tags: ["x"] };
    apply(record, { $set: { a: 2 }, $push: { tags: "y" } });
    expect(record).toEqual({ a: 1, tags: ["x"] });
  });

  it("$set and $unset, with dotted paths", () => {
    expect(apply({ a: 1, b: { c: 1 } }, { $set: { a: 2, "b.d": 3, "e.f": 4 } })).toEqual({ a: 2, b: { c: 1, d: 3 }, e: { f: 4 } });
    expect(apply({ a: 1, b: { c: 1, d: 2 } }, { $unset: { a: "", "b.c": "" } })).toEqual({ b: { d: 2 } });
  });

  it("$inc and $mul; a missing field counts as 0; a non-number is refused", () => {
    expect(apply({ n: 2 }, { $inc: { n: 3, m: 1 } })).toEqual({ n: 5, m: 1 });
    expect(apply({ n: 2 }, { $mul: { n: 4, m: 2 } })).toEqual({ n: 8, m: 0 });
    expect(rejection(() => apply({ n: "2" }, { $inc: { n: 1 } })).message).toBe('$inc needs "n" to be a number');
  });

  it("$min and $max keep the smaller/larger; a missing field takes the value", () => {
    expect(apply({ lo: 5, hi: 5 }, { $min: { lo: 3 }, $max: { hi: 3 } })).toEqual({ lo: 3, hi: 5 });
    expect(apply({ d: "2026-01-01" }, { $max: { d: "2026-02-01" }, $min: { e: 1 } })).toEqual({ d: "2026-02-01", e: 1 });
    expect(rejection(() => apply({ lo: "a" }, { $min: { lo: 1 } })).status).toBe(400);
  });

  it("$rename moves a value; a missing source does nothing", () => {
    expect(apply({ a: 1 }, { $rename: { a: "b", x: "y" } })).toEqual({ b: 1 });
  });

  it("$currentDate sets an ISO date or, with $type timestamp, milliseconds", () => {
    expect(apply({}, { $currentDate: { seen: true, at: { $type: "timestamp" } } })).toEqual({ seen: "2026-05-01T12:00:00.000Z", at: now.getTime() });
  });

  it("$push appends, with $each, $position and $slice; a missing array is created; a non-array refused", () => {
    expect(apply({ t: [1] }, { $push: { t: 2 } })).toEqual({ t: [1, 2] });
    expect(apply({}, { $push: { t: "a" } })).toEqual({ t: ["a"] });
    expect(apply({ t: [1, 2] }, { $push: { t: { $each: [9, 8], $position: 0 } } })).toEqual({ t: [9, 8, 1, 2] });
    expect(apply({ t: [1, 2, 3] }, { $push: { t: { $each: [4], $slice: -2 } } })).toEqual({ t: [3, 4] });
    expect(rejection(() => apply({ t: "x" }, { $push: { t: 1 } })).message).toBe('$push needs "t" to be an array');
  });

  it("$addToSet adds values not already present (deep equality), with $each", () => {
    expect(apply({ t: ["a"] }, { $addToSet: { t: "a" } })).toEqual({ t: ["a"] });
    expect(apply({ t: ["a"] }, { $addToSet: { t: { $each: ["a", "b", "b"] } } })).toEqual({ t: ["a", "b"] });
    expect(apply({ t: [{ x: 1 }] }, { $addToSet: { t: { x: 1 } } })).toEqual({ t: [{ x: 1 }] });
  });

  it("$pull removes equal values or elements matching a condition", () => {
    expect(apply({ t: ["a", "b", "a"] }, { $pull: { t: "a" } })).toEqual({ t: ["b"] });
    expect(apply({ s: [1, 6, 7, 2] }, { $pull: { s: { $gte: 6 } } })).toEqual({ s: [1, 2] });
    expect(apply({ items: [{ q: 1 }, { q: 5 }] }, { $pull: { items: { q: { $lt: 3 } } } })).toEqual({ items: [{ q: 5 }] });
    expect(apply({}, { $pull: { t: "a" } })).toEqual({});
  });

  it("several operators in one update", () => {
    expect(apply({ status: "open", views: 1 }, { $set: { status: "done" }, $inc: { views: 1 } })).toEqual({ status: "done", views: 2 });
  });
});
