import * as z from "zod";

/**
 * The generated-app entity API (`/api/apps/{id}/entities/{Name}/…`), wire-compatible with
 * `@base44/sdk` 0.8.50 (reference/base44-sdk-wire.md §2). Records are open objects: their
 * fields are checked at run time against the entity's own JSON Schema (functions/core/entities/schemas.ts).
 */

/** Fields the server writes on every record; a caller's values for them are ignored. */
export const serverRecordFields = ["id", "created_date", "updated_date", "created_by", "created_by_id", "is_sample"] as const;

/** A record as the API answers it: the server fields, then the entity's own fields. */
export const EntityRecord = z.looseObject({
  id: z.string(),
  created_date: z.string(),
  updated_date: z.string(),
  created_by: z.string().nullable(),
  created_by_id: z.string().nullable(),
  is_sample: z.boolean(),
});
export type EntityRecord = z.infer<typeof EntityRecord>;

/** The largest list page (`limit` is capped here, as the SDK documents "default/max 5000"). */
export const MAX_LIST_LIMIT = 5000;
/** The largest page of distinct values. */
export const MAX_DISTINCT_LIMIT = 1000;
/** bulkUpdate, upsert and each updateMany batch. */
export const MAX_BATCH = 500;
/** bulkCreate and import. */
export const MAX_BULK_CREATE = 5000;

const entityName = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
export const EntityName = z.string().regex(entityName, "Entity names start with a letter and hold letters, digits, _ or -");

/** `sort`: one field, `-` for descending, `+` or nothing for ascending. */
export const SortParam = z
  .string()
  .regex(/^[+-]?[A-Za-z_][A-Za-z0-9_.]{0,99}$/, "sort must be a field name, optionally prefixed with - or +");

const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .default(fallback)
    .transform((n) => Math.min(n, max));

const qParam = z.string().max(20_000, "q is too long");
const fieldsParam = z.string().max(4000, "fields is too long");

/** GET …/{Name}: list and filter. */
export const ListRecordsQuery = z.object({
  q: qParam.optional(),
  sort: SortParam.optional(),
  limit: limitParam(MAX_LIST_LIMIT, MAX_LIST_LIMIT),
  skip: z.coerce.number({ error: "skip must be a number" }).int("skip must be a whole number").min(0, "skip must be 0 or more").max(1_000_000).default(0),
  fields: fieldsParam.optional(),
});
export type ListRecordsQuery = z.infer<typeof ListRecordsQuery>;

/** GET …/{Name}/v2/list: one cursor page of records, or of one field's distinct values. */
export const PageRecordsQuery = z.object({
  q: qParam.optional(),
  sort: SortParam.optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").default(100),
  cursor: z.string().max(40_000, "cursor is not valid").optional(),
  fields: fieldsParam.optional(),
  distinct: z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]{0,99}$/, "distinct must be a field name").optional(),
});
export type PageRecordsQuery = z.infer<typeof PageRecordsQuery>;

/** What a v2 cursor carries, so later pages need only `cursor` and `limit` (SDK: "the token carries the query, sort and fields of the walk"). */
export const PageCursor = z.discriminatedUnion("k", [
  z.object({
    k: z.literal("records"),
    q: z.string().nullable(),
    s: z.string(),
    f: z.string().nullable(),
    /** the last record of the previous page: its sort value and id */
    a: z.tuple([z.unknown(), z.string()]),
  }),
  z.object({
    k: z.literal("distinct"),
    q: z.string().nullable(),
    d: z.string(),
    /** values already answered */
    o: z.number().int().min(0),
  }),
]);
export type PageCursor = z.infer<typeof PageCursor>;

export const CountRecordsQuery = z.object({ q: qParam.optional() });

/** A record as a caller sends it: any JSON object (checked against the entity schema later). */
export const RecordInput = z.record(z.string(), z.unknown(), { error: "The body must be a JSON object" });
export type RecordInput = z.infer<typeof RecordInput>;

/** A Mongo filter sent in a body (deleteMany, updateMany, aggregate). */
export const FilterInput = z.record(z.string(), z.unknown(), { error: "The query must be a JSON object" });

export const BulkCreateBody = z
  .array(RecordInput, { error: "The body must be a JSON array of records" })
  .max(MAX_BULK_CREATE, `At most ${MAX_BULK_CREATE} records per call`);

export const BulkUpdateBody = z
  .array(z.looseObject({ id: z.string({ error: "Every record needs its id" }).min(1).max(100) }), { error: "The body must be a JSON array of records with ids" })
  .max(MAX_BATCH, `At most ${MAX_BATCH} records per call`);

const fieldMap = z.record(z.string().min(1).max(200), z.unknown());

/** MongoDB update operators accepted by updateMany (reference §2.2). */
export const UpdateOperators = z.strictObject(
  {
    $set: fieldMap.optional(),
    $unset: fieldMap.optional(),
    $inc: z.record(z.string().min(1).max(200), z.number({ error: "$inc takes numbers" })).optional(),
    $mul: z.record(z.string().min(1).max(200), z.number({ error: "$mul takes numbers" })).optional(),
    $min: fieldMap.optional(),
    $max: fieldMap.optional(),
    $rename: z.record(z.string().min(1).max(200), z.string({ error: "$rename takes new field names" }).min(1).max(200)).optional(),
    $currentDate: z
      .record(z.string().min(1).max(200), z.union([z.literal(true), z.object({ $type: z.enum(["date", "timestamp"]) })], { error: "$currentDate takes true or {$type}" }))
      .optional(),
    $push: fieldMap.optional(),
    $pull: fieldMap.optional(),
    $addToSet: fieldMap.optional(),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unsupported update operator: ${issue.keys.join(", ")}` : "data must be an object of update operators") },
);
export type UpdateOperators = z.infer<typeof UpdateOperators>;

export const UpdateManyBody = z.strictObject({
  query: FilterInput,
  data: z.record(z.string(), z.unknown(), { error: "data must be an object of update operators such as $set" }),
});

export const UpsertBody = z.strictObject({
  records: z.array(RecordInput, { error: "records must be an array" }).max(MAX_BATCH, `At most ${MAX_BATCH} records per call`),
  key: z.union([
    z.string().min(1, "key names a field").max(200),
    z.array(z.string().min(1).max(200)).min(1, "key names at least one field").max(10, "key names at most 10 fields"),
  ], { error: "key must be a field name or a list of field names" }),
});

const fieldList = z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(20)]);

/** POST …/{Name}/aggregate (the SDK's EntityAggregateSpec). */
export const AggregateBody = z.strictObject({
  query: FilterInput.optional(),
  groupBy: fieldList.optional(),
  dateBucket: z.strictObject({ field: z.string().min(1).max(200), unit: z.enum(["day", "week", "month", "year"]) }).optional(),
  count: z.boolean().optional(),
  sum: fieldList.optional(),
  avg: fieldList.optional(),
  min: fieldList.optional(),
  max: fieldList.optional(),
  countDistinct: z.string().min(1).max(200).optional(),
  having: FilterInput.optional(),
  sort: SortParam.optional(),
  limit: z.number().int().min(1).max(1000).optional(),
});
export type AggregateBody = z.infer<typeof AggregateBody>;

/** Answers (the SDK's result types). */
export const RecordPage = z.object({ items: z.array(z.unknown()), next_cursor: z.string().nullable(), has_more: z.boolean() });
export type RecordPage = z.infer<typeof RecordPage>;
export const DeleteManyResult = z.object({ success: z.boolean(), deleted: z.number().int() });
export const UpdateManyResult = z.object({ success: z.boolean(), updated: z.number().int(), has_more: z.boolean() });
export const UpsertResult = z.object({ created: z.number().int(), updated: z.number().int(), records: z.array(EntityRecord) });
export const ImportResult = z.object({ status: z.enum(["success", "error"]), details: z.string().nullable(), output: z.array(EntityRecord).nullable() });
export type ImportResult = z.infer<typeof ImportResult>;
export const AggregateResult = z.object({ rows: z.array(z.record(z.string(), z.unknown())), truncated: z.boolean() });
export type AggregateResult = z.infer<typeof AggregateResult>;

/**
 * An entity schema as the app keeps it in `entities/{Name}`, read leniently: the API
 * serves whatever JSON Schema the app's author (or the assistant) wrote, so only the
 * parts enforcement needs are required.
 */
export const StoredEntitySchema = z
  .looseObject({
    name: z.string().optional(),
    properties: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
    required: z.array(z.string()).default([]),
    rls: z.unknown().optional(),
  })
  .superRefine(checkIndexHints);
export type StoredEntitySchema = z.infer<typeof StoredEntitySchema>;

/**
 * The schema hint about an index (functions/core/records/indexes.ts). Nobody has to set it:
 * link fields are indexed from the start and any other scalar field once a query filters or
 * sorts on it. `"x-kiln-index": true` indexes a field from the start too; `false` never
 * indexes it. created_by, created_date and updated_date are always indexed.
 */
export const INDEX_HINT = "x-kiln-index";
/** An entity's indexed fields: a record changing all of them still fits one 100-item transaction. */
export const MAX_DECLARED_INDEXES = 40;
const indexableTypes = ["string", "number", "integer", "boolean"];

/** Refines an entity schema (stored, or written: schemas/app-files.ts): every `"x-kiln-index"` is one the store can honour. */
export function checkIndexHints(schema: { properties: Record<string, Record<string, unknown>> }, ctx: z.RefinementCtx): void {
  for (const [field, prop] of Object.entries(schema.properties)) {
    const flag = prop[INDEX_HINT];
    if (flag === undefined || flag === false) continue;
    if (flag !== true) ctx.addIssue({ code: "custom", message: `"${INDEX_HINT}" of field "${field}" must be true or false` });
    else if (!/^[A-Za-z_][A-Za-z0-9_]{0,99}$/.test(field)) ctx.addIssue({ code: "custom", message: `Field "${field}" cannot be indexed: index fields are letters, digits and _` });
    else if (typeof prop.type !== "string" || !indexableTypes.includes(prop.type)) ctx.addIssue({ code: "custom", message: `Field "${field}" cannot be indexed: only string, number, integer and boolean fields can` });
  }
  if (declaredIndexes(schema).length > MAX_DECLARED_INDEXES) ctx.addIssue({ code: "custom", message: `At most ${MAX_DECLARED_INDEXES} fields of an entity may set "${INDEX_HINT}"` });
}

/** The fields an entity schema asks to index, in the order it declares them (their index slots). */
export function declaredIndexes(schema: { properties: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(schema.properties)
    .filter(([field, prop]) => prop[INDEX_HINT] === true && !(serverRecordFields as readonly string[]).includes(field))
    .map(([field]) => field);
}

/** The field-level write rule a user field that some rule reads gets when its schema sets none: the app's admins only. */
export const ADMIN_ONLY_RULE = { user_condition: { role: "admin" } } as const;

const userTemplates = /\{\{\s*user\.([A-Za-z0-9_.$-]+)\s*\}\}/g;
/** `data.team.name` or `team.name` -> `team`: the user field a path starts at. */
const userFieldOf = (path: string) => (path.startsWith("data.") ? path.slice(5) : path).split(".")[0];

/**
 * The user fields a row-level rule reads (rls.ts grammar): every `{{user.<path>}}` template and
 * every field a `user_condition` tests, with `user.data.x` read as `x`. A rule that reads a
 * field a user may set on themself lets them grant themself access, so these fields are the
 * app's admins' to write unless the User schema says otherwise (user-entity.ts).
 */
export function userFieldsReadBy(rule: unknown, out = new Set<string>(), depth = 0): Set<string> {
  if (depth > 40) return out;
  if (typeof rule === "string") {
    for (const match of rule.matchAll(userTemplates)) out.add(userFieldOf(match[1]));
  } else if (Array.isArray(rule)) {
    for (const r of rule) userFieldsReadBy(r, out, depth + 1);
  } else if (rule && typeof rule === "object") {
    for (const [key, value] of Object.entries(rule)) {
      if (key === "user_condition") conditionFields(value, out, depth + 1);
      userFieldsReadBy(value, out, depth + 1);
    }
  }
  return out;
}

/** The fields a condition on the user names (its keys, through `$or`/`$and`/`$nor` and operators). */
function conditionFields(condition: unknown, out: Set<string>, depth: number): void {
  if (depth > 40 || !condition || typeof condition !== "object") return;
  if (Array.isArray(condition)) return condition.forEach((c) => conditionFields(c, out, depth + 1));
  for (const [key, value] of Object.entries(condition)) {
    if (key.startsWith("$")) conditionFields(value, out, depth + 1);
    else if (key) out.add(userFieldOf(key));
  }
}

/** Every user field any rule of this entity reads: its `rls` and its fields' `rls`. */
export function userFieldsReadByEntity(schema: { rls?: unknown; properties?: unknown }, out = new Set<string>()): Set<string> {
  userFieldsReadBy(schema.rls, out);
  if (schema.properties && typeof schema.properties === "object") for (const prop of Object.values(schema.properties)) userFieldsReadBy((prop as { rls?: unknown } | null)?.rls, out);
  return out;
}
