import type { Context } from "hono";
import {
  AggregateBody,
  BulkCreateBody,
  BulkUpdateBody,
  CountRecordsQuery,
  FilterInput,
  ListRecordsQuery,
  PageRecordsQuery,
  RecordInput,
  UpdateManyBody,
  UpsertBody,
  type ImportResult,
} from "../../schemas/entities";
import { Actor } from "../core/actor";
import { AppLogs } from "../core/logs/app-logs";
import { AppRealtime } from "../core/realtime/app-realtime";
import { Entities } from "../core/entities/entities";
import { EntityAggregate } from "../core/entities/aggregate";
import { EntityImport } from "../core/entities/import";
import { EntityWrites } from "../core/entities/writes";
import { VisibleError } from "../core/errors";
import { appAccess } from "./app-access";
import { body, callGroup, query } from "./group";

/**
 * A generated app's entity API, wire-compatible with `@base44/sdk` (reference §2):
 * `/api/apps/{id}/entities/{entity}/…`. The caller and the app's visibility are settled
 * before an op runs (access "app"); each op parses, runs through Entities (schema and
 * row-level security), and writes one line to the app's log.
 */
export const { app, handler } = callGroup("entities", {
  list: (c) => run(c, "list", async (scope) => c.json(await Entities.list(scope, query(c, ListRecordsQuery)))),

  page: (c) => run(c, "list", async (scope) => c.json(await Entities.page(scope, query(c, PageRecordsQuery)))),

  count: (c) => run(c, "count", async (scope) => c.json({ count: await Entities.count(scope, query(c, CountRecordsQuery).q) })),

  schema: (c) => run(c, "schema", async (scope) => c.json(scope.schema)),

  get: (c) => run(c, "get", async (scope) => c.json(await Entities.get(scope, c.req.param("rid")!)), { id: c.req.param("rid") }),

  create: (c) => run(c, "create", async (scope) => c.json(await EntityWrites.create(scope, await body(c, RecordInput)), 201)),

  bulkCreate: (c) => run(c, "bulkCreate", async (scope) => c.json(await EntityWrites.createMany(scope, await body(c, BulkCreateBody)), 201)),

  update: (c) => run(c, "update", async (scope) => c.json(await EntityWrites.update(scope, c.req.param("rid")!, await body(c, RecordInput))), { id: c.req.param("rid") }),

  bulkUpdate: (c) => run(c, "bulkUpdate", async (scope) => c.json(await EntityWrites.updateMany(scope, await body(c, BulkUpdateBody)))),

  updateMany: (c) =>
    run(c, "updateMany", async (scope) => {
      const input = await body(c, UpdateManyBody);
      return c.json(await EntityWrites.updateWhere(scope, input.query, input.data));
    }),

  remove: (c) => run(c, "delete", async (scope) => c.json(await EntityWrites.remove(scope, c.req.param("rid")!)), { id: c.req.param("rid") }),

  removeMany: (c) =>
    run(c, "deleteMany", async (scope) => {
      // An empty body must not mean "everything": deleting all records takes an explicit {}.
      if ((await c.req.text()).trim() === "") throw new VisibleError("input", "deleteMany needs a query in the body; send {} to delete every record you may delete");
      return c.json(await EntityWrites.removeWhere(scope, await body(c, FilterInput)));
    }),

  upsert: (c) =>
    run(c, "upsert", async (scope) => {
      const input = await body(c, UpsertBody);
      return c.json(await EntityWrites.upsert(scope, input.records, input.key));
    }),

  aggregate: (c) =>
    run(c, "aggregate", async (scope) => {
      const spec = await body(c, AggregateBody);
      return c.json(EntityAggregate.run(await Entities.readable(scope, spec.query), spec));
    }),

  import: (c) => run(c, "import", async (scope) => c.json(await importFile(c, scope))),
}, { appAccess });

/** Ops that only read: the rest change records, so their room's audience is looked up beside them. */
const reads = new Set(["list", "count", "schema", "get", "aggregate"]);

/** Resolve the entity for the caller, run the op, and log the call (success or the error it answered). */
async function run(c: Context, op: string, fn: (scope: Entities.Scope) => Promise<Response>, inputs: Record<string, unknown> = {}): Promise<Response> {
  const caller = Actor.app();
  const entity = c.req.param("entity")!;
  const log = (status: "success" | "error", error: string | null) =>
    AppLogs.record({ appId: caller.app.id, type: "entity", objectName: entity, caller, status, inputs: { operation: op, ...inputs }, error });
  try {
    const scope = await Entities.open(caller, entity);
    const response = await (reads.has(op) ? fn(scope) : AppRealtime.expecting(caller.app, entity, scope.schema, () => fn(scope)));
    // How the query read records (README "Query plans"): `scan`, `index:<field>` or `counter`.
    if (scope.plan) response.headers.set("x-kiln-query-plan", scope.plan);
    await log("success", null);
    return response;
  } catch (err) {
    await log("error", err instanceof VisibleError ? err.message : "Internal error");
    throw err;
  }
}

/**
 * POST …/import: multipart `file`, a CSV or a JSON array. A file that cannot be used
 * answers 4xx; records that break the schema or the rules answer the SDK's
 * `{status: "error", details}` and nothing is stored.
 */
async function importFile(c: Context, scope: Entities.Scope): Promise<ImportResult> {
  if (!(c.req.header("content-type") ?? "").includes("multipart/form-data")) throw new VisibleError("input", "Send the file as multipart/form-data in the field `file`");
  let file: unknown;
  try {
    file = (await c.req.parseBody())["file"];
  } catch {
    throw new VisibleError("input", "The upload could not be read as multipart/form-data");
  }
  if (!(file instanceof File)) throw new VisibleError("input", "Send the file in the multipart field `file`");
  if (file.size > EntityImport.MAX_FILE_BYTES) throw new VisibleError("too_large", `The file is larger than ${EntityImport.MAX_FILE_BYTES / 1_000_000} MB`);
  try {
    const rows = EntityImport.rows(scope.schema, file.name, await file.text());
    const output = await EntityWrites.createMany(scope, rows);
    return { status: "success", details: `Successfully imported ${output.length} ${scope.entity} records`, output };
  } catch (err) {
    if (err instanceof VisibleError && (err.kind === "invalid" || err.kind === "forbidden" || err.kind === "too_large")) return { status: "error", details: err.message, output: null };
    throw err;
  }
}
