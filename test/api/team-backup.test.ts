import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startLocalStackProcess } from "../../stacks/local/child";
import { type TeamClient, teamClient } from "./team-client";

/**
 * `npm run backup` / `npm run restore` on a team's Kiln (issue 23): the data folder holds the
 * accounts, their passwords and the secret that signs sessions, and a restore brings them back.
 */

const root = path.resolve(import.meta.dirname, "../..");
const tsx = createRequire(import.meta.url).resolve("tsx/cli");
const work = mkdtempSync(path.join(os.tmpdir(), "kiln-team-backup-"));
const dataDir = path.join(work, "data");
const archive = path.join(work, "kiln-backup.tar.gz");

/** `npm run <script> -- <file>` on this test's data folder. */
function script(name: "backup" | "restore", file: string) {
  const run = spawnSync(process.execPath, [tsx, path.join(root, "scripts", `${name}.ts`), file], {
    cwd: root,
    env: { ...process.env, KILN_DATA_DIR: dataDir },
    encoding: "utf8",
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

async function withStack<T>(work: (kiln: TeamClient) => Promise<T>): Promise<T> {
  const stack = await startLocalStackProcess({ seed: false, team: true, dataDir });
  const kiln = teamClient(stack);
  try {
    return await work(kiln);
  } finally {
    kiln.close();
    await stack.stop();
  }
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("backing up and restoring a team's Kiln", () => {
  it("refuses while Kiln runs, and a restore brings back the accounts, passwords and admin as they were", { timeout: 240_000 }, async () => {
    const adminToken = await withStack(async (kiln) => {
      const token = await kiln.signUp("owner@team.test");
      const running = script("backup", archive);
      expect(running.status, running.output).toBe(1);
      expect(running.output).toContain("is running on");
      return token;
    });

    const backup = script("backup", archive);
    expect(backup.status, backup.output).toBe(0);

    // a change after the backup, which the restore must undo
    await withStack(async (kiln) => {
      await kiln.signUp("later@team.test");
      expect((await kiln.signIn("later@team.test")).status).toBe(200);
    });

    const restore = script("restore", archive);
    expect(restore.status, restore.output).toBe(0);

    await withStack(async (kiln) => {
      // the session from before the backup still holds: the signing secret came back with the data
      expect((await kiln.me(adminToken)).platform_role).toBe("platform_admin");
      const owner = await kiln.signIn("owner@team.test");
      expect(owner.status).toBe(200);
      expect((await kiln.me(owner.token!)).email).toBe("owner@team.test");
      expect((await kiln.signIn("later@team.test")).status).toBe(400);
    });
  });
});
