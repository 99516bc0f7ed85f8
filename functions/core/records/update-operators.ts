import { isDeepStrictEqual } from "node:util";
import { UpdateOperators as UpdateOperatorsSchema, serverRecordFields } from "../../../schemas/entities";
import { VisibleError } from "../errors";
import { Mongo } from "./mongo";

/**
 * MongoDB update operators (`updateMany`'s data): $set $unset $inc $mul $min $max $rename
 * $currentDate $push $pull $addToSet, with dotted paths into nested objects. No maintained
 * library applies them to a plain object on its own, so this small pure module does, with
 * MongoDB's rules: a field may appear in one operator per call, $inc/$mul need numbers.
 */
export namespace UpdateOperators {
  type Doc = Record<string, unknown>;

  const bad = (message: string) => new VisibleError("input", message);
  const isObject = (v: unknown): v is Doc => v !== null && typeof v === "object" && !Array.isArray(v);

  /**
   * The update as operators. An object with no operator at all (`{status: "done"}`) is read
   * as `$set`, which is what such code means; mixing plain fields with operators is refused.
   */
  export function parse(data: Doc): UpdateOperatorsSchema {
    const keys = Object.keys(data);
    if (keys.length === 0) throw bad("data must name at least one update operator, such as $set");
    const operators = keys.filter((k) => k.startsWith("$"));
    if (operators.length === 0) return { $set: data };
    if (operators.length !== keys.length) throw bad("data mixes update operators with plain fields; put the fields under $set");
    const parsed = UpdateOperatorsSchema.safeParse(data);
    if (!parsed.success) throw bad(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join("; "));
    const seen = new Set<string>();
    for (const [op, fields] of Object.entries(parsed.data)) {
      for (const [field, value] of Object.entries(fields ?? {})) {
        const targets = op === "$rename" ? [field, value as string] : [field];
        for (const target of targets) {
          const root = target.split(".")[0];
          if ((serverRecordFields as readonly string[]).includes(root)) throw bad(`${root} is set by the server and cannot be updated`);
          if (target.split(".").some((part) => part === "" || part.startsWith("$") || part === "__proto__" || part === "constructor" || part === "prototype")) {
            throw bad(`"${target}" is not a valid field path`);
          }
          if ([...seen].some((s) => s === target || s.startsWith(`${target}.`) || target.startsWith(`${s}.`))) throw bad(`"${target}" appears in more than one update operator`);
          seen.add(target);
        }
      }
    }
    return parsed.data;
  }

  function parentOf(doc: Doc, path: string, create: boolean): { parent: Doc | unknown[]; key: string } | undefined {
    const parts = path.split(".");
    let at: unknown = doc;
    for (const part of parts.slice(0, -1)) {
      const container = at as Doc;
      let next = Array.isArray(container) ? container[Number(part)] : container[part];
      if (next === undefined || next === null) {
        if (!create) return undefined;
        next = {};
        (container as Doc)[part] = next;
      }
      if (typeof next !== "object") throw bad(`Cannot update "${path}": "${part}" is not an object`);
      at = next;
    }
    return { parent: at as Doc, key: parts[parts.length - 1] };
  }

  function get(doc: Doc, path: string): unknown {
    const found = parentOf(doc, path, false);
    if (!found) return undefined;
    return Array.isArray(found.parent) ? found.parent[Number(found.key)] : found.parent[found.key];
  }

  function set(doc: Doc, path: string, value: unknown): void {
    const { parent, key } = parentOf(doc, path, true)!;
    if (Array.isArray(parent)) parent[Number(key)] = value;
    else parent[key] = value;
  }

  function unset(doc: Doc, path: string): void {
    const found = parentOf(doc, path, false);
    if (found && !Array.isArray(found.parent)) delete found.parent[found.key];
  }

  function numberAt(doc: Doc, path: string, op: string): number {
    const current = get(doc, path);
    if (current === undefined || current === null) return 0;
    if (typeof current !== "number") throw bad(`${op} needs "${path}" to be a number`);
    return current;
  }

  /** MongoDB's order for $min/$max: compare like with like; null and missing lose to anything. */
  function less(a: unknown, b: unknown): boolean {
    if (typeof a === "number" && typeof b === "number") return a < b;
    if (typeof a === "string" && typeof b === "string") return a < b;
    if (typeof a === "boolean" && typeof b === "boolean") return !a && b;
    throw bad(`Cannot compare ${JSON.stringify(a)} with ${JSON.stringify(b)}`);
  }

  function arrayAt(doc: Doc, path: string, op: string): unknown[] {
    const current = get(doc, path);
    if (current === undefined || current === null) return [];
    if (!Array.isArray(current)) throw bad(`${op} needs "${path}" to be an array`);
    return [...current];
  }

  /** `{$each, $position, $slice}` or a single value. */
  function eachOf(value: unknown, op: string): { items: unknown[]; position?: number; slice?: number } {
    if (isObject(value) && "$each" in value) {
      if (!Array.isArray(value.$each)) throw bad(`${op} $each takes an array`);
      const position = value.$position;
      const slice = value.$slice;
      if (position !== undefined && !Number.isInteger(position)) throw bad(`${op} $position takes a whole number`);
      if (slice !== undefined && !Number.isInteger(slice)) throw bad(`${op} $slice takes a whole number`);
      return { items: value.$each, position: position as number | undefined, slice: slice as number | undefined };
    }
    return { items: [value] };
  }

  /** What $pull removes: equal values, or elements matching a condition (`{$gte: 6}`, `{qty: {$lt: 3}}`). */
  function pullTest(condition: unknown): (element: unknown) => boolean {
    if (!isObject(condition)) return (element) => isDeepStrictEqual(element, condition);
    const test = Mongo.compile(condition);
    const operatorsOnly = Object.keys(condition).every((k) => k.startsWith("$"));
    return (element) => (operatorsOnly || isObject(element) ? test(element) : false) || isDeepStrictEqual(element, condition);
  }

  /** The record after the update; `record` is not changed. `now` fills $currentDate. */
  export function apply(record: Doc, update: UpdateOperatorsSchema, now: Date): Doc {
    const doc = structuredClone(record);
    for (const [path, value] of Object.entries(update.$set ?? {})) set(doc, path, structuredClone(value));
    for (const path of Object.keys(update.$unset ?? {})) unset(doc, path);
    for (const [path, by] of Object.entries(update.$inc ?? {})) set(doc, path, numberAt(doc, path, "$inc") + by);
    for (const [path, by] of Object.entries(update.$mul ?? {})) set(doc, path, numberAt(doc, path, "$mul") * by);
    for (const [path, value] of Object.entries(update.$min ?? {})) {
      const current = get(doc, path);
      if (current === undefined || current === null || less(value, current)) set(doc, path, value);
    }
    for (const [path, value] of Object.entries(update.$max ?? {})) {
      const current = get(doc, path);
      if (current === undefined || current === null || less(current, value)) set(doc, path, value);
    }
    for (const [from, to] of Object.entries(update.$rename ?? {})) {
      const value = get(doc, from);
      if (value === undefined) continue;
      unset(doc, from);
      set(doc, to, value);
    }
    for (const [path, how] of Object.entries(update.$currentDate ?? {})) {
      set(doc, path, how !== true && how.$type === "timestamp" ? now.getTime() : now.toISOString());
    }
    for (const [path, value] of Object.entries(update.$push ?? {})) {
      const array = arrayAt(doc, path, "$push");
      const { items, position, slice } = eachOf(value, "$push");
      const at = position === undefined ? array.length : position < 0 ? Math.max(0, array.length + position) : Math.min(position, array.length);
      array.splice(at, 0, ...structuredClone(items));
      set(doc, path, slice === undefined ? array : slice >= 0 ? array.slice(0, slice) : array.slice(slice));
    }
    for (const [path, value] of Object.entries(update.$addToSet ?? {})) {
      const array = arrayAt(doc, path, "$addToSet");
      for (const item of eachOf(value, "$addToSet").items) if (!array.some((e) => isDeepStrictEqual(e, item))) array.push(structuredClone(item));
      set(doc, path, array);
    }
    for (const [path, condition] of Object.entries(update.$pull ?? {})) {
      const current = get(doc, path);
      if (current === undefined || current === null) continue;
      if (!Array.isArray(current)) throw bad(`$pull needs "${path}" to be an array`);
      const test = pullTest(condition);
      set(doc, path, current.filter((e) => !test(e)));
    }
    return doc;
  }
}
