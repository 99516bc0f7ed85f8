/**
 * The plan of the `@base44/sdk` workload (test/bench/sdk-workload.ts): its sizes, the mix of
 * operations, the Task entity both servers get, and the seeded steps every server is sent.
 */

export const CLIENTS = 20;
export const SEED_RECORDS = 1_000;
export const MIXED_OPS = 2_000;
export const PAGE = 50;

/** What run.ts turns into table rows (samples are milliseconds). */
export interface SdkRow {
  what: string;
  samples: number[];
  extra: string;
}

export type Kind = "create" | "get" | "update" | "delete" | "filter" | "regex" | "list";
export type QueryKind = "filter" | "regex" | "list";

/** Shares of the mixed phase, in percent. Deletes only touch records no other op uses (see Pool). */
export const MIX: [Kind, number][] = [
  ["get", 30],
  ["update", 20],
  ["filter", 10],
  ["regex", 10],
  ["list", 15],
  ["create", 5],
  ["delete", 10],
];

export const LABEL: Record<Kind, string> = {
  create: "create",
  get: "get by id",
  update: "update",
  delete: "delete",
  filter: "filter q {done:false, n:{$gte:10}}",
  regex: "filter q {title:{$regex}}",
  list: "list -created_date limit 50",
};

export const TASK_SCHEMA = {
  name: "Task",
  type: "object",
  properties: {
    title: { type: "string" },
    done: { type: "boolean" },
    n: { type: "number" },
    tag: { type: "string" },
  },
  required: ["title"],
};

const TAGS = ["alpha", "bravo", "charlie", "delta", "echo"];
export const OPEN_FROM_TEN = { done: false, n: { $gte: 10 } };
export const TITLE_REGEX = { title: { $regex: "bravo$" } };

/** mulberry32: a small seeded generator, so both servers get the same plan. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Step {
  kind: Kind;
  /** which record (an index into the pool) and what to write, fixed by the plan */
  pick: number;
  data: { title: string; done: boolean; n: number; tag: string };
}

export function plan(count: number, kinds: Kind[], seed: number, first = 0): Step[] {
  const random = seeded(seed);
  const mix = MIX.filter(([k]) => kinds.includes(k));
  const total = mix.reduce((s, [, w]) => s + w, 0);
  return Array.from({ length: count }, (_, i) => {
    let r = random() * total;
    const kind = mix.find(([, w]) => (r -= w) < 0)?.[0] ?? mix[0][0];
    const tag = TAGS[Math.floor(random() * TAGS.length)];
    return { kind, pick: random(), data: { title: `Task ${first + i} ${tag}`, done: random() < 0.5, n: Math.floor(random() * 100), tag } };
  });
}

/**
 * Record ids of one server. `live` serves get/update; deletes take from `doomed`, which
 * nothing else reads, so no operation races a delete of its record.
 */
export class Pool {
  live: string[] = [];
  doomed: string[] = [];
  pickLive(p: number) {
    return this.live[Math.floor(p * this.live.length)];
  }
  takeDoomed(): string {
    const id = this.doomed.pop();
    if (!id) throw new Error("the plan deletes more records than were set aside for deletion");
    return id;
  }
}
