/**
 * A process that starts DynamoDB Local and s3rver as the local stack does (stacks/local/processes.ts),
 * prints their pids on one line, then idles until it is killed (test/api/stand-in-watchdog.test.ts).
 */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startDynamo, startS3 } from "../../stacks/local/processes";

const [dynamo, s3] = await Promise.all([
  freePort().then((port) => startDynamo(null, port)),
  freePort().then((port) => startS3(path.join(mkdtempSync(path.join(os.tmpdir(), "kiln-watchdog-")), "s3"), port, "watchdog")),
]);
process.stdout.write(`STAND_INS ${JSON.stringify({ dynamo: dynamo.pid, s3: s3.pid })}\n`);
setInterval(() => {}, 60_000);
