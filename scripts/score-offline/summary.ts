/** The scorer's table: the measures, summed over a set's case results. */
import type { CaseResult } from "./run";

const pct = (n: number, of: number) => (of ? `${Math.round((100 * n) / of)}%` : "–");
const ratio = (n: number, of: number) => `${n}/${of} (${pct(n, of)})`;

/** ≥ 3/4 of the expected entities answered. */
export const enoughEntities = (r: CaseResult) => r.expected > 0 && r.matched / r.expected >= 0.75;

export interface Summary {
  rows: [string, string][];
  figures: Record<string, number>;
}

export function summarise(results: CaseResult[], unscored: string[]): Summary {
  const n = results.length;
  const enough = results.filter(enoughEntities);
  const full = enough.filter((r) => r.relations.every((x) => x.present));
  const relations = results.flatMap((r) => r.relations);
  const present = relations.filter((x) => x.present).length;
  const noLink = results.filter((r) => !r.anyLink).length;
  const coverage = results.reduce((s, r) => s + (r.expected ? r.matched / r.expected : 1), 0) / (n || 1);
  const named = results.filter((r) => !r.nameProblems.length).length;
  const ids = results.flatMap((r) => r.idFields);
  const followUps = results.flatMap((r) => r.followUps);
  const count = (v: string) => followUps.filter((f) => f.verdict === v).length;
  const asking = results.filter((r) => r.unbuildable.length);
  const toldAll = asking.filter((r) => r.unbuildable.every((u) => u.said)).length;
  const asks = results.flatMap((r) => r.unbuildable);
  const firstMs = results.map((r) => r.ms);
  const followMs = followUps.map((f) => f.ms);
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  const problems = results.filter((r) => r.problems.length).length;

  const rows: [string, string][] = [
    ["apps with ≥ 3/4 of the expected entities AND every key relation as a link", ratio(full.length, n)],
    ["apps with ≥ 3/4 of the expected entities", `${ratio(enough.length, n)}, mean coverage ${pct(coverage, 1)}`],
    ["key relations present (child → parent link fields)", `${ratio(present, relations.length)}; ${noLink} apps have no link at all`],
    ["sensible app name", ratio(named, n)],
    ["user-typed ID fields kept as fields", ids.length ? ratio(ids.filter((i) => i.kept).length, ids.length) : "not scored"],
    [
      "follow-ups carried out fully",
      followUps.length ? `${ratio(count("full"), followUps.length)} (${count("partly")} partly, ${count("wrong")} wrong, ${count("refused")} refused)` : "not scored",
    ],
    ["first answers that say what was left out", asking.length ? `${ratio(toldAll, asking.length)}; asks named ${asks.filter((a) => a.said).length}/${asks.length}` : "not scored"],
    ["answers whose actions all parse and apply", ratio(n - problems, n)],
    ["time per description (name + first turn)", `mean ${mean(firstMs).toFixed(0)} ms, max ${Math.max(0, ...firstMs).toFixed(0)} ms`],
    ["time per follow-up", followMs.length ? `mean ${mean(followMs).toFixed(0)} ms, max ${Math.max(...followMs).toFixed(0)} ms` : "–"],
  ];
  if (unscored.length) rows.push(["not scored on this set", unscored.join("; ")]);
  return {
    rows,
    figures: {
      cases: n,
      full: full.length,
      enough: enough.length,
      coverage,
      relations: relations.length,
      present,
      noLink,
      named,
      followUps: followUps.length,
      followUpsFull: count("full"),
      asking: asking.length,
      toldAll,
      maxMs: Math.max(0, ...firstMs),
    },
  };
}

/** A Markdown table of the rows. */
export function table(title: string, rows: [string, string][]): string {
  return [`| ${title} | result |`, "|---|---|", ...rows.map(([k, v]) => `| ${k} | ${v} |`)].join("\n");
}
