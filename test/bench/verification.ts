/**
 * A turn's verification (functions/core/verify/, issue 24 §1) on a 5-page app the offline engine built:
 * the main page and four more opened in Debian's Chromium, each checked for errors and by axe-core, and
 * one Customer made through its form and deleted. The first round includes starting the browser (a cold
 * worker); the samples are the rounds after it, the browser pooled as in a warm worker. Budget: ≤ 20 s.
 *
 * Run on its own: `npx tsx test/bench/verification.ts` (needs a built runtime: dist/ from `npm run build`,
 * or KILN_WEB_DIR). It starts its own local stack in a child process and acts as that stack's worker, so
 * it does not share a process with test/bench/run.ts's in-process stack.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalStackProcess } from "../../stacks/local/child";
import { builtApp, json } from "./http";
import type { SdkRow } from "./sdk-workload";
import { printTable, row } from "./table";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const ROUNDS = 5;
const PAGES = ["Customers", "Deals", "Tasks", "CustomerForm"];

export async function verificationTimes(): Promise<SdkRow[]> {
  const webDir = process.env.KILN_WEB_DIR ?? path.join(ROOT, "dist");
  if (!existsSync(path.join(webDir, "runtime/index.html"))) throw new Error(`no built app runtime in ${webDir}: run npm run build (or set KILN_WEB_DIR)`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kiln-bench-verify-"));
  const stack = await startLocalStackProcess({ seed: true, webDir, dataDir });
  try {
    // this process acts as the stack's worker: its links and its signing key
    Object.assign(process.env, stack.links, { SST_RESOURCE_AuthSecret: JSON.stringify({ value: readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim(), type: "sst.sst.Secret" }) });
    const { Verify } = await import("../../functions/core/verify/verify");
    const { VerifyBrowser } = await import("../../functions/core/verify/browser");
    const { access_token: token } = await json(`${stack.url}/api/local/token`, { method: "POST", body: { email: `bench-verify-${Date.now().toString(36)}@bench.kiln` } });
    const app = await builtApp(stack.url, token, "A CRM to track customers, deals and follow-up tasks");
    const input = { appId: app.id, pages: PAGES, touchedEntities: ["Customer"] };
    try {
      const cold = await Verify.run(input);
      const samples: number[] = [];
      let last = cold;
      for (let round = 0; round < ROUNDS; round++) {
        last = await Verify.run(input);
        samples.push(last.duration_ms);
      }
      const findings = last.pages.reduce((n, p) => n + p.errors.length, 0);
      const outcome = `${last.status}: ${last.pages.length} pages, ${findings} findings, record ${last.record_check?.status ?? "not checked"}`;
      return [{ what: `verification, 5-page offline CRM + one record (warm browser)`, samples, extra: `${outcome}; first run with browser start ${(cold.duration_ms / 1000).toFixed(1)} s; target ≤ 20 s` }];
    } finally {
      await VerifyBrowser.close();
    }
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  verificationTimes()
    .then((rows) => printTable(rows.map((r) => row(r.what, r.samples, r.extra))))
    .catch((err) => {
      console.error(err);
      process.exitCode = 1;
    });
}
