import { describe, expect, it } from "vitest";
import { Rls } from "../../functions/core/entities/rls";
import {
  type Access,
  type Rule,
  accessFromRls,
  accessToRls,
  entityFieldChoices,
  entityWithAccess,
  isComplete,
  ruleFromJson,
  ruleToJson,
  rulesFromJson,
  rulesToJson,
  userFieldChoices,
} from "../../web/src/components/workspace/security/rules";

const alice = { id: "u-alice", email: "alice@example.com", role: "user", full_name: "Alice", department: "sales" };
const bob = { id: "u-bob", email: "bob@example.com", role: "admin", full_name: "Bob", department: "ops" };
const member = (user: Record<string, unknown>): Rls.Subject => ({ kind: "member", user });
const record = (fields: Record<string, unknown>) => ({ id: "r1", created_by: "alice@example.com", created_date: "x", updated_date: "x", ...fields });
/** Does the server let `user` do `op` to `rec` under the rls the editor saved? */
const allows = (access: Access, op: Rls.Op, user: Record<string, unknown>, rec: Record<string, unknown>) =>
  Rls.guard({ rls: accessToRls(access) }, member(user)).allows(op, rec);

describe("rule → JSON: only the shapes functions/core/entities/rls.ts enforces", () => {
  it("each rule type", () => {
    expect(ruleToJson({ type: "none" })).toBe(true);
    expect(ruleToJson({ type: "creatorOnly" })).toEqual({ created_by: "{{user.email}}" });
    expect(ruleToJson({ type: "userProperty", property: "role", value: "admin" })).toEqual({ user_condition: { role: "admin" } });
  });

  it('field comparison: custom entity fields get the "data." prefix, built-ins do not; custom user fields read user.data', () => {
    expect(ruleToJson({ type: "fieldComparison", field: "owner_email", userField: "email" })).toEqual({ "data.owner_email": "{{user.email}}" });
    for (const f of ["id", "created_by", "updated_date", "created_date"]) {
      expect(ruleToJson({ type: "fieldComparison", field: f, userField: "id" })).toEqual({ [f]: "{{user.id}}" });
    }
    expect(ruleToJson({ type: "fieldComparison", field: "department", userField: "department" })).toEqual({ "data.department": "{{user.data.department}}" });
  });

  it("several rules are OR-combined; any unrestricted rule makes the tab open; no rules = nobody", () => {
    expect(rulesToJson([{ type: "creatorOnly" }, { type: "userProperty", property: "role", value: "admin" }])).toEqual({
      $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }],
    });
    expect(rulesToJson([{ type: "creatorOnly" }, { type: "none" }])).toBe(true);
    expect(rulesToJson([])).toBe(false);
  });

  it("public removes rls; inherited write copies read; custom write is its own", () => {
    expect(accessToRls({ mode: "public" })).toBeUndefined();
    expect(accessToRls({ mode: "restricted", read: [{ type: "creatorOnly" }], write: null })).toEqual({
      read: { created_by: "{{user.email}}" },
      write: { created_by: "{{user.email}}" },
    });
    expect(accessToRls({ mode: "restricted", read: [{ type: "none" }], write: [{ type: "creatorOnly" }] })).toEqual({
      read: true,
      write: { created_by: "{{user.email}}" },
    });
  });

  it("entityWithAccess keeps the rest of the entity and drops rls for public", () => {
    const entity = { name: "Task", type: "object", properties: { title: { type: "string" } }, required: [], rls: { read: false } };
    expect(entityWithAccess(entity, { mode: "public" })).toEqual({ name: "Task", type: "object", properties: { title: { type: "string" } }, required: [] });
    expect(entityWithAccess(entity, { mode: "restricted", read: [{ type: "creatorOnly" }], write: null }).rls).toEqual({
      read: { created_by: "{{user.email}}" },
      write: { created_by: "{{user.email}}" },
    });
  });
});

describe("JSON → rule", () => {
  it("reads each editor shape back", () => {
    const rules: Rule[] = [
      { type: "creatorOnly" },
      { type: "fieldComparison", field: "owner_email", userField: "email" },
      { type: "fieldComparison", field: "id", userField: "id" },
      { type: "fieldComparison", field: "department", userField: "department" },
      { type: "userProperty", property: "role", value: "admin" },
    ];
    for (const rule of rules) expect(ruleFromJson(ruleToJson(rule))).toEqual(rule);
    expect(rulesFromJson(rulesToJson(rules))).toEqual(rules);
  });

  it("true, {}, absent and null are unrestricted; false is no rules", () => {
    for (const json of [true, {}, undefined, null]) expect(rulesFromJson(json)).toEqual([{ type: "none" }]);
    expect(rulesFromJson(false)).toEqual([]);
  });

  it("rules the editor cannot express are kept verbatim", () => {
    for (const json of [{ "data.team": { $in: "{{user.teams}}" } }, { $and: [{ created_by: "{{user.email}}" }] }, { a: "1", b: "2" }, { user_condition: { role: { $in: ["a"] } } }]) {
      expect(ruleFromJson(json)).toEqual({ type: "custom", json });
      expect(ruleToJson(ruleFromJson(json))).toEqual(json);
    }
  });

  it("access round-trips; a write equal to read reads back as inherited", () => {
    const cases: Access[] = [
      { mode: "public" },
      { mode: "restricted", read: [{ type: "creatorOnly" }], write: null },
      { mode: "restricted", read: [{ type: "none" }], write: [{ type: "creatorOnly" }, { type: "userProperty", property: "role", value: "admin" }] },
      { mode: "restricted", read: [], write: null },
    ];
    for (const access of cases) expect(accessFromRls(accessToRls(access))).toEqual(access);
  });
});

describe("what the server enforces for the saved rules", () => {
  it("creator-only read: the creator sees the record, another user does not", () => {
    const access: Access = { mode: "restricted", read: [{ type: "creatorOnly" }], write: null };
    expect(allows(access, "read", alice, record({}))).toBe(true);
    expect(allows(access, "read", bob, record({}))).toBe(false);
    expect(allows(access, "delete", bob, record({}))).toBe(false);
  });

  it("creator OR admin", () => {
    const access: Access = { mode: "restricted", read: [{ type: "creatorOnly" }, { type: "userProperty", property: "role", value: "admin" }], write: null };
    expect(allows(access, "read", bob, record({ created_by: "carol@example.com" }))).toBe(true);
    expect(allows(access, "read", alice, record({ created_by: "carol@example.com" }))).toBe(false);
  });

  it("field comparison against a custom user field", () => {
    const access: Access = { mode: "restricted", read: [{ type: "fieldComparison", field: "department", userField: "department" }], write: null };
    expect(allows(access, "read", alice, record({ department: "sales" }))).toBe(true);
    expect(allows(access, "read", bob, record({ department: "sales" }))).toBe(false);
  });

  it("open read with creator-only write", () => {
    const access: Access = { mode: "restricted", read: [{ type: "none" }], write: [{ type: "creatorOnly" }] };
    expect(allows(access, "read", bob, record({}))).toBe(true);
    expect(allows(access, "update", bob, record({}))).toBe(false);
    expect(allows(access, "update", alice, record({}))).toBe(true);
  });
});

describe("choices and completeness", () => {
  it("user fields: email, role, id, full_name, then the User entity's custom properties", () => {
    expect(userFieldChoices({ properties: { department: { type: "string" }, email: { type: "string" } } })).toEqual(["email", "role", "id", "full_name", "department"]);
    expect(userFieldChoices(null)).toEqual(["email", "role", "id", "full_name"]);
  });

  it("entity fields: built-ins first", () => {
    expect(entityFieldChoices({ title: {}, id: {} })).toEqual(["id", "created_by", "updated_date", "created_date", "title"]);
  });

  it("a field comparison needs both fields; a user property needs both parts", () => {
    expect(isComplete({ type: "fieldComparison", field: "a", userField: "" })).toBe(false);
    expect(isComplete({ type: "fieldComparison", field: "a", userField: "email" })).toBe(true);
    expect(isComplete({ type: "userProperty", property: "role", value: "" })).toBe(false);
  });
});
