/**
 * Queries on 100k records of one entity whose schema declares no index, for test/bench/run.ts
 * (section "scale"): through the HTTP API as an SDK app calls it, each of equality on a link
 * field (indexed from the start), equality on a plain field (1 match), sort by a plain field,
 * a range on a date field (each after its first query scanned and the automatic backfill
 * ran; that first scan is a row of its own), count, and list sorted by -updated_date limit
 * 50, against get by id measured in the same run. Every answer is checked (its records and
 * its query plan); speed is reported as each query's p50 over get-by-id's p50 (target ≤ 3×).
 * A last row prints the write units a create costs in the cloud with these indexes.
 *
 * The records are seeded in process with Records.insertMany (the stack runs in this
 * process): transactions of 99 records and their counter change, not 100k HTTP calls.
 */
import { monotonicFactory } from "ulid";
import { RecordIndexes } from "../../functions/core/records/indexes";
import { Records } from "../../functions/core/records/records";

const RECORDS = 100_000;
const WARMUP = 5;
const SAMPLES = 60;
const DAY = 86_400_000;
const START = Date.parse("2025-01-01T00:00:00Z");
/** placed dates spread evenly over two years: ~137 a day, so a 6-hour window holds ~34 */
const SPAN = 730 * DAY;
/** ~100 orders per customer */
const CUSTOMERS = 1_000;

export interface ScaleRow {
  what: string;
  samples: number[];
  extra: string;
  unit?: "count";
}

type Answer = { status: number; body: any; plan: string | null };

export async function scaleQueries(url: string, adminToken: string): Promise<ScaleRow[]> {
  const call = async (method: string, path: string, token: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    const answer = { status: res.status, body: text ? JSON.parse(text) : undefined, plan: res.headers.get("x-kiln-query-plan") };
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return answer;
  };
  const email = `scale-${Date.now().toString(36)}@bench.kiln`;
  const { access_token: token } = (await call("POST", "/api/local/token", "", { email })).body;
  const me = (await call("GET", "/api/auth/me", token)).body;
  await call("POST", `/api/auth/${me.id}/update-user`, adminToken, { subscription_tier: "pro" });
  const appId: string = (await call("POST", "/api/apps", token, { user_description: "An order book" })).body.id;
  for (let i = 0; (await call("GET", `/api/apps/${appId}`, token)).body.status.state === "processing"; i++) {
    if (i > 600) throw new Error("the app did not finish building");
    await new Promise((r) => setTimeout(r, 100));
  }
  // no "x-kiln-index" anywhere: the link field is indexed from the start, the rest once queried
  const schema = {
    name: "Order",
    type: "object",
    properties: {
      customer_id: { type: "string" },
      code: { type: "string" },
      placed: { type: "string", format: "date-time" },
      amount: { type: "number" },
    },
  };
  await call("POST", `/api/apps/${appId}/coding/write`, token, { file_path: "entities/Order", content: JSON.stringify(schema) });
  const ents = `/api/apps/${appId}/entities/Order`;
  for (let i = 0; (await call("GET", `${ents}/count`, token)).plan !== "counter"; i++) {
    if (i > 600) throw new Error("the Order entity's indexes were not built");
    await new Promise((r) => setTimeout(r, 100));
  }

  process.stdout.write(`seeding ${RECORDS} records… `);
  const seedStart = performance.now();
  const nextId = monotonicFactory();
  const placedOf = (i: number) => new Date(START + Math.floor((i * SPAN) / RECORDS)).toISOString();
  const customerOf = (i: number) => `cust${String(i % CUSTOMERS).padStart(4, "0")}`;
  const ids: string[] = [];
  for (let i = 0; i < RECORDS; i += 5000) {
    const now = new Date().toISOString();
    const batch = Array.from({ length: Math.min(5000, RECORDS - i) }, (_, j) => {
      const n = i + j;
      const id = nextId().toLowerCase();
      ids.push(id);
      return { id, created_date: now, updated_date: now, created_by: email, created_by_id: me.id, is_sample: false, customer_id: customerOf(n), code: `ORD-${n}`, placed: placedOf(n), amount: (n * 7919) % 100_003 };
    });
    await Records.insertMany(appId, "Order", batch, RecordIndexes.schemaFields(schema));
  }
  const seedSeconds = (performance.now() - seedStart) / 1000;
  console.log(`${seedSeconds.toFixed(1)} s`);

  const pick = () => Math.floor(Math.random() * RECORDS);
  const q = (filter: unknown, rest = "") => `?q=${encodeURIComponent(JSON.stringify(filter))}${rest}`;

  // The first query on each plain field scans all 100k records and asks for its index; the backfill job then builds it.
  const firstScans: number[] = [];
  for (const path of [`${ents}${q({ code: "ORD-7" })}`, `${ents}?sort=amount&limit=50`, `${ents}${q({ placed: { $gte: placedOf(500) } }, "&limit=5")}`]) {
    const s = performance.now();
    const a = await call("GET", path, token);
    firstScans.push(performance.now() - s);
    if (a.plan !== "scan") throw new Error(`the first query of ${path} read ${a.plan}, not a scan`);
  }
  process.stdout.write("building the automatic indexes… ");
  const buildStart = performance.now();
  const expected = { code: "index:code", amount: "index:amount", placed: "index:placed" };
  for (let i = 0; ; i++) {
    const fields = (await RecordIndexes.state(appId, "Order")).fields;
    if (Object.keys(expected).every((f) => fields[f]?.state === "ready")) break;
    if (i > 3000) throw new Error(`the automatic indexes were not built: ${JSON.stringify(fields)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const buildSeconds = (performance.now() - buildStart) / 1000;
  console.log(`${buildSeconds.toFixed(1)} s`);
  const kinds: { what: string; run: () => Promise<string | null> }[] = [
    {
      what: "get by id",
      run: async () => {
        const n = pick();
        const a = await call("GET", `${ents}/${ids[n]}`, token);
        if (a.body.code !== `ORD-${n}`) throw new Error(`get answered ${JSON.stringify(a.body).slice(0, 200)}`);
        return null;
      },
    },
    {
      what: "equality on a link field (page of 50 of ~100)",
      run: async () => {
        const c = customerOf(pick());
        const a = await call("GET", `${ents}${q({ customer_id: c }, "&limit=50")}`, token);
        if (a.body.length !== 50 || a.body.some((r: { customer_id: string }) => r.customer_id !== c)) throw new Error(`link equality answered ${a.body.length} records`);
        return a.plan;
      },
    },
    {
      what: "equality on a plain field (1 match, index built after its first query)",
      run: async () => {
        const n = pick();
        const a = await call("GET", `${ents}${q({ code: `ORD-${n}` })}`, token);
        if (a.body.length !== 1 || a.body[0].id !== ids[n]) throw new Error(`equality answered ${a.body.length} records`);
        return a.plan;
      },
    },
    {
      what: "sort by a plain field limit 50 (index built after its first query)",
      run: async () => {
        const a = await call("GET", `${ents}?sort=-amount&limit=50`, token);
        if (a.body.length !== 50 || a.body.some((r: { amount: number }, i: number) => i > 0 && r.amount > a.body[i - 1].amount)) throw new Error("sort answered a wrong page");
        return a.plan;
      },
    },
    {
      what: "count",
      run: async () => {
        const a = await call("GET", `${ents}/count`, token);
        if (a.body.count !== RECORDS) throw new Error(`count answered ${a.body.count}`);
        return a.plan;
      },
    },
    {
      what: "list -updated_date limit 50",
      run: async () => {
        const a = await call("GET", `${ents}?sort=-updated_date&limit=50`, token);
        if (a.body.length !== 50 || a.body.some((r: { updated_date: string }, i: number) => i > 0 && r.updated_date > a.body[i - 1].updated_date)) throw new Error("list answered a wrong page");
        return a.plan;
      },
    },
    {
      what: "range on a date field (6 hours, ~34 matches)",
      run: async () => {
        const from = START + Math.floor(Math.random() * (SPAN - DAY));
        const [lo, hi] = [new Date(from).toISOString(), new Date(from + DAY / 4).toISOString()];
        const a = await call("GET", `${ents}${q({ placed: { $gte: lo, $lt: hi } }, "&limit=500")}`, token);
        const expected = Math.ceil(((from + DAY / 4 - START) * RECORDS) / SPAN) - Math.ceil(((from - START) * RECORDS) / SPAN);
        if (a.body.length !== expected || a.body.some((r: { placed: string }) => r.placed < lo || r.placed >= hi)) throw new Error(`range answered ${a.body.length} records, expected ${expected}`);
        return a.plan;
      },
    },
  ];

  // The stack keeps working after the seeding (the stream records 100k changes into the history): the kinds take
  // turns, one sample each per round, so whatever else the machine does weighs on every kind alike, the baseline too.
  const results = new Map(kinds.map((kind) => [kind.what, { samples: [] as number[], plans: new Set<string | null>() }]));
  for (let i = 0; i < WARMUP; i++) for (const kind of kinds) await kind.run();
  for (let i = 0; i < SAMPLES; i++) {
    for (const kind of kinds) {
      const s = performance.now();
      const plan = await kind.run();
      const result = results.get(kind.what)!;
      result.samples.push(performance.now() - s);
      result.plans.add(plan);
    }
  }
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const base = p50(results.get("get by id")!.samples);
  return kinds.map(({ what }) => {
    const { samples, plans } = results.get(what)!;
    const ratio = p50(samples) / base;
    const plan = [...plans].filter(Boolean).join(", ");
    const extra = what === "get by id" ? `the baseline; ${RECORDS} records seeded in ${seedSeconds.toFixed(1)} s` : `plan ${plan || "–"}; ${ratio.toFixed(2)}× get by id (target ≤ 3×)`;
    return { what: `scale: ${what}, ${RECORDS / 1000}k records`, samples, extra };
  }).concat([
    { what: `scale: first query on an unindexed field (a scan), ${RECORDS / 1000}k records`, samples: firstScans, extra: `answers, never refuses; its 3 fields' indexes then built in ${buildSeconds.toFixed(1)} s` },
    writeUnits(ids.length ? { id: ids[0], created_date: START_ISO, updated_date: START_ISO, created_by: email, created_by_id: me.id, is_sample: false, customer_id: customerOf(0), code: "ORD-0", placed: placedOf(0), amount: 0 } : {}),
  ]);
}

const START_ISO = new Date(START).toISOString();

/**
 * What creating one of these records costs in DynamoDB write units in the cloud, on paper: the
 * record (1 unit per KB, doubled in a transaction), its 3 built-in GSI entries (the whole item
 * projected), and 2 units per index entry (a small item, in the transaction); before, every
 * record carried 6 GSI entries whether or not they were used. The counter shard's change is
 * shared by a group commit and left out.
 */
function writeUnits(record: Record<string, unknown>): ScaleRow {
  const kb = Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify({ rec: record, pk: "REC#app#Order", sk: record.id, version: 1 })) / 1024));
  const entries = ["customer_id", "code", "amount", "placed"].length;
  const now = 2 * kb + 3 * kb + 2 * entries;
  const before = 2 * kb + 6 * kb;
  return {
    what: "scale: write units per created record (cloud, on paper)",
    samples: [now],
    unit: "count",
    extra: `${now} WCU: the record ${2 * kb}, 3 built-in GSIs ${3 * kb}, ${entries} index entries ${2 * entries}; with only its link field indexed ${5 * kb + 2}; before (6 GSIs on every record, 3 usable) ${before}`,
  };
}
