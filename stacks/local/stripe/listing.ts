import { invalid, missing } from "./errors.ts";
import { int, list, type Params } from "./params.ts";
import type { Entry, StripeObject, Store } from "./store.ts";

/** One page of a Stripe list (`limit`, `starting_after`, `ending_before`), newest first. */
export function page(store: Store, entries: Entry[], p: Params, url: string): { object: "list"; data: StripeObject[]; has_more: boolean; url: string } {
  const limit = int(p, "limit") ?? 10;
  if (limit < 1 || limit > 100) throw invalid("Invalid limit: must be an integer between 1 and 100", "limit");
  const ids = entries.map((e) => e.obj.id);
  const cursor = (name: string) => {
    const id = p[name];
    if (id === undefined || id === "") return -1;
    const at = ids.indexOf(id);
    if (at < 0) throw missing(entries[0]?.kind ?? "object", String(id), name);
    return at;
  };
  let chosen: string[];
  let hasMore: boolean;
  const before = cursor("ending_before");
  if (before >= 0) {
    const newer = ids.slice(0, before);
    chosen = newer.slice(Math.max(0, newer.length - limit));
    hasMore = newer.length > limit;
  } else {
    const after = cursor("starting_after");
    const rest = ids.slice(after + 1);
    chosen = rest.slice(0, limit);
    hasMore = rest.length > limit;
  }
  return { object: "list", data: chosen.map((id) => store.view(id)), has_more: hasMore, url };
}

/** Replaces ids on the `expand[]` paths with the objects they name, when the caller may see them. */
export function expand(store: Store, target: unknown, paths: string[], account: string | null): void {
  for (const path of paths) walk(store, target, path.split("."), account, 0);
}

const MAX_DEPTH = 4;

function walk(store: Store, target: unknown, segments: string[], account: string | null, depth: number): void {
  if (!target || typeof target !== "object") return;
  if (Array.isArray(target)) {
    for (const item of target) walk(store, item, segments, account, depth);
    return;
  }
  if (depth >= MAX_DEPTH) throw invalid("You cannot expand more than 4 levels of a property.", "expand");
  const [head, ...rest] = segments;
  const holder = target as Record<string, unknown>;
  let value = holder[head];
  if (typeof value === "string") {
    const entry = store.entry(value);
    if (entry && (entry.account === account || entry.kind === "account")) holder[head] = value = store.view(value);
  }
  if (rest.length) walk(store, value, rest, account, depth + 1);
}

export function expandPaths(p: Params): string[] {
  return list(p, "expand").filter((x): x is string => typeof x === "string");
}
