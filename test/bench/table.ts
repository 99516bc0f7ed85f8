/** The bench's table (test/bench/run.ts): samples to rows (median, p99, max), and the rows printed as Markdown. */

/** Nearest-rank percentile of already sorted samples. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** A row of counts rather than times. */
export function countRow(what: string, samples: number[]): Row {
  return { ...row(what, samples), unit: "count" } as Row;
}

export interface Row {
  what: string;
  samples: number;
  p50: number;
  p99: number;
  max: number;
  extra: string;
  unit?: "count";
}

export function row(what: string, samples: number[], extra = "", p99Label = true): Row {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    what,
    samples: sorted.length,
    p50: percentile(sorted, 50),
    p99: p99Label ? percentile(sorted, 99) : NaN,
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
    extra,
  };
}

export const fmtMs = (ms: number) => (Number.isNaN(ms) ? "–" : ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`);

export function printTable(rows: Row[]) {
  const header = ["Measurement", "n", "p50 / median", "p99", "max", "notes"];
  const fmt = (r: Row, v: number) => (r.unit === "count" ? (Number.isNaN(v) ? "–" : String(Math.round(v))) : fmtMs(v));
  const cells = rows.map((r) => [r.what, String(r.samples), fmt(r, r.p50), fmt(r, r.p99), fmt(r, r.max), r.extra]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const right = [false, true, true, true, true, false];
  const line = (c: string[]) => `| ${c.map((v, i) => (right[i] ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (right[i] ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`);
  for (const c of cells) console.log(line(c));
}
