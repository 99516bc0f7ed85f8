import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * A stand-in never outlives the process that started it: a test run killed outright (kill -9, where
 * no exit handler runs) used to leave its detached DynamoDB Local and s3rver behind, loading the machine.
 */

/** Running, and not a zombie waiting for a parent that will never reap it. */
function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
}
const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ");
const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ")[1]);

const parents: ChildProcess[] = [];
const started: number[] = [];
afterAll(() => {
  // a failing run must not leak what it checks for
  for (const parent of parents) parent.kill("SIGKILL");
  for (const pid of started.filter(alive)) process.kill(pid, "SIGKILL");
});

describe.runIf(process.platform === "linux")("the local stack's stand-ins", () => {
  it("end within a few seconds when the process that started them is killed with SIGKILL", { timeout: 90_000 }, async () => {
    // tsx as a loader, not its CLI (which runs the script in a child of its own): the killed process is the stand-ins' parent
    const parent = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "stand-ins-child.ts")], { stdio: ["ignore", "pipe", "inherit"] });
    parents.push(parent);
    const pids = await new Promise<{ dynamo: number; s3: number }>((resolve, reject) => {
      let out = "";
      parent.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split("\n").find((l) => l.startsWith("STAND_INS "));
        if (line) resolve(JSON.parse(line.slice("STAND_INS ".length)));
      });
      parent.once("exit", (code) => reject(new Error(`the stand-ins' parent exited during start-up (code ${code})`)));
    });
    started.push(pids.dynamo, pids.s3);
    expect([parentOf(pids.dynamo), parentOf(pids.s3)]).toEqual([parent.pid, parent.pid]);
    expect(commandOf(pids.dynamo)).toContain("DynamoDBLocal.jar");
    expect(commandOf(pids.s3)).toContain("stacks/local/s3-standin.ts");
    expect([alive(pids.dynamo), alive(pids.s3)]).toEqual([true, true]);

    const gone = new Promise((resolve) => parent.once("exit", resolve));
    parent.kill("SIGKILL");
    await gone;
    const deadline = Date.now() + 5_000;
    while ((alive(pids.dynamo) || alive(pids.s3)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect({ dynamo: alive(pids.dynamo), s3: alive(pids.s3) }).toEqual({ dynamo: false, s3: false });
  });
});
