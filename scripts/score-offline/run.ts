/**
 * Runs the offline engine in-process on one case as an app's life runs it: the app is named by the
 * namer app creation uses, the first turn builds it, and each follow-up is a turn on the files the
 * previous one left. Answers go through Kiln's own parser and applier, as a chat turn's do.
 */
import { applyAction } from "../../functions/agent/apply";
import { nameFromDescription, planOffline } from "../../functions/agent/offline";
import { parseMessage } from "../../lib/agent/parser";
import type { Case } from "./cases";
import { check, entitiesOf, extras, type Files, linksTo, matchEntities, nameProblems, refuses, saysNotBuilt } from "./judge";

export interface TurnResult {
  answer: string;
  prose: string;
  files: Files;
  /** actions that were malformed or did not apply */
  problems: string[];
  ms: number;
}

/** One turn through the engine, after the chat's `earlier` messages: its answer, its prose, and the files after its actions. */
export function turn(files: Files, message: string, appName: string, earlier: string[] = []): TurnResult {
  const start = performance.now();
  const answer = planOffline({ message, files, appName, earlier });
  const ms = performance.now() - start;
  const problems: string[] = [];
  let prose = "";
  let next = files;
  for (const segment of parseMessage(answer, (open, why) => problems.push(`${open?.type ?? "tag"}: ${why}`))) {
    if (segment.kind === "text") prose += segment.text;
    else if (segment.action) {
      const applied = applyAction(next, segment.action, new Set());
      if (applied.problem) problems.push(applied.problem);
      next = applied.files;
    }
  }
  return { answer, prose, files: next, problems, ms };
}

export type FollowUpVerdict = "full" | "partly" | "wrong" | "refused";
export interface FollowUpResult {
  message: string;
  verdict: FollowUpVerdict;
  failed: string[];
  extras: string[];
  ms: number;
}
export interface CaseResult {
  id: string;
  appName: string;
  nameProblems: string[];
  entities: string[];
  matched: number;
  expected: number;
  relations: { child: string; parent: string; present: boolean }[];
  anyLink: boolean;
  idFields: { entity: string; kept: boolean }[];
  unbuildable: { topic: string; said: boolean }[];
  followUps: FollowUpResult[];
  problems: string[];
  /** naming and the first turn */
  ms: number;
}

/**
 * Follow-up verdicts: full (every expectation holds, nothing else added), partly (some hold), refused
 * (nothing changed; also when the answer turns a change down that the app happened to have already), wrong (changes, none right).
 */
export function verdictOf(ok: number, of: number, junk: number, changed: boolean, turnedDown: boolean): FollowUpVerdict {
  if (turnedDown && !changed) return "refused";
  if (ok === of && !junk) return "full";
  if (ok > 0) return "partly";
  return changed ? "wrong" : "refused";
}

export function runCase(c: Case): CaseResult {
  const start = performance.now();
  const appName = nameFromDescription(c.description);
  const first = turn({}, c.description, appName);
  const ms = performance.now() - start;
  const entities = entitiesOf(first.files);
  const made = Object.keys(entities);
  const match = matchEntities(made, c.expected_entities);
  const relations = c.key_relations.map(([child, parent]) => {
    const [from, to] = [match[child], match[parent]];
    return { child, parent, present: !!from && !!to && linksTo(entities[from], to).length > 0 };
  });
  const idFields = (c.id_fields ?? []).map(([entity, names]) => {
    const on = match[entity];
    return { entity, kept: !!on && Object.keys(entities[on].properties).some((k) => k !== "id" && names.includes(k)) };
  });
  const problems = [...first.problems];
  let files = first.files;
  const followUps = c.follow_ups.map((f, i): FollowUpResult => {
    // (as in a chat: the description and the follow-ups before this one came first)
    const next = turn(files, f.message, appName, [c.description, ...c.follow_ups.slice(0, i).map((x) => x.message)]);
    problems.push(...next.problems);
    const seen = { before: files, after: next.files, prose: next.prose, expected: c.expected_entities };
    const results = f.expect.map((e) => check(e, seen));
    const junk = extras(seen, f.expect);
    const changed = JSON.stringify(next.files) !== JSON.stringify(files);
    files = next.files;
    const ok = results.filter((r) => r.ok).length;
    return { message: f.message, verdict: verdictOf(ok, results.length, junk.length, changed, refuses(next.prose) && f.expect.some((e) => e.kind !== "explains")), failed: results.flatMap((r) => (r.why ? [r.why] : [])), extras: junk, ms: next.ms };
  });
  return {
    id: c.id,
    appName,
    nameProblems: nameProblems(appName, c.description),
    entities: made,
    matched: Object.values(match).filter(Boolean).length,
    expected: c.expected_entities.length,
    relations,
    anyLink: made.some((child) => made.some((parent) => linksTo(entities[child], parent).length > 0)),
    idFields,
    unbuildable: c.asks_unbuildable.map((topic) => ({ topic, said: saysNotBuilt(first.prose, topic) })),
    followUps,
    problems,
    ms,
  };
}
