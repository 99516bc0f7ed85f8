/**
 * Chat send latency against the app's data, for test/bench/run.ts (section "chatsend"): the
 * answer of `POST /api/apps/{id}/chat/message` on an empty app and on one with 100k records,
 * sent alternately (so load on the shared machine falls on both alike), each round once both
 * turns have finished; target: the 100k app's median and p95 ≤ 1.5× the empty app's. Then a
 * restore with data of the 100k app's checkpoint after changes on both sides of it: checked
 * record by record (more than the old 20 MB snapshot limit), and its time reported.
 *
 * The records are seeded in process with Records.insertMany (the stack runs in this process),
 * not 100k HTTP calls. Sending never waits for the table's stream; the restore does (it needs
 * the history up to now), so the local stream's backlog from the seed is waited out first.
 */
import { monotonicFactory } from "ulid";
import type { EntityRecord } from "../../schemas/entities";
import { Records } from "../../functions/core/records/records";

const RECORDS = 100_000;
const WARMUP = 2;
const ROUNDS = 20;
const CHANGES = 300;

export interface ChatSendRow {
  what: string;
  samples: number[];
  extra: string;
}

const sorted = (samples: number[]) => [...samples].sort((a, b) => a - b);
const pct = (samples: number[], p: number) => {
  const s = sorted(samples);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
};

export async function chatSend(url: string, adminToken: string): Promise<ChatSendRow[]> {
  const call = async (method: string, path: string, token: string, body?: unknown, ok = true) => {
    const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    if (ok && res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const poll = async <T>(what: string, read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const email = `chatsend-${Date.now().toString(36)}@bench.kiln`;
  const { access_token: token } = (await call("POST", "/api/local/token", "", { email })).body;
  const me = (await call("GET", "/api/auth/me", token)).body;
  // more messages than the Free plan's 7 a day
  await call("POST", `/api/auth/${me.id}/update-user`, adminToken, { subscription_tier: "pro" });
  const ready = (appId: string) =>
    poll(`app ${appId} ready`, async () => ((await call("GET", `/api/apps/${appId}`, token)).body.status.state === "processing" ? undefined : true), 120_000);
  const appOf = async () => {
    const id: string = (await call("POST", "/api/apps", token, { user_description: "A CRM to track customers, deals and follow-up tasks" })).body.id;
    await ready(id);
    return (await call("GET", `/api/apps/${id}`, token)).body;
  };
  const empty = await appOf();
  const big = await appOf();
  const entity = Object.keys(big.entities)[0] as string;

  process.stdout.write(`seeding ${RECORDS} ${entity} records… `);
  const newId = monotonicFactory();
  const at = new Date().toISOString();
  const seeded: EntityRecord[] = Array.from({ length: RECORDS }, (_, i) => ({
    id: newId().toLowerCase(),
    created_date: at,
    updated_date: at,
    created_by: email,
    created_by_id: me.id,
    is_sample: false,
    name: `Customer ${i}`,
    email: `customer-${i}@example.com`,
    notes: `Met at the fair; follow up about the order of ${i % 97} units next quarter, and the discount they asked for.`,
    stage: ["lead", "qualified", "won", "lost"][i % 4],
    value: i * 3,
  }));
  const bytes = seeded.reduce((n, r) => n + Buffer.byteLength(JSON.stringify(r)), 0);
  for (let i = 0; i < RECORDS; i += 5_000) await Records.insertMany(big.id, entity, seeded.slice(i, i + 5_000));
  console.log(`${(bytes / 1024 / 1024).toFixed(1)} MB as JSON`);

  const checkpointOf = async (appId: string, content: string) => {
    const sent = await call("POST", `/api/apps/${appId}/chat/message`, token, { content, additional_message_params: { discussion_mode: true } });
    return sent.body.user_message.checkpoint_id as string;
  };
  // the checkpoint the restore goes back to: the records as seeded (the stream places it once it has recorded the seed)
  const seededCp = await checkpointOf(big.id, "How many customers do I have?");
  const atCheckpoint = new Map<string, EntityRecord>();
  for await (const { record } of Records.walk(big.id, entity, { order: "created", descending: false })) atCheckpoint.set(record.id, record);
  await ready(big.id);

  process.stdout.write(`chat send, empty app vs ${RECORDS} records, ${WARMUP}+${ROUNDS} rounds… `);
  const times: Record<"empty" | "big", number[]> = { empty: [], big: [] };
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    // alternate which goes first, so neither always follows the other's turn
    const order = round % 2 ? [["big", big], ["empty", empty]] : [["empty", empty], ["big", big]];
    for (const [which, app] of order as ["empty" | "big", any][]) {
      const start = performance.now();
      await checkpointOf(app.id, `Question ${round}: what does this app do?`);
      if (round >= WARMUP) times[which].push(performance.now() - start);
    }
    await ready(empty.id);
    await ready(big.id);
  }
  const ratio = (p: number) => (pct(times.big, p) / pct(times.empty, p)).toFixed(2);
  // printed now as well: the restore below waits out the local stream's backlog from the seed
  console.log(`median ${pct(times.empty, 50).toFixed(1)} vs ${pct(times.big, 50).toFixed(1)} ms (${ratio(50)}×), p95 ${pct(times.empty, 95).toFixed(1)} vs ${pct(times.big, 95).toFixed(1)} ms (${ratio(95)}×)`);

  // changes on the far side of the checkpoint: deletes, updates and creates; the restore undoes them all
  const ids = [...atCheckpoint.keys()];
  for (let i = 0; i < CHANGES; i++) {
    const id = ids[(i * 7919) % ids.length];
    const stored = await Records.get(big.id, entity, id);
    if (!stored) continue;
    if (i % 3 === 0) await Records.remove(big.id, entity, stored);
    else if (i % 3 === 1) await Records.replace(big.id, entity, { ...stored.record, name: `changed ${i}`, updated_date: new Date().toISOString() }, stored);
    else await Records.insert(big.id, entity, { ...stored.record, id: newId().toLowerCase(), name: `new ${i}` });
  }
  process.stdout.write("waiting for the stream to record the seed… ");
  const t0 = performance.now();
  const placed = await poll(
    "the seed recorded",
    async () => {
      const cps = (await call("GET", `/api/apps/${big.id}/app-checkpoints`, token)).body as any[];
      const cp = cps.find((c) => c.id === seededCp);
      return cp && cp.data_snapshot !== "pending" ? cp : undefined;
    },
    30 * 60_000,
  );
  console.log(`${((performance.now() - t0) / 1000).toFixed(0)} s; the checkpoint counts ${placed.record_count} records`);
  if (placed.record_count < RECORDS) throw new Error(`the checkpoint counted ${placed.record_count} records, not ${RECORDS} or more`);
  process.stdout.write(`restore with data of the ${RECORDS}-record app after ${CHANGES} changes… `);
  const r0 = performance.now();
  const restored = await poll(
    "the restore",
    async () => {
      const res = await call("POST", `/api/apps/${big.id}/app-checkpoints/${seededCp}/load`, token, { restore_data: true }, false);
      if (res.status === 409) return undefined;
      if (res.status !== 200) throw new Error(`restore: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    15 * 60_000,
  );
  const restoreMs = performance.now() - r0;
  let count = 0;
  for await (const { record } of Records.walk(big.id, entity, { order: "created", descending: false })) {
    count++;
    if (JSON.stringify(record) !== JSON.stringify(atCheckpoint.get(record.id))) throw new Error(`after the restore, ${entity} ${record.id} is not as it was at the checkpoint`);
  }
  if (count !== atCheckpoint.size) throw new Error(`after the restore ${entity} holds ${count} records, not the checkpoint's ${atCheckpoint.size}`);
  console.log(`${(restoreMs / 1000).toFixed(1)} s, exact (${restored.data.records} records)`);

  return [
    { what: "chat send: POST …/chat/message, empty app", samples: times.empty, extra: `p95 ${pct(times.empty, 95).toFixed(1)} ms` },
    {
      what: `chat send: POST …/chat/message, ${RECORDS} records`,
      samples: times.big,
      extra: `p95 ${pct(times.big, 95).toFixed(1)} ms; vs empty: median ${ratio(50)}×, p95 ${ratio(95)}× (target ≤ 1.5×)`,
    },
    {
      what: `restore with data, ${RECORDS} records (${(bytes / 1024 / 1024).toFixed(0)} MB), ${CHANGES} changes since`,
      samples: [restoreMs],
      extra: "every record checked against the checkpoint; includes waiting for the stream",
    },
  ];
}
