import sift from "sift";
import { describe, expect, it } from "vitest";
import { Mongo } from "../../functions/core/records/mongo";
import { VisibleError } from "../../functions/core/errors";

/** The error parseFilter throws for `q`, so its kind and message can be asserted. */
function rejection(q: string): VisibleError {
  try {
    Mongo.parseFilter(q);
  } catch (error) {
    expect(error).toBeInstanceOf(VisibleError);
    return error as VisibleError;
  }
  throw new Error(`parseFilter accepted ${q}`);
}

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { name: "x" };
  for (let i = 0; i < depth; i++) value = { $and: [value] };
  return value;
}

describe("Mongo.parseFilter", () => {
  it("answers undefined when q is absent, blank or an empty object", () => {
    expect(Mongo.parseFilter(undefined)).toBeUndefined();
    expect(Mongo.parseFilter("")).toBeUndefined();
    expect(Mongo.parseFilter("   ")).toBeUndefined();
    expect(Mongo.parseFilter("{}")).toBeUndefined();
  });

  it("answers the parsed filter object", () => {
    expect(Mongo.parseFilter('{"email":"a@b.c","age":{"$gte":3}}')).toEqual({ email: "a@b.c", age: { $gte: 3 } });
  });

  it('rejects invalid JSON with kind "input" and "q must be a JSON object"', () => {
    const error = rejection("{email:");
    expect(error.kind).toBe("input");
    expect(error.status).toBe(400);
    expect(error.message).toBe("q must be a JSON object");
  });

  it("rejects JSON that is not an object: arrays, strings, numbers, null, booleans", () => {
    for (const q of ["[]", '[{"a":1}]', '"text"', "42", "null", "true"]) {
      const error = rejection(q);
      expect(error.kind, q).toBe("input");
      expect(error.message, q).toBe("q must be a JSON object");
    }
  });

  it("rejects $where, $function and $expr at the top level", () => {
    for (const op of ["$where", "$function", "$expr"]) {
      const error = rejection(JSON.stringify({ [op]: "return true" }));
      expect(error.kind).toBe("input");
      expect(error.message).toBe(`q may not use ${op}`);
    }
  });

  it("rejects forbidden operators anywhere in the tree, including inside $or arrays", () => {
    const cases = [
      { $or: [{ email: "a" }, { $where: "this.x" }] },
      { $and: [{ $or: [{ $expr: { $eq: ["$a", "$b"] } }] }] },
      { profile: { nested: { $function: { body: "x", args: [], lang: "js" } } } },
      { tags: { $elemMatch: { $where: "1" } } },
    ];
    for (const filter of cases) {
      const error = rejection(JSON.stringify(filter));
      expect(error.kind).toBe("input");
      expect(error.message).toMatch(/^q may not use \$(where|function|expr)$/);
    }
  });

  it("accepts ordinary nesting and rejects nesting that is too deep", () => {
    expect(Mongo.parseFilter(JSON.stringify(nested(5)))).toEqual(nested(5));
    const error = rejection(JSON.stringify(nested(30)));
    expect(error.kind).toBe("input");
    expect(error.message).toBe("q is nested too deeply");
  });
});

describe("Mongo.parseFilter evaluated with sift", () => {
  const users = [
    { id: "1", email: "Alice@example.com", full_name: "Alice Smith", age: 31, subscription_tier: "pro" },
    { id: "2", email: "bob@example.com", full_name: "Bob Jones", age: 17, subscription_tier: "free" },
    { id: "3", email: "carol@corp.test", full_name: "Carol ALICEson", age: 45, subscription_tier: "elite" },
    { id: "4", email: "dave@corp.test", full_name: null, age: 25, subscription_tier: "starter" },
  ];
  const ids = (q: string) => users.filter(sift(Mongo.parseFilter(q)!)).map((u) => u.id);

  it('matches $or of case-insensitive $regex ($options: "i")', () => {
    const q = JSON.stringify({
      $or: [{ email: { $regex: "alice", $options: "i" } }, { full_name: { $regex: "alice", $options: "i" } }],
    });
    expect(ids(q)).toEqual(["1", "3"]);
  });

  it("a $regex without $options is case-sensitive", () => {
    expect(ids(JSON.stringify({ full_name: { $regex: "alice" } }))).toEqual([]);
    expect(ids(JSON.stringify({ full_name: { $regex: "^Alice" } }))).toEqual(["1"]);
  });

  it("matches $in", () => {
    expect(ids(JSON.stringify({ subscription_tier: { $in: ["pro", "elite"] } }))).toEqual(["1", "3"]);
    expect(ids(JSON.stringify({ subscription_tier: { $nin: ["pro", "elite"] } }))).toEqual(["2", "4"]);
  });

  it("matches comparison operators", () => {
    expect(ids(JSON.stringify({ age: { $gte: 25, $lt: 45 } }))).toEqual(["1", "4"]);
    expect(ids(JSON.stringify({ age: { $gt: 40 } }))).toEqual(["3"]);
    expect(ids(JSON.stringify({ age: { $lte: 17 } }))).toEqual(["2"]);
    expect(ids(JSON.stringify({ subscription_tier: { $ne: "free" } }))).toEqual(["1", "3", "4"]);
  });

  it("matches plain equality, including null", () => {
    expect(ids(JSON.stringify({ email: "bob@example.com" }))).toEqual(["2"]);
    expect(ids(JSON.stringify({ full_name: null }))).toEqual(["4"]);
  });
});

describe("Mongo.sortBy", () => {
  const items = [
    { id: "b", n: 2 },
    { id: "none" },
    { id: "a", n: 1 },
    { id: "null", n: null },
    { id: "c", n: 3 },
  ];
  const order = (sorted: { id: string }[]) => sorted.map((i) => i.id);

  it('"field" sorts ascending with missing values first', () => {
    const sorted = order(Mongo.sortBy(items, "n"));
    expect(sorted.slice(0, 2).sort()).toEqual(["none", "null"]);
    expect(sorted.slice(2)).toEqual(["a", "b", "c"]);
  });

  it('"-field" sorts descending with missing values last', () => {
    const sorted = order(Mongo.sortBy(items, "-n"));
    expect(sorted.slice(0, 3)).toEqual(["c", "b", "a"]);
    expect(sorted.slice(3).sort()).toEqual(["none", "null"]);
  });

  it("sorts strings, e.g. ISO dates", () => {
    const dated = [
      { id: "mid", created_date: "2024-05-01T00:00:00.000Z" },
      { id: "new", created_date: "2025-01-01T00:00:00.000Z" },
      { id: "old", created_date: "2023-01-01T00:00:00.000Z" },
    ];
    expect(order(Mongo.sortBy(dated, "-created_date"))).toEqual(["new", "mid", "old"]);
    expect(order(Mongo.sortBy(dated, "created_date"))).toEqual(["old", "mid", "new"]);
  });

  it("does not mutate its input", () => {
    const before = structuredClone(items);
    const sorted = Mongo.sortBy(items, "n");
    expect(sorted).not.toBe(items);
    expect(items).toEqual(before);
  });
});
