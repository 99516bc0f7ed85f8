/**
 * File change -> preview re-rendered, for test/bench/run.ts: the editor open in real
 * Chromium with an app the offline engine built, a page's file saved through
 * `POST /api/apps/{id}/coding/write`, and the time until the preview frame reports
 * that version on screen (`sandbox:afterUpdate`, after React's commit). The path is
 * the product's own: the write, the app's realtime room to the editor, the editor's
 * `kiln:files` message to the frame, recompiling the page with sucrase, re-rendering.
 * The total and its editor-side splits are on the editor page's clock (performance.now()), so no clock
 * skew enters; the two frame-side splits (files in, new text in the DOM) compare the two processes'
 * timeOrigin-based clocks, which read the same system clock.
 *
 * It runs its own local stack (in a child process) with the built web app, which it
 * builds first unless KILN_SKIP_BUILD=1.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startLocalStackProcess } from "../../stacks/local/child";
import { launchChromium } from "../e2e/chromium";
import { json } from "./http";
import type { SdkRow } from "./sdk-workload";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const WARMUP = 3;
const ROUNDS = 30;

/** Nearest-rank 95th percentile (the table's columns are the median and p99). */
function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)];
}

export async function previewRerender(): Promise<SdkRow[]> {
  if (process.env.KILN_SKIP_BUILD !== "1") {
    // NODE_ENV as a user's build has it: under vitest it is "test", and vite would bundle React's slow development build.
    const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  const assets = path.join(ROOT, "dist/assets");
  // React's development build warns about list keys; a production build has no such text.
  const development = fs.readdirSync(assets).some((f) => f.endsWith(".js") && fs.readFileSync(path.join(assets, f), "utf8").includes('unique "key" prop'));
  const buildNote = development ? "; dist is a DEVELOPMENT build (slow React)" : "";
  const stack = await startLocalStackProcess({ seed: true, webDir: path.join(ROOT, "dist") });
  const browser = await launchChromium();
  try {
    const { url } = stack;
    const { access_token: token } = await json(`${url}/api/local/token`, { method: "POST", body: { email: `bench-preview-${Date.now().toString(36)}@bench.kiln` } });
    const me = await json(`${url}/api/auth/me`, { token });
    // Saving code is a paid-plan feature.
    const { access_token: admin } = await json(`${url}/api/local/token`, { method: "POST", body: { email: "admin@kiln.local" } });
    await json(`${url}/api/auth/${me.id}/update-user`, { method: "POST", token: admin, body: { subscription_tier: "pro" } });

    const created = await json(`${url}/api/apps`, { method: "POST", token, body: { user_description: "A CRM to track customers, deals and follow-up tasks" } });
    let app: any;
    for (let tries = 0; ; tries++) {
      app = await json(`${url}/api/apps/${created.id}`, { token });
      if (app.status.state === "ready") break;
      if (app.status.state === "error" || tries > 600) throw new Error(`the bench app did not build: ${app.status.details}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const original: string = app.pages.Dashboard;
    const marker = "An overview of your customers, deals and tasks.";
    if (!original.includes(marker)) throw new Error("the Dashboard page no longer has the text this bench edits");

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addInitScript((t) => {
      // In the preview frame, on the machine's clock (timeOrigin) to compare across the two processes: when the editor's
      // files arrive, and when the DOM first holds the round's text (kilnExpect), as the commit's mutations are observed.
      if (window !== window.top) {
        const bench = window as unknown as { kilnFilesIn?: number[]; kilnExpect?: string; kilnShownAt?: number; kilnInflight: number };
        // The app's API requests in flight (a re-rendered page loads its data again; socket.io's long polls are not counted):
        // each round starts once they are answered.
        bench.kilnInflight = 0;
        const open = XMLHttpRequest.prototype.open;
        XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { kilnCounted?: boolean }, ...args: unknown[]) {
          this.kilnCounted = String(args[1]).includes("/api/") && !String(args[1]).includes("socket.io");
          return (open as (...a: unknown[]) => void).apply(this, args);
        };
        const send = XMLHttpRequest.prototype.send;
        XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { kilnCounted?: boolean }, ...args: Parameters<XMLHttpRequest["send"]>) {
          if (this.kilnCounted) {
            bench.kilnInflight++;
            this.addEventListener("loadend", () => bench.kilnInflight--, { once: true });
          }
          return send.apply(this, args);
        };
        const nativeFetch = window.fetch;
        window.fetch = (...args: Parameters<typeof fetch>) => {
          const url = args[0] instanceof Request ? args[0].url : String(args[0]);
          if (!url.includes("/api/") || url.includes("socket.io")) return nativeFetch(...args);
          bench.kilnInflight++;
          return nativeFetch(...args).finally(() => bench.kilnInflight--);
        };
        addEventListener("message", (event) => {
          if (event.data?.type === "kiln:files") (bench.kilnFilesIn ??= []).push(performance.timeOrigin + performance.now());
        });
        new MutationObserver(() => {
          if (bench.kilnExpect && !bench.kilnShownAt && document.body?.textContent?.includes(bench.kilnExpect)) bench.kilnShownAt = performance.timeOrigin + performance.now();
        }).observe(document, { subtree: true, childList: true, characterData: true });
        return;
      }
      if (location.hostname !== "localhost") return;
      localStorage.setItem("token", t);
      // When the editor's socket receives a file change: the split between server and browser.
      const Native = WebSocket;
      window.WebSocket = class extends Native {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          this.addEventListener("message", (event) => {
            if (String(event.data).includes('"_files"')) (window as unknown as { kilnFilesAt: number }).kilnFilesAt = performance.now();
          });
        }
      };
    }, token);
    const page = await context.newPage();
    await page.goto(`${url}/apps/${app.id}/editor/preview`);
    await page.frameLocator('[data-testid="preview-frame"]').getByText(marker).waitFor({ timeout: 60_000 });
    const frame = await (await page.$('[data-testid="preview-frame"]'))!.contentFrame();
    if (!frame) throw new Error("the preview frame is not there");

    const totals: number[] = [];
    const inFrame: number[] = [];
    const answered: number[] = [];
    const pushed: number[] = [];
    const posted: number[] = [];
    const inFrameAt: number[] = [];
    const inDom: number[] = [];
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      // From a settled editor: the last round's data reloads answered and both pages idle, so no round pays for the one before.
      await frame.waitForFunction(() => (window as unknown as { kilnInflight: number }).kilnInflight === 0, undefined, { timeout: 15_000 });
      for (const target of [frame, page]) await target.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 2_000 })));
      const text = `Round ${i}: ${Math.random().toString(36).slice(2, 8)}`;
      await frame.evaluate((expect) => Object.assign(window, { kilnExpect: expect, kilnShownAt: 0 }), text);
      const result = await page.evaluate(
        async ({ appId, content }) => {
          let began = 0;
          const shown = new Promise<{ at: number; ms: number }>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error("the preview did not re-render within 15 s")), 15_000);
            // An inline listener ended by a signal: a named one would need tsx's __name helper, which the page lacks.
            const listening = new AbortController();
            addEventListener(
              "message",
              (event) => {
                if (event.data?.type === "sandbox:beforeUpdate") began ||= performance.now();
                if (event.data?.type !== "sandbox:afterUpdate") return;
                clearTimeout(timer);
                listening.abort();
                resolve({ at: performance.now(), ms: event.data.ms });
              },
              { signal: listening.signal },
            );
          });
          const start = performance.now();
          const res = await fetch(`/api/apps/${appId}/coding/write`, {
            method: "POST",
            headers: { Authorization: `Bearer ${localStorage.getItem("token")}`, "Content-Type": "application/json" },
            body: JSON.stringify({ file_path: "pages/Dashboard", content }),
          });
          if (!res.ok) throw new Error(`coding/write answered ${res.status}: ${await res.text()}`);
          const answered = performance.now() - start;
          const { at, ms } = await shown;
          const pushed = (window as unknown as { kilnFilesAt: number }).kilnFilesAt - start;
          return { total: at - start, ms, answered, pushed, posted: began - start, startAt: performance.timeOrigin + start };
        },
        { appId: app.id, content: original.replace(marker, text) },
      );
      // The new text is on screen, in the same frame.
      await page.frameLocator('[data-testid="preview-frame"]').getByText(text).waitFor({ timeout: 5_000 });
      const seen = await frame.evaluate(() => {
        const bench = window as unknown as { kilnFilesIn?: number[]; kilnShownAt?: number };
        return { arrivals: bench.kilnFilesIn ?? [], shownAt: bench.kilnShownAt ?? 0 };
      });
      const firstArrival = seen.arrivals.find((at) => at >= result.startAt);
      if (firstArrival === undefined || !seen.shownAt) throw new Error("the preview frame did not record the files' arrival or the new text");
      if (i >= WARMUP) {
        inFrameAt.push(firstArrival - result.startAt);
        inDom.push(seen.shownAt - result.startAt);
        totals.push(result.total);
        inFrame.push(result.ms);
        answered.push(result.answered);
        pushed.push(result.pushed);
        posted.push(result.posted);
      }
    }
    return [
      { what: "file change -> preview re-rendered (coding/write -> frame commit)", samples: totals, extra: `p95 ${p95(totals).toFixed(1)} ms; editor open in Chromium${buildNote}` },
      { what: "  coding/write answered", samples: answered, extra: `p95 ${p95(answered).toFixed(1)} ms` },
      { what: "  the file change reached the editor's socket", samples: pushed, extra: `p95 ${p95(pushed).toFixed(1)} ms` },
      { what: "  the files reached the frame", samples: inFrameAt, extra: `p95 ${p95(inFrameAt).toFixed(1)} ms; the editor's handling of the socket frame + postMessage` },
      { what: "  the frame's beforeUpdate reached the editor", samples: posted, extra: `p95 ${p95(posted).toFixed(1)} ms; waits on the editor's own re-render` },
      { what: "  the new text in the frame's DOM", samples: inDom, extra: `p95 ${p95(inDom).toFixed(1)} ms; the frame's commit on the machine clock, before its report reaches the editor` },
      { what: "  of which in the frame (files arrive -> commit)", samples: inFrame, extra: `p95 ${p95(inFrame).toFixed(1)} ms; recompile with sucrase + React re-render` },
    ];
  } finally {
    await browser.close();
    await stack.stop();
  }
}
