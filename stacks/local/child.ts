/**
 * A local stack in a process of its own, for callers that need a second stack or
 * must keep the stack's environment out of their own (test setups, the bench).
 * Run directly, this file is that process: it starts the stack, prints one line
 * `KILN_STACK_READY {json}`, and stops on SIGTERM or when its parent goes away.
 */
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { type LocalStackOptions, startLocalStack } from "./stack";

const READY = "KILN_STACK_READY ";
/** A line on the process's stdin that ends it at once, as a crash would. */
const CRASH = "KILN_STACK_CRASH";
/** `dataDir` keeps the data where a later stack can start on it (a restart); without it the data is temporary. */
type ChildOptions = Pick<LocalStackOptions, "webDir" | "seed" | "team" | "oidc" | "signupDomains"> & Partial<Pick<LocalStackOptions, "dataDir">>;

export interface StackProcess {
  url: string;
  socketUrl: string;
  startupMs: number;
  /** The links its handlers read (stand-ins' endpoints, table, bucket, sockets; no secret), to run a handler elsewhere against the same data. */
  links: Record<string, string>;
  stop(): Promise<void>;
  /** Ends the process at once, as a crash would: nothing it was running finishes; its stand-ins end with it, data on disk stays. */
  crash(): Promise<void>;
}

export function startLocalStackProcess(options: ChildOptions, timeoutMs = 90_000): Promise<StackProcess> {
  const tsx = createRequire(import.meta.url).resolve("tsx/cli");
  const child = spawn(process.execPath, [tsx, fileURLToPath(import.meta.url)], {
    env: { ...process.env, KILN_STACK_OPTIONS: JSON.stringify(options) },
    stdio: ["pipe", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (child.kill("SIGKILL"), reject(new Error("the local stack did not start in time"))), timeoutMs);
    let buffer = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split("\n").find((l) => l.startsWith(READY));
      if (!line) return;
      clearTimeout(timer);
      const ready = JSON.parse(line.slice(READY.length)) as Omit<StackProcess, "stop" | "crash">;
      resolve({
        ...ready,
        async stop() {
          child.kill("SIGTERM");
          await exited;
        },
        async crash() {
          child.stdin!.write(`${CRASH}\n`);
          await exited;
        },
      });
    });
    child.once("exit", (code) => (clearTimeout(timer), reject(new Error(`the local stack exited during start-up (code ${code})`))));
  });
}

async function serve() {
  const options = JSON.parse(process.env.KILN_STACK_OPTIONS ?? "{}") as ChildOptions;
  const stack = await startLocalStack({ port: 0, dataDir: null, ...options });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.stdin.on("end", stop); // the parent went away
  process.stdin.on("data", (chunk: Buffer) => {
    // no stop and no finally block runs: what a dying worker leaves behind (functions/core/chat/turns.ts sweeps it)
    if (chunk.toString().includes(CRASH)) process.exit(70);
  });
  process.stdin.resume();
  const ready = { url: stack.url, socketUrl: stack.socketUrl, startupMs: stack.startupMs, links: links() };
  process.stdout.write(`${READY}${JSON.stringify(ready)}\n`);
}

/**
 * What the stack injected for its handlers (stacks/local/stack.ts), the auth secret left out; the Stripe stand-in's keys
 * are in, tests drive it with them; and where functions reach the API.
 */
function links(): Record<string, string> {
  const linked = (name: string) => ((name.startsWith("AWS_") || name.startsWith("SST_RESOURCE_")) && name !== "SST_RESOURCE_AuthSecret") || name === "SANDBOX_API_URL";
  return Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => linked(e[0]) && e[1] !== undefined));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serve().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
