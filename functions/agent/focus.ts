/**
 * Which files a turn's prompt shows whole (issue 24 §4): a follow-up on a grown app sends the files its request most
 * likely touches and lists the rest by path, so its prompt does not grow with the app; the model reads any other file
 * with <kiln-read>, answered free within the turn (context.ts). An automated fix round sends only the files its problems
 * concern. What counts: the files a message names, the current page and the selected element's file, the files the
 * last answers and this turn changed, those files' imports and importers (one step), and entity schemas always.
 */
import { TAG } from "../../lib/agent/protocol";

/** How many of the latest assistant answers count as "the last turn", whose changed files stay whole: a follow-up most often refers to what was just done. */
export const RECENT_ANSWERS = 1;

const IMPORT = /(?:from\s*|import\s*\(\s*|import\s+)["']@\/(components|pages|entities|functions)\/([^"']+)["']/g;
const ACTION_PATH = new RegExp(`<(?:${TAG.write}|${TAG.edit}|${TAG.rename})\\s[^>]*?\\b(?:path|to)="([^"]+)"`, "g");

/** The app files a file imports through "@/components/…", "@/pages/…", "@/entities/…" or "@/functions/…", as paths of the app. */
export function importsOf(content: string, paths: ReadonlySet<string>): string[] {
  const out = new Set<string>();
  for (const m of content.matchAll(IMPORT)) {
    const path = `${m[1]}/${m[2].replace(/\.(jsx?|tsx?|json)$/, "")}`;
    if (paths.has(path)) out.add(path);
  }
  return [...out];
}

/** The files one step away from `from`: what they import and what imports them (entities excluded: they are always whole). */
export function neighbours(files: Record<string, string>, from: Iterable<string>): string[] {
  const paths = new Set(Object.keys(files));
  const seeds = new Set([...from].filter((p) => paths.has(p)));
  const out = new Set<string>();
  for (const p of seeds) for (const i of importsOf(files[p], paths)) out.add(i);
  for (const p of [...paths].sort()) {
    if (seeds.has(p)) continue;
    if (importsOf(files[p], paths).some((i) => seeds.has(i))) out.add(p);
  }
  return [...out].filter((p) => !seeds.has(p) && !p.startsWith("entities/")).sort();
}

/** The paths the latest assistant answers wrote, edited or renamed to (the newest first), as they named them. */
export function changedInHistory(history: { role: "user" | "assistant"; content: string }[], answers = RECENT_ANSWERS): string[] {
  const out: string[] = [];
  for (const m of history.filter((h) => h.role === "assistant").slice(-answers).reverse()) {
    for (const hit of m.content.matchAll(ACTION_PATH)) if (!out.includes(hit[1])) out.push(hit[1]);
  }
  return out;
}

/** The paths whose contents differ between two trees (added, changed or deleted), sorted. */
export function changedPaths(before: Record<string, string>, after: Record<string, string>): string[] {
  const all = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...all].filter((p) => before[p] !== after[p]).sort();
}
