import type { Browser } from "playwright-core";

/**
 * The headless Chromium verification drives, one per process and reused: launching costs a
 * second or more (several on a Lambda cold start), a context per verification keeps runs
 * apart, and a browser idle for a minute is closed so a local stack does not keep one alive.
 *
 * Where it comes from: `KILN_CHROMIUM_PATH` when set; inside AWS Lambda (`LAMBDA_TASK_ROOT`)
 * the Chromium built for Lambda, `@sparticuz/chromium`, imported only there (installed with
 * the worker, never bundled); anywhere else Debian's `/usr/bin/chromium`.
 */
export namespace VerifyBrowser {
  /** Debian's Chromium on this machine kind (../shared/reference/toolchain.md). */
  export const DEFAULT_PATH = "/usr/bin/chromium";
  const IDLE_CLOSE_MS = 60_000;

  /** In AWS Lambda, the worker's installed packages (stacks/functions.ts `nodejs.install`), imported by these names only. */
  export const LAMBDA_PACKAGES = { chromium: "@sparticuz/chromium", driver: "playwright-core" } as const;

  /** Flags for a headless run with no network of its own (no updates, sync or QUIC); the e2e tests' browser takes the same. */
  export const LOCAL_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ];

  /** Thrown when no Chromium can be started: verification is then skipped with this text, never passed. */
  export class Unavailable extends Error {
    constructor(detail: string) {
      super(`verification needs Chromium: ${detail}`);
      this.name = "VerifyBrowser.Unavailable";
    }
  }

  let launching: Promise<Browser> | null = null;
  let users = 0;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;

  /** Where the executable is and which flags it takes. */
  async function launchOptions(): Promise<{ executablePath: string; args: string[] }> {
    const configured = process.env.KILN_CHROMIUM_PATH;
    if (configured) return { executablePath: configured, args: LOCAL_ARGS };
    if (!process.env.LAMBDA_TASK_ROOT) return { executablePath: DEFAULT_PATH, args: LOCAL_ARGS };
    // A name in a variable: the bundler leaves it to the worker's installed node_modules (stacks: nodejs.install).
    const lambdaChromium: string = LAMBDA_PACKAGES.chromium;
    let mod: { default?: unknown };
    try {
      mod = (await import(lambdaChromium)) as { default?: unknown };
    } catch (err) {
      throw new Unavailable(`${lambdaChromium} is not installed with this function (${(err as Error).message})`);
    }
    const chromium = mod.default as { args?: unknown; executablePath?: () => Promise<string> } | undefined;
    if (!chromium || typeof chromium.executablePath !== "function" || !Array.isArray(chromium.args)) throw new Unavailable(`${lambdaChromium} has an unexpected shape`);
    return { executablePath: await chromium.executablePath(), args: chromium.args as string[] };
  }

  async function launch(): Promise<Browser> {
    const { executablePath, args } = await launchOptions();
    let playwright: typeof import("playwright-core");
    // a name in a variable, like Chromium's: installed with the worker (stacks/functions.ts), never bundled (it reads its own files)
    const driver: string = LAMBDA_PACKAGES.driver;
    try {
      playwright = (await import(driver)) as typeof import("playwright-core");
    } catch (err) {
      throw new Unavailable(`playwright-core is not installed (${(err as Error).message})`);
    }
    try {
      return await playwright.chromium.launch({ executablePath, args, headless: true, timeout: 30_000 });
    } catch (err) {
      throw new Unavailable(`could not start ${executablePath} (${((err as Error).message ?? String(err)).split("\n")[0]})`);
    }
  }

  /** The process's browser, started when none is running (or the last one went away). */
  async function browser(): Promise<Browser> {
    if (launching) {
      const current = await launching.catch(() => null);
      if (current?.isConnected()) return current;
    }
    launching = launch();
    launching.catch(() => (launching = null));
    return launching;
  }

  /** Runs `work` with the shared browser; the last user to finish starts the idle countdown. */
  export async function use<T>(work: (browser: Browser) => Promise<T>): Promise<T> {
    users++;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    try {
      return await work(await browser());
    } finally {
      users--;
      if (users === 0) {
        idleTimer = setTimeout(() => void close(), IDLE_CLOSE_MS);
        idleTimer.unref();
      }
    }
  }

  /** Closes the shared browser (a test's end, a process shutting down). */
  export async function close(): Promise<void> {
    const current = launching;
    launching = null;
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const open = await current?.catch(() => null);
    await open?.close().catch(() => undefined);
  }
}
