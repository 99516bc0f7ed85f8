/**
 * Words that stand for a record said before, written out as that record so every later reading sees it:
 * "each one" after "we have about 80 instruments, … and each one has an asset number" is each instrument;
 * "for each animal we keep the name, and each one belongs to an owner" is each animal.
 */
import type { Word } from "../language/tagger";
import { singularize } from "../naming";
import { kindOf } from "./kinds";
import type { NounPhrase } from "./phrases";

/**
 * The noun "each one" stands for: the first thing its sentence says many of ("new problems", "80
 * instruments") or says one at a time ("for each animal"), else the previous sentence's; never a person
 * ("setters put up problems": each one is a problem), a unit or a placeholder.
 */
function antecedent(before: NounPhrase[][]): NounPhrase | undefined {
  for (const phrases of before) {
    const found = phrases.find((p) => (p.plural || /^(each|every)$/.test(p.determiner ?? "")) && !["person", "unit", "generic"].includes(kindOf(p.noun)));
    if (found) return found;
  }
  return undefined;
}

/** The sentence's words with "each one", "every one" and a lone "each" written as what they stand for. */
export function writeOutEachOne(words: Word[], phrases: NounPhrase[], earlier: NounPhrase[][]): Word[] {
  return words.map((w, k) => {
    const eachOne = w.lower === "one" && /^(each|every)$/.test(words[k - 1]?.lower ?? "") && words[k + 1]?.lower !== "of";
    // "we assign each to a translator": "each" on its own, before a preposition or the clause's end
    const each = w.lower === "each" && k > 0 && (words[k + 1]?.pos === "ADP" || /^[,.;!?]$/.test(words[k + 1]?.text ?? ".")) && words[k + 1]?.lower !== "of";
    if (!eachOne && !each) return w;
    const said = antecedent([phrases.filter((p) => p.head < k - (each ? 0 : 1)), ...[...earlier].reverse()]);
    if (!said) return w;
    const noun = singularize(said.words.at(-1)!.lower);
    return { ...w, text: noun, lower: noun, lemma: noun, pos: "NOUN" as const };
  });
}
