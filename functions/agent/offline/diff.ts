/**
 * Minimal search/replace edits between two versions of a file, so a follow-up
 * changes a few lines instead of rewriting the file. Line based (the `diff` library);
 * every search block is unique where it is applied and starts and ends on a
 * non-blank line, and the edits are checked by applying them.
 */
import { diffArrays } from "diff";
import type { SearchReplace } from "../../../lib/agent/protocol";

interface Hunk {
  aStart: number;
  aEnd: number;
  bStart: number;
  bEnd: number;
}

/** Changed regions between line arrays a and b (the `diff` library's line diff). */
function hunks(a: string[], b: string[]): Hunk[] {
  const out: Hunk[] = [];
  let i = 0;
  let j = 0;
  let open: Hunk | null = null;
  for (const change of diffArrays(a, b)) {
    if (!change.added && !change.removed) {
      if (open) out.push(open);
      open = null;
      i += change.count;
      j += change.count;
      continue;
    }
    open ??= { aStart: i, aEnd: i, bStart: j, bEnd: j };
    if (change.added) j += change.count;
    else i += change.count;
    open.aEnd = i;
    open.bEnd = j;
  }
  if (open) out.push(open);
  return out;
}

function merge(list: Hunk[], gap: number): Hunk[] {
  const out: Hunk[] = [];
  for (const h of list) {
    const last = out[out.length - 1];
    if (last && h.aStart - last.aEnd <= gap) {
      out[out.length - 1] = { aStart: last.aStart, aEnd: h.aEnd, bStart: last.bStart, bEnd: h.bEnd };
    } else out.push({ ...h });
  }
  return out;
}

function count(text: string, search: string): number {
  let n = 0;
  for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + 1)) n++;
  return n;
}

const blank = (line: string | undefined) => line === undefined || line.trim() === "";

function replaceOnce(text: string, search: string, replace: string): string {
  const at = text.indexOf(search);
  return at < 0 ? text : text.slice(0, at) + replace + text.slice(at + search.length);
}

/** Edits for the merged hunks, or null when some search cannot be made unique in both texts. */
function withContext(a: string[], b: string[], list: Hunk[], base: string, current: string): SearchReplace[] | null {
  const edits: SearchReplace[] = [];
  let workBase = base;
  let workCurrent = current;
  for (let k = 0; k < list.length; k++) {
    const h = list[k];
    const lo = k > 0 ? list[k - 1].aEnd : 0;
    const hi = k + 1 < list.length ? list[k + 1].aStart : a.length;
    const maxBefore = h.aStart - lo;
    const maxAfter = hi - h.aEnd;
    let found: SearchReplace | null = null;
    for (let ctx = 0; ; ctx++) {
      let before = Math.min(ctx, maxBefore);
      let after = Math.min(ctx, maxAfter);
      // a pure insertion or deletion needs a neighbouring line to hold on to
      if ((h.aStart === h.aEnd || h.bStart === h.bEnd) && before + after === 0) {
        if (maxBefore > 0) before = 1;
        else if (maxAfter > 0) after = 1;
      }
      while (before < maxBefore && (blank(before ? a[h.aStart - before] : a[h.aStart]) || (!before && blank(b[h.bStart])))) before++;
      while (after < maxAfter && (blank(after ? a[h.aEnd + after - 1] : a[h.aEnd - 1]) || (!after && blank(b[h.bEnd - 1])))) after++;
      const search = a.slice(h.aStart - before, h.aEnd + after);
      const replace = [...a.slice(h.aStart - before, h.aStart), ...b.slice(h.bStart, h.bEnd), ...a.slice(h.aEnd, h.aEnd + after)];
      const s = search.join("\n");
      const ok = search.length > 0 && !blank(search[0]) && !blank(search[search.length - 1]) && count(workBase, s) === 1 && count(workCurrent, s) === 1;
      if (ok) {
        found = { search: s, replace: replace.join("\n") };
        break;
      }
      if (before >= maxBefore && after >= maxAfter) break;
    }
    if (!found) return null;
    edits.push(found);
    workBase = replaceOnce(workBase, found.search, found.replace);
    workCurrent = replaceOnce(workCurrent, found.search, found.replace);
  }
  return edits;
}

/** Applies edits the way the agent's applier does (first exact match). */
export function applyExact(text: string, edits: SearchReplace[]): string | null {
  let out = text;
  for (const e of edits) {
    if (out.indexOf(e.search) < 0) return null;
    out = replaceOnce(out, e.search, e.replace);
  }
  return out;
}

/**
 * Edits that turn `base` into `next`, applicable to `current` (the file as it is now,
 * which may differ from `base` where someone changed it by hand). Returns the edits
 * and the text they produce on `current`, or null when they do not apply cleanly.
 */
export function planEdits(base: string, next: string, current: string = base): { edits: SearchReplace[]; result: string } | null {
  if (base === next) return { edits: [], result: current };
  const a = base.split("\n");
  const b = next.split("\n");
  const all = hunks(a, b);
  for (let gap = 1; ; gap *= 2) {
    const merged = merge(all, gap);
    const edits = withContext(a, b, merged, base, current);
    if (edits) {
      const checked = applyExact(base, edits);
      const result = applyExact(current, edits);
      if (checked === next && result !== null) return { edits, result };
    }
    if (merged.length <= 1) return null;
  }
}

/** Whether edits are worth it, or a whole-file write is simpler. */
export function editsAreSmall(edits: SearchReplace[], next: string): boolean {
  const size = edits.reduce((sum, e) => sum + e.search.length + e.replace.length, 0);
  return edits.length > 0 && size < next.length * 0.6;
}
