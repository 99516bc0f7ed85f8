import { DescribeStreamCommand, DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand } from "@aws-sdk/client-dynamodb-streams";
import type { DynamoDBStreamEvent } from "aws-lambda";
import type { Job } from "../../schemas/jobs";
import { crons } from "../routes";

/** The async worker on one machine: jobs run in this process, one at a time per job, through the worker handler. */
export async function startJobRunner() {
  const { handler } = await import("../../functions/worker.ts");
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
    async stop() {
      Jobs.useLocalRunner(undefined);
      await Promise.all([...running]);
    },
  };
}

/** DynamoDB Streams -> the stream handler, as Lambda's event source mapping would deliver them. */
export async function startStreamPoller(streamArn: string, intervalMs = 100) {
  const { handler } = await import("../../functions/stream.ts");
  const client = new DynamoDBStreamsClient({});
  const iterators = new Map<string, string | undefined>();
  const finished = new Set<string>();
  let stopped = false;
  let first = true;

  async function discover() {
    const { StreamDescription } = await client.send(new DescribeStreamCommand({ StreamArn: streamArn }));
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
      );
      iterators.set(id, ShardIterator);
    }
    first = false;
  }

  async function pollOnce() {
    for (const [id, iterator] of iterators) {
      if (!iterator) {
        iterators.delete(id);
        finished.add(id);
        continue;
      }
      const { Records = [], NextShardIterator } = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      iterators.set(id, NextShardIterator);
      if (Records.length) {
        try {
          await handler({ Records } as unknown as DynamoDBStreamEvent);
        } catch (err) {
          console.error("[stream] handler failed:", err);
        }
      }
    }
  }

  await discover();
  let rounds = 0;
  const loop = (async () => {
    while (!stopped) {
      try {
        if (rounds++ % 50 === 0 || [...iterators.values()].some((i) => !i)) await discover();
        await pollOnce();
      } catch (err) {
        if (!stopped) console.error("[stream] poll failed:", (err as Error).message);
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

/** EventBridge schedules on one machine: each cron handler on its interval. */
export async function startCronTicker() {
  const cron = await import("../../functions/cron.ts");
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
