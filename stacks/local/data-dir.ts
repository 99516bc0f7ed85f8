/**
 * The one folder a Kiln on one machine keeps everything in: DynamoDB Local's files (dynamodb/),
 * s3rver's (s3/), the generated secrets (auth-secret, the Stripe stand-in's keys), the stand-ins'
 * state (dns.json, stripe.json) and the function sandbox's folder. `npm run backup` archives it.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The file that says a Kiln runs on a data folder (a second start and `npm run backup` read it). */
export const RUNNING_FILE = "kiln.pid";

/** The data folder `npm start`, `npm run team`, `npm run backup` and `npm run restore` agree on: KILN_DATA_DIR, else the mode's own. */
export function dataDirOf(root: string, team: boolean): string {
  const chosen = process.env.KILN_DATA_DIR?.trim();
  return chosen ? path.resolve(chosen) : path.join(root, team ? ".data-team" : ".data");
}

/** The process of the Kiln running on this data folder, or null when none does. */
export function runningOn(dataDir: string): number | null {
  const file = path.join(dataDir, RUNNING_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, "utf8").trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, another user's; ESRCH: gone (a crash left the file behind)
    return (err as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/** One Kiln per data folder (DynamoDB Local's files and s3rver's folder take one writer); answers the release. */
export function holdDataDir(dataDir: string): { release(): void } | string {
  const other = runningOn(dataDir);
  if (other) return `another Kiln (process ${other}) already runs on ${dataDir}. Stop it first.`;
  const file = path.join(dataDir, RUNNING_FILE);
  writeFileSync(file, String(process.pid));
  return { release: () => rmSync(file, { force: true }) };
}
