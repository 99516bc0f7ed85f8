/**
 * The things a description names: its clauses as words, the plural nouns a person lists
 * ("courses, lessons and enrolments", "track clients, projects and invoices"), singularised with
 * their modifier ("job openings" -> "job opening"), and every later mention of them ("each lesson").
 */
import { knowledgeOf } from "./knowledge";
import { singularize } from "./naming";
import {
  ADJECTIVES,
  APP_ACTION_VERBS,
  DETERMINERS,
  GROUPING_VERBS,
  LIST_STOP_WORDS,
  NOT_PLURAL,
  PARTICIPLES,
  PLACING_VERBS,
  PREPOSITIONS,
  TICK_VERBS,
  VERBS,
  VERBS_AFTER_NOUN,
} from "./vocabulary/grammar";
import { APP_NOUNS, FIELD_WORDS, KEEPING_NOUNS, MASS_NOUNS, PEOPLE_PLURAL_ENDINGS, PROCESS_WORDS, RECORD_PART_WORDS, SOFT_FIELD_WORDS } from "./vocabulary/nouns";
import { UNIT_ALIASES, UNITS } from "./vocabulary/units";

export interface Clause {
  words: string[];
  text: string;
  /** the clause ended with ":" (a title such as "A tutoring school:") */
  colon: boolean;
}

export interface Mention {
  noun: string;
  clause: number;
  /** index of the noun's head word, and of its first word (a modifier) */
  head: number;
  start: number;
  plural: boolean;
}

/** Clauses of a description: split at sentence ends, ";", ":" and "where". */
export function clausesOf(text: string): Clause[] {
  const out: Clause[] = [];
  const normal = text
    .toLowerCase()
    .replace(/e-mail/g, "email")
    .replace(/&/g, " and ")
    .replace(/[“”"]/g, " ")
    .replace(/(\w)['’]s\b/g, "$1 's")
    // "per-person checklists" are checklists per person
    .replace(/\bper-([a-z]+) ([a-z]+s)\b/g, "$2 per $1");
  for (const m of normal.matchAll(/([^.;:!?()\n]+)([.;:!?()\n]|$)/g)) {
    for (const part of m[1].split(/\b(?:where|whereas|while|so that)\b/)) {
      const words = part.match(/[a-z0-9]+(?:-[a-z0-9]+)*|,|'s/g) ?? [];
      if (words.length) out.push({ words, text: part.trim(), colon: m[2] === ":" });
    }
  }
  return out;
}

/** A plural without a final "s" ("people", "children", "criteria"), as the plural library reads it. */
const irregularPlural = (word: string): boolean => !word.endsWith("s") && !DETERMINERS.has(word) && singularize(word) !== word;

export function looksPlural(word: string): boolean {
  if (irregularPlural(word)) return true;
  if (NOT_PLURAL.has(word) || word.length < 4) return false;
  return /[a-z]s$/.test(word) && !/(ss|us|is|ous|ics)$/.test(word);
}

const plain = (w: string | undefined): boolean =>
  !!w && w !== "," && !DETERMINERS.has(w) && !PREPOSITIONS.has(w) && !VERBS.has(w) && !ADJECTIVES.has(w) && !/^\d/.test(w) && !APP_NOUNS.has(w);
/** an adjective by its form: "-ous", "-ful", "-ive", "-able" words, or a hyphenated phrase with an adjective or preposition inside */
export const adjectival = (w: string): boolean =>
  /(ous|ful|ive|able|ible)$/.test(w) ||
  (w.includes("-") && (/-(friendly|based|style|free)$/.test(w) || w.split("-").some((p) => ADJECTIVES.has(p) || (PREPOSITIONS.has(p) && p !== "to"))));
/** a word that can qualify the noun after it ("journal entries", "checklist items") */
const modifier = (w: string | undefined, before?: string): boolean =>
  !!w &&
  (plain(w) || /^(journal|calendar|list|diary)$/.test(w)) &&
  !adjectival(w) &&
  !/[^e]ed$/.test(w) &&
  !(/ing$/.test(w) && !!before && /^[a-z]+$/.test(before) && PREPOSITIONS.has(before) && !/^(and|or|plus|with)$/.test(before));

/** The plural nouns listed in a clause, each with its modifier, in order. */
function listed(c: Clause, ci: number): Mention[] {
  const out: Mention[] = [];
  const w = c.words;
  const title = c.colon && w.filter((x) => x !== ",").length <= 4 && !w.some((x) => x === "with" || x === "," || x === "and");
  const ticked = tickedList(w);
  for (let k = 0; k < w.length; k++) {
    const word = w[k];
    // "tick off QA, docs and rollout steps": the things ticked off are the items of one checklist
    if (ticked && k >= ticked.from && k < ticked.to) {
      if (k === ticked.from) out.push({ noun: "checklist item", clause: ci, head: k, start: k, plural: true });
      continue;
    }
    // "my book collection", "a recipe library": the things collected; "my vinyl record collection": with their kind ("record" is a noun here)
    if (!looksPlural(word) && /^(collection|library)$/.test(w[k + 1] ?? "") && !APP_NOUNS.has(w[k + 2] ?? "")) {
      const kind = DETERMINERS.has(w[k - 2] ?? "") && modifier(w[k - 1]) && !looksPlural(w[k - 1]) && /^[a-z]+$/.test(word);
      if (kind || (DETERMINERS.has(w[k - 1] ?? "") && (plain(word) || MASS_NOUNS.has(word)))) {
        out.push({ noun: kind ? `${w[k - 1]} ${word}` : word, clause: ci, head: k, start: kind ? k - 1 : k, plural: true });
        continue;
      }
    }
    if (!plain(word) && !MASS_NOUNS.has(word)) continue;
    const mass = MASS_NOUNS.has(word) && (!APP_NOUNS.has(word) || w[k + 1] === "and" || w[k + 1] === ",");
    // "grouped by room", "journal entries for each place": a thing to group or link by, even when singular
    const grouping =
      (/^(by|into)$/.test(w[k - 1] ?? "") && GROUPING_VERBS.has(w[k - 2] ?? "")) ||
      (((/^(each|every)$/.test(w[k - 1] ?? "") && /^(for|with|on)$/.test(w[k - 2] ?? "") && !(w[k - 2] === "for" && /^(day|week|month|year)$/.test(word))) ||
        (/^(per|by)$/.test(w[k - 1] ?? "") && (looksPlural(w[k - 2] ?? "") || (w[k - 1] === "per" && !!knowledgeOf(word))) && (w[k - 1] === "per" || !!knowledgeOf(word))) ||
        (w[k + 1] === "history" && !looksPlural(word) && plain(word)) ||
        // "each member posts": the people who act in the app are records
        (/^(each|every)$/.test(w[k - 1] ?? "") && VERBS_AFTER_NOUN.has(w[k + 1] ?? "") && !!knowledgeOf(word)?.person) ||
        // "each plant's schedule": a thing with its own things is a record
        (w[k + 1] === "'s" && /^(each|every)$/.test(w[k - 1] ?? "") && !!knowledgeOf(word)) ||
        // ... and its known things ("each student's score") are records of it
        (w[k - 1] === "'s" && /^(each|every)$/.test(w[k - 3] ?? "") && !!knowledgeOf(word) && !!knowledgeOf(w[k - 2] ?? "")) ||
        // "search an item": the thing looked up is a record
        (/^(a|an)$/.test(w[k - 1] ?? "") && /^(search|find|look up|browse)$/.test(w[k - 2] === "up" ? `${w[k - 3]} up` : (w[k - 2] ?? ""))) ||
        // "which bin it goes in": the thing something goes in or belongs to is a record
        (w[k - 1] === "which" && /^(it|they)$/.test(w[k + 1] ?? "") && PLACING_VERBS.has(w[k + 2] ?? ""))) &&
        !/^(quarter|time|one|other)$/.test(word) &&
        !(/^(person|user)$/.test(word) && !(looksPlural(w[k - 2] ?? "") && !FIELD_WORDS.has(w[k - 2]))) &&
        !(w[k - 1] !== "each" && /^(day|week|month|year)$/.test(word)) &&
        !DETERMINERS.has(word));
    // "..., a subscriber list", "..., meeting schedule": a known thing kept in a list or schedule
    const lead0 = adjectival(w[k - 1] ?? "") || ADJECTIVES.has(w[k - 1] ?? "") ? k - 2 : k - 1;
    // "a high-score table": an adjective joined to the thing kept
    const base = word.includes("-") && ADJECTIVES.has(word.split("-")[0]) ? word.slice(word.indexOf("-") + 1) : word;
    const kept =
      !looksPlural(base) &&
      KEEPING_NOUNS.has(w[k + 1] ?? "") &&
      !!knowledgeOf(base) &&
      /^(,|and|with)$/.test(DETERMINERS.has(w[lead0] ?? "") ? (w[lead0 - 1] ?? "") : (w[lead0] ?? ""));
    if (kept) {
      out.push({ noun: base, clause: ci, head: k, start: k, plural: true });
      continue;
    }
    if (!mass && !looksPlural(word) && !grouping) continue;
    // "services, alerts, fixes": a known thing between commas of a list of things is one of them
    const amongThings = w[k - 1] === "," && w[k + 1] === "," && looksPlural(w[k - 2] ?? "") && !FIELD_WORDS.has(w[k - 2]) && !!knowledgeOf(singularize(word));
    if (FIELD_WORDS.has(word) && !amongThings) {
      // "interview stages", "product specs": a known thing with stages or details of its own is the record
      if (RECORD_PART_WORDS.has(word) && !looksPlural(w[k - 1] ?? "") && modifier(w[k - 1]) && knowledgeOf(w[k - 1]))
        out.push({ noun: w[k - 1], clause: ci, head: k - 1, start: k - 1, plural: true });
      continue;
    }
    const prev = w[k - 1];
    const after = w[k + 1];
    const objectNext = !!after && (DETERMINERS.has(after) || ADJECTIVES.has(after) || (looksPlural(after) && plain(after)));
    if (VERBS_AFTER_NOUN.has(word) && ((modifier(prev) && (DETERMINERS.has(w[k - 2] ?? "") || objectNext)) || /^(that|which|who|it)$/.test(prev ?? ""))) continue;
    let start = k;
    // "designers post screens": a word between two plurals is a verb, not a modifier
    const verbBefore = looksPlural(w[k - 2] ?? "") && plain(w[k - 2]) && !VERBS_AFTER_NOUN.has(w[k - 2]);
    // "SEO-friendly e-commerce descriptions": a modifier qualified by a compound adjective classifies the thing, it does not name it
    // ... and so does one qualified by another plain word: "social media captions" are captions
    const classified =
      ((w[k - 2] ?? "").includes("-") && adjectival(w[k - 2])) ||
      (plain(w[k - 2]) && !looksPlural(w[k - 2]) && !VERBS_AFTER_NOUN.has(w[k - 2]) && knowledgeOf(`${prev} ${singularize(word)}`) === knowledgeOf(singularize(word)));
    if (modifier(prev, w[k - 2]) && !looksPlural(prev) && !VERBS_AFTER_NOUN.has(prev) && !grouping && !verbBefore && !classified) start = k - 1;
    else if (prev && /^(savings|sales|news)$/.test(prev)) start = k - 1;
    const lead = w[start - 1];
    const next = w[k + 1];
    if (title) continue;
    if (mass && !(lead === "," || lead === "and" || lead === "track" || next === "," || next === "and")) continue;
    // "players, monthly points": an adjective does not make a listed thing a field
    const listLead = ADJECTIVES.has(lead ?? "") && start === k ? w[start - 2] : lead;
    if (
      SOFT_FIELD_WORDS.has(word) &&
      !(
        listLead === undefined ||
        listLead === "," ||
        listLead === "and" ||
        lead === "'s" ||
        lead === undefined ||
        lead === "," ||
        lead === "and" ||
        lead === "or" ||
        lead === "plus" ||
        (start === k && (VERBS.has(lead) || VERBS_AFTER_NOUN.has(lead) || /^(leave|post|upload)$/.test(lead)))
      )
    )
      continue;
    // "savings goals", "feedback scores": a word qualifying the plural after it
    if (next && looksPlural(next) && plain(next) && (mass || /^(savings|sales|news)$/.test(word))) continue;
    // "a planner for students": the people it is for, not records
    if (lead === "for" && (APP_NOUNS.has(w[start - 2]) || w[start - 2] === undefined) && PEOPLE_PLURAL_ENDINGS.some((end) => word.endsWith(end))) continue;
    if (next && APP_NOUNS.has(next) && next !== "list") continue;
    // "our sales team": a plural that qualifies the noun after it
    // ... unless a plural follows it: "writers send drafts"
    const verbNext = looksPlural(w[k + 2] ?? "") && plain(w[k + 2]) && lead === undefined;
    // ... but "crops planted in each field": a participle after it says what was done to them
    const participle = !!next && PARTICIPLES.has(next);
    if (next && plain(next) && !looksPlural(next) && !VERBS_AFTER_NOUN.has(next) && !MASS_NOUNS.has(next) && !verbNext && !participle && next !== "history") continue;
    const head = word === "inventory" ? "product" : irregularPlural(word) || (!mass && looksPlural(word)) ? singularize(word) : word;
    const noun = start < k ? `${w[start]} ${head}` : head;
    out.push({ noun, clause: ci, head: k, start, plural: !grouping });
  }
  return out;
}

/** The span of a list of two or more things ticked, checked or crossed off ("tick off QA, docs and rollout steps"), if any. */
function tickedList(w: string[]): { from: number; to: number } | null {
  const at = w.findIndex((x, k) => TICK_VERBS.has(x) && w[k + 1] === "off");
  if (at < 0) return null;
  let to = at + 2;
  let items = 1;
  while (to < w.length && !(VERBS.has(w[to]) || (PREPOSITIONS.has(w[to]) && w[to] !== "," && w[to] !== "and") || (w[to] === "and" && VERBS.has(w[to + 1] ?? "")))) {
    if (w[to] === "," || w[to] === "and") items++;
    to++;
  }
  return items >= 2 ? { from: at + 2, to } : null;
}

/** The entity nouns a description lists, in order of first appearance, without repeats. */
export function listedNouns(clauses: Clause[]): Mention[] {
  const seen = new Map<string, Mention>();
  clauses.forEach((c, ci) => {
    for (const m of listed(c, ci)) if (!seen.has(m.noun)) seen.set(m.noun, m);
  });
  return [...seen.values()];
}

/** The known noun an app is named after ("a habit tracker", "a homework planner"), if its title has one. */
export function titleNoun(clauses: Clause[]): string | null {
  const w = clauses[0]?.words ?? [];
  let k = 0;
  while (k < w.length && (DETERMINERS.has(w[k]) || ADJECTIVES.has(w[k]))) k++;
  const words: string[] = [];
  // "a rowing log": an app noun that is also a verb still names the app
  for (; k < w.length && !PREPOSITIONS.has(w[k]) && (!VERBS.has(w[k]) || (APP_NOUNS.has(w[k]) && k > 0)); k++) words.push(w[k]);
  const app = words.findIndex((x) => APP_NOUNS.has(x));
  let j = app - 1;
  while (j >= 0 && PROCESS_WORDS.has(words[j])) j--;
  if (j < 0) return null;
  // "a photography portfolio": the craft's work is what the app holds (photography -> photo)
  const work = /^([a-z]+o)graphy$/.exec(words[j])?.[1];
  return work && knowledgeOf(work) ? work : singularize(words[j]);
}

/**
 * Every mention of the entities in a clause, plural or singular ("each lesson", "a student"),
 * by the whole noun or its last word; a noun that only qualifies the next word ("donor manager") is skipped.
 */
export function mentionsIn(c: Clause, ci: number, nouns: string[]): Mention[] {
  const out: Mention[] = [];
  const w = c.words;
  for (let k = 0; k < w.length; k++) {
    const word = w[k];
    if (word === ",") continue;
    const plural = looksPlural(word) || irregularPlural(word);
    const one = plural ? singularize(word) : word;
    const two = k > 0 ? `${w[k - 1]} ${one}` : "";
    const noun = nouns.find((n) => n === two) ?? nouns.find((n) => n === one) ?? nouns.find((n) => n.endsWith(` ${one}`) && !plain(w[k - 1]));
    if (!noun) continue;
    const next = w[k + 1];
    if (next && plain(next) && !VERBS_AFTER_NOUN.has(next) && !looksPlural(next)) continue;
    if (next && APP_NOUNS.has(next)) continue;
    // "story points", "deal values": a noun that qualifies a field word is not a mention of the thing
    if (next && FIELD_WORDS.has(next) && !plural && !RECORD_PART_WORDS.has(next)) continue;
    out.push({ noun, clause: ci, head: k, start: noun === two ? k - 1 : k, plural });
  }
  return out;
}

/** The app's own nouns when its title names two ("a cat and dog register"), and the app noun itself. */
export function titlePair(clauses: Clause[]): { nouns: string[]; app: string | null } {
  const w = clauses[0]?.words ?? [];
  const app = w.findIndex((x) => APP_NOUNS.has(x));
  if (app < 0) return { nouns: [], app: null };
  const pair = app >= 3 && w[app - 2] === "and" && plain(w[app - 1]) && plain(w[app - 3]) ? [w[app - 3], w[app - 1]] : [];
  return { nouns: pair.map((x) => (looksPlural(x) ? singularize(x) : x)), app: w[app] };
}

/** Whether `noun` is `wanted` or a kind of it ("job opening" for "opening"). */
export const namesNoun = (noun: string, wanted: string): boolean => noun === wanted || noun.endsWith(` ${wanted}`);

/** The one of `things` that is `noun`, else the first that is a kind of it. */
export const findNamed = <T extends { noun: string }>(things: T[], noun: string): T | undefined =>
  things.find((t) => t.noun === noun) ?? things.find((t) => namesNoun(t.noun, noun));

/** The items of a list that starts after word `t`: phrases split at commas and "and"/"or", up to a stop word. */
export function itemsAfter(words: string[], t: number): { phrase: string[]; at: number }[] {
  const out: { phrase: string[]; at: number }[] = [];
  let cur: string[] = [];
  let at = t + 1;
  for (let k = t + 1; k < words.length; k++) {
    const w = words[k];
    if (w === "," || w === "and" || w === "or") {
      if (cur.length) out.push({ phrase: cur, at });
      cur = [];
      at = k + 1;
      continue;
    }
    if (!cur.length && /^(in|on)$/.test(w) && words[k + 2] === "checkbox") {
      cur.push(w);
      continue;
    }
    // "yield in kg", "distance in miles": the unit the field is kept in
    if (w === "in" && cur.length && UNITS.has(words[k + 1] ?? "")) {
      cur.push(UNIT_ALIASES[words[k + 1]] ?? words[k + 1]);
      k++;
      continue;
    }
    // "… and track commands learned": a verb after "and" starts what else the app does, not another item
    if (!cur.length && APP_ACTION_VERBS.has(w) && (words[k - 1] === "and" || words[k - 1] === ",")) return out;
    if (LIST_STOP_WORDS.has(w) && !(w === "to" || (w === "of" && cur.length))) {
      if (w === "per" || w === "for") break;
      if (cur.length) out.push({ phrase: cur, at });
      return out;
    }
    if (!cur.length && (DETERMINERS.has(w) || w === "monthly" || w === "weekly" || w === "daily")) continue;
    cur.push(w);
  }
  if (cur.length) out.push({ phrase: cur, at });
  return out;
}
