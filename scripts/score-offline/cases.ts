/**
 * The five sets the scorer runs: the frozen held-out set (test/heldout/offline-descriptions.json, read
 * by nothing else), the tuning set (the public fixtures the engine's own tests use: descriptions
 * and idea cards, which carry entities and links only), the sloppy set (test/fixtures/offline-sloppy.json:
 * public descriptions and follow-ups typed the way people type them, in the held-out file's format), the
 * prose set (test/fixtures/offline-prose.json: the same format, written as full sentences rather than field lists)
 * and the notes set (test/fixtures/offline-notes.json: the same format, in the styles the other two lack: pasted
 * bullet notes, dictated run-ons, non-native English, user stories, backstory first, spreadsheet header rows).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ideaCategories } from "../../web/src/lib/ideas";
import { offlineDescriptions } from "../../test/fixtures/offline-descriptions";
import { ideaCardExpectations } from "../../test/fixtures/offline-idea-cards";
import { EXPECT_KINDS, type Expect, TOPICS, type Topic } from "./judge";

export interface FollowUpCase {
  message: string;
  expect: Expect[];
}
export interface Case {
  id: string;
  description: string;
  /** per entity, the acceptable names, canonical first */
  expected_entities: string[][];
  /** [child, parent] canonical names: the child has a link field to the parent */
  key_relations: [string, string][];
  asks_unbuildable: Topic[];
  /** an identifier the user typed, kept as a field of its own: [entity, acceptable field names] */
  id_fields?: [string, string[]][];
  follow_ups: FollowUpCase[];
}
export interface CaseSet {
  name: "heldout" | "tuning" | "sloppy" | "prose" | "notes";
  cases: Case[];
  /** what the set has no expectations for, so is not scored */
  unscored: string[];
}

export const HELD_OUT_PATH = fileURLToPath(new URL("../../test/heldout/offline-descriptions.json", import.meta.url));
export const SLOPPY_PATH = fileURLToPath(new URL("../../test/fixtures/offline-sloppy.json", import.meta.url));
export const PROSE_PATH = fileURLToPath(new URL("../../test/fixtures/offline-prose.json", import.meta.url));
export const NOTES_PATH = fileURLToPath(new URL("../../test/fixtures/offline-notes.json", import.meta.url));

/** The problems of a case file (held-out, sloppy, prose or notes): its shape and vocabulary, and that every name it uses is one of the case's. */
export function problemsOf(data: unknown): string[] {
  const out: string[] = [];
  const cases = (data as { cases?: unknown })?.cases;
  if (!Array.isArray(cases)) return ["no cases"];
  const ids = new Set<string>();
  for (const [i, raw] of cases.entries()) {
    const c = raw as Partial<Case>;
    const at = `case ${c.id ?? i}`;
    if (typeof c.id !== "string" || ids.has(c.id)) out.push(`${at}: a missing or repeated id`);
    ids.add(String(c.id));
    if (typeof c.description !== "string" || !c.description.trim()) out.push(`${at}: no description`);
    const groups = Array.isArray(c.expected_entities) ? c.expected_entities : [];
    if (!groups.length || groups.some((g) => !Array.isArray(g) || !g.length || g.some((n) => typeof n !== "string"))) out.push(`${at}: expected_entities must be non-empty lists of names`);
    const canonical = new Set(groups.map((g) => g[0]));
    const known = new Set(groups.flat());
    for (const rel of c.key_relations ?? []) if (!Array.isArray(rel) || rel.length !== 2 || !rel.every((n) => canonical.has(n))) out.push(`${at}: relation ${JSON.stringify(rel)} names no expected entity`);
    for (const topic of c.asks_unbuildable ?? ["?"]) if (!(topic in TOPICS)) out.push(`${at}: unknown unbuildable ask ${topic}`);
    for (const [entity] of c.id_fields ?? []) if (!canonical.has(entity)) out.push(`${at}: id field on unknown entity ${entity}`);
    if (!Array.isArray(c.follow_ups)) out.push(`${at}: no follow_ups list`);
    for (const f of c.follow_ups ?? []) {
      if (typeof f.message !== "string" || !Array.isArray(f.expect) || !f.expect.length) out.push(`${at}: a follow-up needs a message and expectations`);
      for (const e of f.expect ?? []) {
        if (!(EXPECT_KINDS as readonly string[]).includes(e.kind)) out.push(`${at}: unknown expectation ${e.kind}`);
        if (e.kind === "explains" && !(e.topic in TOPICS)) out.push(`${at}: unknown topic ${e.topic}`);
        const entity = "entity" in e && typeof e.entity === "string" ? e.entity : null;
        if (entity && !known.has(entity)) out.push(`${at}: ${e.kind} names unknown entity ${entity}`);
        if (e.kind === "rename_entity" && !canonical.has(e.from)) out.push(`${at}: rename of unknown entity ${e.from}`);
        if (e.kind === "add_link" && typeof e.to === "string" && !known.has(e.to)) out.push(`${at}: link to unknown entity ${e.to}`);
        // a filter's field in capitals names an entity: the filter is by the link to it
        if (e.kind === "filter" && /^[A-Z]/.test(e.field) && !known.has(e.field)) out.push(`${at}: filter by unknown entity ${e.field}`);
      }
    }
  }
  return out;
}

/** The cases of a file in the held-out format, refusing a file with problems. */
function casesIn(path: string): Case[] {
  const data = JSON.parse(readFileSync(path, "utf8")) as { cases: Case[] };
  const problems = problemsOf(data);
  if (problems.length) throw new Error(`${path}:\n${problems.join("\n")}`);
  return data.cases;
}

export function heldOutSet(path = HELD_OUT_PATH): CaseSet {
  return { name: "heldout", cases: casesIn(path), unscored: [] };
}

/** The public sloppy set: tune on it freely, it is scored like the held-out set. */
export function sloppySet(path = SLOPPY_PATH): CaseSet {
  return { name: "sloppy", cases: casesIn(path), unscored: [] };
}

/** The public prose set: relations said in words, no field lists; tune on it freely, it is scored like the held-out set. */
export function proseSet(path = PROSE_PATH): CaseSet {
  return { name: "prose", cases: casesIn(path), unscored: [] };
}

/**
 * The public notes set: written in full before the engine was run on it, so its first score measured
 * descriptions nobody had tuned on; tune on it freely now, it is scored like the held-out set.
 */
export function notesSet(path = NOTES_PATH): CaseSet {
  return { name: "notes", cases: casesIn(path), unscored: [] };
}

const split = (link: string) => link.split(">") as [string, string];

/** The public fixtures as cases: exact entity names, links; no follow-ups or unbuildable asks to score. */
export function tuningSet(): CaseSet {
  const descriptions: Case[] = offlineDescriptions.map((c, i) => ({
    id: `description-${i + 1}`,
    description: c.description,
    expected_entities: c.entities.map((e) => [e]),
    key_relations: c.links.map(split),
    asks_unbuildable: [],
    follow_ups: [],
  }));
  const cards: Case[] = ideaCategories.flatMap((category) =>
    category.ideas.map((idea) => {
      const want = ideaCardExpectations[idea.title] ?? { entities: [], links: [] };
      return { id: `card-${idea.title}`, description: idea.prompt, expected_entities: want.entities.map((e) => [e]), key_relations: want.links.map(split), asks_unbuildable: [], follow_ups: [] };
    }),
  );
  return {
    name: "tuning",
    cases: [...descriptions, ...cards],
    unscored: ["follow-ups (the fixtures have none)", "unbuildable asks (the fixtures name none)", "user-typed ID fields (none marked)"],
  };
}
