import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { AppFiles } from "../../functions/core/apps/files";
import { Keys } from "../../functions/core/keys";
import { batchWrite, queryAll } from "../../functions/core/db";
import { RecordIndexes } from "../../functions/core/records/indexes";
import { RecordUpkeep } from "../../functions/core/records/upkeep";
import { ents, listRecords, namesOf as names, pageRecords, planOf as plan, qs, writeEntity as writeEntityOf } from "./entities-helpers";
import { builtApp, call, signedIn, tokenFor, until, useStackLinks } from "./helpers";

/**
 * Record indexes, the query planner, maintained counts and the record-upkeep job (issue 14),
 * driven over HTTP as the SDK drives them; the table is read directly only to see that a
 * cleanup really removed the records, and the job is run here too, several at once, as the worker may.
 */
useStackLinks();

let token: string;
let appId: string;

const writeEntity = (name: string, properties: Record<string, unknown>) => writeEntityOf(token, appId, name, properties);
const list = (entity: string, params: Record<string, unknown>) => listRecords(token, appId, entity, params);
const pages = (entity: string, params: Record<string, unknown>) => pageRecords(token, appId, entity, params);

beforeAll(async () => {
  const user = await signedIn("indexes");
  const admin = await tokenFor("admin@kiln.local");
  expect((await call("POST", `/api/auth/${user.user.id}/update-user`, { token: admin, body: { subscription_tier: "builder" } })).status).toBe(200);
  token = user.token;
  appId = (await builtApp(token, "A simple task tracker")).id;
}, 120_000);

describe("the query planner", () => {
  /** true: declared indexes; false: never indexed (the scan every answer is compared with); undefined: nobody says */
  const fields = (hint: boolean | undefined) => ({
    name: { type: "string", "x-kiln-index": hint },
    price: { type: "number", "x-kiln-index": hint },
    due: { type: "string", format: "date", "x-kiln-index": hint },
    done: { type: "boolean", ...(hint === false ? { "x-kiln-index": false } : {}) },
  });

  it("answers exactly what a scan answers, through the indexes, and says which plan it used", async () => {
    await writeEntity("Item", fields(true));
    await writeEntity("Plain", fields(false));
    await writeEntity("Auto", fields(undefined));
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const rows = Array.from({ length: 300 }, (_, i) => {
      const row: Record<string, unknown> = { name: `n${String(Math.floor(random() * 1e6)).padStart(6, "0")}-${i}`, done: random() < 0.5 };
      const p = random();
      if (p < 0.9) row.price = p < 0.1 ? -Math.floor(random() * 20) - 0.5 : Math.floor(random() * 40);
      else if (p < 0.95) row.price = null;
      if (random() < 0.85) row.due = `2026-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-${String(1 + Math.floor(random() * 28)).padStart(2, "0")}`;
      return row;
    });
    for (const entity of ["Item", "Plain", "Auto"]) {
      for (let i = 0; i < rows.length; i += 100) expect((await call("POST", ents(appId, entity, "/bulk"), { token, body: rows.slice(i, i + 100) })).status).toBe(201);
    }
    await until("the Item indexes", async () => plan(await list("Item", { q: { price: 7 } })) === "index:price");

    const queries: Record<string, unknown>[] = [
      { q: { price: 7 } },
      { q: { name: rows[42].name } },
      { q: { price: { $in: [3, 9, 21, null] } }, sort: "-price" },
      { q: { price: [3, 9, 21] }, sort: "name" },
      { q: { $or: [{ price: 4 }, { price: 5 }] }, sort: "-created_date" },
      { q: { price: { $gte: 10, $lt: 30 } }, sort: "price", skip: 7, limit: 25 },
      { q: { price: { $lt: 5 } }, sort: "-price", limit: 40 },
      { q: { due: { $gt: "2026-03-01" }, done: false }, sort: "-due", limit: 30 },
      { q: { due: { $lte: "2026-06-15" } }, sort: "-updated_date" },
      { sort: "price", skip: 5, limit: 20 },
      { sort: "-due", limit: 50 },
    ];
    for (const query of queries) {
      const [indexed, scanned] = [await list("Item", query), await list("Plain", query)];
      expect(names(indexed.body), JSON.stringify(query)).toEqual(names(scanned.body));
      expect(indexed.body.length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(plan(indexed), JSON.stringify(query)).toMatch(/^index:(price|name|due)$/);
      expect(plan(scanned), JSON.stringify(query)).toBe("scan");
    }

    // Nobody declared Auto's indexes: each query's first run scans and asks for its fields; a job backfills them, then they serve
    for (const query of queries) {
      const [auto, scanned] = [await list("Auto", query), await list("Plain", query)];
      expect(names(auto.body), JSON.stringify(query)).toEqual(names(scanned.body));
    }
    const autoPlan = async (q: Record<string, unknown>) => plan(await list("Auto", { q }));
    await until("Auto's automatic indexes", async () => (await autoPlan({ price: 7 })) === "index:price" && (await autoPlan({ name: "x" })) === "index:name" && (await autoPlan({ due: "2026-01-01" })) === "index:due");
    for (const query of queries) {
      const [auto, scanned] = [await list("Auto", query), await list("Plain", query)];
      expect(names(auto.body), JSON.stringify(query)).toEqual(names(scanned.body));
      expect(plan(auto), JSON.stringify(query)).toMatch(/^index:(price|name|due)$/);
      expect(plan(scanned), JSON.stringify(query)).toBe("scan");
    }
    // only the fields queries scanned for get an index, and none the schema opts out of
    const autoState = RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, "Auto", true));
    expect(Object.keys(autoState).sort()).toEqual(["done", "due", "name", "price"]);
    expect(Object.keys(RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, "Plain", true)))).toEqual([]);

    const cursorQuery = { q: { price: { $gte: 5 } }, sort: "-price", limit: 17 };
    const [indexed, scanned] = [await pages("Item", cursorQuery), await pages("Plain", cursorQuery)];
    expect(names(indexed.items)).toEqual(names(scanned.items));
    expect(indexed.items.length).toBe(rows.filter((r) => typeof r.price === "number" && r.price >= 5).length);
    expect([...indexed.plans]).toEqual(["index:price"]);

    const counted = await call("GET", ents(appId, "Item", `/count${qs({ q: { price: { $lt: 10 } } })}`), { token });
    expect(counted.body.count).toBe(rows.filter((r) => typeof r.price === "number" && r.price < 10).length);
    expect(plan(counted)).toBe("index:price");

    const me = (await list("Item", { limit: 1 })).body[0].created_by;
    const byCreator = await list("Item", { q: { created_by: me }, sort: "-created_date", limit: 10 });
    expect(plan(byCreator)).toBe("index:created_by");
    expect(names(byCreator.body)).toEqual(names((await list("Plain", { sort: "-created_date", limit: 10 })).body));
    const since = (await list("Item", { sort: "created_date", limit: 1, skip: 150 })).body[0].created_date;
    const range = await list("Item", { q: { created_date: { $gte: since } }, sort: "-created_date", limit: 500 });
    expect(plan(range)).toBe("index:created_date");
    expect(range.body.length).toBe((await list("Item", { sort: "created_date" })).body.filter((r: { created_date: string }) => r.created_date >= since).length);
  }, 300_000);
});

describe("counts", () => {
  it("stay exact under 20 concurrent creates and 10 concurrent deletes, read from the counter", async () => {
    await writeEntity("Tally", { label: { type: "string" } });
    await until("the Tally counter", async () => plan(await call("GET", ents(appId, "Tally", "/count"), { token })) === "counter");
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => call("POST", ents(appId, "Tally"), { token, body: { label: `t${i}` } })));
    expect(created.map((r) => r.status)).toEqual(Array(20).fill(201));
    const deleted = await Promise.all(created.slice(0, 10).map((r) => call("DELETE", ents(appId, "Tally", `/${r.body.id}`), { token })));
    expect(deleted.map((r) => r.status)).toEqual(Array(10).fill(200));
    const count = await call("GET", ents(appId, "Tally", "/count"), { token });
    expect(count.body.count).toBe(10);
    expect(plan(count)).toBe("counter");
    expect((await list("Tally", {})).body.length).toBe(10);
  }, 120_000);
});

describe("deleteMany", () => {
  it("deletes every match over more than one page, and the count follows", async () => {
    await writeEntity("Bulk", { tag: { type: "string" } });
    await until("the Bulk counter", async () => plan(await call("GET", ents(appId, "Bulk", "/count"), { token })) === "counter");
    const rows = Array.from({ length: 130 }, (_, i) => ({ tag: i % 13 === 0 ? "keep" : "drop" }));
    expect((await call("POST", ents(appId, "Bulk", "/bulk"), { token, body: rows })).status).toBe(201);
    const res = await call("DELETE", ents(appId, "Bulk"), { token, body: { tag: "drop" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.deleted).toBe(120);
    expect((await list("Bulk", {})).body.map((r: { tag: string }) => r.tag)).toEqual(Array(10).fill("keep"));
    expect((await call("GET", ents(appId, "Bulk", "/count"), { token })).body.count).toBe(10);
  }, 120_000);
});

describe("the record-upkeep job", () => {
  const stored = async (app: string, entity: string) =>
    (await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.recordsPartition(app, entity) }, ProjectionExpression: "pk" })).length;

  it("removes the records of an entity whose file is removed", async () => {
    await writeEntity("Gone", { label: { type: "string" } });
    expect((await call("POST", ents(appId, "Gone", "/bulk"), { token, body: [{ label: "a" }, { label: "b" }, { label: "c" }] })).status).toBe(201);
    expect(await stored(appId, "Gone")).toBe(3);
    await AppFiles.remove(appId, "entities/Gone");
    await until("the removed entity's records to go", async () => (await stored(appId, "Gone")) === 0);
  }, 120_000);

  it("removes every record of a deleted app, and its counters", async () => {
    const other = (await builtApp(token, "A simple task tracker")).id;
    const write = (name: string) => call("POST", `/api/apps/${other}/coding/write`, { token, body: { file_path: `entities/${name}`, content: JSON.stringify({ name, type: "object", properties: { label: { type: "string" } } }) } });
    const written = await write("Kept");
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const kept = Array.from({ length: 60 }, (_, i) => ({ label: `k${i}` }));
    expect((await call("POST", ents(other, "Kept", "/bulk"), { token, body: kept })).status).toBe(201);
    expect(await stored(other, "Kept")).toBe(60);
    expect((await call("DELETE", `/api/apps/${other}`, { token })).status).toBe(200);
    await until("the deleted app's records to go", async () => (await stored(other, "Kept")) === 0);
    await until("its counters to go", async () => (await queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.appRecordStatsPartition(other) } })).length === 0);
  }, 120_000);

  it("backfills an index declared later, which the planner then uses", async () => {
    await writeEntity("Late", { code: { type: "string" }, n: { type: "integer" } });
    const rows = Array.from({ length: 80 }, (_, i) => ({ code: `c${i % 20}`, n: i }));
    expect((await call("POST", ents(appId, "Late", "/bulk"), { token, body: rows })).status).toBe(201);
    const before = await list("Late", { q: { code: "c3" }, sort: "n" });
    expect(plan(before)).toBe("scan");
    await writeEntity("Late", { code: { type: "string", "x-kiln-index": true }, n: { type: "integer" } });
    await until("the late index", async () => plan(await list("Late", { q: { code: "c3" } })) === "index:code");
    const after = await list("Late", { q: { code: "c3" }, sort: "n" });
    expect(after.body.map((r: { n: number }) => r.n)).toEqual([3, 23, 43, 63]);
    expect(after.body.map((r: { n: number }) => r.n)).toEqual(before.body.map((r: { n: number }) => r.n));
  }, 120_000);

  const schemaOf = (name: string, indexed: "code" | "n" | null) =>
    JSON.stringify({ name, type: "object", properties: { code: { type: "string", "x-kiln-index": indexed === "code" }, n: { type: "integer", "x-kiln-index": indexed === "n" } } });
  const count = (entity: string) => call("GET", ents(appId, entity, "/count"), { token });

  /** An entity with 300 records and no index state or counters, as records kept from before indexes and counters existed. */
  async function uncountedEntity(name: string) {
    await AppFiles.write(appId, `entities/${name}`, schemaOf(name, null));
    const rows = Array.from({ length: 300 }, (_, i) => ({ code: `c${i % 20}`, n: i }));
    for (let i = 0; i < rows.length; i += 100) expect((await call("POST", ents(appId, name, "/bulk"), { token, body: rows.slice(i, i + 100) })).status).toBe(201);
    await until(`the ${name} counter`, async () => plan(await count(name)) === "counter");
    const stats = Keys.recordStats(appId, name);
    const items = await queryAll({ KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues: { ":p": stats.pk, ":s": stats.skPrefix }, ProjectionExpression: "pk, sk" });
    await batchWrite(items.map((Key) => ({ DeleteRequest: { Key } })));
    return rows;
  }

  it("makes the count exact even when records keep arriving while the job counts", async () => {
    await uncountedEntity("Busy");
    await AppFiles.write(appId, "entities/Busy", schemaOf("Busy", "n"));
    // records keep arriving until the job has written the new entries, so its first tries to count all see a change
    let added = 0;
    while (RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, "Busy", true)).n?.state !== "ready") {
      expect((await call("POST", ents(appId, "Busy"), { token, body: { code: "late", n: 1000 + added } })).status).toBe(201);
      added++;
    }
    await until("the Busy counter", async () => plan(await count("Busy")) === "counter");
    expect((await count("Busy")).body.count).toBe(300 + added);
    expect(plan(await list("Busy", { q: { n: 5 } }))).toBe("index:n");
  }, 180_000);

  it("ends on the stored schema's indexes when the schema is saved again while its backfill runs", async () => {
    const rows = await uncountedEntity("Churn");
    // a job per save, run at once as the worker runs them when a schema is saved twice in a row
    const jobs: Promise<void>[] = [];
    for (const indexed of ["n", "code"] as const) {
      await AppFiles.write(appId, "entities/Churn", schemaOf("Churn", indexed));
      jobs.push(RecordUpkeep.run(appId, "Churn"));
    }
    await Promise.all(jobs);
    const c3 = async () => (await list("Churn", { q: { code: "c3" }, sort: "n" })).body.map((r: { n: number }) => r.n);
    const expected = rows.filter((r) => r.code === "c3").map((r) => r.n);
    await until("the last schema's index", async () => plan(await list("Churn", { q: { code: "c3" } })) === "index:code" && isDeepStrictEqual(await c3(), expected));
    expect(await c3()).toEqual(expected);
    // the stored schema says n is never indexed ("x-kiln-index": false): a query on it scans, and answers exactly
    const n5 = await list("Churn", { q: { n: 5 } });
    expect(plan(n5)).toBe("scan");
    expect(n5.body.map((r: { n: number }) => r.n)).toEqual([5]);
    expect(RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, "Churn", true)).n).toBeUndefined();
    await until("the Churn counter", async () => plan(await count("Churn")) === "counter");
    expect((await count("Churn")).body.count).toBe(300);
  }, 180_000);

  it("indexes link fields from the start, and a field a query scanned for while records keep changing, missing none", async () => {
    await writeEntity("Visit", { client_id: { type: "string" }, room: { type: "string" }, n: { type: "integer" } });
    const fieldState = async (field: string) => RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, "Visit", true))[field]?.state;
    await until("the link field's index", async () => (await fieldState("client_id")) === "ready");
    const rows = Array.from({ length: 120 }, (_, i) => ({ client_id: `c${i % 6}`, room: `r${i % 4}`, n: i }));
    expect((await call("POST", ents(appId, "Visit", "/bulk"), { token, body: rows })).status).toBe(201);
    const byClient = await list("Visit", { q: { client_id: "c2" }, sort: "n" });
    expect(plan(byClient)).toBe("index:client_id");
    expect(byClient.body.map((r: { n: number }) => r.n)).toEqual(rows.filter((r) => r.client_id === "c2").map((r) => r.n));

    // nobody declared room: the first query scans and asks for it; records are created, moved and deleted while it builds
    expect(plan(await list("Visit", { q: { room: "r1" } }))).toBe("scan");
    expect(await fieldState("room")).toBe("building");
    const all = (await list("Visit", { limit: 1000 })).body as { id: string; n: number }[];
    let step = 0;
    while ((await fieldState("room")) !== "ready") {
      const target = all[step % all.length];
      if (step % 3 === 0) expect((await call("POST", ents(appId, "Visit"), { token, body: { client_id: "c9", room: "r1", n: 1000 + step } })).status).toBe(201);
      else if (step % 3 === 1) expect((await call("PUT", ents(appId, "Visit", `/${target.id}`), { token, body: { room: step % 2 ? "r1" : "r2" } })).status).toBe(200);
      else expect([200, 404]).toContain((await call("DELETE", ents(appId, "Visit", `/${target.id}`), { token })).status);
      step++;
    }
    expect(step).toBeGreaterThan(3);
    const everything = (await list("Visit", { limit: 5000, sort: "n" })).body as { room: string; n: number }[];
    const r1 = await list("Visit", { q: { room: "r1" }, sort: "n", limit: 5000 });
    expect(plan(r1)).toBe("index:room");
    expect(r1.body.map((r: { n: number }) => r.n)).toEqual(everything.filter((r) => r.room === "r1").map((r) => r.n));
  }, 180_000);

  it("indexes the fields a page's code filters and sorts on when the page is saved, before any query", async () => {
    await writeEntity("Chore", { room: { type: "string" }, effort: { type: "integer" }, note: { type: "string" } });
    expect((await call("POST", ents(appId, "Chore", "/bulk"), { token, body: Array.from({ length: 30 }, (_, i) => ({ room: `r${i % 3}`, effort: i, note: "x" })) })).status).toBe(201);
    const page = `import { Chore } from "@/entities/Chore";\nexport default function Chores() {\n  const load = () => Chore.filter({ room: "r1" }, "-effort");\n  return <button onClick={load}>Load</button>;\n}`;
    const saved = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: "pages/Chores", content: page } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const state = async () => RecordIndexes.fieldsOf(await RecordIndexes.readState(appId, "Chore", true));
    await until("the page's fields indexed", async () => (await state()).room?.state === "ready" && (await state()).effort?.state === "ready");
    expect(Object.keys(await state()).sort()).toEqual(["effort", "room"]);
    const first = await list("Chore", { q: { room: "r1" }, sort: "-effort" });
    expect(plan(first)).toBe("index:room");
    expect(first.body.map((r: { effort: number }) => r.effort)).toEqual([28, 25, 22, 19, 16, 13, 10, 7, 4, 1]);
  }, 120_000);

  it("refuses an index hint it cannot honour, saying why", async () => {
    const content = JSON.stringify({ name: "Bad", type: "object", properties: { tags: { type: "array", "x-kiln-index": true } } });
    const why = 'Field "tags" cannot be indexed: only string, number, integer and boolean fields can';
    const written = await call("POST", `/api/apps/${appId}/coding/write`, { token, body: { file_path: "entities/Bad", content } });
    expect(written.status).toBe(400);
    expect(written.body.message).toContain(why);
    // A file stored past the check (an older write) answers its calls with the same reason.
    await AppFiles.write(appId, "entities/Bad", content);
    const read = await call("GET", ents(appId, "Bad"), { token });
    expect(read.status).toBe(422);
    expect(read.body.message).toContain(why);
  });
});
