import { isDeepStrictEqual } from "node:util";
import { type EntityRecord, MAX_BATCH, serverRecordFields } from "../../../schemas/entities";
import type { AppCaller } from "../actor";
import { AppRealtime } from "../realtime/app-realtime";
import { AppUsers } from "../app-users/users";
import { Entities } from "./entities";
import { EntitySchemas } from "./schemas";
import { VisibleError } from "../errors";
import { RecordQuery } from "../records/query";
import { Records } from "../records/records";
import { RecordShards } from "../records/shards";
import { UpdateOperators } from "../records/update-operators";

/**
 * The entity API of a generated app, its writes: creates, updates, deletes and upserts of the
 * records in a caller's scope (entities.ts), each checked against the schema and the rules,
 * each a conditional write retried after a lost race, and each announced to the app's
 * real-time subscribers.
 */
export namespace EntityWrites {
  type Doc = Record<string, unknown>;

  /** Attempts at a conditional write before a hot record is reported busy. */
  const WRITE_ATTEMPTS = 8;
  /** After a lost race, wait a little (more each time, jittered) so racing writers spread out. */
  const contention = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 15 * (attempt + 1)));

  async function creatorOf(caller: AppCaller): Promise<{ created_by: string | null; created_by_id: string | null }> {
    if (caller.kind === "visitor") return { created_by: null, created_by_id: null };
    if (caller.kind === "member") return { created_by: caller.user.email, created_by_id: caller.user.id };
    // The builder's records carry their app user, so creator-only rules hold for them in the preview too.
    const appUser = await AppUsers.ensureBuilder(caller.app, caller.user);
    return { created_by: appUser.email, created_by_id: appUser.id };
  }

  const label = (i: number | undefined, err: unknown) =>
    i !== undefined && err instanceof VisibleError ? new VisibleError(err.kind, `Record ${i + 1}: ${err.message}`, err.extra) : err;

  /** Who creates, when, and over how many shards the entity's records spread (records/shards.ts). */
  interface Creating {
    creator: Awaited<ReturnType<typeof creatorOf>>;
    now: string;
    spread: number;
  }

  async function creating(scope: Entities.Scope): Promise<Creating> {
    const [creator, spread] = await Promise.all([creatorOf(scope.caller), RecordShards.spreadOf(scope.appId, scope.entity)]);
    return { creator, now: new Date().toISOString(), spread };
  }

  /** A checked new record, not yet stored. */
  function build(scope: Entities.Scope, input: Doc, { creator, now, spread }: Creating, index?: number): EntityRecord {
    try {
      const own = EntitySchemas.forCreate(scope.schema, input);
      const record: EntityRecord = { id: RecordShards.newId(spread), created_date: now, updated_date: now, ...creator, is_sample: false, ...own };
      Records.assertStorable(scope.entity, record);
      if (!scope.guard.allows("create", record)) throw new VisibleError("forbidden", `You do not have permission to create ${scope.entity} records`);
      const refused = scope.guard.unwritable(record, Object.keys(input).filter((f) => f in own));
      if (refused.length) throw new VisibleError("forbidden", `You do not have permission to set ${refused.join(", ")} on ${scope.entity} records`);
      return record;
    } catch (err) {
      throw label(index, err);
    }
  }

  async function announce(scope: Entities.Scope, type: "create" | "update" | "delete", records: EntityRecord[]): Promise<void> {
    const timestamp = new Date().toISOString();
    await Promise.all(records.map((data) => AppRealtime.entityChanged(scope.appId, scope.entity, { type, id: data.id, data, timestamp })));
  }

  export async function create(scope: Entities.Scope, input: Doc): Promise<EntityRecord> {
    const record = build(scope, input, await creating(scope));
    await Records.insert(scope.appId, scope.entity, record, scope.target.indexed);
    await announce(scope, "create", [record]);
    return scope.guard.view(record);
  }

  /** Every record is checked before any is stored: one bad record stores none. */
  export async function createMany(scope: Entities.Scope, inputs: Doc[]): Promise<EntityRecord[]> {
    if (inputs.length === 0) return [];
    const at = await creating(scope);
    const records = inputs.map((input, i) => build(scope, input, at, i));
    await Records.insertMany(scope.appId, scope.entity, records, scope.target.indexed);
    await announce(scope, "create", records);
    return records.map((r) => scope.guard.view(r));
  }

  // ---- updates ----

  /** How a record changes: from the current record to its new own fields, or null for "no change". */
  type Change = (record: EntityRecord) => Doc | null;

  /**
   * Apply a change with a conditional write, re-reading and re-applying it when another
   * write got there first; the caller's rights are checked against each version it reads.
   */
  async function applyChange(scope: Entities.Scope, id: string, change: Change, first?: Records.Stored): Promise<EntityRecord> {
    let stored = first;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      if (!stored || attempt > 0) stored = await Records.get(scope.appId, scope.entity, id);
      if (!stored || !scope.guard.allows("update", stored.record)) throw Entities.notFound(scope, id);
      const current = stored.record;
      const own = change(current);
      if (own === null) return scope.guard.view(current);
      const changed = Object.keys(own).filter((f) => !isDeepStrictEqual(own[f], current[f])).concat(Object.keys(current).filter((f) => !(f in own) && !isServer(f)));
      const refused = scope.guard.unwritable(current, changed);
      if (refused.length) throw new VisibleError("forbidden", `You do not have permission to change ${refused.join(", ")} on ${scope.entity} records`);
      const next: EntityRecord = { ...serverFieldsOf(current), updated_date: new Date().toISOString(), ...own };
      Records.assertStorable(scope.entity, next);
      if (await Records.replace(scope.appId, scope.entity, next, stored, scope.target.indexed)) {
        await announce(scope, "update", [next]);
        return scope.guard.view(next);
      }
      await contention(attempt);
    }
    throw new VisibleError("conflict", `The ${scope.entity} record ${id} is being changed by someone else; try again`);
  }

  const isServer = (f: string) => (serverRecordFields as readonly string[]).includes(f);
  const serverFieldsOf = (r: EntityRecord) => Object.fromEntries(serverRecordFields.map((f) => [f, r[f]])) as EntityRecord;
  const ownFieldsOf = (r: EntityRecord): Doc => Object.fromEntries(Object.entries(r).filter(([f]) => !isServer(f)));

  /** Merge semantics (the SDK's update): the given fields replace theirs, the rest stay. */
  const merge = (fields: Doc): Change => (record) => (Object.keys(fields).length ? { ...ownFieldsOf(record), ...fields } : null);

  export async function update(scope: Entities.Scope, id: string, patch: Doc): Promise<EntityRecord> {
    return applyChange(scope, id, merge(EntitySchemas.forUpdate(scope.schema, patch)));
  }

  /** bulkUpdate: every item is checked, and every record found, before any is written. */
  export async function updateMany(scope: Entities.Scope, items: ({ id: string } & Doc)[]): Promise<EntityRecord[]> {
    const patches = items.map((item, i) => {
      try {
        return { id: item.id, fields: EntitySchemas.forUpdate(scope.schema, item) };
      } catch (err) {
        throw label(i, err);
      }
    });
    const found = await Records.getMany(scope.appId, scope.entity, patches.map((p) => p.id));
    for (const { id, fields } of patches) {
      const stored = found.get(id);
      if (!stored || !scope.guard.allows("update", stored.record)) throw Entities.notFound(scope, id);
      const refused = scope.guard.unwritable(stored.record, Object.keys(fields));
      if (refused.length) throw new VisibleError("forbidden", `You do not have permission to change ${refused.join(", ")} on ${scope.entity} records`);
    }
    const out: EntityRecord[] = [];
    for (const { id, fields } of patches) out.push(await applyChange(scope, id, merge(fields), found.get(id)));
    return out;
  }

  /** The own fields after update operators, each changed field checked against the schema. */
  function operated(scope: Entities.Scope, ops: ReturnType<typeof UpdateOperators.parse>, now: Date): Change {
    return (record) => {
      const before = ownFieldsOf(record);
      const after = UpdateOperators.apply(before, ops, now);
      const changed: Doc = {};
      for (const [f, v] of Object.entries(after)) if (!isDeepStrictEqual(v, before[f])) changed[f] = v;
      const removed = Object.keys(before).filter((f) => !(f in after));
      for (const f of removed) if (scope.schema.required.includes(f)) throw new VisibleError("invalid", `Field "${f}" is required`);
      const checked = EntitySchemas.forUpdate(scope.schema, changed);
      const own: Doc = { ...before, ...checked };
      for (const f of removed) delete own[f];
      return Object.keys(checked).length || removed.length ? own : null;
    };
  }

  /** updateMany(query, data): up to MAX_BATCH matching records per call, `has_more` when others still match. */
  export async function updateWhere(scope: Entities.Scope, query: Doc, data: Doc): Promise<{ success: true; updated: number; has_more: boolean }> {
    const ops = UpdateOperators.parse(data);
    const filter = Entities.filterOf(query);
    const matches = await RecordQuery.all(scope.target, Entities.planned(scope, filter, "update"), Entities.matcher(scope, filter, "update"), MAX_BATCH + 1, (plan) => (scope.plan = plan));
    const batch = matches.slice(0, MAX_BATCH);
    const change = operated(scope, ops, new Date());
    // Check every record before writing any, so a type error leaves the data as it was.
    for (const { stored } of batch) change(stored.record);
    let updated = 0;
    for (const { stored } of batch) {
      const before = stored.record.updated_date;
      const after = await applyChange(scope, stored.record.id, change, stored);
      if (after.updated_date !== before) updated++;
    }
    return { success: true, updated, has_more: matches.length > MAX_BATCH };
  }

  // ---- deletes ----

  async function removeOne(scope: Entities.Scope, id: string, first?: Records.Stored, stillMatches?: RecordQuery.Match): Promise<EntityRecord | null> {
    let stored = first;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      if (!stored || attempt > 0) stored = await Records.get(scope.appId, scope.entity, id);
      if (!stored || !scope.guard.allows("delete", stored.record) || (stillMatches && !stillMatches(stored.record))) return null;
      if (await Records.remove(scope.appId, scope.entity, stored, scope.target.indexed)) {
        await announce(scope, "delete", [stored.record]);
        return stored.record;
      }
      await contention(attempt);
    }
    throw new VisibleError("conflict", `The ${scope.entity} record ${id} is being changed by someone else; try again`);
  }

  export async function remove(scope: Entities.Scope, id: string): Promise<{ success: true }> {
    if (!(await removeOne(scope, id))) throw Entities.notFound(scope, id);
    return { success: true };
  }

  /** deleteMany(query): every matching record the caller may delete, 25 at a time as they are read (never the whole entity in memory). */
  export async function removeWhere(scope: Entities.Scope, query: Doc): Promise<{ success: true; deleted: number }> {
    const filter = Entities.filterOf(query);
    const match = Entities.matcher(scope, filter, "delete");
    let deleted = 0;
    let batch: Records.Stored[] = [];
    const flush = async () => {
      const done = await Promise.all(batch.map((stored) => removeOne(scope, stored.record.id, stored, match)));
      deleted += done.filter(Boolean).length;
      batch = [];
    };
    for await (const { stored } of RecordQuery.matching(scope.target, Entities.planned(scope, filter, "delete"), match, (plan) => (scope.plan = plan))) {
      batch.push(stored);
      if (batch.length >= 25) await flush();
    }
    await flush();
    return { success: true, deleted };
  }

  // ---- upsert ----

  /** upsert(records, {key}): update the record whose key fields equal the input's, create the rest; the last input with a key wins. */
  export async function upsert(scope: Entities.Scope, inputs: Doc[], key: string | string[]): Promise<{ created: number; updated: number; records: EntityRecord[] }> {
    const keyFields = Array.isArray(key) ? key : [key];
    for (const f of keyFields) if (!scope.schema.properties[f] && !isServer(f)) throw new VisibleError("invalid", `Key field "${f}" is not a field of ${scope.entity}`);
    const keyOf = (r: Doc) => JSON.stringify(keyFields.map((f) => r[f] ?? null));
    const byKey = new Map<string, Doc>();
    inputs.forEach((input, i) => {
      const missing = keyFields.find((f) => input[f] === undefined || input[f] === null);
      if (missing) throw new VisibleError("invalid", `Record ${i + 1}: key field "${missing}" has no value`);
      byKey.set(keyOf(input), input);
    });
    const existing = new Map<string, Records.Stored>();
    const sameKey = Entities.filterOf({ $or: [...byKey.values()].map((r) => Object.fromEntries(keyFields.map((f) => [f, { $eq: r[f] }]))) });
    for await (const { stored, view } of RecordQuery.matching(scope.target, Entities.planned(scope, sameKey), Entities.matcher(scope, sameKey), (plan) => (scope.plan = plan))) {
      if (!existing.has(keyOf(view))) existing.set(keyOf(view), stored);
    }
    const entries = [...byKey.entries()];
    // Check everything before writing anything.
    const creates = entries.filter(([k]) => !existing.has(k)).map(([, input]) => input);
    const at = await creating(scope);
    const newRecords = new Map(creates.map((input) => [input, build(scope, input, at, inputs.indexOf(input))]));
    const updates = entries.filter(([k]) => existing.has(k)).map(([k, input]) => ({ input, stored: existing.get(k)!, fields: EntitySchemas.forUpdate(scope.schema, input) }));
    for (const { stored, fields } of updates) {
      if (!scope.guard.allows("update", stored.record)) throw new VisibleError("forbidden", `You do not have permission to update the ${scope.entity} record ${stored.record.id}`);
      const refused = scope.guard.unwritable(stored.record, Object.keys(fields));
      if (refused.length) throw new VisibleError("forbidden", `You do not have permission to change ${refused.join(", ")} on ${scope.entity} records`);
    }
    await Records.insertMany(scope.appId, scope.entity, [...newRecords.values()], scope.target.indexed);
    await announce(scope, "create", [...newRecords.values()]);
    const updated = new Map<Doc, EntityRecord>();
    for (const { input, stored, fields } of updates) updated.set(input, await applyChange(scope, stored.record.id, merge(fields), stored));
    const records = entries.map(([, input]) => updated.get(input) ?? scope.guard.view(newRecords.get(input)!));
    return { created: newRecords.size, updated: updates.length, records };
  }
}
