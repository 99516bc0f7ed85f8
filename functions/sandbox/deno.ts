import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";

/**
 * Where the Deno runtime is and how it is started. Deno comes from the npm `deno` package
 * (the platform binary from the registry); in the cloud the sandbox Lambda carries the same
 * binary (stacks/sandbox.ts) and names it in DENO_BIN.
 */
export namespace DenoRuntime {
  export function binary(): string {
    if (process.env.DENO_BIN) return process.env.DENO_BIN;
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve("deno/package.json"));
    // The package's install script puts the platform binary beside it; the platform package holds it too.
    for (const candidate of [path.join(dir, "deno"), path.join(dir, "..", "@deno", platformPackage(), "deno")]) if (existsSync(candidate)) return candidate;
    throw new Error("The Deno runtime is not installed: run npm ci (the deno package installs it)");
  }

  function platformPackage(): string {
    const arch = process.arch === "arm64" ? "arm64" : "x64";
    if (process.platform === "linux") return `linux-${arch}-glibc`;
    if (process.platform === "darwin") return `darwin-${arch}`;
    return `win32-${arch}`;
  }

  /** The sandbox's working folder: deployments and builds (SANDBOX_DIR; /tmp in Lambda). */
  export function home(): string {
    return process.env.SANDBOX_DIR ?? path.join(os.tmpdir(), "kiln-sandbox");
  }

  /**
   * Packages fetched for builds (SANDBOX_CACHE): content-addressed, so every stack on a machine
   * shares one. Never inside a project: bundling walks up from a package looking for node_modules.
   */
  export function packageCache(): string {
    return process.env.SANDBOX_CACHE ?? path.join(os.tmpdir(), "kiln-deno-cache");
  }

  /**
   * What a build may see of this machine's environment: how to reach the npm registry and
   * trust its certificate, nothing of Kiln's own settings.
   */
  export function buildEnv(denoDir: string): Record<string, string> {
    const passed = ["SSL_CERT_FILE", "SSL_CERT_DIR", "NPM_CONFIG_REGISTRY", "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy"];
    // the machine's trust store (and an extra CA file, as Node is given one) over Deno's built-in one
    const env: Record<string, string> = { DENO_DIR: denoDir, NO_COLOR: "1", DENO_NO_UPDATE_CHECK: "1", DENO_TLS_CA_STORE: "system,mozilla" };
    for (const name of passed) if (process.env[name]) env[name] = process.env[name]!;
    const extraCa = process.env.DENO_CERT ?? process.env.NODE_EXTRA_CA_CERTS;
    if (extraCa) env.DENO_CERT = extraCa;
    return env;
  }

  /**
   * The network a function may not reach, as Deno `--deny-net` entries (addresses are checked
   * after name resolution, so "localhost" or a name pointing at 127.0.0.1 is caught too):
   * link-local and cloud metadata addresses, this machine's own addresses, and on loopback
   * either everything (the cloud, where Kiln's API is not on this machine) or the ports of
   * Kiln's internal services (one machine, where the function calls Kiln's API on loopback).
   * SANDBOX_INTERNAL_PORTS lists those ports; without it all of loopback is closed.
   */
  export function deniedNetwork(): string[] {
    const denied = new Set(["169.254.0.0/16", "0.0.0.0", "[::]", "100.100.100.200", "[fd00:ec2::254]"]);
    for (const list of Object.values(os.networkInterfaces()))
      for (const addr of list ?? []) {
        if (addr.internal) continue;
        denied.add(addr.family === "IPv6" ? `[${addr.address.split("%")[0]}]` : addr.address);
      }
    const ports = (process.env.SANDBOX_INTERNAL_PORTS ?? "")
      .split(",")
      .map((p) => Number(p))
      .filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
    if (!process.env.SANDBOX_INTERNAL_PORTS) {
      denied.add("127.0.0.0/8");
      denied.add("[::1]");
    } else for (const port of ports) (denied.add(`127.0.0.0/8:${port}`), denied.add(`[::1]:${port}`));
    return [...denied];
  }
}
