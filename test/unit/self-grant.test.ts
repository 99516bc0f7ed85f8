import { describe, expect, it } from "vitest";
import { userFieldsReadBy, userFieldsReadByEntity } from "../../schemas/entities";
import { selfGrantableFields } from "../../web/src/components/workspace/security/rules";

/**
 * Which user fields rules read (schemas/entities.ts, shared by the server's write rules and the
 * Security editor), and the editor's warning when a rule reads a field users can set on themselves.
 */

describe("the user fields a rule reads", () => {
  it("templates, with user.data.x read as x", () => {
    expect([...userFieldsReadBy({ "data.team": "{{user.data.team}}", created_by: "{{ user.email }}" })].sort()).toEqual(["email", "team"]);
    expect([...userFieldsReadBy({ "data.owner": "owned by {{user.data.org.id}}" })]).toEqual(["org"]);
  });

  it("user_condition keys, through $or/$and and operators, and nested combinations", () => {
    const rule = { $or: [{ user_condition: { $and: [{ "data.clearance": { $in: ["top"] } }, { role: "admin" }] } }, { $and: [{ "data.region": "{{user.region}}" }] }] };
    expect([...userFieldsReadBy(rule)].sort()).toEqual(["clearance", "region", "role"]);
  });

  it("an entity's rls and its fields' rls; nothing from plain values", () => {
    const entity = { rls: { read: { "data.team": "team" }, write: true }, properties: { secret: { type: "string", rls: { read: { user_condition: { level: "gold" } } } } } };
    expect([...userFieldsReadByEntity(entity)]).toEqual(["level"]);
    expect([...userFieldsReadByEntity({})]).toEqual([]);
  });
});

describe("the Security editor warns when a rule reads a field users can change", () => {
  const note = { properties: { team: { type: "string" } }, rls: { read: { $or: [{ created_by: "{{user.email}}" }, { "data.team": "{{user.data.team}}" }] } } };

  it("no warning while the User entity leaves the field to the server's admin-only default", () => {
    expect(selfGrantableFields({ Note: note })).toEqual([]);
    expect(selfGrantableFields({ Note: note, User: { properties: { team: { type: "string" } } } })).toEqual([]);
  });

  it("no warning when the field's own write rule is admins-only or nobody's", () => {
    for (const write of [false, { user_condition: { role: "admin" } }]) {
      expect(selfGrantableFields({ Note: note, User: { properties: { team: { type: "string", rls: { write } } } } })).toEqual([]);
    }
  });

  it("a warning naming the field and the entities that read it when its write rule lets users set it", () => {
    for (const write of [true, null, {}, { created_by: "{{user.email}}" }, { user_condition: { role: "user" } }]) {
      const User = { properties: { team: { type: "string", rls: { write } } } };
      const secret = { rls: { read: { user_condition: { "data.team": "red" } } } };
      expect(selfGrantableFields({ Note: note, Secret: secret, User }), JSON.stringify(write)).toEqual([{ field: "team", entities: ["Note", "Secret"] }]);
    }
  });

  it("built-in user fields never warn: users cannot set their e-mail, role or id", () => {
    const rules = { rls: { read: { $or: [{ created_by: "{{user.email}}" }, { user_condition: { role: "admin" } }, { "data.owner": "{{user.id}}" }] } } };
    const User = { properties: { email: { rls: { write: true } }, role: { rls: { write: true } } } };
    expect(selfGrantableFields({ Note: rules, User })).toEqual([]);
  });
});
