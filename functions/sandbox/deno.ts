import { existsSync, readFileSync } from "node:fs";
import { isIPv4 } from "node:net";
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
   * The one address of Kiln's API a function calls (its SDK's base URL) when that API is on this
   * machine (SANDBOX_API_URL, one machine); null in the cloud, where the API is reached over the
   * network like any other host.
   */
  export function apiUrl(): URL | null {
    return process.env.SANDBOX_API_URL ? new URL(process.env.SANDBOX_API_URL) : null;
  }

  /**
   * The network a function may not reach, as Deno `--deny-net` entries (addresses are checked
   * after name resolution, so "localhost", "127.1" or a name pointing at 127.0.0.1 is caught too):
   * link-local and cloud metadata addresses, the wildcard and this machine's own addresses, and
   * all of loopback, as in the cloud. On one machine two loopback addresses may stay open: the
   * API's own, and on it only the API's port; and one the operator names for services of theirs
   * that functions may call (SANDBOX_OPEN_LOOPBACK, e.g. 127.0.0.3). On both, every port listening
   * on every interface is closed by name, as are Kiln's internal services (SANDBOX_INTERNAL_PORTS),
   * so Kiln's own server stays closed even when HOST opens it. Deno has no listen permission apart
   * from connect, so closing loopback also keeps a function from listening there (the runner
   * closes the rest: runner.js).
   */
  export function deniedNetwork(): string[] {
    const denied = new Set(["169.254.0.0/16", "0.0.0.0", "[::]", "100.100.100.200", "[fd00:ec2::254]", "[::1]"]);
    for (const list of Object.values(os.networkInterfaces()))
      for (const addr of list ?? []) {
        if (addr.internal) continue;
        denied.add(addr.family === "IPv6" ? `[${addr.address.split("%")[0]}]` : addr.address);
      }
    const api = apiUrl();
    const open = new Map<string, Set<number>>(); // an open address -> the ports closed on it
    if (api && isLoopbackV4(api.hostname)) {
      const closed = new Set([...internalPorts(), ...listeningOn(api.hostname, true)]);
      closed.delete(Number(api.port || 80));
      open.set(api.hostname, closed);
    }
    const extra = process.env.SANDBOX_OPEN_LOOPBACK?.trim();
    if (extra && isLoopbackV4(extra) && !open.has(extra)) open.set(extra, new Set([...internalPorts(), ...listeningOn(extra, false)]));
    for (const block of loopbackExcept([...open.keys()])) denied.add(block);
    for (const [address, closed] of open) for (const port of closed) denied.add(`${address}:${port}`);
    return [...denied];
  }

  const isLoopbackV4 = (host: string) => isIPv4(host) && host.startsWith("127.");

  function internalPorts(): number[] {
    return (process.env.SANDBOX_INTERNAL_PORTS ?? "")
      .split(",")
      .map((p) => Number(p))
      .filter((p) => Number.isInteger(p) && p > 0 && p < 65536);
  }

  /** 127.0.0.0/8 but some addresses, as the fewest CIDR blocks: halves with none of them whole, the others split again. */
  export function loopbackExcept(addresses: string[]): string[] {
    const toInt = (a: string) => a.split(".").reduce((n, part) => n * 256 + Number(part), 0);
    const toAddress = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join(".");
    const excluded = addresses.map(toInt);
    const blocks: string[] = [];
    const cover = (start: number, bits: number) => {
      const size = 2 ** (32 - bits);
      if (!excluded.some((n) => n >= start && n < start + size)) return void blocks.push(`${toAddress(start)}/${bits}`);
      if (bits === 32) return;
      cover(start, bits + 1);
      cover(start + size / 2, bits + 1);
    };
    cover(toInt("127.0.0.0"), 8);
    return blocks;
  }

  /**
   * The TCP ports listening on every interface right now, and on `address` too when `itself` (Linux:
   * /proc/net/tcp and tcp6), so a service of the machine's is closed to functions even when Kiln does
   * not know it. Elsewhere only Kiln's own internal ports are known.
   */
  export function listeningOn(address: string, itself: boolean): number[] {
    const ports = new Set<number>();
    const hex = address.split(".").reverse().map((part) => Number(part).toString(16).padStart(2, "0")).join("").toUpperCase();
    const wanted = new Set(["00000000", "00000000000000000000000000000000", ...(itself ? [hex, `0000000000000000FFFF0000${hex}`] : [])]);
    for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue;
      }
      for (const line of text.split("\n").slice(1)) {
        const [, local, , state] = line.trim().split(/\s+/);
        if (state !== "0A" || !local) continue; // 0A: LISTEN
        const [addr, port] = local.split(":");
        if (wanted.has(addr)) ports.add(parseInt(port, 16));
      }
    }
    return [...ports];
  }
}
