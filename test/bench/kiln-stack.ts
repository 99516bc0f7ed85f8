/**
 * The Kiln local stack in a process of its own, for test/bench/sdk-workload.ts: the load
 * generator stays in the bench process, as `base44 dev` runs apart from it. Prints
 * `BENCH_STACK {"url":…,"dynamo":…}` (its DynamoDB Local's endpoint, for the floor row) once healthy, and stops the stack when its stdin closes.
 */
import { startLocalStack } from "../../stacks/local/stack";
import { waitHealthy } from "./http";

async function main() {
  const stack = await startLocalStack({ port: 0, dataDir: null, seed: true });
  await waitHealthy(stack.url);
  console.log(`BENCH_STACK ${JSON.stringify({ url: stack.url, dynamo: process.env.AWS_ENDPOINT_URL_DYNAMODB })}`);
  // The parent closes stdin when it is done (or dies); either way the stack goes with it.
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.once("close", resolve));
  await stack.stop();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
