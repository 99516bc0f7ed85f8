import { readFileSync, readdirSync } from "node:fs";
import { createClient } from "@base44/sdk";
import { CLIENTS, type Kind, LABEL, OPEN_FROM_TEN, PAGE, Pool, type QueryKind, type Step, TITLE_REGEX } from "./sdk-plan";

/** One server under the `@base44/sdk` workload (test/bench/sdk-workload.ts): CLIENTS SDK clients driving it, every answer checked. */

export interface Target {
  name: string;
  serverUrl: string;
  appId: string;
  token?: string;
  /** what the server has printed so far, when it runs as our child */
  log?: () => string;
  /** the server's own process, when it is our child: its process tree's CPU time is measured */
  pid?: number;
}

/**
 * CPU time (ms) used so far by a process and every process under it, by program name (node,
 * java…) (Linux /proc; undefined elsewhere). Unlike ops/s it barely depends on what else the
 * machine is running.
 */
export function treeCpuMs(root: number): Map<string, number> | undefined {
  try {
    const stats = readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .flatMap((d) => {
        try {
          // fields after the ")" closing the command name: state ppid … utime(12) stime(13)
          const [head, rest] = readFileSync(`/proc/${d}/stat`, "utf8").split(") ");
          const f = rest.split(" ");
          return [{ pid: Number(d), name: head.slice(head.indexOf("(") + 1), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
        } catch {
          return [];
        }
      });
    const tree = new Set([root]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const p of stats) {
        if (!tree.has(p.pid) && tree.has(p.ppid)) {
          tree.add(p.pid);
          grew = true;
        }
      }
    }
    const byName = new Map<string, number>();
    for (const p of stats) if (tree.has(p.pid)) byName.set(p.name, (byName.get(p.name) ?? 0) + (p.ticks * 1000) / 100);
    return byName;
  } catch {
    return undefined;
  }
}

type Task = { id: string; title: string; done: boolean; n: number; tag: string; created_date: string };

type Handler = {
  create(data: object): Promise<unknown>;
  get(id: string): Promise<unknown>;
  update(id: string, data: object): Promise<unknown>;
  delete(id: string): Promise<unknown>;
  filter(q: object, sort?: string, limit?: number): Promise<unknown>;
  list(sort?: string, limit?: number): Promise<unknown>;
};

export interface Measured {
  ms: Map<Kind, number[]>;
  seconds: number;
  ops: number;
  /** CPU time of the server's processes during the run, by program name, when measurable */
  cpuMs?: Map<string, number>;
}

export class Server {
  readonly pool = new Pool();
  private readonly clients: Handler[];

  constructor(readonly target: Target) {
    this.clients = Array.from({ length: CLIENTS }, () => {
      const sdk = createClient({ serverUrl: target.serverUrl, appId: target.appId, token: target.token, analytics: { enabled: false } });
      return sdk.entities.Task as unknown as Handler;
    });
  }

  private fail(step: Step, what: string): never {
    throw new Error(`${this.target.name}: ${LABEL[step.kind]} answered ${what}`);
  }

  /** One SDK call, its answer checked. */
  async op(client: Handler, step: Step): Promise<void> {
    const pool = this.pool;
    const tasks = (answer: unknown): Task[] => {
      if (!Array.isArray(answer) || answer.length > PAGE) this.fail(step, `${JSON.stringify(answer).slice(0, 200)} (expected at most ${PAGE} records)`);
      return answer as Task[];
    };
    switch (step.kind) {
      case "create": {
        const t = (await client.create(step.data)) as Task;
        if (typeof t?.id !== "string" || t.title !== step.data.title) this.fail(step, JSON.stringify(t));
        pool.live.push(t.id);
        return;
      }
      case "get": {
        const id = pool.pickLive(step.pick);
        const t = (await client.get(id)) as Task;
        if (t?.id !== id) this.fail(step, `${JSON.stringify(t)} for ${id}`);
        return;
      }
      case "update": {
        const id = pool.pickLive(step.pick);
        const t = (await client.update(id, { done: step.data.done, n: step.data.n })) as Task;
        if (t?.id !== id || t.done !== step.data.done || t.n !== step.data.n) this.fail(step, `${JSON.stringify(t)} for ${id}`);
        return;
      }
      case "delete": {
        const id = pool.takeDoomed();
        const answer = (await client.delete(id)) as { success?: boolean };
        if (answer?.success !== true) this.fail(step, `${JSON.stringify(answer)} for ${id}`);
        return;
      }
      case "filter": {
        for (const t of tasks(await client.filter(OPEN_FROM_TEN, "-created_date", PAGE))) if (t.done !== false || !(t.n >= 10)) this.fail(step, `a record outside the filter: ${JSON.stringify(t)}`);
        return;
      }
      case "regex": {
        for (const t of tasks(await client.filter(TITLE_REGEX, "-created_date", PAGE))) if (!t.title.endsWith("bravo")) this.fail(step, `a record outside the filter: ${JSON.stringify(t)}`);
        return;
      }
      case "list": {
        const page = tasks(await client.list("-created_date", PAGE));
        if (page.length !== PAGE) this.fail(step, `${page.length} records, expected ${PAGE}`);
        for (let i = 1; i < page.length; i++) if (page[i - 1].created_date < page[i].created_date) this.fail(step, "records out of -created_date order");
        return;
      }
    }
  }

  /** The steps by CLIENTS concurrent clients, each taking the next step when its last one answered. */
  async drive(steps: Step[]): Promise<Measured> {
    const ms = new Map<Kind, number[]>();
    let next = 0;
    const cpu0 = this.target.pid ? treeCpuMs(this.target.pid) : undefined;
    const t0 = performance.now();
    await Promise.all(
      this.clients.map(async (client) => {
        while (next < steps.length) {
          const step = steps[next++];
          const s = performance.now();
          try {
            await this.op(client, step);
          } catch (err) {
            next = steps.length; // the other clients stop after their current step
            throw err;
          }
          const took = performance.now() - s;
          const list = ms.get(step.kind) ?? [];
          list.push(took);
          ms.set(step.kind, list);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = this.target.pid ? treeCpuMs(this.target.pid) : undefined;
    const cpuMs = cpu0 && cpu1 ? new Map([...cpu1].map(([name, ms]) => [name, ms - (cpu0.get(name) ?? 0)])) : undefined;
    return { ms, seconds, ops: steps.length, cpuMs };
  }

  /** Sets `count` seeded records aside for the mixed phase's deletes. */
  setAside(count: number) {
    if (this.pool.live.length < count * 2) throw new Error(`${this.target.name}: too few records to set ${count} aside for deletion`);
    this.pool.doomed = this.pool.live.splice(0, count);
  }

  /** Each query kind once; the reason it fails (with the error the server logged), if it does. */
  async probe(kind: QueryKind): Promise<string | null> {
    const logged = this.target.log?.().length ?? 0;
    try {
      await this.op(this.clients[0], { kind, pick: 0, data: { title: "", done: false, n: 0, tag: "" } });
      return null;
    } catch (err) {
      const cause = this.target.log?.().slice(logged).split("\n").findLast((l) => /Error: /.test(l));
      return describe(err) + (cause ? `; it logged "${cause.trim()}"` : "");
    }
  }
}

/** An SDK error (Base44Error: status + body) or any other, in one line. */
export function describe(err: unknown): string {
  const e = err as { status?: number; data?: unknown; message?: string };
  if (typeof e?.status === "number") return `${e.status} ${JSON.stringify(e.data ?? e.message).slice(0, 160)}`;
  return String(e?.message ?? err).split("\n")[0].slice(0, 200);
}
