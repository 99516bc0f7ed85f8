import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { EntityName, StoredEntitySchema, serverRecordFields } from "../../../schemas/entities";
import { Actor } from "../actor";
import { db, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Keys } from "../keys";

/**
 * An app's entity schemas (`entities/{Name}`, JSON Schema) and the checks every record
 * write passes: unknown fields are dropped, server fields are the server's, declared
 * fields must have their declared type (a number string is not a number), enum values
 * must be listed, required fields must be present on create, and a `default` fills a
 * field the caller left out.
 */
export namespace EntitySchemas {
  type Doc = Record<string, unknown>;

  /** Where the entity's schema is stored; undefined for a name no entity can have. */
  export const keyOf = (appId: string, name: string) => (EntityName.safeParse(name).success ? Keys.appFile(appId, `entities/${name}`) : undefined);

  /**
   * The entity's schema, or 404 `Entity X not found` (the SDK's wording). The file is read
   * on every call (in the caller's first round trip when it was asked for, app-caller.ts),
   * so a changed schema applies at once; only the parse is reused, for identical text.
   */
  export async function load(appId: string, name: string): Promise<StoredEntitySchema> {
    const key = keyOf(appId, name);
    if (!key) throw notFound(`Entity ${name} not found`);
    const pre = Actor.prefetched(key);
    const Item = pre ? pre.item : (await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }))).Item;
    if (!Item || typeof Item.content !== "string") throw notFound(`Entity ${name} not found`);
    return parse(name, Item.content);
  }

  /** Parsed schemas by name and text, per container: the same text always parses to the same schema. */
  const parsed = new Map<string, StoredEntitySchema>();
  const MAX_PARSED = 500;

  export function parse(name: string, content: string): StoredEntitySchema {
    const memo = `${name}\n${content}`;
    const known = parsed.get(memo);
    if (known) return structuredClone(known);
    const schema = parseText(name, content);
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(memo, schema);
    return structuredClone(schema);
  }

  function parseText(name: string, content: string): StoredEntitySchema {
    let json: unknown;
    try {
      json = JSON.parse(content);
    } catch {
      throw new VisibleError("invalid", `The schema of entity ${name} is not valid JSON; fix entities/${name}`);
    }
    const parsed = StoredEntitySchema.safeParse(json);
    if (!parsed.success) {
      const custom = parsed.error.issues.find((i) => i.code === "custom")?.message;
      throw new VisibleError("invalid", `The schema of entity ${name} is not a valid entity schema${custom ? ` (${custom})` : ""}; fix entities/${name}`);
    }
    return parsed.data;
  }

  const invalid = (field: string, what: string) => new VisibleError("invalid", `Field "${field}" ${what}`);

  const isObject = (v: unknown): v is Doc => v !== null && typeof v === "object" && !Array.isArray(v);

  const datePattern = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
  const emailPattern = /^[^\s@]+@[^\s@]+$/;

  function typeMatches(type: string, value: unknown): boolean {
    switch (type) {
      case "string":
        return typeof value === "string";
      case "number":
        return typeof value === "number" && Number.isFinite(value);
      case "integer":
        return typeof value === "number" && Number.isInteger(value);
      case "boolean":
        return typeof value === "boolean";
      case "array":
        return Array.isArray(value);
      case "object":
        return isObject(value);
      case "null":
        return value === null;
      default:
        return true;
    }
  }

  const article = (type: string) => (type === "array" || type === "integer" || type === "object" ? `an ${type}` : `a ${type}`);

  /** Check one value against its property schema; `field` names it in the message (dotted for nested values). */
  export function check(field: string, prop: Doc, value: unknown, depth = 0): void {
    if (depth > 32) throw invalid(field, "is nested too deeply");
    if (value === null) return;
    const types = Array.isArray(prop.type) ? (prop.type as unknown[]).filter((t): t is string => typeof t === "string") : typeof prop.type === "string" ? [prop.type] : [];
    if (types.length && !types.some((t) => typeMatches(t, value))) throw invalid(field, `must be ${types.map(article).join(" or ")}`);
    if (Array.isArray(prop.enum) && prop.enum.length && !prop.enum.some((e) => e === value)) {
      throw invalid(field, `must be one of ${prop.enum.map((e) => JSON.stringify(e)).join(", ")}`);
    }
    if (typeof value === "string" && value !== "" && typeof prop.format === "string") {
      if ((prop.format === "date" || prop.format === "date-time") && (!datePattern.test(value) || Number.isNaN(Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)))) {
        throw invalid(field, `must be a ${prop.format === "date" ? "date (YYYY-MM-DD)" : "date and time (ISO 8601)"}`);
      }
      if (prop.format === "email" && !emailPattern.test(value)) throw invalid(field, "must be an e-mail address");
    }
    if (Array.isArray(value) && isObject(prop.items)) value.forEach((item, i) => check(`${field}[${i}]`, prop.items as Doc, item, depth + 1));
    if (isObject(value) && isObject(prop.properties)) {
      for (const [key, sub] of Object.entries(prop.properties)) if (key in value && isObject(sub)) check(`${field}.${key}`, sub, value[key], depth + 1);
      if (Array.isArray(prop.required)) for (const key of prop.required) if (typeof key === "string" && (value[key] === undefined || value[key] === null)) throw invalid(`${field}.${key}`, "is required");
    }
  }

  /** The caller's fields the schema declares, each checked; undefined values are left out. */
  function declared(schema: StoredEntitySchema, input: Doc): Doc {
    const out: Doc = {};
    for (const [field, value] of Object.entries(input)) {
      if (value === undefined || (serverRecordFields as readonly string[]).includes(field)) continue;
      const prop = schema.properties[field];
      if (!prop) continue;
      check(field, prop, value);
      out[field] = value;
    }
    return out;
  }

  /** A new record's own fields: declared ones, checked, with defaults, every required field present. */
  export function forCreate(schema: StoredEntitySchema, input: Doc): Doc {
    const out = declared(schema, input);
    for (const [field, prop] of Object.entries(schema.properties)) {
      if (out[field] === undefined && prop.default !== undefined) out[field] = structuredClone(prop.default);
    }
    for (const field of schema.required) if (out[field] === undefined || out[field] === null) throw invalid(field, "is required");
    return out;
  }

  /** The fields an update merges in: declared ones, checked; a required field may not be cleared. */
  export function forUpdate(schema: StoredEntitySchema, patch: Doc): Doc {
    const out = declared(schema, patch);
    for (const field of schema.required) if (field in out && out[field] === null) throw invalid(field, "is required");
    return out;
  }
}
