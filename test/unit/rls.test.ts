import { describe, expect, it } from "vitest";
import { Rls } from "../../functions/core/entities/rls";

const alice = { id: "u-alice", email: "alice@example.com", role: "user", full_name: "Alice", team: "red", teams: ["red", "blue"], is_active: true };
const admin = { id: "u-admin", email: "boss@example.com", role: "admin", full_name: "Boss", is_active: true };
const member = (user: Record<string, unknown>): Rls.Subject => ({ kind: "member", user });
const visitor: Rls.Subject = { kind: "visitor" };
const builder: Rls.Subject = { kind: "builder" };

const record = (fields: Record<string, unknown>) => ({
  id: "r1",
  created_date: "2026-01-01T00:00:00.000Z",
  updated_date: "2026-01-01T00:00:00.000Z",
  created_by: "alice@example.com",
  created_by_id: "u-alice",
  is_sample: false,
  ...fields,
});

/** Whether `subject` passes `rule` for `rec`. */
const passes = (rule: unknown, subject: Rls.Subject, rec: Record<string, unknown>) => Rls.predicate(Rls.compile(rule, subject))(rec);

describe("Rls.compile: the rule shapes", () => {
  it("absent, null, true and {} allow anyone, visitors included", () => {
    for (const rule of [undefined, null, true, {}]) {
      expect(Rls.compile(rule, visitor)).toBe(true);
      expect(Rls.compile(rule, member(alice))).toBe(true);
    }
  });

  it("false allows nobody but the builder", () => {
    expect(Rls.compile(false, member(admin))).toBe(false);
    expect(Rls.compile(false, visitor)).toBe(false);
    expect(Rls.compile(false, builder)).toBe(true);
  });

  it('creatorOnly {"created_by": "{{user.email}}"}: the creator, nobody else, never a visitor', () => {
    const rule = { created_by: "{{user.email}}" };
    expect(Rls.compile(rule, member(alice))).toEqual({ created_by: "alice@example.com" });
    expect(passes(rule, member(alice), record({}))).toBe(true);
    expect(passes(rule, member(admin), record({}))).toBe(false);
    expect(Rls.compile(rule, visitor)).toBe(false);
    // a visitor's own records carry created_by null; a missing template must not match them
    expect(passes(rule, visitor, record({ created_by: null }))).toBe(false);
  });

  it("creatorOnly by id: created_by_id and {{user.id}}", () => {
    const rule = { created_by_id: "{{user.id}}" };
    expect(passes(rule, member(alice), record({}))).toBe(true);
    expect(passes(rule, member(admin), record({}))).toBe(false);
  });

  it('fieldComparison: "data.<field>" names the record\'s own field', () => {
    const rule = { "data.owner_id": "{{user.id}}" };
    expect(Rls.compile(rule, member(alice))).toEqual({ owner_id: "u-alice" });
    expect(passes(rule, member(alice), record({ owner_id: "u-alice" }))).toBe(true);
    expect(passes(rule, member(alice), record({ owner_id: "u-other" }))).toBe(false);
    expect(passes(rule, member(alice), record({}))).toBe(false);
  });

  it("fieldComparison without the data. prefix compares the same field", () => {
    expect(passes({ owner_id: "{{user.id}}" }, member(alice), record({ owner_id: "u-alice" }))).toBe(true);
  });

  it("fieldComparison with operators, and a whole template keeps the caller's array", () => {
    const rule = { "data.team": { $in: "{{user.teams}}" } };
    expect(Rls.compile(rule, member(alice))).toEqual({ team: { $in: ["red", "blue"] } });
    expect(passes(rule, member(alice), record({ team: "blue" }))).toBe(true);
    expect(passes(rule, member(alice), record({ team: "green" }))).toBe(false);
  });

  it("a template inside a longer string is interpolated", () => {
    expect(Rls.compile({ "data.path": "teams/{{user.team}}/notes" }, member(alice))).toEqual({ path: "teams/red/notes" });
  });

  it("a template the caller cannot fill makes its condition false (a property they lack, or a visitor)", () => {
    expect(Rls.compile({ "data.dept": "{{user.department}}" }, member(alice))).toBe(false);
    expect(Rls.compile({ "data.dept": { $ne: "{{user.department}}" } }, member(alice))).toBe(false);
    expect(Rls.compile({ "data.owner_id": "{{user.id}}" }, visitor)).toBe(false);
  });

  it("{{user.data.x}} reads the user's custom field x", () => {
    expect(Rls.compile({ "data.team": "{{user.data.team}}" }, member(alice))).toEqual({ team: "red" });
  });

  it('userProperty {"user_condition": {"role": "admin"}} tests the caller, not the record', () => {
    const rule = { user_condition: { role: "admin" } };
    expect(Rls.compile(rule, member(admin))).toBe(true);
    expect(Rls.compile(rule, member(alice))).toBe(false);
    expect(Rls.compile(rule, visitor)).toBe(false);
    expect(Rls.compile({ user_condition: { role: { $in: ["admin", "editor"] } } }, member(admin))).toBe(true);
    expect(Rls.compile({ user_condition: { is_active: true } }, member(alice))).toBe(true);
  });

  it("$or: any branch; a branch that always holds makes the rule always hold", () => {
    const rule = { $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }] };
    expect(Rls.compile(rule, member(admin))).toBe(true);
    expect(Rls.compile(rule, member(alice))).toEqual({ created_by: "alice@example.com" });
    expect(passes(rule, member(alice), record({ created_by: "someone@else" }))).toBe(false);
    expect(Rls.compile(rule, visitor)).toBe(false);
  });

  it("$and: every branch; the keys of one object are ANDed too", () => {
    const rule = { $and: [{ user_condition: { is_active: true } }, { $or: [{ user_condition: { role: "admin" } }, { "data.team": "{{user.team}}" }] }] };
    expect(Rls.compile(rule, member(admin))).toBe(true);
    expect(passes(rule, member(alice), record({ team: "red" }))).toBe(true);
    expect(passes(rule, member(alice), record({ team: "blue" }))).toBe(false);
    expect(Rls.compile(rule, member({ ...alice, is_active: false }))).toBe(false);
    const flat = { created_by: "{{user.email}}", "data.status": "open" };
    expect(passes(flat, member(alice), record({ status: "open" }))).toBe(true);
    expect(passes(flat, member(alice), record({ status: "closed" }))).toBe(false);
  });

  it("$nor: no branch may hold", () => {
    const rule = { $nor: [{ "data.status": "archived" }] };
    expect(passes(rule, member(alice), record({ status: "open" }))).toBe(true);
    expect(passes(rule, member(alice), record({ status: "archived" }))).toBe(false);
  });

  it("fails closed: unknown operators, strings, arrays, empty combinations, code-running operators", () => {
    for (const rule of ["creatorOnly", [1], { $where: "true" }, { $or: [] }, { $or: "x" }, { "data.x": { $where: "1" } }, { user_condition: "admin" }]) {
      expect(Rls.compile(rule, member(admin)), JSON.stringify(rule)).toBe(false);
    }
  });

  it("the builder is never subject to rules", () => {
    expect(Rls.compile({ created_by: "{{user.email}}" }, builder)).toBe(true);
  });
});

describe("Rls.ruleOf: which rule an operation uses", () => {
  const rls = { read: { a: 1 }, write: { b: 2 }, delete: { c: 3 } };
  it("read uses read; create/update/delete use their own rule, else write", () => {
    expect(Rls.ruleOf(rls, "read")).toEqual({ a: 1 });
    expect(Rls.ruleOf(rls, "create")).toEqual({ b: 2 });
    expect(Rls.ruleOf(rls, "update")).toEqual({ b: 2 });
    expect(Rls.ruleOf(rls, "delete")).toEqual({ c: 3 });
  });
  it("no rls at all: everything allowed; an rls that is not an object denies", () => {
    expect(Rls.ruleOf(undefined, "update")).toBeUndefined();
    expect(Rls.ruleOf({ read: false }, "create")).toBeUndefined();
    expect(Rls.ruleOf("private", "read")).toBe(false);
  });
});

describe("Rls.guard", () => {
  const schema = {
    rls: { read: { $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }] }, write: { created_by: "{{user.email}}" } },
    properties: {
      title: { type: "string" },
      salary: { type: "number", rls: { read: { user_condition: { role: "admin" } }, write: { user_condition: { role: "admin" } } } },
      notes: { type: "string", rls: { write: { "data.owner_id": "{{user.id}}" } } },
    },
  };

  it("update and delete also need read", () => {
    const g = Rls.guard({ rls: { read: { created_by: "{{user.email}}" } } }, member(admin));
    expect(g.allows("update", record({}))).toBe(false);
    expect(g.allows("delete", record({}))).toBe(false);
    expect(g.allows("create", record({ created_by: "boss@example.com" }))).toBe(true);
  });

  it("creator-only write with an admin read: an admin reads others' rows but cannot change them", () => {
    const g = Rls.guard(schema, member(admin));
    expect(g.allows("read", record({}))).toBe(true);
    expect(g.allows("update", record({}))).toBe(false);
    expect(g.allows("update", record({ created_by: "boss@example.com" }))).toBe(true);
  });

  it("field-level read: an unreadable field is left out of the caller's view", () => {
    const rec = record({ title: "T", salary: 100 });
    expect(Rls.guard(schema, member(alice)).view(rec)).not.toHaveProperty("salary");
    expect(Rls.guard(schema, member(alice)).view(rec)).toHaveProperty("title", "T");
    expect(Rls.guard(schema, member(admin)).view(rec)).toHaveProperty("salary", 100);
  });

  it("field-level write: the fields the caller may not write, judged on the record", () => {
    const g = Rls.guard(schema, member(alice));
    expect(g.unwritable(record({ owner_id: "u-alice" }), ["title", "salary", "notes"])).toEqual(["salary"]);
    expect(g.unwritable(record({ owner_id: "u-other" }), ["notes"])).toEqual(["notes"]);
    expect(g.unwritable(record({}), ["title"])).toEqual([]);
  });

  it("a builder's guard enforces nothing", () => {
    const g = Rls.guard(schema, builder);
    expect(g.enforced).toBe(false);
    expect(g.allows("delete", record({ created_by: "x" }))).toBe(true);
    expect(g.view(record({ salary: 1 }))).toHaveProperty("salary", 1);
    expect(g.unwritable(record({}), ["salary"])).toEqual([]);
  });

  it("a visitor on an entity without rules may do everything; with creator rules, nothing", () => {
    expect(Rls.guard({}, visitor).allows("delete", record({}))).toBe(true);
    const g = Rls.guard(schema, visitor);
    expect(g.rules.read).toBe(false);
    expect(g.allows("create", record({ created_by: null }))).toBe(false);
  });
});
