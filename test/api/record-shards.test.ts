import { HttpResponse, http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntityRecord } from "../../schemas/entities";
import { AppFiles } from "../../functions/core/apps/files";
import { queryAll } from "../../functions/core/db";
import { VisibleError } from "../../functions/core/errors";
import { Keys } from "../../functions/core/keys";
import { RecordIndexes } from "../../functions/core/records/indexes";
import { Records } from "../../functions/core/records/records";
import { RecordShards } from "../../functions/core/records/shards";
import { RecordUpkeep } from "../../functions/core/records/upkeep";
import { ents, listRecords, namesOf as names, pageRecords, planOf as plan, qs, writeEntity as writeEntityOf } from "./entities-helpers";
import { builtApp, call, signedIn, tokenFor, until, useStackLinks } from "./helpers";

/**
 * An entity spread over several partitions (functions/core/records/shards.ts) answers every read exactly as one
 * partition does: the same records, order, cursors and counts; its records really are in several partitions; a
 * throttled write spreads it further; and a removed entity leaves nothing in any shard. Driven over HTTP; the
 * spread is set and the table read here, in this process, against the same stack.
 */
// DynamoDB is a third party: the throttling test stands in for its answer to a transaction at the HTTP boundary, every
// other call reaches DynamoDB Local. Listening before this process's first table call: the SDK's HTTP handler keeps
// the request function it first used.
let throttled: number | null = null;
const dynamo = setupServer(
  http.post(/.*/, ({ request }) => {
    if (throttled === null || request.headers.get("x-amz-target") !== "DynamoDB_20120810.TransactWriteItems") return undefined;
    throttled++;
    return HttpResponse.json(
      { __type: "com.amazonaws.dynamodb.v20120810#ThrottlingException", message: "Throughput exceeds the amount of throughput for the partition" },
      { status: 400, headers: { "content-type": "application/x-amz-json-1.0" } },
    );
  }),
);
dynamo.listen({ onUnhandledRequest: "bypass" });
useStackLinks();

let token: string;
let appId: string;

const SCHEMA = { name: { type: "string" }, price: { type: "number", "x-kiln-index": true }, due: { type: "string", format: "date" }, project_id: { type: "string" }, done: { type: "boolean" } };

const writeEntity = (name: string) => writeEntityOf(token, appId, name, SCHEMA);
const list = (entity: string, params: Record<string, unknown>) => listRecords(token, appId, entity, params);
const pages = async (entity: string, params: Record<string, unknown>) => (await pageRecords(token, appId, entity, params)).items;

const count = async (entity: string, q?: unknown) => {
  const res = await call("GET", ents(appId, entity, `/count${q ? qs({ q }) : ""}`), { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { n: res.body.count as number, plan: plan(res) };
};

/** The partitions an entity's records are stored in, and how many records each holds. */
async function partitions(entity: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let shard = 0; shard < RecordShards.MAX; shard++) {
    const items = await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.recordsPartition(appId, entity, shard) }, ProjectionExpression: "pk" });
    if (items.length) out.set(Keys.recordsPartition(appId, entity, shard), items.length);
  }
  return out;
}

beforeAll(async () => {
  const user = await signedIn("shards");
  const admin = await tokenFor("admin@kiln.local");
  expect((await call("POST", `/api/auth/${user.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
  token = user.token;
  appId = (await builtApp(token, "A simple task tracker")).id;
}, 120_000);

describe("an entity spread over several partitions", () => {
  let seed = 11;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const rows = Array.from({ length: 240 }, (_, i) => ({
    name: `n${String(Math.floor(random() * 1e6)).padStart(6, "0")}-${i}`,
    price: Math.floor(random() * 30),
    due: `2026-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`,
    project_id: `p${Math.floor(random() * 6)}`,
    done: random() < 0.5,
  }));

  it("answers every read exactly as one partition does, with its new records in several partitions", async () => {
    await writeEntity("Spread");
    await writeEntity("Single");
    const put = async (entity: string, slice: typeof rows) => {
      for (let i = 0; i < slice.length; i += 60) expect((await call("POST", ents(appId, entity, "/bulk"), { token, body: slice.slice(i, i + 60) })).status).toBe(201);
    };
    // a third before the entity spreads (plain ids, shard 0), the rest after: one by one and in bulk
    await put("Spread", rows.slice(0, 80));
    await put("Single", rows.slice(0, 80));
    expect(await RecordShards.widen(appId, "Spread", 8)).toBe(true);
    expect(RecordIndexes.spreadOf(await RecordIndexes.readState(appId, "Spread", true))).toBe(8);
    for (const row of rows.slice(80, 100)) {
      for (const entity of ["Spread", "Single"]) expect((await call("POST", ents(appId, entity), { token, body: row })).status).toBe(201);
    }
    await put("Spread", rows.slice(100));
    await put("Single", rows.slice(100));

    const stored = await partitions("Spread");
    expect(stored.get(Keys.recordsPartition(appId, "Spread", 0))).toBeGreaterThanOrEqual(80);
    expect(stored.size).toBeGreaterThanOrEqual(6);
    expect([...stored.values()].reduce((a, b) => a + b, 0)).toBe(240);
    expect([...(await partitions("Single")).keys()]).toEqual([Keys.recordsPartition(appId, "Single", 0)]);
    const all = (await list("Spread", { sort: "created_date" })).body as EntityRecord[];
    expect(all.slice(0, 80).every((r) => r.id.length === 26)).toBe(true);
    expect(all.slice(80).every((r) => r.id.length === 27)).toBe(true);

    await until("both entities' declared index", async () => plan(await list("Spread", { q: { price: 7 } })) === "index:price" && plan(await list("Single", { q: { price: 7 } })) === "index:price");
    const queries: Record<string, unknown>[] = [
      {},
      { sort: "-created_date", limit: 30 },
      { sort: "created_date", skip: 70, limit: 25 },
      { q: { price: 7 } },
      { q: { price: { $gte: 10, $lt: 20 } }, sort: "price", skip: 7, limit: 25 },
      { q: { project_id: "p3" }, sort: "-created_date" },
      { q: { project_id: { $in: ["p1", "p4"] } }, sort: "name" },
      { q: { done: true, due: { $gt: "2026-06-01" } }, sort: "-due" },
      { sort: "-updated_date", limit: 40 },
      { sort: "name", limit: 50 },
    ];
    for (const query of queries) {
      const [spread, single] = [await list("Spread", query), await list("Single", query)];
      expect(names(spread.body), JSON.stringify(query)).toEqual(names(single.body));
      expect(spread.body.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(plan(spread), JSON.stringify(query)).toBe(plan(single));
    }
    for (const query of [{ sort: "-created_date", limit: 17 }, { q: { price: { $lte: 12 } }, sort: "-price", limit: 23 }, { q: { project_id: "p2" }, limit: 9 }]) {
      const [spread, single] = [await pages("Spread", query), await pages("Single", query)];
      expect(names(spread), JSON.stringify(query)).toEqual(names(single));
    }

    expect(await count("Spread")).toEqual({ n: 240, plan: "counter" });
    expect((await count("Spread", { project_id: "p5" })).n).toBe(rows.filter((r) => r.project_id === "p5").length);

    // a record of a further shard read, changed and deleted by id, and the count follows
    const last = all[all.length - 1];
    expect((await call("GET", ents(appId, "Spread", `/${last.id}`), { token })).body.name).toBe(last.name);
    expect((await call("PUT", ents(appId, "Spread", `/${last.id}`), { token, body: { price: 999 } })).body.price).toBe(999);
    expect(names((await list("Spread", { q: { price: 999 } })).body)).toEqual([last.name]);
    expect((await call("DELETE", ents(appId, "Spread", `/${last.id}`), { token })).status).toBe(200);
    expect((await call("GET", ents(appId, "Spread", `/${last.id}`), { token })).status).toBe(404);
    const gone = await call("DELETE", ents(appId, "Spread"), { token, body: { project_id: "p0" } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const p0 = all.slice(0, 239).filter((r) => r.project_id === "p0").length;
    expect(gone.body.deleted).toBe(p0);
    const left = 239 - p0;
    expect(await count("Spread")).toEqual({ n: left, plan: "counter" });
    expect((await list("Spread", {})).body.length).toBe(left);
  }, 300_000);

  it("a write DynamoDB throttles spreads the entity, and is answered 429 to be sent again", async () => {
    await writeEntity("Hot");
    expect((await call("POST", ents(appId, "Hot"), { token, body: rows[0] })).status).toBe(201);
    expect(RecordIndexes.spreadOf(await RecordIndexes.readState(appId, "Hot", true))).toBe(1);
    throttled = 0;
    const record = { id: RecordShards.newId(1), created_date: new Date().toISOString(), updated_date: new Date().toISOString(), created_by: null, created_by_id: null, is_sample: false, name: "hot" };
    let refused: unknown;
    try {
      await Records.insert(appId, "Hot", record as EntityRecord);
    } catch (err) {
      refused = err;
    }
    const attempts = throttled;
    throttled = null;
    expect(attempts).toBeGreaterThan(0);
    expect(refused).toBeInstanceOf(VisibleError);
    expect((refused as VisibleError).status).toBe(429);
    expect(RecordIndexes.spreadOf(await RecordIndexes.readState(appId, "Hot", true))).toBe(2);
    // the next creates land in either shard, and the entity reads whole
    for (let i = 1; i <= 12; i++) expect((await call("POST", ents(appId, "Hot"), { token, body: rows[i] })).status).toBe(201);
    expect((await partitions("Hot")).size).toBe(2);
    expect(names((await list("Hot", { sort: "created_date" })).body)).toEqual(names(rows.slice(0, 13)));
    expect((await count("Hot")).n).toBe(13);
  }, 120_000);

  afterAll(async () => {
    dynamo.close();
    // a removed entity leaves nothing in any shard: records, entries, counters
    await AppFiles.remove(appId, "entities/Spread");
    await RecordUpkeep.run(appId, "Spread");
    expect((await partitions("Spread")).size).toBe(0);
    for (let shard = 1; shard < 8; shard++) {
      const stats = Keys.recordStats(appId, "Spread", shard);
      expect(await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": stats.pk } })).toEqual([]);
      expect(await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.recordEntriesPartition(appId, "Spread", "price", shard) } })).toEqual([]);
    }
  }, 120_000);
});
