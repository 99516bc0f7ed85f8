/**
 * One cold start of the local stack in a fresh process, for test/bench/run.ts.
 * Times from calling startLocalStack to GET /api/health answering 200, stops the
 * stack, and prints one line: `BENCH_COLD_START {"ms":…,"startupMs":…}`.
 */
import { startLocalStack } from "../../stacks/local/stack";

async function main() {
  const t0 = performance.now();
  const stack = await startLocalStack({ port: 0, dataDir: null, seed: true });
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await fetch(`${stack.url}/api/health`).catch(() => undefined);
      const status = res?.status;
      await res?.arrayBuffer().catch(() => undefined);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`/api/health did not answer 200 within 60 s (last: ${status ?? "no answer"})`);
      await new Promise((r) => setTimeout(r, 20));
    }
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
