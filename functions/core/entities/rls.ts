import sift from "sift";
import { Mongo } from "../records/mongo";

/**
 * Row-level security of a generated app's entities, the rules Base44 apps keep in their
 * entity schema (`rls`) and the workspace's Security editor saves (spec 02: rule types
 * none / creatorOnly / fieldComparison / userProperty, combined with OR).
 *
 * Accepted rule shapes, for `rls.{create, read, update, delete, write}` and for a field's
 * `properties.<f>.rls.{read, write}`:
 *   absent, null, true, {}                    anyone may (the editor's "none")
 *   false                                     nobody but the app's builder
 *   {"created_by": "{{user.email}}"}          creatorOnly (also created_by_id / "{{user.id}}")
 *   {"data.owner_id": "{{user.id}}"}          fieldComparison; `data.` names the record's field and
 *                                             values may use query operators: {"data.team": {"$in": "{{user.teams}}"}}
 *   {"user_condition": {"role": "admin"}}     userProperty: a condition on the caller (same operators)
 *   {"$or": [rule…]}, {"$and": […]}, {"$nor": […]}   combinations; the keys of one object are ANDed
 *
 * Templates `{{user.<path>}}` read the caller (their `id`, `email`, `role`, `full_name` and the
 * custom fields of the app's User entity; `user.data.x` reads `x`). A value that is exactly one
 * template takes the caller's value as it is (an array stays an array); inside a longer string
 * it is interpolated. A template the caller cannot fill — a visitor, or a property they lack —
 * makes its condition false.
 *
 * Which rule applies: read → `rls.read`; create, update, delete → `rls[op]`, else `rls.write`.
 * Update and delete also need read: a row the caller cannot see is not found. Field rules:
 * an unreadable field is left out of what the caller sees (and of what their filters and
 * sorts can test); writing a field whose write rule fails is refused.
 *
 * After templates are filled, a rule is a MongoDB filter over the record evaluated by sift,
 * the evaluator of `q` filters. Anything else — an unknown operator, a rule that is a string —
 * denies: rules fail closed. The app's builder (owner or editor with a platform token) is
 * never subject to these rules.
 */
export namespace Rls {
  export type Op = "create" | "read" | "update" | "delete";

  /** Who the rules are evaluated for. `AppCaller` (app-caller.ts) is one. */
  export type Subject = { kind: "builder" } | { kind: "member"; user: Record<string, unknown> } | { kind: "visitor" };

  type Doc = Record<string, unknown>;
  /** A rule with its templates filled: always, never, or a filter over the record. */
  export type Compiled = boolean | Doc;

  class Unfillable extends Error {}

  const template = /\{\{\s*user\.([A-Za-z0-9_.$-]+)\s*\}\}/g;
  const wholeTemplate = /^\{\{\s*user\.([A-Za-z0-9_.$-]+)\s*\}\}$/;

  function lookup(value: unknown, path: string[]): unknown {
    let at = value;
    for (const part of path) {
      if (at === null || typeof at !== "object") return undefined;
      at = (at as Doc)[part];
    }
    return at;
  }

  /** `user.a.b` of the caller; `user.data.x` falls back to `x` (Base44 keeps custom user fields under data). */
  function userValue(user: Doc | null, path: string): unknown {
    if (!user) throw new Unfillable();
    const parts = path.split(".");
    let value = lookup(user, parts);
    if (value === undefined && parts[0] === "data" && !("data" in user)) value = lookup(user, parts.slice(1));
    if (value === undefined) throw new Unfillable();
    return value;
  }

  function fill(value: unknown, user: Doc | null, depth = 0): unknown {
    if (depth > 20) throw new Unfillable();
    if (typeof value === "string") {
      const whole = value.match(wholeTemplate);
      if (whole) return userValue(user, whole[1]);
      return value.replace(template, (_, path: string) => {
        const v = userValue(user, path);
        return typeof v === "string" ? v : JSON.stringify(v);
      });
    }
    if (Array.isArray(value)) return value.map((v) => fill(v, user, depth + 1));
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, user, depth + 1)]));
    return value;
  }

  /** A filter no caller may inject, whatever the rule's author wrote ($where and friends). */
  function safe(filter: Doc): boolean {
    try {
      Mongo.parseFilter(JSON.stringify(filter));
      return true;
    } catch {
      return false;
    }
  }

  const userOf = (subject: Subject): Doc | null => (subject.kind === "member" ? subject.user : null);

  function userCondition(condition: unknown, subject: Subject): boolean {
    const user = userOf(subject);
    if (!user || !condition || typeof condition !== "object" || Array.isArray(condition)) return false;
    try {
      const filled = fill(condition, user) as Doc;
      if (!safe(filled)) return false;
      const doc = "data" in user ? user : { ...user, data: user };
      return sift(filled)(doc);
    } catch {
      return false;
    }
  }

  function fieldCondition(key: string, value: unknown, subject: Subject): Compiled {
    const field = key.startsWith("data.") ? key.slice(5) : key;
    if (!field) return false;
    let filled: unknown;
    try {
      filled = fill(value, userOf(subject));
    } catch {
      return false;
    }
    const filter = { [field]: filled };
    return safe(filter) ? filter : false;
  }

  function all(parts: Compiled[]): Compiled {
    if (parts.some((p) => p === false)) return false;
    const filters = parts.filter((p): p is Doc => p !== true);
    if (filters.length === 0) return true;
    return filters.length === 1 ? filters[0] : { $and: filters };
  }

  function any(parts: Compiled[]): Compiled {
    if (parts.some((p) => p === true)) return true;
    const filters = parts.filter((p): p is Doc => p !== false);
    if (filters.length === 0) return false;
    return filters.length === 1 ? filters[0] : { $or: filters };
  }

  function none(parts: Compiled[]): Compiled {
    if (parts.some((p) => p === true)) return false;
    const filters = parts.filter((p): p is Doc => p !== false);
    return filters.length === 0 ? true : { $nor: filters };
  }

  /** A rule, its templates filled for the subject, as always / never / a filter over the record. */
  export function compile(rule: unknown, subject: Subject, depth = 0): Compiled {
    if (subject.kind === "builder" || rule === undefined || rule === null || rule === true) return true;
    if (rule === false || depth > 20 || typeof rule !== "object" || Array.isArray(rule)) return false;
    const parts: Compiled[] = [];
    for (const [key, value] of Object.entries(rule as Doc)) {
      if (key === "$or" || key === "$and" || key === "$nor") {
        if (!Array.isArray(value) || value.length === 0) return false;
        const subs = value.map((v) => compile(v, subject, depth + 1));
        parts.push(key === "$or" ? any(subs) : key === "$and" ? all(subs) : none(subs));
      } else if (key === "user_condition") {
        parts.push(userCondition(value, subject));
      } else if (key.startsWith("$")) {
        return false;
      } else {
        parts.push(fieldCondition(key, value, subject));
      }
    }
    return all(parts);
  }

  /** The predicate of a compiled rule. */
  export function predicate(compiled: Compiled): (record: Doc) => boolean {
    if (compiled === true) return () => true;
    if (compiled === false) return () => false;
    const test = sift(compiled);
    return (record) => test(record);
  }

  /** The entity-level rule for an operation (see the header for the fallbacks). */
  export function ruleOf(rls: unknown, op: Op): unknown {
    if (rls === undefined || rls === null) return undefined;
    if (typeof rls !== "object" || Array.isArray(rls)) return false;
    const rules = rls as Doc;
    if (op === "read") return rules.read;
    return op in rules ? rules[op] : rules.write;
  }

  export interface EntityRules {
    rls?: unknown;
    properties?: Record<string, Record<string, unknown>>;
  }

  /** Everything a request needs to enforce an entity's rules for one subject, compiled once. */
  export interface Guard {
    /** false for a builder: nothing to enforce */
    readonly enforced: boolean;
    /** the entity-level rule of each operation */
    readonly rules: Record<Op, Compiled>;
    /** may the subject do `op` to this (stored) record? update and delete include read */
    allows(op: Op, record: Doc): boolean;
    /** the record as the subject sees it: without the fields they may not read */
    view<T extends Doc>(record: T): T;
    /** of `fields` the subject is writing to `record`, those they may not write */
    unwritable(record: Doc, fields: string[]): string[];
  }

  export function guard(entity: EntityRules, subject: Subject): Guard {
    if (subject.kind === "builder") {
      const always = { create: true, read: true, update: true, delete: true } as const;
      return { enforced: false, rules: always, allows: () => true, view: (r) => r, unwritable: () => [] };
    }
    const ops: Op[] = ["create", "read", "update", "delete"];
    const rules = Object.fromEntries(ops.map((op) => [op, compile(ruleOf(entity.rls, op), subject)])) as Record<Op, Compiled>;
    const tests = Object.fromEntries(ops.map((op) => [op, predicate(rules[op])])) as Record<Op, (r: Doc) => boolean>;
    const fieldRules = Object.entries(entity.properties ?? {}).flatMap(([field, prop]) => {
      const rls = prop?.rls;
      if (rls === undefined || rls === null) return [];
      const of = (op: "read" | "write") => (typeof rls === "object" && !Array.isArray(rls) ? (rls as Doc)[op] : false);
      return [{ field, read: predicate(compile(of("read"), subject)), write: predicate(compile(of("write"), subject)) }];
    });
    return {
      enforced: true,
      rules,
      allows(op, record) {
        if (op === "update" || op === "delete") return tests.read(record) && tests[op](record);
        return tests[op](record);
      },
      view(record) {
        if (fieldRules.length === 0) return record;
        const copy: Doc = { ...record };
        for (const rule of fieldRules) if (rule.field in copy && !rule.read(record)) delete copy[rule.field];
        return copy as typeof record;
      },
      unwritable(record, fields) {
        return fieldRules.filter((rule) => fields.includes(rule.field) && !rule.write(record)).map((rule) => rule.field);
      },
    };
  }
}
