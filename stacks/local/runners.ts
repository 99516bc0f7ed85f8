import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from "@aws-sdk/client-dynamodb-streams";
import type { DynamoDBStreamEvent } from "aws-lambda";
import type { Job } from "../../schemas/jobs";
import { crons } from "../../lib/routes";

/** The async worker on one machine: jobs run in this process, one at a time per job, through the worker handler. */
export async function startJobRunner() {
  const { handler } = await import("../../functions/jobs/worker.ts");
  const { Jobs } = await import("../../functions/core/jobs.ts");
  const running = new Set<Promise<void>>();
  Jobs.useLocalRunner((job: Job) => {
    const run = handler(job)
      .catch((err) => console.error(`[jobs] ${job.name} failed:`, err))
      .finally(() => running.delete(run));
    running.add(run);
  });
  return {
    /** Resolves when every job started so far has finished. */
    idle: () => Promise.all([...running]).then(() => undefined),
    /** No new jobs; waits for running ones at most `graceMs` (an AI turn may wait on its model for minutes) and answers how many were left running. */
    async stop(graceMs = 3_000) {
      Jobs.useLocalRunner(undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
      await Promise.race([Promise.all([...running]), late]);
      clearTimeout(timer);
      return running.size;
    },
  };
}

/** DynamoDB Streams -> the stream handler, as Lambda's event source mapping would deliver them. */
export async function startStreamPoller(streamArn: string, intervalMs = 100) {
  const { handler } = await import("../../functions/stream/consumer.ts");
  const client = new DynamoDBStreamsClient({});
  const iterators = new Map<string, string | undefined>();
  const finished = new Set<string>();
  let stopped = false;
  let first = true;
  // stop() aborts the request in flight, so no poll outlives the stack
  const aborting = new AbortController();
  const signal = { abortSignal: aborting.signal };

  async function discover() {
    const { StreamDescription } = await client.send(new DescribeStreamCommand({ StreamArn: streamArn }), signal);
    for (const shard of StreamDescription?.Shards ?? []) {
      const id = shard.ShardId!;
      if (iterators.has(id) || finished.has(id)) continue;
      // Shards open at start-up begin at their end (history is not replayed); later ones from their start.
      const open = !shard.SequenceNumberRange?.EndingSequenceNumber;
      if (first && !open) {
        finished.add(id);
        continue;
      }
      const { ShardIterator } = await client.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: first ? "LATEST" : "TRIM_HORIZON" }),
        signal,
      );
      iterators.set(id, ShardIterator);
    }
    first = false;
  }

  /** One page from each shard; answers how many records were handled, so a backlog is read without pausing. */
  async function pollOnce(): Promise<number> {
    let handled = 0;
    for (const [id, iterator] of iterators) {
      if (!iterator) {
        iterators.delete(id);
        finished.add(id);
        continue;
      }
      const { Records = [], NextShardIterator } = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }), signal);
      if (Records.length) {
        try {
          await handler({ Records } as unknown as DynamoDBStreamEvent);
        } catch (err) {
          // As Lambda's event source mapping does, a failed batch is delivered again (from its first record), never skipped.
          const { ShardIterator } = await client.send(
            new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: id, ShardIteratorType: "AT_SEQUENCE_NUMBER", SequenceNumber: Records[0].dynamodb!.SequenceNumber }),
            signal,
          );
          iterators.set(id, ShardIterator);
          throw new Error(`the stream handler failed, so its batch will be retried: ${(err as Error).message}`);
        }
        handled += Records.length;
      }
      iterators.set(id, NextShardIterator);
    }
    return handled;
  }

  await discover();
  let rounds = 0;
  let failures = 0;
  let wake: () => void = () => {};
  const loop = (async () => {
    while (!stopped) {
      try {
        if (rounds++ % 50 === 0 || [...iterators.values()].some((i) => !i)) await discover();
        // a full page means more is waiting: read on at once rather than a page per interval
        if ((await pollOnce()) >= 100) {
          failures = 0;
          continue;
        }
        failures = 0;
      } catch (err) {
        // one line per outage, and backing off to 5 s, rather than a line every 100 ms
        if (!stopped && failures++ === 0) console.error("[stream] poll failed:", (err as Error).message);
      }
      if (stopped) break;
      await new Promise<void>((r) => {
        wake = r;
        setTimeout(r, Math.min(intervalMs * 2 ** failures, 5_000));
      });
    }
  })();
  return {
    async stop() {
      stopped = true;
      aborting.abort();
      wake();
      await loop;
    },
  };
}

/** EventBridge schedules on one machine: each cron handler on its interval. */
export async function startCronTicker() {
  const cron = await import("../../functions/cron/schedule.ts");
  const timers = Object.entries(crons).map(([name, { everyMs }]) =>
    setInterval(() => {
      cron.handlers[name as keyof typeof crons]().catch((err: unknown) => console.error(`[cron] ${name} failed:`, err));
    }, everyMs),
  );
  return {
    stop() {
      for (const t of timers) clearInterval(t);
    },
  };
}
