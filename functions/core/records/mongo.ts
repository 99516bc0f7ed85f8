import sift from "sift";
import { VisibleError } from "../errors";

/** MongoDB query semantics for `q` filters; evaluation itself is sift's. */
export namespace Mongo {
  /** Operators that would run code or are not query operators; never accepted from a caller. */
  const forbidden = new Set(["$where", "$function", "$accumulator", "$expr"]);

  /** Longest `$regex` a caller may send: patterns are theirs to run, so keep them small. */
  const MAX_PATTERN = 256;

  function check(value: unknown, depth: number): void {
    if (depth > 20) throw new VisibleError("input", "q is nested too deeply");
    if (Array.isArray(value)) return value.forEach((v) => check(v, depth + 1));
    if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (forbidden.has(k)) throw new VisibleError("input", `q may not use ${k}`);
        if (k === "$regex" && typeof v === "string" && v.length > MAX_PATTERN) throw new VisibleError("input", `$regex patterns may be at most ${MAX_PATTERN} characters`);
        if (k === "$options" && (typeof v !== "string" || !/^[imsu]*$/.test(v))) throw new VisibleError("input", "$options may only combine i, m, s and u");
        check(v, depth + 1);
      }
    }
  }

  /**
   * A filter object -> its test. sift refuses unknown operators and bad patterns when it
   * compiles; those are the caller's input, so they answer 400, never 500.
   */
  export function compile<T = unknown>(filter: Record<string, unknown>): (doc: T) => boolean {
    check(filter, 0);
    let test: (doc: T) => boolean;
    try {
      test = sift(filter) as (doc: T) => boolean;
    } catch (err) {
      throw new VisibleError("input", `q is not a valid filter: ${(err as Error).message}`);
    }
    return (doc) => {
      try {
        return test(doc);
      } catch {
        return false;
      }
    };
  }

  /** A JSON filter string -> a filter object, or undefined when absent/empty. */
  export function parseFilter(q: string | undefined): Record<string, unknown> | undefined {
    if (q === undefined || q.trim() === "") return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(q);
    } catch {
      throw new VisibleError("input", "q must be a JSON object");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new VisibleError("input", "q must be a JSON object");
    check(parsed, 0);
    return Object.keys(parsed).length ? (parsed as Record<string, unknown>) : undefined;
  }

  /** Sort by "field" or "-field"; missing values sort first ascending, last descending. */
  export function sortBy<T>(items: T[], sort: string): T[] {
    const desc = sort.startsWith("-");
    const field = desc ? sort.slice(1) : sort;
    const dir = desc ? -1 : 1;
    return [...items].sort((a, b) => {
      const x = (a as Record<string, unknown>)[field];
      const y = (b as Record<string, unknown>)[field];
      if (x === y) return 0;
      if (x === undefined || x === null) return -dir;
      if (y === undefined || y === null) return dir;
      return (x < y ? -1 : 1) * dir;
    });
  }
}
