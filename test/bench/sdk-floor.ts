/**
 * The floor under the SDK workload (test/bench/sdk-workload.ts): the same seeded plan sent
 * straight to the DynamoDB Local that Kiln's stack runs, as the fewest table calls each op
 * needs, with no Kiln code in between: get → one consistent GetItem; create → one
 * conditional PutItem; update → one conditional UpdateItem (ALL_NEW, so the answer is the
 * record); delete → one conditional DeleteItem; filter/list → a Query newest first (a
 * filter reads further pages only when the first holds fewer than a page of matches).
 * The same number of concurrent clients; every answer checked; DynamoDB Local's Java CPU
 * per op measured over the run, less what it spends idle meanwhile (Kiln's stream poller).
 *
 * Two tables, both made here: "bare" (pk/sk only: the absolute floor) and "Kiln's shape"
 * (its six generic GSIs, a stream, and the three index entries every Kiln record carries),
 * so the table shows what the item design costs apart from Kiln's code. Both run in Kiln's
 * DynamoDB Local after Kiln's run, as its writes do: there a write to a table with a stream
 * costs more the more stream records the instance already holds, whichever table they are of.
 */
import { CreateTableCommand, DeleteTableCommand, DynamoDBClient, waitUntilTableExists } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { monotonicFactory } from "ulid";
import type { Step } from "./sdk-plan";
import type { Measured } from "./sdk-server";

type Kind = Step["kind"];
type Item = Record<string, unknown>;

export interface FloorRun {
  /** what the row calls this table */
  variant: string;
  seed: Measured;
  mixed: Measured;
  /** Query calls per filter or list op, on average */
  queriesPerRead: number;
  /** DynamoDB Local's CPU while no op ran (Kiln's stream poller keeps polling), in % of a core: taken out of the per-op figure */
  idlePercent: number;
}

export interface FloorOptions {
  /** DynamoDB Local's endpoint (Kiln's stack's own) */
  endpoint: string;
  /** CPU ms by program name of the process tree holding DynamoDB Local, now */
  cpu: () => Map<string, number> | undefined;
  seedSteps: Step[];
  mixedSteps: Step[];
  clients: number;
  page: number;
}

const GSIS = ["gsi1", "gsi2", "gsi3", "gsi4", "gsi5", "gsi6"];
const OWNER = "floor@bench.kiln";
/** A filter's Query pages: the plan's filter matches ~45% of records, so a page of matches is usually found in one. */
const FILTER_PAGE = 125;
/** How long DynamoDB Local's idle CPU is measured before each table's run. */
const IDLE_MS = 3_000;

export async function dynamoFloor(options: FloorOptions): Promise<FloorRun[]> {
  const base = new DynamoDBClient({ endpoint: options.endpoint, region: "us-east-1", credentials: { accessKeyId: "floor", secretAccessKey: "floor" } });
  const doc = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
  const runs: FloorRun[] = [];
  try {
    for (const kiln of [false, true]) {
      const name = `bench-floor-${kiln ? "kiln" : "bare"}-${Date.now().toString(36)}`;
      await createTable(base, name, kiln);
      try {
        runs.push(await runOn(doc, name, kiln, options));
      } finally {
        await base.send(new DeleteTableCommand({ TableName: name })).catch(() => undefined);
      }
    }
  } finally {
    base.destroy();
  }
  return runs;
}

async function createTable(client: DynamoDBClient, name: string, kiln: boolean) {
  const indexed = kiln ? GSIS : [];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: ["pk", "sk", ...indexed.flatMap((g) => [`${g}pk`, `${g}sk`])].map((a) => ({ AttributeName: a, AttributeType: "S" })),
      KeySchema: [
        { AttributeName: "pk", KeyType: "HASH" },
        { AttributeName: "sk", KeyType: "RANGE" },
      ],
      GlobalSecondaryIndexes: kiln
        ? indexed.map((g) => ({
            IndexName: g,
            KeySchema: [
              { AttributeName: `${g}pk`, KeyType: "HASH" as const },
              { AttributeName: `${g}sk`, KeyType: "RANGE" as const },
            ],
            Projection: { ProjectionType: "ALL" as const },
          }))
        : undefined,
      StreamSpecification: kiln ? { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } : undefined,
    }),
  );
  await waitUntilTableExists({ client, maxWaitTime: 30 }, { TableName: name });
}

async function runOn(doc: DynamoDBDocumentClient, table: string, kiln: boolean, options: FloorOptions): Promise<FloorRun> {
  const pk = "REC#floorapp#Task";
  const nextId = monotonicFactory();
  const live: string[] = [];
  let doomed: string[] = [];
  let queries = 0;
  let reads = 0;
  /** The index entries a Kiln record carries (record-indexes.ts): updated_date, created_by, created_date. */
  const indexes = (r: Item): Item =>
    kiln
      ? {
          gsi1pk: pk,
          gsi1sk: `${r.updated_date}#${r.id}`,
          gsi2pk: `${pk}#created_by`,
          gsi2sk: `2${OWNER}\u0001${r.id}`,
          gsi3pk: `${pk}#created_date`,
          gsi3sk: `2${r.created_date}\u0001${r.id}`,
        }
      : {};
  const fail = (step: Step, what: string): never => {
    throw new Error(`DynamoDB Local floor (${table}): ${step.kind} answered ${what}`);
  };
  /** Newest first until a page of matches (or the partition ends). */
  const newest = async (step: Step, matches: (r: Item) => boolean, filter?: { expression: string; values: Item }): Promise<Item[]> => {
    const found: Item[] = [];
    let start: Item | undefined;
    reads++;
    do {
      queries++;
      const page = await doc.send(
        new QueryCommand({
          TableName: table,
          KeyConditionExpression: "pk = :p",
          FilterExpression: filter?.expression,
          ExpressionAttributeNames: filter ? { "#r": "rec" } : undefined,
          ExpressionAttributeValues: { ":p": pk, ...filter?.values },
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: step.kind === "list" ? options.page : FILTER_PAGE,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const r = item.rec as Item;
        if (!matches(r)) continue;
        found.push(r);
        if (found.length === options.page) return found;
      }
      start = page.LastEvaluatedKey;
    } while (start && step.kind !== "list");
    return found;
  };

  const op = async (step: Step): Promise<void> => {
    switch (step.kind) {
      case "create": {
        const now = new Date().toISOString();
        const rec = { id: nextId().toLowerCase(), created_date: now, updated_date: now, created_by: OWNER, created_by_id: "floor", is_sample: false, ...step.data };
        await doc.send(new PutCommand({ TableName: table, Item: { pk, sk: rec.id, ...indexes(rec), rec, version: 1 }, ConditionExpression: "attribute_not_exists(pk)" }));
        live.push(rec.id);
        return;
      }
      case "get": {
        const id = live[Math.floor(step.pick * live.length)];
        const { Item } = await doc.send(new GetCommand({ TableName: table, Key: { pk, sk: id }, ConsistentRead: true }));
        if ((Item?.rec as Item | undefined)?.id !== id) fail(step, `${JSON.stringify(Item)} for ${id}`);
        return;
      }
      case "update": {
        const id = live[Math.floor(step.pick * live.length)];
        const now = new Date().toISOString();
        const { Attributes } = await doc.send(
          new UpdateCommand({
            TableName: table,
            Key: { pk, sk: id },
            UpdateExpression: `SET #r.done = :d, #r.n = :n, #r.updated_date = :u, version = version + :one${kiln ? ", gsi1sk = :g" : ""}`,
            ConditionExpression: "attribute_exists(pk)",
            ExpressionAttributeNames: { "#r": "rec" },
            ExpressionAttributeValues: { ":d": step.data.done, ":n": step.data.n, ":u": now, ":one": 1, ...(kiln ? { ":g": `${now}#${id}` } : {}) },
            ReturnValues: "ALL_NEW",
          }),
        );
        const r = Attributes?.rec as Item | undefined;
        if (r?.id !== id || r.done !== step.data.done || r.n !== step.data.n) fail(step, `${JSON.stringify(r)} for ${id}`);
        return;
      }
      case "delete": {
        const id = doomed.pop();
        if (!id) throw new Error("the plan deletes more records than were set aside for deletion");
        await doc.send(new DeleteCommand({ TableName: table, Key: { pk, sk: id }, ConditionExpression: "attribute_exists(pk)" }));
        return;
      }
      case "filter": {
        const open = (r: Item) => r.done === false && (r.n as number) >= 10;
        for (const r of await newest(step, open, { expression: "#r.done = :f AND #r.n >= :ten", values: { ":f": false, ":ten": 10 } })) if (!open(r)) fail(step, JSON.stringify(r));
        return;
      }
      case "regex": {
        // DynamoDB has no regular expressions: the rows are matched as they arrive, as any server on it would.
        await newest(step, (r) => /bravo$/.test(String(r.title)));
        return;
      }
      case "list": {
        const page = await newest(step, () => true);
        if (page.length !== options.page) fail(step, `${page.length} records, expected ${options.page}`);
        return;
      }
    }
  };

  // What DynamoDB Local spends with no op running, measured just before: it is not the floor's.
  const idle0 = options.cpu()?.get("java");
  const idleStart = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const idle1 = options.cpu()?.get("java");
  const idleRate = idle0 !== undefined && idle1 !== undefined ? Math.max(0, (idle1 - idle0) / (performance.now() - idleStart)) : 0;

  const drive = async (steps: Step[]): Promise<Measured> => {
    const ms = new Map<Kind, number[]>();
    let next = 0;
    const cpu0 = options.cpu();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: options.clients }, async () => {
        while (next < steps.length) {
          const step = steps[next++];
          const s = performance.now();
          try {
            await op(step);
          } catch (err) {
            next = steps.length;
            throw err;
          }
          const list = ms.get(step.kind) ?? [];
          list.push(performance.now() - s);
          ms.set(step.kind, list);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = options.cpu();
    // Only DynamoDB Local's own CPU, less what it spends idle: Kiln's Node process idles meanwhile, and this is the floor.
    const cpuMs = cpu0 && cpu1 ? new Map([["java", Math.max(0, (cpu1.get("java") ?? 0) - (cpu0.get("java") ?? 0) - idleRate * seconds * 1000)]]) : undefined;
    return { ms, seconds, ops: steps.length, cpuMs };
  };

  const seed = await drive(options.seedSteps);
  const deletes = options.mixedSteps.filter((s) => s.kind === "delete").length;
  doomed = live.splice(0, deletes);
  const mixed = await drive(options.mixedSteps);
  return { variant: kiln ? "DynamoDB Local floor, Kiln's table shape" : "DynamoDB Local floor, bare table", seed, mixed, queriesPerRead: reads ? queries / reads : 0, idlePercent: idleRate * 100 };
}
