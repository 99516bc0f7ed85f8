/**
 * The Security editor's rules and the `rls` JSON they are saved as — only shapes the
 * server enforces (functions/core/entities/rls.ts header). Pure: test/unit/security-rules.test.ts.
 *
 *   none             `true`                               anyone (no restriction)
 *   creatorOnly      {"created_by": "{{user.email}}"}
 *   fieldComparison  {"data.<field>": "{{user.<userField>}}"}  (built-in fields keep their name;
 *                                                          custom user fields are read as `user.data.<f>`)
 *   userProperty     {"user_condition": {"<property>": "<value>"}}
 *   custom           any other rule found in the file, kept verbatim (written by hand or by the AI)
 *
 * A tab's rules are combined with OR (`{"$or": [...]}` when there are several); a tab with
 * no rules lets nobody but the app's builder through (`false`). Write rules inherited from
 * read are saved as a copy of the read rule, because the server falls back from a missing
 * write rule to "anyone", not to read.
 */

import { userFieldsReadByEntity } from "../../../../../schemas/entities";

export type RuleType = "none" | "creatorOnly" | "fieldComparison" | "userProperty";

export type Rule =
  | { type: "none" }
  | { type: "creatorOnly" }
  | { type: "fieldComparison"; field: string; userField: string }
  | { type: "userProperty"; property: string; value: string }
  | { type: "custom"; json: unknown };

/** What the editor holds for one entity. `write: null` = inherited from read. */
export type Access = { mode: "public" } | { mode: "restricted"; read: Rule[]; write: Rule[] | null };

/** Fields every record has; any other entity field is named `data.<field>` in a rule (spec 02 §5). */
export const BUILT_IN_FIELDS = ["id", "created_by", "updated_date", "created_date"] as const;

/** The user fields every app user has (spec 02 §5 "User-field choices"). */
export const BASE_USER_FIELDS = ["email", "role", "id", "full_name"] as const;

export const ROLE_VALUES = ["admin", "user"] as const;

/** email, role, id, full_name, then the User entity's custom properties. */
export function userFieldChoices(userEntity: Record<string, unknown> | null | undefined): string[] {
  const props = userEntity?.properties;
  const custom = props && typeof props === "object" ? Object.keys(props as object) : [];
  return [...BASE_USER_FIELDS, ...custom.filter((f) => !(BASE_USER_FIELDS as readonly string[]).includes(f))];
}

/** The entity's fields a comparison can name: the built-ins, then its own properties. */
export function entityFieldChoices(properties: Record<string, unknown> | undefined): string[] {
  return [...BUILT_IN_FIELDS, ...Object.keys(properties ?? {}).filter((f) => !(BUILT_IN_FIELDS as readonly string[]).includes(f))];
}

const isBuiltIn = (field: string) => (BUILT_IN_FIELDS as readonly string[]).includes(field);
const isBaseUserField = (field: string) => (BASE_USER_FIELDS as readonly string[]).includes(field);

/** A rule is complete when it can be saved: a comparison needs both fields, a user property both parts. */
export function isComplete(rule: Rule): boolean {
  if (rule.type === "fieldComparison") return rule.field.trim() !== "" && rule.userField.trim() !== "";
  if (rule.type === "userProperty") return rule.property.trim() !== "" && rule.value.trim() !== "";
  return true;
}

export function ruleToJson(rule: Rule): unknown {
  switch (rule.type) {
    case "none":
      return true;
    case "creatorOnly":
      return { created_by: "{{user.email}}" };
    case "fieldComparison": {
      const key = isBuiltIn(rule.field) ? rule.field : `data.${rule.field}`;
      const user = isBaseUserField(rule.userField) ? rule.userField : `data.${rule.userField}`;
      return { [key]: `{{user.${user}}}` };
    }
    case "userProperty":
      return { user_condition: { [rule.property]: rule.value } };
    case "custom":
      return rule.json;
  }
}

/** One tab's rules as one rls value: OR of them, `true` when any is unrestricted, `false` when there are none. */
export function rulesToJson(rules: Rule[]): unknown {
  if (rules.length === 0) return false;
  if (rules.some((r) => r.type === "none")) return true;
  const parts = rules.map(ruleToJson);
  return parts.length === 1 ? parts[0] : { $or: parts };
}

/** The `rls` of the entity file; undefined = public (the key is removed). */
export function accessToRls(access: Access): { read: unknown; write: unknown } | undefined {
  if (access.mode === "public") return undefined;
  const read = rulesToJson(access.read);
  return { read, write: access.write === null ? read : rulesToJson(access.write) };
}

const userTemplate = /^\{\{\s*user\.([A-Za-z0-9_.$-]+)\s*\}\}$/;
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

/** One rule object (not a combination) as the editor's rule. */
export function ruleFromJson(json: unknown): Rule {
  if (json === true || (isPlainObject(json) && Object.keys(json).length === 0)) return { type: "none" };
  if (!isPlainObject(json)) return { type: "custom", json };
  const entries = Object.entries(json);
  if (entries.length !== 1) return { type: "custom", json };
  const [key, value] = entries[0];
  if (key === "user_condition") {
    if (isPlainObject(value)) {
      const conds = Object.entries(value);
      if (conds.length === 1 && typeof conds[0][1] === "string") return { type: "userProperty", property: conds[0][0], value: conds[0][1] };
    }
    return { type: "custom", json };
  }
  if (key.startsWith("$") || typeof value !== "string") return { type: "custom", json };
  const template = value.match(userTemplate);
  if (!template) return { type: "custom", json };
  const field = key.startsWith("data.") ? key.slice(5) : key;
  const userPath = template[1];
  if (field === "created_by" && userPath === "email") return { type: "creatorOnly" };
  const userField = userPath.startsWith("data.") ? userPath.slice(5) : userPath;
  if (!field || userField.includes(".")) return { type: "custom", json };
  return { type: "fieldComparison", field, userField };
}

/** One tab's rls value as its rules: an `$or` list is split; absent/null/true is "none". */
export function rulesFromJson(json: unknown): Rule[] {
  if (json === undefined || json === null) return [{ type: "none" }];
  if (json === false) return [];
  if (isPlainObject(json) && Object.keys(json).length === 1 && Array.isArray(json.$or) && json.$or.length > 0) return json.$or.map(ruleFromJson);
  return [ruleFromJson(json)];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The editor's view of an entity's `rls`. Write equal to read reads back as inherited. */
export function accessFromRls(rls: unknown): Access {
  if (rls === undefined || rls === null) return { mode: "public" };
  if (!isPlainObject(rls)) return { mode: "restricted", read: [], write: null };
  const read = rulesFromJson(rls.read);
  const writeJson = rls.write;
  return { mode: "restricted", read, write: same(writeJson, rls.read) ? null : rulesFromJson(writeJson) };
}

/** "Create Access Rules": restricted, read by the creator only, write inherited. */
export const initialRestricted = (): Access => ({ mode: "restricted", read: [{ type: "creatorOnly" }], write: null });

/** The entity file's JSON with `rls` replaced (or removed for public), everything else kept. */
export function entityWithAccess(entity: Record<string, unknown>, access: Access): Record<string, unknown> {
  const rest = { ...entity };
  delete rest.rls;
  const rls = accessToRls(access);
  return rls === undefined ? rest : { ...rest, rls };
}

type EntityFile = { rls?: unknown; properties?: unknown };

/** A write rule that lets only the app's admins (or nobody but the builder) through. */
function adminOnly(rule: unknown): boolean {
  if (rule === false) return true;
  if (!isPlainObject(rule) || Object.keys(rule).length !== 1 || !isPlainObject(rule.user_condition)) return false;
  const condition = rule.user_condition;
  return Object.keys(condition).length === 1 && condition.role === "admin";
}

/**
 * May a user change this field of their own User record? The server keeps every field a rule
 * reads to the app's admins unless the User entity gives the field a write rule of its own
 * (functions/core/entities/user-entity.ts), so only such a rule, not limited to admins, opens it.
 */
function userWritable(userEntity: EntityFile | undefined, field: string): boolean {
  const props = userEntity?.properties;
  const prop = isPlainObject(props) ? props[field] : undefined;
  const rls = isPlainObject(prop) ? prop.rls : undefined;
  return isPlainObject(rls) && "write" in rls && !adminOnly(rls.write);
}

/**
 * User fields that rules read and users can set on themselves: each lets a user grant themself
 * the access the rule guards. Answers each field with the entities whose rules read it.
 */
export function selfGrantableFields(entities: Record<string, EntityFile>): { field: string; entities: string[] }[] {
  const builtIn = new Set<string>([...BASE_USER_FIELDS, "_app_role", "app_id", "is_verified", "disabled", "invited"]);
  const found = new Map<string, string[]>();
  for (const [name, entity] of Object.entries(entities).sort(([a], [b]) => a.localeCompare(b))) {
    for (const field of userFieldsReadByEntity(entity)) {
      if (builtIn.has(field) || !userWritable(entities.User, field)) continue;
      found.set(field, [...(found.get(field) ?? []), name]);
    }
  }
  return [...found].map(([field, names]) => ({ field, entities: names }));
}
