import type { FileTree } from "../../schemas/app-files";
import type { TurnVerification, Verification } from "../../schemas/verification";
import { changedPaths } from "./focus";

/** Each checked page's errors the receipt keeps (the fix prompt and the first line name the rest). */
const ERRORS_KEPT = 5;

/**
 * A turn's proof in a real browser (issue 24 §1): once the turn's answer applied cleanly, the app's
 * preview is opened in headless Chromium (functions/core/verify) on the main page and every page the
 * turn's changes reach. A failure goes back to the model as an automated fix (turn.ts, within the
 * turn's free fix rounds) and the app is checked again; the receipt keeps the last check, what the fix
 * resolved and what is still broken. Off with `KILN_VERIFY_TURNS=off` (the shared test stacks: their
 * turns are many and serve no web app); the browser loads with the first check, never before.
 */
export class TurnCheck {
  private first: string[] | null = null;
  private last: { result: Verification; lines: string[]; summary: string } | null = null;
  private checkedAt: FileTree | null = null;

  constructor(
    private readonly appId: string,
    private readonly before: FileTree,
  ) {}

  static enabled(): boolean {
    return (process.env.KILN_VERIFY_TURNS ?? "").trim().toLowerCase() !== "off";
  }

  /**
   * Checks the app as `files` leave it, when the turn changed anything since it began and since the last check.
   * Answers the fix prompt for the model when the check failed, else null.
   */
  async check(files: FileTree, starting: () => void): Promise<string | null> {
    if (!TurnCheck.enabled()) return null;
    const changed = changedPaths(this.before, files);
    if (!changed.length || (this.checkedAt && !changedPaths(this.checkedAt, files).length)) return null;
    this.checkedAt = files;
    starting();
    const { Verify } = await import("../core/verify/verify");
    const { failureLines } = await import("../core/verify/summary");
    const { pages, entities } = Verify.touchedBy(files, changed);
    const result = await Verify.run({ appId: this.appId, pages, touchedEntities: entities });
    const lines = result.status === "failed" ? failureLines(result) : [];
    this.first ??= lines;
    const { fix, receipt } = Verify.summarize(result);
    this.last = { result, lines, summary: receipt };
    return fix;
  }

  /** What the message's receipt keeps; undefined when nothing was checked. */
  receipt(): TurnVerification | undefined {
    if (!this.last) return undefined;
    const { result, lines, summary } = this.last;
    const still = new Set(lines);
    return {
      ...result,
      pages: result.pages.map((p) => ({ ...p, errors: p.errors.slice(0, ERRORS_KEPT) })),
      summary,
      fixed: (this.first ?? []).filter((line) => !still.has(line)),
      broken: lines,
    };
  }
}
