import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { db, isThrottle, table } from "../db";
import { Keys } from "../keys";
import { VisibleError } from "../errors";
import { RecordIndexes } from "./indexes";
import { RecordShards } from "./shards";

/**
 * Transactions of record writes with their entity's counter change (records.ts): a write and
 * the count it moves commit together, and the creates and deletes that arrive together share one.
 */
export namespace CountedWrites {
  /** A transaction holds at most 100 items and 4 MB: records go in chunks that leave room for the counter. */
  export const MAX_CHUNK_ITEMS = 99;
  export const MAX_CHUNK_BYTES = 3_500_000;

  /** Add `delta` to one counter item of the records' shard (records/shards.ts), picked at random so concurrent writers rarely meet. */
  export const counterUpdate = (appId: string, entity: string, delta: number, shard = 0) => ({
    Update: {
      TableName: table(),
      Key: Keys.recordCounter(appId, entity, String(Math.floor(Math.random() * RecordIndexes.SHARDS)), shard),
      UpdateExpression: "ADD n :d",
      ExpressionAttributeValues: { ":d": delta },
    },
  });

  /**
   * Send one transaction of record writes and counter changes; answers the positions of the
   * items whose own condition failed (none: it was written). Conflicts with a concurrent
   * transaction on the same shard are retried with a fresh shard (`build` is called again).
   */
  export async function transact(build: () => Record<string, unknown>[]): Promise<number[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        await db().send(new TransactWriteCommand({ TransactItems: build() as never }));
        return [];
      } catch (err) {
        const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        const failed = reasons.flatMap((r, i) => (r.Code === "ConditionalCheckFailed" ? [i] : []));
        if (failed.length) return failed;
        const conflict = (err as { name?: string }).name === "TransactionConflictException" || reasons.some((r) => r.Code === "TransactionConflict");
        if (!conflict || attempt >= 12) throw err;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
      }
    }
  }

  /** The counter changes of records in several shards: one per shard (records of a shard count in its own partition). */
  export function counterUpdates(appId: string, entity: string, deltas: Map<number, number>): ReturnType<typeof counterUpdate>[] {
    return [...deltas].filter(([, delta]) => delta !== 0).map(([shard, delta]) => counterUpdate(appId, entity, delta, shard));
  }

  /** A create or delete waiting for its transaction (the record's own write first, then its index entries), with its entity's counter change. */
  interface Counted {
    writes: Record<string, unknown>[];
    key: string;
    appId: string;
    entity: string;
    /** the record's shard, whose counter moves */
    shard: number;
    delta: number;
    bytes: number;
    settle: (stored: boolean) => void;
    fail: (err: unknown) => void;
  }

  const waiting: Counted[] = [];
  let committing = false;

  /**
   * Group commit of counted writes: the creates and deletes that arrive while a transaction
   * is in flight go out together in the next one, with one counter change per entity, so
   * under concurrency (one container serving many calls, as locally) the table sees a few
   * transactions instead of one each; a transaction's fixed cost far exceeds a write's.
   * Each write keeps its own condition and the group is all-or-nothing, so counts stay
   * exact; a write whose condition failed answers false and the rest go again without it.
   */
  export function counted(appId: string, entity: string, delta: number, writes: Record<string, unknown>[], key: { pk: string; sk: string }): Promise<boolean> {
    const bytes = Buffer.byteLength(JSON.stringify(writes)) * 2;
    return new Promise((settle, fail) => {
      waiting.push({ writes, key: `${key.pk}|${key.sk}`, appId, entity, shard: Keys.recordShardOf(key.sk), delta, bytes, settle, fail });
      if (!committing) void commitWaiting();
    });
  }

  async function commitWaiting(): Promise<void> {
    committing = true;
    try {
      while (waiting.length) await commitGroup(nextGroup());
    } finally {
      committing = false;
    }
  }

  /** The waiting writes that fit one transaction (100 items, 4 MB, one operation per item), oldest first. */
  function nextGroup(): Counted[] {
    const group: Counted[] = [];
    const keys = new Set<string>();
    const entities = new Set<string>();
    let bytes = 0;
    let writes = 0;
    for (let i = 0; i < waiting.length; ) {
      const w = waiting[i];
      const entity = `${w.appId}|${w.entity}|${w.shard}`;
      const items = writes + w.writes.length + entities.size + (entities.has(entity) ? 0 : 1);
      if (group.length && (items > 100 || bytes + w.bytes > MAX_CHUNK_BYTES)) break;
      if (keys.has(w.key)) {
        i++; // a second write of one record waits for the next transaction
        continue;
      }
      group.push(...waiting.splice(i, 1));
      writes += w.writes.length;
      keys.add(w.key);
      entities.add(entity);
      bytes += w.bytes;
    }
    return group;
  }

  async function commitGroup(group: Counted[]): Promise<void> {
    while (group.length) {
      const writes = group;
      // which write each item of the transaction belongs to (a failed condition names an item)
      const owners = writes.flatMap((w) => w.writes.map(() => w));
      let failed: number[];
      try {
        failed = await transact(() => [...writes.flatMap((w) => w.writes), ...countersOf(writes)]);
      } catch (err) {
        // Anything else fails only the write that caused it: a group that failed goes again one write at a time.
        if (group.length > 1) await Promise.all(group.map((w) => commitGroup([w])));
        else group[0].fail(await spreadOnThrottle(group[0].appId, group[0].entity, err));
        return;
      }
      if (!failed.length) {
        for (const w of group) w.settle(true);
        return;
      }
      const lost = new Set(failed.map((i) => owners[i]).filter(Boolean));
      if (!lost.size) {
        for (const w of group) w.fail(new Error("A counter change failed a condition it does not have"));
        return;
      }
      for (const w of lost) w.settle(false);
      group = group.filter((w) => !lost.has(w));
    }
  }

  /** One counter change per entity and shard of a group: the sum of its writes' changes. */
  function countersOf(group: Counted[]): Record<string, unknown>[] {
    const deltas = new Map<string, { appId: string; entity: string; shard: number; delta: number }>();
    for (const w of group) {
      const id = `${w.appId}|${w.entity}|${w.shard}`;
      const d = deltas.get(id) ?? { appId: w.appId, entity: w.entity, shard: w.shard, delta: 0 };
      d.delta += w.delta;
      deltas.set(id, d);
    }
    return [...deltas.values()].filter((d) => d.delta !== 0).map((d) => counterUpdate(d.appId, d.entity, d.delta, d.shard));
  }

  /**
   * A write DynamoDB throttled (its partition takes no more a second, after the SDK's own retries) spreads its
   * entity over more partitions (records/shards.ts), so the creates after it land where there is room; this one
   * is answered 429, to be sent again.
   */
  export async function spreadOnThrottle(appId: string, entity: string, err: unknown): Promise<unknown> {
    if (!isThrottle(err)) return err;
    await RecordShards.widen(appId, entity).catch(() => false);
    return new VisibleError("rate_limited", `${entity} records are being written faster than they can be stored right now; they are being spread out. Try again in a moment.`);
  }
}
