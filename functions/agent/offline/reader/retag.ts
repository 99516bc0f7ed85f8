/**
 * The tagger's readings put right where chat English trips it (wink's model is trained on edited prose):
 * a noun that is what its subject does, a verb that heads a noun phrase, an adjective after "each".
 */
import type { Word } from "../language/tagger";
import { WordNet } from "../language/wordnet";
import { singularize } from "../naming";
import { POSSESSIVE_DETERMINERS } from "../vocabulary/grammar";
import { kindOf } from "./kinds";
import { IMPERATIVES, pluralNoun } from "./phrases";

/** what follows a verb as its object: a possessive ("log their visits") or a pronoun ("rate them") */
const OBJECT_WORDS: ReadonlySet<string> = new Set([...POSSESSIVE_DETERMINERS, "them", "it"]);

/** A word English uses as a verb at least twice as often as a noun (WordNet's tagged counts): "give", "need", not "book". */
function mostlyVerb(word: string): boolean {
  const { noun, verb } = WordNet.usageOf(word);
  return verb >= 20 && verb >= 2 * noun;
}

/**
 * Tags the tagger gets wrong in chat English, put right: a noun between a plural noun (or "we") and a
 * determiner is a verb ("judges score each project", "members log their visits").
 */
export function retag(words: Word[]): Word[] {
  let depth = 0;
  // (the verbs of a sentence, but for items of a list: "address" in "name, address, phone" is none of its own)
  const verbs = words.flatMap((x, k) => ((x.pos === "VERB" || x.pos === "AUX") && !/^[,(]$/.test(words[k - 1]?.text ?? "") ? [k] : []));
  return words.map((w, k) => {
    const [before, after] = [words[k - 1], words[k + 1]];
    depth += w.text === "(" ? 1 : w.text === ")" ? -1 : 0;
    // "customer give name, address, phone": chat English drops a verb's ending and the tagger reads it as a noun,
    // or as part of a compound; in a sentence with no other verb, a word English uses mostly as a verb after the
    // noun the sentence opens with is its verb when what follows is plainly its object (a determiner, a pronoun,
    // a list) or its subject is a person ("costume hire shop" stays a shop)
    const opens = before?.pos === "NOUN" && words.slice(0, k).every((x) => /^(DET|PRON|ADJ|NOUN|NUM)$/.test(x.pos));
    const itsObject = opens && after && (/^(DET|PRON)$/.test(after.pos) || words.slice(k + 2, k + 5).some((x) => x.text === ",") || (/^(NOUN|ADJ|NUM)$/.test(after.pos) && kindOf(before.lower) === "person"));
    if (opens && itsObject && verbs.every((v) => v === k) && /^(NOUN|VERB)$/.test(w.pos) && w.lemma === w.lower && mostlyVerb(w.lower)) return { ...w, pos: "VERB" as const };
    // ("resident book a machine": a person said bare, with no determiner, does what follows)
    const barePerson = before?.pos === "NOUN" && !pluralNoun(before) && !/^(DET|ADJ|NOUN|PRON|NUM)$/.test(words[k - 2]?.pos ?? "") && kindOf(before.lower) === "person";
    const doer = before && ((before.pos === "NOUN" && pluralNoun(before)) || barePerson || /^(we|they|i|you|people|users)$/.test(before.lower));
    const object = after && (after.pos === "DET" || OBJECT_WORDS.has(after.lower));
    if (w.pos === "NOUN" && doer && object && (w.lemma === w.lower || /^(it|them)$/.test(after.lower))) return { ...w, pos: "VERB" as const };
    // "every plot holder rents one plot": after "each …" or "every …", a word in -s before "one" or a determiner is what each does
    const eachBefore = words.slice(Math.max(0, k - 4), k - 1).some((x) => /^(each|every)$/.test(x.lower)) && before?.pos === "NOUN";
    if (w.pos === "NOUN" && eachBefore && /[^s]s$/.test(w.lower) && after && (after.pos === "DET" || after.lower === "one")) return { ...w, pos: "VERB" as const, lemma: w.lower.slice(0, -1) };
    // "someone rings", "she knits": after a pronoun that does things, a word in -s is what it does
    if (w.pos === "NOUN" && before && /^(someone|somebody|something|he|she|it|everyone|everything|nobody|nothing|anyone|anything)$/.test(before.lower) && /s$/.test(w.lower)) return { ...w, pos: "VERB" as const };
    // "3 physios work here": a noun between a plural noun and an adverb or the sentence's end is what they do
    const plural = before && before.pos === "NOUN" && pluralNoun(before);
    if (w.pos === "NOUN" && plural && w.lemma === w.lower && (!after || after.pos === "ADV" || /^[.!?]$/.test(after.text)) && depth === 0) return { ...w, pos: "VERB" as const };
    // "pickup address, drop address": a verb closing a noun phrase in a list is its head noun
    const closes = !after || /^[,).;]$/.test(after.text) || after.lower === "and";
    if (w.pos === "VERB" && before && (before.pos === "NOUN" || before.pos === "ADJ") && closes && w.lower === w.lemma) return { ...w, pos: "NOUN" as const };
    // "feeds (which baby, time)", "runs: date, distance": a word with a list after it is a noun
    const listAfter = after && (after.text === "(" || after.text === ":");
    // "(date, block, product)", "(start, end)": a lone word between commas in brackets is a noun
    const alone = depth > 0 && before && after && /^[(,]$/.test(before.text) && /^[),]$/.test(after.text);
    // ("songs we play (title, key)": after its subject it is what they do, the list is the songs')
    const done = before?.pos === "PRON" && /^(we|i|they|you)$/.test(before.lower);
    if (w.pos === "VERB" && (listAfter || alone) && !/ed$/.test(w.lower) && !done) return { ...w, pos: "NOUN" as const, lemma: singularize(w.lower) };
    // ("lessons: date, kid, subject, time spent": so is a lone adjective WordNet knows as a noun, in a list after a colon)
    const listed = alone || (words.slice(0, k).some((x) => x.text === ":") && before && /^[,:]$/.test(before.text) && (!after || /^[,.]$/.test(after.text)));
    if (w.pos === "ADJ" && listed && WordNet.knows(w.lower) && kindOf(w.lower) !== "person") return { ...w, pos: "NOUN" as const, lemma: singularize(w.lower) };
    // ", matches of a mentor w/ …": a list item followed by "of a …" is a noun
    if (w.pos === "VERB" && before && /^(,|and)$/.test(before.lower) && after?.lower === "of" && /^(a|an|the|each|every)$/.test(words[k + 2]?.lower ?? "") && pluralNoun({ ...w, lemma: w.lower }))
      return { ...w, pos: "NOUN" as const, lemma: singularize(w.lower) };
    // "a small film festival this autumn": after "a … noun" a bare verb form ("festival", not "takes") is the noun's head
    const article = words.slice(Math.max(0, k - 3), k - 1).some((x) => /^(a|an)$/.test(x.lower));
    if (w.pos === "VERB" && w.lower === w.lemma && before?.pos === "NOUN" && !pluralNoun(before) && article && !/ing$/.test(w.lower) && WordNet.knows(w.lower))
      return { ...w, pos: "NOUN" as const };
    // "the install", "each install is": no verb follows a determiner straight away
    if (w.pos === "VERB" && w.lower === w.lemma && before && /^(a|an|the|each|every)$/.test(before.lower)) return { ...w, pos: "NOUN" as const };
    // "a costume hire shop", "a dog walking business": a verb between two nouns names the thing with them
    if (w.pos === "VERB" && w.lower === w.lemma && before?.pos === "NOUN" && after?.pos === "NOUN" && !pluralNoun(before)) return { ...w, pos: "NOUN" as const };
    // "which tenant is in which flat,": a word after a determiner that ends the phrase is a noun
    // ("I log every clean with the date": so does one before a preposition after "each" or "every")
    const ends = !after || after.pos === "PUNCT" || after.pos === "CCONJ" || (/^(ADP|AUX)$/.test(after.pos) && /^(each|every)$/.test(before?.lower ?? ""));
    if (w.pos === "ADJ" && before && /^(which|what|each|every|a|an|the|one)$/.test(before.lower) && ends && WordNet.knows(w.lower))
      return { ...w, pos: "NOUN" as const, lemma: singularize(w.lower) };
    // "fill ups (date, litres)", "check ins:": a verb and its particle named as a record with a list after it
    const start = !before || before.pos === "PUNCT" || before.pos === "CCONJ";
    const named = after && after.pos === "NOUN" && /^[(:]$/.test(words[k + 2]?.text ?? "");
    if (w.pos === "VERB" && start && named && w.lower === w.lemma && !IMPERATIVES.has(w.lower)) return { ...w, pos: "NOUN" as const };
    return w;
  });
}
