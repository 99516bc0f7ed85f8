/**
 * `npm run backup -- <file.tar.gz>`: the whole data folder (KILN_DATA_DIR, else .data-team) in one
 * archive: DynamoDB Local's files, s3rver's folder, the auth secret and the stand-ins' state.
 * Taken while Kiln is stopped, so the database files are consistent: it refuses while Kiln runs.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RUNNING_FILE, dataDirOf, runningOn } from "../stacks/local/data-dir";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message: string): never {
  console.error(`\n  Backup failed: ${message}\n`);
  process.exit(1);
}

const target = process.argv[2];
if (!target || target.startsWith("-")) fail("name the archive to write: npm run backup -- kiln-backup.tar.gz");
const dataDir = dataDirOf(root, true);
if (!existsSync(dataDir)) fail(`there is no data folder at ${dataDir} (set KILN_DATA_DIR to the one Kiln uses).`);
const running = runningOn(dataDir);
if (running) fail(`Kiln (process ${running}) is running on ${dataDir}. Stop it first (Ctrl-C, or systemctl stop kiln): the database files are only consistent while it is stopped.`);

const file = path.resolve(target);
mkdirSync(path.dirname(file), { recursive: true });
// written beside the target and renamed, so an interrupted backup never leaves a half archive under its name
const partial = `${file}.partial`;
const tar = spawnSync("tar", ["-czf", partial, `--exclude=./${RUNNING_FILE}`, "-C", dataDir, "."], { stdio: "inherit" });
if (tar.error) fail(`could not run tar (${tar.error.message}); install it (apt-get install tar).`);
if (tar.status !== 0) {
  rmSync(partial, { force: true });
  fail("tar could not write the archive (see above).");
}
// the archive holds the secret that signs every session: readable by its owner alone
chmodSync(partial, 0o600);
renameSync(partial, file);
console.log(`Backed up ${dataDir} to ${file}.`);
