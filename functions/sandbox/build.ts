import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { FunctionLimits } from "../../schemas/functions";
import type { SandboxBuilt } from "../../schemas/sandbox";
import { DenoRuntime } from "./deno";

const run = promisify(execFile);

/** The schemes a function may import from: packages and remote modules, never this machine's files. */
const ALLOWED_SCHEMES = ["npm:", "jsr:", "https:", "http:", "node:"];

/**
 * A deployment: the function's source with every import resolved and bundled into one
 * module, once. Packages are fetched from their registries into a shared cache here, so a
 * call never resolves anything. A build reads no file of this machine into the bundle but the
 * function and the cached packages: the module graph is checked before bundling and the
 * bundle's source map after.
 */
export async function buildFunction(code: string): Promise<SandboxBuilt> {
  const denoDir = DenoRuntime.packageCache();
  mkdirSync(denoDir, { recursive: true });
  // outside any project: a bundler resolving a bare name walks up the folders looking for node_modules
  const work = mkdtempSync(path.join(os.tmpdir(), "kiln-build-"));
  const entry = path.join(work, "function.ts");
  writeFileSync(entry, code);
  const deno = DenoRuntime.binary();
  const options = { cwd: work, env: DenoRuntime.buildEnv(denoDir), timeout: 120_000, maxBuffer: 32 * 1024 * 1024 };
  try {
    let graph: Graph;
    try {
      const { stdout } = await run(deno, ["info", "--json", "--no-config", "--no-lock", entry], options);
      graph = JSON.parse(stdout) as Graph;
    } catch (err) {
      return { ok: false, error: readable(err, work) };
    }
    const local = localImports(graph, entry);
    if (local.length) return { ok: false, error: `A backend function cannot import files (${local.join(", ")}): import packages with npm:, jsr: or https: specifiers.` };

    const out = path.join(work, "bundle.js");
    try {
      await run(deno, ["bundle", "--no-config", "--no-lock", "--platform=deno", "--sourcemap=external", "-o", out, entry], options);
    } catch (err) {
      return { ok: false, error: readable(err, work) };
    }
    const outside = sourcesOutside(`${out}.map`, [entry, path.join(denoDir, "npm"), path.join(denoDir, "remote")]);
    if (outside.length) return { ok: false, error: `A backend function's packages may not bundle files of the server (${outside.length} found).` };
    if (statSync(out).size > FunctionLimits.BUNDLE_BYTES)
      return { ok: false, error: `The function and its packages come to more than ${FunctionLimits.BUNDLE_BYTES / 1024 / 1024} MB once bundled.` };
    const bytes = readFileSync(out);
    return { ok: true, bundle: bytes.toString("base64"), sha: createHash("sha256").update(bytes).digest("hex"), packages: packagesOf(graph, entry) };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Graph {
  modules: { specifier: string; kind?: string; error?: string; dependencies?: { specifier: string; code?: { specifier?: string }; npmPackage?: string }[] }[];
  redirects?: Record<string, string>;
}

/** Modules of the graph that are files other than the function itself. */
function localImports(graph: Graph, entry: string): string[] {
  const self = `file://${entry}`;
  return graph.modules
    .filter((m) => m.specifier !== self && !ALLOWED_SCHEMES.some((s) => m.specifier.startsWith(s)))
    .map((m) => m.specifier.replace(/^file:\/\//, ""));
}

/** The packages the function imports, as written ("npm:@base44/sdk@0.8.50"). */
function packagesOf(graph: Graph, entry: string): string[] {
  const root = graph.modules.find((m) => m.specifier === `file://${entry}`);
  return [...new Set((root?.dependencies ?? []).map((d) => d.specifier).filter((s) => s.startsWith("npm:") || s.startsWith("jsr:") || s.startsWith("http")))];
}

/** Inputs of the bundle (its source map's sources) outside the allowed folders. */
function sourcesOutside(mapFile: string, allowed: string[]): string[] {
  const map = JSON.parse(readFileSync(mapFile, "utf8")) as { sources?: string[] };
  const dir = path.dirname(mapFile);
  return (map.sources ?? [])
    .map((s) => path.resolve(dir, s.replace(/^file:\/\//, "")))
    .filter((abs) => !allowed.some((root) => abs === root || abs.startsWith(root + path.sep)));
}

/** Deno's error, without colours, the build folder's path or a stack. */
function readable(err: unknown, work: string): string {
  const e = err as { stderr?: string; killed?: boolean; message?: string };
  if (e.killed) return "Resolving the function's packages took longer than 2 minutes.";
  const text = (e.stderr || e.message || "The function could not be built")
    .replace(/\u001b\[[0-9;]*m/g, "")
    .replaceAll(`file://${work}/`, "")
    .replaceAll(`${work}/`, "")
    .split("\n")
    .filter((line) => !/^\s+at /.test(line) && !/^Stack backtrace/.test(line))
    .join("\n")
    .trim();
  return text.slice(0, 2000);
}
