import { monotonicFactory } from "ulid";
import { beforeAll, describe, expect, it } from "vitest";
import type { EntityRecord } from "../../schemas/entities";
import { builtApp, call, signedIn, useStackLinks, waitForApp } from "./helpers";

/**
 * Restore "code and data" from the record history (issue 14): a checkpoint copies no records, and a
 * restore brings back exactly the records of its moment after 10k creates, updates and deletes
 * across two entities (5k before the checkpoint, 5k after), compared record by record, field by
 * field; and undoing that restore brings back exactly the records before it. The changes are
 * written with the storage primitives the entity API uses, so 10k of them take seconds.
 */

useStackLinks();
const { Records } = await import("../../functions/core/records/records");
const { RecordShards } = await import("../../functions/core/records/shards");
const { RECORD_SHARD_DIGITS } = await import("../../functions/core/keys");

const newId = monotonicFactory();
let token: string;
let app: any;
let entities: [string, string];

interface Live {
  record: EntityRecord;
  version: number;
}
/** what the test believes each entity holds; the table is checked against it */
const live = new Map<string, Map<string, Live>>();

type Op = { entity: string; id: string; run: () => Promise<unknown> };

/** A seeded random stream, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}

/** `count` changes: the op list is decided now (against the model), then run per record in order, records in parallel. */
function plan(count: number, mix: { create: number; update: number }, rand: () => number): Op[] {
  const ops: Op[] = [];
  for (let i = 0; i < count; i++) {
    const entity = entities[i % 2];
    const records = live.get(entity)!;
    const roll = rand();
    const ids = [...records.keys()];
    if (roll < mix.create || ids.length < 10) {
      const now = new Date().toISOString();
      const record: EntityRecord = {
        id: idOf(entity, rand),
        created_date: now,
        updated_date: now,
        created_by: "owner@test.kiln",
        created_by_id: null,
        is_sample: false,
        title: `record ${i}`,
        amount: Math.round(rand() * 1e6) / 100,
        tags: ["a", `t${i % 7}`],
        details: { nested: { deep: i }, empty: {} },
        note: null,
      };
      records.set(record.id, { record, version: 1 });
      ops.push({ entity, id: record.id, run: () => Records.insert(app.id, entity, record, indexed.get(entity), many) });
    } else {
      const id = ids[Math.floor(rand() * ids.length)];
      const previous = records.get(id)!;
      const { record, version } = previous;
      if (roll < mix.create + mix.update) {
        const next = { ...record, updated_date: new Date().toISOString(), title: `${record.title} ·${i}`, amount: (record.amount as number) + 1, done: i % 3 === 0 };
        records.set(id, { record: next, version: version + 1 });
        ops.push({ entity, id, run: async () => expect(await Records.replace(app.id, entity, next, previous, indexed.get(entity), many)).toBe(true) });
      } else {
        records.delete(id);
        ops.push({ entity, id, run: async () => expect(await Records.remove(app.id, entity, previous, indexed.get(entity), many)).toBe(true) });
      }
    }
  }
  return ops;
}

/** A new record's id: the first entity spreads over 4 partitions after the first 2k creates (records/shards.ts), its ids then carry their shard. */
let spread = 1;
const idOf = (entity: string, rand: () => number) => `${newId().toLowerCase()}${entity === entities[0] && spread > 1 ? RECORD_SHARD_DIGITS[Math.floor(rand() * spread)] : ""}`;

/** The indexed fields of each entity, resolved once per run as a caller of many writes does (records.ts WriteOptions). */
const indexed = new Map<string, string[]>();
const many = { settleLater: true };

async function run(ops: Op[]) {
  for (const entity of entities) indexed.set(entity, await Records.indexedFields(app.id, entity));
  const byRecord = new Map<string, Op[]>();
  for (const op of ops) byRecord.set(op.id, [...(byRecord.get(op.id) ?? []), op]);
  const queues = [...byRecord.values()];
  await Promise.all(
    Array.from({ length: 24 }, async () => {
      for (let queue = queues.pop(); queue; queue = queues.pop()) for (const op of queue) await op.run();
    }),
  );
}

/** Every record of the two entities as stored, by id. */
async function stored(): Promise<Record<string, EntityRecord[]>> {
  const out: Record<string, EntityRecord[]> = {};
  for (const entity of entities) {
    out[entity] = [];
    for await (const { record } of Records.walk(app.id, entity, { order: "created", descending: false })) out[entity].push(record);
  }
  return out;
}

const modelled = () => Object.fromEntries(entities.map((e) => [e, [...live.get(e)!.values()].map((l) => l.record).sort((a, b) => a.id.localeCompare(b.id))]));

/** Restore with data; a refusal because the stream is still recording the changes is retried (that is its promise), anything else fails. */
async function restoreWithData(cpId: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await call("POST", `/api/apps/${app.id}/app-checkpoints/${cpId}/load`, { token, body: { restore_data: true } });
    if (res.status !== 409 || Date.now() > deadline) return res;
    expect(res.body.detail).toContain("still being recorded");
  }
}

beforeAll(async () => {
  ({ token } = await signedIn("cphistory"));
  app = await builtApp(token);
  const names = Object.keys(app.entities);
  expect(names.length).toBeGreaterThanOrEqual(2);
  entities = [names[0], names[1]];
  for (const entity of entities) {
    const records = new Map<string, Live>();
    for await (const stored of Records.walk(app.id, entity, { order: "created", descending: false })) records.set(stored.record.id, stored);
    live.set(entity, records);
  }
});

describe("restore with data from the record history", () => {
  it("brings back exactly the records of the checkpoint after 10k changes, and undoing it exactly those before", { timeout: 600_000 }, async () => {
    const rand = random(14);
    await run(plan(2_000, { create: 1, update: 0 }, rand));
    // from here the first entity's records spread over 4 partitions: their changes are logged in their shards' logs, and restored from them
    expect(await RecordShards.widen(app.id, entities[0], 4)).toBe(true);
    spread = 4;
    await run(plan(3_000, { create: 0.3, update: 0.45 }, rand));
    const atCheckpoint = modelled();
    expect(await stored()).toEqual(atCheckpoint);

    expect((await call("POST", `/api/apps/${app.id}/chat/message`, { token, body: { content: "add a priority field" } })).status).toBe(201);
    await waitForApp(token, app.id);
    const cp = (await call("GET", `/api/apps/${app.id}/app-checkpoints`, { token })).body.find((c: any) => c.name === "Before: add a priority field");
    expect(cp).toBeDefined();

    // 5k more: creates, updates (many records several times) and deletes, some of records from before the checkpoint
    await run(plan(5_000, { create: 0.3, update: 0.4 }, rand));
    const beforeRestore = modelled();
    expect(beforeRestore).not.toEqual(atCheckpoint);

    const restored = await restoreWithData(cp.id);
    expect(restored.status).toBe(200);
    const back = await stored();
    for (const entity of entities) {
      expect(back[entity]).toHaveLength(atCheckpoint[entity].length);
      expect(back[entity]).toEqual(atCheckpoint[entity]);
    }
    // the checkpoint knew its record count without reading the records: every entity's records at that moment
    const others = Object.keys(app.entities).filter((e) => !entities.includes(e));
    let otherCount = 0;
    for (const entity of others) for await (const _ of Records.walk(app.id, entity, { order: "created", descending: false })) otherCount++;
    const listed = (await call("GET", `/api/apps/${app.id}/app-checkpoints`, { token })).body;
    expect(listed.find((c: any) => c.id === cp.id)).toMatchObject({ data_snapshot: "saved", record_count: atCheckpoint[entities[0]].length + atCheckpoint[entities[1]].length + otherCount });
    expect(restored.body.data.records).toBe(atCheckpoint[entities[0]].length + atCheckpoint[entities[1]].length + otherCount);

    // the restore is itself undone exactly: its checkpoint holds the 5k later changes
    const undo = listed.find((c: any) => c.name === "Before: restoring an earlier version");
    expect(undo).toBeDefined();
    expect((await restoreWithData(undo.id)).status).toBe(200);
    expect(await stored()).toEqual(beforeRestore);
  });
});
