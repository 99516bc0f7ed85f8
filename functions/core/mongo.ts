import { VisibleError } from "./errors";

/** MongoDB query semantics for `q` filters; evaluation itself is sift's. */
export namespace Mongo {
  /** Operators that would run code or are not query operators; never accepted from a caller. */
  const forbidden = new Set(["$where", "$function", "$accumulator", "$expr"]);

  function check(value: unknown, depth: number): void {
    if (depth > 20) throw new VisibleError("input", "q is nested too deeply");
    if (Array.isArray(value)) return value.forEach((v) => check(v, depth + 1));
    if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (forbidden.has(k)) throw new VisibleError("input", `q may not use ${k}`);
        check(v, depth + 1);
      }
    }
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
