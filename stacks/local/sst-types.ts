/**
 * `npm run typecheck` step 1: make sure SST's platform types exist before `tsc` runs.
 *
 * The `$config`, `$app`, `sst.*` and `aws.*` globals used by sst.config.ts and
 * stacks/*.ts are typed only by `.sst/platform/config.d.ts`, which `sst install`
 * writes (it is gitignored). If it is missing, or was installed by a different
 * `sst` version than node_modules holds, install it. That works offline with only
 * the npm registry: SST_SKIP_DEPENDENCY_CHECK skips the Pulumi download that
 * needs GitHub, SST_NO_BUN installs the platform's packages with npm. Takes ~40 s.
 * When the platform is present and current this returns at once.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const platform = path.join(root, ".sst", "platform");

function read(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}

const wanted = (JSON.parse(read(path.join(root, "node_modules", "sst", "package.json")) ?? "{}") as { version?: string })
  .version;
const installed = read(path.join(platform, "version"));

if (!wanted) {
  console.error("sst-types: the `sst` package is not installed; run `npm install` first.");
  process.exit(1);
}

if (existsSync(path.join(platform, "config.d.ts")) && installed === wanted) process.exit(0);

console.log(
  installed
    ? `sst-types: .sst/platform is for sst ${installed}, node_modules has ${wanted}; reinstalling SST's types…`
    : "sst-types: .sst/platform is missing; installing SST's types for sst.config.ts and stacks/ (once, ~40 s)…",
);

const bin = path.join(root, "node_modules", ".bin", process.platform === "win32" ? "sst.cmd" : "sst");
const result = spawnSync(bin, ["install", "--stage", "ci"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, SST_SKIP_DEPENDENCY_CHECK: "1", SST_NO_BUN: "1", SST_TELEMETRY_DISABLED: "1" },
});

if (result.status !== 0 || !existsSync(path.join(platform, "config.d.ts"))) {
  console.error(
    [
      "sst-types: `sst install` failed, so sst.config.ts and stacks/*.ts cannot be type-checked.",
      "It needs the npm registry. Retry by hand with:",
      "  SST_SKIP_DEPENDENCY_CHECK=1 SST_NO_BUN=1 npx sst install --stage ci",
    ].join("\n"),
  );
  process.exit(result.status || 1);
}

console.log("sst-types: SST's types are installed in .sst/platform.");
