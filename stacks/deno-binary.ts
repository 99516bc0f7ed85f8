import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The function sandbox runs on Lambda's x86_64 Linux (glibc): Deno's npm package for it. */
export const DENO_LAMBDA_PACKAGE = "@deno/linux-x64-glibc";

/**
 * The Linux x64 Deno binary the function sandbox ships beside its handler (stacks/sandbox.ts), found at
 * deploy time from any OS. npm installs `@deno/linux-x64-glibc` only on Linux x64 glibc, so elsewhere
 * (macOS, Windows, arm64, Alpine) the exact version `deno`'s package.json names is fetched with
 * `npm pack` into .sst/deno/ and unpacked there once. Returns a path relative to `root`, as copyFiles takes it.
 */
export function denoBinary(root = process.cwd()): string {
  const installed = path.join("node_modules", DENO_LAMBDA_PACKAGE, "deno");
  if (existsSync(path.join(root, installed))) return installed;

  const version = denoVersion(root);
  const dir = path.join(".sst", "deno", version);
  const binary = path.join(dir, "package", "deno");
  if (existsSync(path.join(root, binary))) return binary;

  mkdirSync(path.join(root, dir), { recursive: true });
  try {
    const tarball = execFileSync("npm", ["pack", `${DENO_LAMBDA_PACKAGE}@${version}`, "--silent", "--pack-destination", dir], {
      cwd: root,
      encoding: "utf8",
      shell: process.platform === "win32",
    })
      .trim()
      .split("\n")
      .pop()!;
    // bsdtar on macOS and Windows 10+ and GNU tar all read a gzipped tarball with these flags
    execFileSync("tar", ["-xzf", tarball, "package/deno"], { cwd: path.join(root, dir) });
  } catch (err) {
    throw new Error(
      `The function sandbox needs Deno for Linux x64 (${DENO_LAMBDA_PACKAGE}@${version}), which npm did not install on this machine, ` +
        `and fetching it with \`npm pack\` failed: ${(err as Error).message.split("\n")[0]}. ` +
        `Run \`npm pack ${DENO_LAMBDA_PACKAGE}@${version} --pack-destination ${dir}\` and \`tar -xzf <file> package/deno\` in ${dir}, then deploy again.`,
    );
  }
  if (!existsSync(path.join(root, binary))) throw new Error(`${DENO_LAMBDA_PACKAGE}@${version} was fetched into ${dir} but holds no package/deno binary.`);
  return binary;
}

/** The version `deno` pins its Linux x64 binary package to (its optionalDependencies). */
function denoVersion(root: string): string {
  const manifest = path.join(root, "node_modules", "deno", "package.json");
  if (!existsSync(manifest)) throw new Error("The `deno` npm package is not installed: run `npm install` before deploying.");
  const { optionalDependencies = {} } = JSON.parse(readFileSync(manifest, "utf8")) as { optionalDependencies?: Record<string, string> };
  const version = optionalDependencies[DENO_LAMBDA_PACKAGE];
  if (!version) throw new Error(`node_modules/deno/package.json names no ${DENO_LAMBDA_PACKAGE} version.`);
  return version;
}
