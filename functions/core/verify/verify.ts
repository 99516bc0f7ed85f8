import type { Page } from "playwright-core";
import type { AppMeta } from "../../../schemas/app";
import { createPageUrl, pageOfPath } from "../../../schemas/preview";
import type { PageCheck, RecordCheck, Verification, VerificationFinding } from "../../../schemas/verification";
import type { AppCaller } from "../actor";
import { AppCallers } from "../app-users/caller";
import { AppUsers } from "../app-users/users";
import { Apps } from "../apps/apps";
import { AppFiles } from "../apps/files";
import { Config } from "../config";
import { Tokens } from "../identity/tokens";
import { Users } from "../identity/users";
import { VerifyBrowser } from "./browser";
import { PageWatch, type RuntimePanels, accessibility, rendered, runtimePanels, withoutEchoes } from "./page-check";
import { checkRecord } from "./record-check";
import { firstFailure, summarize as summarizeVerification } from "./summary";

/**
 * A turn's proof (issue 24 §1): the app's preview, on its own origin (`preview--{slug}`, never the
 * builder's), opened in headless Chromium as its owner, the main page and each page the turn
 * touched checked one after another in one browser context, then one record created through the
 * main entity's form and deleted again. The owner's runtime token is minted here for a few
 * minutes, as the editor's `GET /apps/{id}/auth/token` would hand it to the preview frame; it is
 * never logged or reported (findings show paths only). No Chromium: `skipped` with the reason.
 */
export namespace Verify {
  export interface Input {
    appId: string;
    /** pages the turn added or changed (names: `Customers`); the main page is always checked first */
    pages: string[];
    /** entities the turn created or changed; the first with a form gets a record made through it */
    touchedEntities: string[];
  }

  /** Long enough for a slow verification, short enough to be worthless soon after. */
  const TOKEN_TTL_SECONDS = 5 * 60;
  /** The first page boots the runtime (Tailwind, the app's files); later pages reuse the browser's cache. */
  const FIRST_RENDER_MS = 12_000;
  const RENDER_MS = 8_000;

  /** The fix prompt and the receipt's line (summary.ts). */
  export const summarize = summarizeVerification;

  const skipped = (reason: string, started: number): Verification => ({ status: "skipped", reason, pages: [], record_check: null, duration_ms: Date.now() - started });

  /** At most this many pages a verification (about a second each), so a large turn stays inside the budget. */
  export const MAX_PAGES = 8;

  /** The pages to check, main page first, each once; names the app no longer has are left out. */
  export function pagesToCheck(app: Pick<AppMeta, "main_page">, files: Record<string, string>, touched: string[]): string[] {
    const names = Object.keys(files).filter((p) => p.startsWith("pages/")).map((p) => p.slice("pages/".length));
    if (!names.length) return [];
    const main = pageOfPath("/", names, app.main_page).name;
    return [...new Set([main, ...touched.filter((p) => names.includes(p))])].slice(0, MAX_PAGES);
  }

  /**
   * What a turn's changed files ask to check: each changed page, each page that imports a changed
   * component (directly or through other components), each changed entity. A changed layout is
   * seen on the main page, which is always checked.
   */
  export function touchedBy(files: Record<string, string>, changedPaths: string[]): { pages: string[]; entities: string[] } {
    const pages = new Set(changedPaths.filter((p) => p.startsWith("pages/")).map((p) => p.slice("pages/".length)));
    const entities = changedPaths.filter((p) => p.startsWith("entities/")).map((p) => p.slice("entities/".length));
    const importers = (path: string) => Object.keys(files).filter((f) => f !== path && (files[f].includes(`"@/${path}"`) || files[f].includes(`'@/${path}'`)));
    const seen = new Set<string>();
    const queue = changedPaths.filter((p) => p.startsWith("components/"));
    while (queue.length) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      for (const f of importers(path)) {
        if (f.startsWith("pages/")) pages.add(f.slice("pages/".length));
        else if (f.startsWith("components/")) queue.push(f);
      }
    }
    return { pages: [...pages], entities };
  }

  /** The entity a record is made for: the first touched one the app still has (User is the app's users, not a form's). */
  const mainEntity = (files: Record<string, string>, touched: string[]) => touched.find((e) => e !== "User" && files[`entities/${e}`] !== undefined) ?? null;

  /** The owner as a user of the app, with a short-lived runtime token for the preview. */
  async function previewUser(app: AppMeta): Promise<{ token: string; caller: AppCaller } | null> {
    const owner = await Users.get(app.created_by_id);
    if (!owner) return null;
    const user = await AppUsers.ensureBuilder(app, owner);
    const token = await Tokens.signApp(app.id, user.id, user.email, TOKEN_TTL_SECONDS);
    return { token, caller: await AppCallers.resolve(app.id, { bearer: token }) };
  }

  export async function run(input: Input): Promise<Verification> {
    const started = Date.now();
    const app = await Apps.get(input.appId);
    if (!app) return skipped("The app no longer exists", started);
    const files = await AppFiles.tree(app.id);
    const pages = pagesToCheck(app, files, input.pages);
    if (!pages.length) return skipped("The app has no pages yet", started);
    const user = await previewUser(app);
    if (!user) return skipped("The app's owner no longer exists", started);
    const entity = mainEntity(files, input.touchedEntities);
    const origin = new URL(Config.appOrigin(`preview--${app.slug}`)).origin;
    try {
      return await VerifyBrowser.use(async (browser) => {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        context.setDefaultTimeout(8_000);
        try {
          const page = await context.newPage();
          const session = new PreviewSession(page, origin, user.token);
          const checked: PageCheck[] = [];
          for (const name of pages) {
            checked.push(await session.check(name));
            if (session.notServed) return skipped(`The app's preview could not be opened: ${session.notServed}`, started);
          }
          const record: RecordCheck | null = entity
            ? await checkRecord({ page, watch: session.watch, appId: app.id, entity, files, caller: user.caller, open: (name) => session.open(name, RENDER_MS) })
            : null;
          return result(checked, record, started);
        } finally {
          await context.close().catch(() => undefined);
        }
      });
    } catch (err) {
      if (err instanceof VerifyBrowser.Unavailable) return skipped(err.message, started);
      throw err;
    }
  }

  function result(pages: PageCheck[], record: RecordCheck | null, started: number): Verification {
    const draft: Verification = { status: "passed", reason: null, pages, record_check: record, duration_ms: 0 };
    const failed = pages.some((p) => p.status === "failed") || record?.status === "failed";
    return { ...draft, status: failed ? "failed" : "passed", reason: failed ? firstFailure(draft) : null, duration_ms: Date.now() - started };
  }

  /** One tab on the preview, signed in as the owner on its first load (the token then lives in the page's storage, as in the editor). */
  class PreviewSession {
    readonly watch: PageWatch;
    /** why the preview host did not serve the runtime at all, when it did not */
    notServed: string | null = null;
    private signedIn = false;

    constructor(
      private readonly page: Page,
      private readonly origin: string,
      private readonly token: string,
    ) {
      this.watch = new PageWatch(page, origin);
    }

    /** Opens a page by a full load and waits for it to render and settle; false when it did not render in time. */
    async open(name: string, timeoutMs: number): Promise<boolean> {
      const address = `${this.origin}${createPageUrl(name)}`;
      const first = !this.signedIn;
      this.signedIn = true;
      try {
        const response = await this.page.goto(first ? `${address}?access_token=${encodeURIComponent(this.token)}` : address, { waitUntil: "domcontentloaded", timeout: timeoutMs });
        // the app host answers every page with the runtime: an error here means it serves none (a stack without the built web app)
        if (response && response.status() >= 400) {
          this.notServed = `the preview answered ${response.status()}: ${(await response.text().catch(() => "")).trim().slice(0, 120)}`;
          return false;
        }
      } catch (err) {
        this.watch.add({ kind: "runtime", message: `The page could not be opened: ${((err as Error).message ?? "").split("\n")[0].replace(/access_token=[^&\s]+/g, "access_token=…")}` });
        return false;
      }
      if (!(await rendered(this.page, timeoutMs))) return false;
      await this.watch.settled();
      // the owner is signed in: a page that still sends them to the sign-in screen did not show itself
      if (new URL(this.page.url()).pathname.toLowerCase() === "/login") this.watch.add({ kind: "runtime", message: `The page ${name} sent its signed-in owner to the sign-in screen` });
      return true;
    }

    async check(name: string): Promise<PageCheck> {
      const started = Date.now();
      const path = createPageUrl(name);
      const errors: VerificationFinding[] = [];
      const timeoutMs = this.signedIn ? RENDER_MS : FIRST_RENDER_MS;
      const shown = await this.open(name, timeoutMs);
      let panels: RuntimePanels = { findings: [], texts: [] };
      if (shown) {
        panels = await runtimePanels(this.page);
        errors.push(...panels.findings);
        errors.push(...(await accessibility(this.page).catch((err: unknown) => [{ kind: "a11y" as const, message: `The accessibility check could not run: ${(err as Error).message.split("\n")[0]}` }])));
      }
      errors.unshift(...withoutEchoes(this.watch.take(), panels));
      if (!shown) errors.push({ kind: "runtime", message: `The page did not render within ${timeoutMs / 1000} s` });
      return { name, path, status: errors.length ? "failed" : "passed", errors, duration_ms: Date.now() - started };
    }
  }
}

/** The verifier's entry by the name: Verify.run. */
export const verifyApp = Verify.run;
