/**
 * A short name for the app a description asks for, read from its tagged words (wink-nlp, after
 * chat-isms are written out), the first of: an order's object ("Plan videos" -> "Video Planner"), the
 * phrase it opens with ("Choir manager!!", "lost and found for our school"), an app it asks for ("we
 * need a habit tracker", "an app for our choir"), the business it is for ("we run a small climbing
 * gym"), what the app is to do ("I need to keep track of my reading"). Each must read as a name.
 */
import { writtenOut } from "./chatisms";
import { Tagger, type Word } from "./language/tagger";
import { WordNet } from "./language/wordnet";
import { isPerson } from "./knowledge";
import { singularize } from "./naming";
import { ADJECTIVES } from "./vocabulary/grammar";
import { APP_NOUNS } from "./vocabulary/nouns";
import { PERIODIC } from "./vocabulary/unbuilt";
import { BARE_ORGANISATIONS, BUSINESS_VERBS, COLLECTION_WORDS, GENERIC_APP_WORDS, VERB_TITLES } from "./vocabulary/app-names";

/** The words of a noun phrase: modifiers then the head noun. */
type Phrase = Word[];

/** The original spelling of each word ("CRM", "OKR", "B2B" stay as written). */
const spelled = (w: string) => (/[A-Z].*[A-Z]|\d/.test(w) ? w : w[0].toUpperCase() + w.slice(1).toLowerCase());
const NOUNISH = new Set(["NOUN", "PROPN"]);
const SUBJECTS = new Set(["i", "we"]);
const head = (p: Phrase) => p[p.length - 1];
const isApp = (w: Word) => APP_NOUNS.has(w.lower) || APP_NOUNS.has(w.lemma);
const isGeneric = (w: Word) => GENERIC_APP_WORDS.has(w.lower);
/** a noun naming people ("teacher", "freelancers") */
const personal = (w: Word) => isPerson(singularize(w.lower)) || WordNet.lexOf(singularize(w.lower)) === "person";
/** a plural noun naming people ("teachers", "guests"): the subject of a sentence, not a name */
const peoplePlural = (w: Word) => NOUNISH.has(w.pos) && singularize(w.lower) !== w.lower && personal(w);

/** The noun phrase starting at `i` (after determiners and possessives), or null: modifiers end at a noun. */
function phraseAt(s: Word[], i: number): { phrase: Phrase; end: number } | null {
  let k = i;
  while (k < s.length && (s[k].pos === "DET" || (s[k].pos === "PRON" && /^(?:my|our|your|their|his|her)$/.test(s[k].lower)))) k++;
  const start = k;
  const words: Word[] = [];
  for (; k < s.length; k++) {
    const w = inPhrase(s[k], words[words.length - 1], s[k + 1]);
    if (!w) break;
    words.push(w);
    // an app word heads its phrase: "a tracker listing …", "a board where researchers …"
    const next = s[k + 1];
    if (words.length > 1 && (isApp(w) || isGeneric(w)) && !(next && (isApp(next) || isGeneric(next)))) break;
  }
  while (words.length && !NOUNISH.has(head(words).pos)) words.pop();
  return words.length ? { phrase: words, end: start + words.length } : null;
}

/** A word as part of a noun phrase (re-tagged where the tagger read a compound as a verb), or null where the phrase ends. */
function inPhrase(w: Word, prev: Word | undefined, next: Word | undefined): Word | null {
  const beforeNoun = NOUNISH.has(next?.pos ?? "");
  if (NOUNISH.has(w.pos) || w.pos === "ADJ") return w;
  // "IT asset register": an acronym read as a pronoun
  if (/^[A-Z]{2,}$/.test(w.text)) return { ...w, pos: "PROPN" };
  // "a 2 day tech conference": a number before a noun
  if (w.pos === "NUM" && beforeNoun) return w;
  if (w.pos !== "VERB") return null;
  // "asset register", "cub scout pack": a bare verb after a singular noun is the noun of a compound
  if (prev && prev.pos === "NOUN" && prev.lower === prev.lemma && w.lower === w.lemma) return { ...w, pos: "NOUN" };
  // "climbing gym", "youth mentoring charity", "shared expenses"; not "lending instruments to pupils"
  if (/ing$/.test(w.lower) && beforeNoun && next!.lower === next!.lemma) return w;
  if (/ed$/.test(w.lower) && beforeNoun && !prev) return w;
  return null;
}

/** The phrase without describing words ("a small climbing gym" -> "climbing gym"); a lone noun keeps its period ("weekly planner"). */
function trimmed(p: Phrase): Phrase {
  const lone = p.filter((w) => !ADJECTIVES.has(w.lower)).length === 1;
  return p.filter((w, i) => i === p.length - 1 || (w.pos !== "NUM" && (!ADJECTIVES.has(w.lower) || (lone && PERIODIC.has(w.lower))))).slice(-4);
}

const named = (p: Phrase, last?: string) => [...p.slice(0, -1).map((w) => spelled(w.text)), last ?? spelled(head(p).text)].join(" ");
/** The phrase as the thing an app keeps: its head singular ("equipment loans" -> "Equipment Loan"). */
const kept = (p: Phrase) => named(p, spelled(singularize(head(p).text)));

/** The app word a verb gives, in the writer's spelling ("organising" -> "Organiser", "tracking" -> "Tracker"). */
function titleOf(verb: Word): string | undefined {
  const stem = verb.lower.replace(/(?:ing|ed|es|s)$/, "");
  return VERB_TITLES[verb.lower] ?? VERB_TITLES[stem] ?? VERB_TITLES[`${stem}e`] ?? VERB_TITLES[verb.lemma];
}

/** "for <phrase>" right after `end`: what an app or a head noun is for. */
function forPhrase(s: Word[], end: number): Phrase | null {
  if (s[end]?.lower !== "for") return null;
  const next = phraseAt(s, end + 1);
  if (!next) return null;
  // "for beach and park cleanups": the last of the joined phrases carries the head
  const joined = next.phrase.length === 1 && s[next.end]?.lower === "and" ? phraseAt(s, next.end + 1) : null;
  return trimmed(joined && joined.phrase.length > 1 ? joined.phrase : next.phrase);
}

/** "for tracking our loans", "to track my plants": the object named with the app word its verb gives. */
function purpose(s: Word[], end: number): string | null {
  const [word, verb] = [s[end]?.lower, s[end + 1]];
  if ((word !== "for" && word !== "to") || !verb) return null;
  const title = titleOf(verb);
  if (!title) return null;
  // "keep track of …"
  const from = verb.lemma === "keep" && s[end + 2]?.lower === "track" ? end + 4 : end + 2;
  const object = phraseAt(s, from);
  return object ? `${kept(trimmed(object.phrase))} ${title}` : null;
}

/** A name for a phrase headed by an app word ("habit tracker", "recruiting app", "catalogue of endpoints"). */
function appPhraseName(s: Word[], p: Phrase, end: number): string | null {
  const words = trimmed(p);
  const last = head(words);
  if (words.length === 1 || (words.length === 2 && isGeneric(last) && isGeneric(words[0]))) {
    if (COLLECTION_WORDS.has(last.lower) && s[end]?.lower === "of") {
      const of = phraseAt(s, end + 1);
      if (of) return `${kept(trimmed(of.phrase).slice(-2))} ${spelled(last.text)}`;
    }
    const forWhat = forPhrase(s, end);
    // "an app for my book club" -> "Book Club"; "an app for our choir" -> "Choir Manager"
    if (forWhat && isGeneric(last)) return peoplePlural(head(forWhat)) ? null : forWhat.length > 1 || isApp(head(forWhat)) ? named(forWhat) : `${named(forWhat)} Manager`;
    if (forWhat && !isGeneric(last)) {
      // "CRM for plumbers", but "Real Estate CRM" where "for" and the people would make it long
      if (personal(head(forWhat)) && forWhat.length <= 2) return `${spelled(last.text)} for ${named(forWhat)}`;
      return `${personal(head(forWhat)) ? named(forWhat.slice(0, -1)) : kept(forWhat)} ${spelled(last.text)}`;
    }
    if (isGeneric(last)) return purpose(s, end);
    // "a gradebook", "a watchlist", "a CRM" name the app themselves
    return /[A-Z]{2}/.test(last.text) ? last.text : named(words);
  }
  // "book club app": the generic word adds nothing after two words
  return named(isGeneric(last) && words.length > 2 ? words.slice(0, -1) : words);
}

/** "we run a small climbing gym", "I am a mobile dog groomer": the business the app is for. */
function businessName(s: Word[]): string | null {
  for (let i = 0; i + 1 < s.length; i++) {
    if (!SUBJECTS.has(s[i].lower) || !BUSINESS_VERBS.has(s[i + 1].lemma)) continue;
    const found = phraseAt(s, i + 2);
    if (!found || s[i + 2]?.pos !== "DET") continue;
    const words = trimmed(found.phrase);
    const last = head(words);
    if (isApp(last) || isGeneric(last)) continue;
    if (words.length === 1) {
      // a bare team, or one person ("I am a photographer"), names no app; a place or a firm does ("Bakery Manager")
      if (BARE_ORGANISATIONS.has(last.lower) || isPerson(last.lemma) || !WordNet.knows(last.lemma)) continue;
      if (!["artifact", "group", "location", "act"].includes(WordNet.lexOf(last.lemma) ?? "")) continue;
      return `${spelled(last.text)} Manager`;
    }
    return named(words);
  }
  return null;
}

/** "Plan videos: scripts …" -> "Video Planner", "tracking my plants" -> "Plant Tracker": an order naming its object. */
function orderName(s: Word[], lead: number): string | null {
  const title = titleOf(s[lead]);
  const object = title ? phraseAt(s, lead + 1) : null;
  return object ? `${kept(trimmed(object.phrase).slice(-2))} ${title}` : null;
}

/** "I need to keep track of my reading", "we want something for tracking loans": what the app is to do. */
function purposeAnywhere(s: Word[]): string | null {
  for (let i = 1; i < s.length; i++) {
    if (!/^(?:to|for)$/.test(s[i].lower) || !(s[i - 1].pos === "VERB" || isGeneric(s[i - 1]))) continue;
    const goal = purpose(s, i);
    if (goal) return goal;
  }
  return null;
}

/** The phrase a description opens with, when it is a name ("Savings goals with deposits", "lost and found for our school"). */
function openingName(s: Word[], lead: number): string | null {
  // words joined by "and" before "for": a fixed phrase ("lost and found", "arts and crafts")
  const joined = s.slice(lead, lead + 3);
  if (joined.length === 3 && joined[1].lower === "and" && s[lead + 3]?.lower === "for" && joined.every((w) => w.lower === "and" || /^(?:NOUN|PROPN|VERB|ADJ)$/.test(w.pos))) {
    const forWhat = forPhrase(s, lead + 3);
    const phrase = joined.map((w) => spelled(w.text)).join(" ");
    return forWhat && !personal(head(forWhat)) ? `${named(forWhat.slice(-1))} ${phrase}` : phrase;
  }
  const found = phraseAt(s, lead);
  if (!found) return null;
  // "a pantry and fridge inventory", "apple and pear orchard": one noun joined to the phrase it shares a head with
  const rest = found.phrase.length === 1 && s[found.end]?.lower === "and" ? phraseAt(s, found.end + 1) : null;
  if (rest && rest.phrase.length === 2 && !isGeneric(head(rest.phrase)) && !peoplePlural(found.phrase[0])) return `${spelled(found.phrase[0].text)} And ${named(rest.phrase)}`;
  // "IT asset register": an acronym spelled like a pronoun would read as one at the start of a name
  const words = trimmed(found.phrase).filter((w, i, all) => !(i === 0 && all.length > 2 && /^(?:it|us)$/.test(w.lower)));
  // "Teachers create quizzes", "Guests reserve tables": a sentence about people, not a name
  if (peoplePlural(found.phrase[0]) && !isApp(head(words))) return null;
  if (isApp(head(words)) || isGeneric(head(words))) return appPhraseName(s, found.phrase, found.end);
  return words.length > 1 ? named(words) : null;
}

/** Words the tokenizer split at a hyphen joined again where the text writes them joined ("world-building", "on-call"). */
function hyphenated(s: Word[], text: string): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < s.length; i++) {
    const [w, dash, next] = [s[i], s[i + 1], s[i + 2]];
    if (dash?.text === "-" && next && text.includes(`${w.text}-${next.text}`)) {
      out.push({ ...next, text: `${w.text}-${next.text}`, lower: `${w.lower}-${next.lower}`, lemma: `${w.lower}-${next.lemma}`, pos: next.pos === "VERB" ? "NOUN" : next.pos, at: out.length });
      i += 2;
    } else out.push({ ...w, at: out.length });
  }
  return out;
}

/** Where a sentence's own words begin: after greetings and fillers ("hi", "so", "basically", "ok"). */
const leadOf = (s: Word[]) => {
  let i = 0;
  while (i < s.length && (s[i].pos === "INTJ" || s[i].pos === "PUNCT" || (s[i].pos === "ADV" && !NOUNISH.has(s[i + 1]?.pos ?? "")))) i++;
  return i;
};

/** A phrase headed by an app word anywhere in the sentence, said as one thing ("we need a simple habit tracker"). */
function appNamed(s: Word[]): string | null {
  for (let i = 0; i < s.length; i++) {
    // said as what they need or have: "we need a simple habit tracker", "it is a tool for …"
    if (s[i].pos !== "DET" || !/^(?:a|an)$/.test(s[i].lower) || !/^(?:VERB|AUX)$/.test(s[i - 1]?.pos ?? "")) continue;
    const found = phraseAt(s, i);
    if (!found || !(isApp(head(found.phrase)) || isGeneric(head(found.phrase)))) continue;
    const name = appPhraseName(s, found.phrase, found.end);
    if (name) return name;
  }
  return null;
}

/** "our band needs an app", "my running club wants …": who the app is for, said as the subject. */
function ownerName(s: Word[], lead: number): string | null {
  if (!/^(?:my|our)$/.test(s[lead]?.lower ?? "")) return null;
  const found = phraseAt(s, lead);
  if (!found || !/^(?:need|want)$/.test(s[found.end]?.lemma ?? "")) return null;
  const words = trimmed(found.phrase);
  if (isApp(head(words)) || peoplePlural(head(words))) return words.length > 1 || isApp(head(words)) ? named(words) : null;
  return words.length > 1 ? named(words) : `${named(words)} Manager`;
}

/** A name that reads as one: 1–4 words, none repeated, no single letter, not something the description says people do. */
export function readsAsName(name: string, text: string): boolean {
  const words = name.split(" ");
  const bare = words.map((w) => singularize(w.toLowerCase()));
  if (!words.length || words.length > 4 || name.length > 40 || new Set(bare).size < bare.length) return false;
  if (words.some((w) => /^[A-Za-z]$/.test(w))) return false;
  const first = words[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return !new RegExp(`\\b(?:I|we|they|you)\\s+${first}\\b`, "i").test(text);
}

/**
 * "A sales pipeline: our agency …" -> "Sales Pipeline"; "A CRM for plumbers …" -> "CRM for Plumbers";
 * "we're a small climbing gym!!" -> "Climbing Gym"; "Plan videos: …" -> "Video Planner";
 * null when the description names no app ("Track …", "Teachers create quizzes …").
 */
export function appNameFrom(description: string): string | null {
  const text = writtenOut(description);
  const sentences = Tagger.sentences(text)
    .map((s) => hyphenated(s, text))
    .filter((s) => s.some((w) => NOUNISH.has(w.pos)));
  const first = sentences[0];
  if (!first) return null;
  const lead = leadOf(first);
  // an order ("Plan videos: …", "Track my investments"), not a gerund naming a thing ("Meeting notes")
  const verb = first[lead];
  const orders =
    !!verb &&
    !isApp(verb) &&
    (VERB_TITLES[verb.lower] !== undefined || (verb.pos === "VERB" && ((verb.lemma === verb.lower && !/ing$/.test(verb.lower)) || (/ing$/.test(verb.lower) && titleOf(verb) !== undefined))));
  const candidates = [
    () => (orders ? orderName(first, lead) : null),
    () => (orders ? null : openingName(first, lead)),
    () => (orders ? null : appNamed(first)),
    () => businessName(first),
    () => ownerName(first, lead),
    () => purposeAnywhere(first),
    () => (sentences[1] ? (appNamed(sentences[1]) ?? purposeAnywhere(sentences[1])) : null),
  ];
  for (const candidate of candidates) {
    const name = candidate();
    if (name && readsAsName(name, text)) return name;
  }
  return null;
}
