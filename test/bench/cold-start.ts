/**
 * One cold start of the local stack in a fresh process, for test/bench/run.ts.
 * Times from calling startLocalStack to GET /api/health answering 200, stops the
 * stack, and prints one line: `BENCH_COLD_START {"ms":…,"startupMs":…}`.
 */
import { startLocalStack } from "../../stacks/local/stack";
import { waitHealthy } from "./http";

async function main() {
  const t0 = performance.now();
  const stack = await startLocalStack({ port: 0, dataDir: null, seed: true });
  try {
    await waitHealthy(stack.url);
    const ms = performance.now() - t0;
    console.log(`BENCH_COLD_START ${JSON.stringify({ ms, startupMs: stack.startupMs })}`);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
