/**
 * Records named by what people do rather than by a noun: "each time I ink up a pen, which ink and the
 * date" keeps an inking of a pen; "when somebody comes to claim it we take their name" keeps a claim of
 * the thing. English says such a record with a time clause ("each time", "every time", "when", "whenever")
 * whose verb is the act, kept because a keeping verb comes before it or a noting verb ("we take", "we
 * note") after it; the act is named as WordNet names the doing of the verb.
 */
import type { Word } from "../language/tagger";
import { WordNet } from "../language/wordnet";
import type { ActClause, NounPhrase } from "./phrases";

export interface Act extends ActClause {
  /** what the act is done to: a noun phrase, or a pronoun ("it", "them") standing for a record said before */
  object: NounPhrase | "pronoun" | null;
  /** who does it, when a noun says so ("each time a member borrows a tent") */
  subject: NounPhrase | null;
}

/** Verbs that say nothing of what is done: "when it comes in", "each time we get one". */
const LIGHT = new Set(["be", "have", "get", "go", "come", "do", "happen", "need", "want", "make", "take", "see", "say", "think", "know", "let", "try", "start"]);
/** Verbs that keep what follows: "log each time …", "record every time …". */
const KEEPING = new Set(["log", "record", "track", "note", "keep", "register", "write", "enter", "capture", "save", "store"]);
const OBJECT_PRONOUNS = /^(it|them|one|those|these)$/;

/**
 * What doing a verb is called as a record: WordNet's act for it ("inspect" -> "inspection"), else the
 * noun spelled like it when that names an act or event ("claim", "visit", "clean"), else its -ing form ("inking").
 */
export function actName(verb: string): string {
  const act = WordNet.actsOf(verb).find((n) => !/ing$/.test(n));
  if (act) return act;
  if (WordNet.senses(verb).slice(0, 3).some((s) => s.lex === "act" || s.lex === "event")) return verb;
  return gerund(verb);
}

/** "ink" -> "inking", "swap" -> "swapping", "weave" -> "weaving", "see" -> "seeing". */
function gerund(verb: string): string {
  if (/[^aeiou]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(verb)) return `${verb}${verb.at(-1)}ing`;
  return `${verb}ing`;
}

/** The time clauses of a sentence that name an act ("each time I ink up a pen", "when somebody comes to claim it"). */
export function actsIn(words: Word[], phrases: NounPhrase[]): Act[] {
  const out: Act[] = [];
  for (let k = 0; k < words.length; k++) {
    const each = /^(each|every)$/.test(words[k].lower) && words[k + 1]?.lower === "time";
    if (!each && !/^(when|whenever)$/.test(words[k].lower)) continue;
    let at = k + (each ? 2 : 1);
    // the subject: a pronoun or a noun phrase ("I", "somebody", "a member")
    const subject = phrases.find((p) => p.start >= at && p.start <= at + 1 && words.slice(at, p.start).every((w) => w.pos === "DET"));
    if (subject) at = subject.head + 1;
    else if (words[at]?.pos === "PRON") at++;
    else continue;
    while (words[at]?.pos === "AUX" || words[at]?.pos === "ADV") at++;
    // "comes to claim it", "goes to collect one": the act is the verb after
    if (/^(come|go)$/.test(words[at]?.lemma ?? "") && words[at + 1]?.lower === "to") at += 2;
    const verb = words[at];
    if (!verb || verb.pos !== "VERB" || LIGHT.has(verb.lemma)) continue;
    let end = at;
    // "ink up", "check in": the particle is part of the act
    if (words[end + 1]?.pos === "ADP" && !/^(a|an|the|each|every)$/.test(words[end + 2]?.lower ?? "x") && !phrases.some((p) => p.start === end + 2)) end++;
    const object = phrases.find((p) => p.start > end && p.start <= end + 3 && words.slice(end + 1, p.start).every((w) => w.pos === "DET" || w.pos === "ADP" || w.pos === "PRON"));
    const pronoun = OBJECT_PRONOUNS.test(words[end + 1]?.lower ?? "") || OBJECT_PRONOUNS.test(words[end + 2]?.lower ?? "");
    if (object) end = object.head;
    else if (pronoun) end += OBJECT_PRONOUNS.test(words[end + 1]?.lower ?? "") ? 1 : 2;
    const before = words[k - 1];
    const kept = !!before && before.pos === "VERB" && KEEPING.has(before.lemma);
    const name = actName(verb.lemma);
    out.push({
      phrase: { start: at, head: at, noun: name, words: [verb], plural: false, possessive: null, determiner: "each" },
      object: object ?? (pronoun ? "pronoun" : null),
      subject: subject ?? null,
      end,
      kept,
    });
    k = end;
  }
  return out;
}
