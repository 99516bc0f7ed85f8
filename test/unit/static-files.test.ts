import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sirv from "sirv";
import { afterAll, describe, expect, it } from "vitest";
import { guardPipedFiles } from "../../stacks/local/static-files";

/** A rebuild of dist/ while Kiln serves it removes files sirv listed at start: Kiln must survive serving one. */
describe("static files that vanish after start", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kiln-static-"));
  writeFileSync(path.join(dir, "gone.js"), "x".repeat(100));
  writeFileSync(path.join(dir, "kept.js"), "kept");
  const files = sirv(dir, { dev: false, etag: true });
  const server = http.createServer((req, res) => {
    guardPipedFiles(res);
    files(req, res, () => void res.writeHead(404).end());
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("cut off the answer for the vanished file, and the server goes on answering", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    rmSync(path.join(dir, "gone.js"));
    // sirv still lists it and answers 200 with its size, then the read fails: the body never completes
    const gone = await fetch(`${base}/gone.js`).then((r) => r.text()).then((text) => `body of ${text.length}`, (err: Error) => err.name);
    expect(gone).not.toBe("body of 100");
    const kept = await fetch(`${base}/kept.js`);
    expect({ status: kept.status, body: await kept.text() }).toEqual({ status: 200, body: "kept" });
  });
});
