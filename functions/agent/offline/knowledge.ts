/**
 * What the offline planner knows about common kinds of record: sensible extra fields, the
 * records they usually belong to, whether they are people or containers, and an icon. It only
 * enriches nouns a description names; it never decides which entities an app has. The table
 * itself is vocabulary/records.ts.
 */
import { PERSON_WORDS, RECORD_KNOWLEDGE } from "./vocabulary/records";

export interface Knowledge {
  /** field phrases, typed like the description's own ("name*" is required, "status:a/b/c" a choice) */
  fields: string[];
  /** entities (singular lower words) this one usually belongs to; "@person": a person if it has none, "@people": every person (at most two) */
  parents: string[];
  person: boolean;
  /** things others are grouped in (categories, albums, rooms) */
  container: boolean;
  icon: string;
}

let parsed: Map<string, Knowledge> | null = null;

function table(): Map<string, Knowledge> {
  if (parsed) return parsed;
  parsed = new Map();
  for (const row of RECORD_KNOWLEDGE.trim().split("\n")) {
    const [noun, flags, icon, fields, parents] = row.split("|");
    parsed.set(noun, {
      fields: fields
        .split(",")
        .map((f) => f.trim())
        .filter(Boolean),
      parents: (parents ?? "")
        .split(",")
        .map((p) => p.trim())
        .filter(Boolean),
      person: flags.includes("P"),
      container: flags.includes("C"),
      icon,
    });
  }
  return parsed;
}

/** What is known of a noun (singular lower words): by the whole noun, else by its last word. */
export function knowledgeOf(noun: string): Knowledge | null {
  const all = table();
  return all.get(noun) ?? all.get(noun.split(" ").pop()!) ?? null;
}

/** Whether a noun names people: by the table, else by its last word ("team member", "tutor"). */
export function isPerson(noun: string): boolean {
  const known = knowledgeOf(noun);
  if (known) return known.person;
  const last = noun.split(" ").pop()!;
  return PERSON_WORDS.has(last) || (/ist$/.test(last) && !/^(check|play|wish|short|watch|set|to-?do)?list$/.test(last));
}

/** The known record whose stages include at least two of these nouns ("drafts and scheduled": stages of a post), if any. */
export function recordStagedAs(nouns: string[]): string | null {
  let best: string | null = null;
  let most = 1;
  for (const [noun, k] of table()) {
    const stages =
      k.fields
        .find((f) => /^(status|stage):/.test(f))
        ?.split(":")[1]
        .split("/") ?? [];
    const hits = nouns.filter((n) => stages.includes(n)).length;
    if (hits > most) [best, most] = [noun, hits];
  }
  return best;
}
