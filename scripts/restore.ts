/**
 * `npm run restore -- <file.tar.gz>`: put a `npm run backup` archive back as the data folder
 * (KILN_DATA_DIR, else .data-team), with Kiln stopped. The folder that was there is kept beside it
 * as `<folder>.before-restore-<time>`, never deleted.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dataDirOf, runningOn } from "../stacks/local/data-dir";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message: string): never {
  console.error(`\n  Restore failed: ${message}\n`);
  process.exit(1);
}

const source = process.argv[2];
if (!source || source.startsWith("-")) fail("name the archive to restore: npm run restore -- kiln-backup.tar.gz");
const file = path.resolve(source);
if (!existsSync(file)) fail(`there is no file at ${file}.`);
const dataDir = dataDirOf(root, true);
const running = runningOn(dataDir);
if (running) fail(`Kiln (process ${running}) is running on ${dataDir}. Stop it first.`);

const list = spawnSync("tar", ["-tzf", file], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
if (list.error) fail(`could not run tar (${list.error.message}); install it (apt-get install tar).`);
if (list.status !== 0) fail(`${file} is not a gzip'd tar archive.`);
const entries = list.stdout.split("\n").map((e) => e.replace(/^\.\//, ""));
if (!entries.includes("auth-secret")) fail(`${file} is not a Kiln backup (it holds no auth-secret).`);
if (entries.some((e) => e.startsWith("/") || e.split("/").includes(".."))) fail(`${file} names paths outside its folder; not restoring it.`);

// unpacked next to the data folder first, and only then swapped in, so a failed unpack leaves the old data in place
const incoming = `${dataDir}.restoring`;
rmSync(incoming, { recursive: true, force: true });
mkdirSync(incoming, { recursive: true });
const tar = spawnSync("tar", ["-xzf", file, "-C", incoming], { stdio: "inherit" });
if (tar.status !== 0) {
  rmSync(incoming, { recursive: true, force: true });
  fail("tar could not unpack the archive (see above).");
}
let kept: string | null = null;
if (existsSync(dataDir) && readdirSync(dataDir).length) {
  kept = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  renameSync(dataDir, kept);
} else rmSync(dataDir, { recursive: true, force: true });
renameSync(incoming, dataDir);
console.log(`Restored ${file} into ${dataDir}.${kept ? ` The data that was there is in ${kept}.` : ""} Start Kiln again with npm run team.`);
