/**
 * The shallow structure the reader needs from tagged words: noun phrases (determiners, modifiers and
 * a head noun), the lists people write after a noun ("vans (plate, capacity)", "appointments with a
 * date and a price", "batches: style, OG, brew date"), and the items of such a list.
 */
import type { Word } from "../language/tagger";
import { singularize } from "../naming";
import { POSSESSIVE_DETERMINERS } from "../vocabulary/grammar";
import { GENERIC_BUT_RECORDABLE, KEPT_IN, kindOf } from "./kinds";

export interface NounPhrase {
  /** first and last word (the head) in the sentence */
  start: number;
  head: number;
  /** the words that name it, lower case, the head singular: "water bottle", "job site" */
  noun: string;
  /** as written, head included */
  words: Word[];
  plural: boolean;
  /** "their", "its", "our", "my"... before it */
  possessive: string | null;
  /** "each", "every", "a", "the"... before it */
  determiner: string | null;
}

/** A time clause that names an act ("each time I ink up a pen"), as the lists read it (acts.ts finds them). */
export interface ActClause {
  /** the act as a noun phrase of its own (its noun is the act's name), standing at the verb */
  phrase: NounPhrase;
  /** the last word of the clause */
  end: number;
  /** a keeping verb before the clause ("log each time …"): what follows the clause is what is kept of each act */
  kept: boolean;
}

export interface Group {
  /** the noun phrase the list belongs to (null: a list with nothing before it) */
  owner: NounPhrase | null;
  /** what opened it: "(", ":", "-", "with", "has", "like"… */
  opener: string;
  /** the items as word spans, separators dropped */
  items: Word[][];
  /** first and last word index of the whole list */
  from: number;
  to: number;
  /** the list in brackets this one goes on from ("(jackets, bottles), where it was found") */
  after?: Group;
  /** ", with a price", ", each with a date": about a record said before, whichever it is */
  loose?: boolean;
}

const NOUNISH = new Set(["NOUN", "PROPN"]);
export const IMPERATIVES = new Set(["track", "log", "list", "manage", "record", "keep", "store", "add", "need", "want", "show", "see", "schedule", "book", "plan"]);
const CLAUSE_STARTS = new Set(["and", "to", "also", "can", "i", "we", "should", "must", "will", "please", "then", "or", "just", "me", "us", "lets", "let"]);
const PLACEHOLDERS = new Set(["stuff", "things", "thing", "items", "item"]);
const POSSESSIVES = new Set([...POSSESSIVE_DETERMINERS, "whose"]);
const DETERMINERS = new Set(["a", "an", "the", "each", "every", "any", "some", "all", "this", "that", "these", "those", "one", "per", "which", "what"]);
/** Words tagged otherwise that are nouns in an app description ("y/n" leftovers, "id", "qty"). */
const ALSO_NOUNS = new Set(["id", "qty", "sku", "isbn", "vin", "dob", "eta", "yesno"]);

/** "routes", "physios", "series" is not: plural by the tagger's lemma or by English's endings. */
export const pluralNoun = (w: Word): boolean => (w.lemma !== w.lower || /[^s]s$/.test(w.lower)) && singularize(w.lower) !== w.lower;

export const isNoun = (w: Word | undefined): boolean => !!w && (NOUNISH.has(w.pos) || ALSO_NOUNS.has(w.lower)) && /[a-z0-9]/i.test(w.text);
const isModifier = (w: Word | undefined): boolean =>
  !!w && (isNoun(w) || w.pos === "ADJ" || (w.pos === "VERB" && /ing$/.test(w.lower)) || (w.pos === "NUM" && !/^\d+$/.test(w.text) && w.lower !== "one"));

/** A number above one: "3", "twelve". */
const counts = (w: Word | undefined): boolean => w?.pos === "NUM" && /^(?:[2-9]|\d\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty)$/.test(w.lower);

/** Every noun phrase of a sentence, left to right; a phrase ends at its last noun. */
export function nounPhrases(words: Word[]): NounPhrase[] {
  const out: NounPhrase[] = [];
  let i = 0;
  while (i < words.length) {
    if (!isModifier(words[i])) {
      i++;
      continue;
    }
    // "track kegs", "log visits": a keeping verb the tagger took for a noun starts no phrase
    if (IMPERATIVES.has(words[i].lower) && isModifier(words[i + 1]) && (i === 0 || CLAUSE_STARTS.has(words[i - 1].lower) || words[i - 1].pos === "PUNCT")) {
      i++;
      continue;
    }
    let end = i;
    // "stuff kids leave behind": a placeholder noun modifies nothing after it
    // ("on the day two judges go round": a number after a noun counts the next phrase's things)
    while (end + 1 < words.length && isModifier(words[end + 1]) && !PLACEHOLDERS.has(words[end].lower) && !(words[end + 1].pos === "NUM" && isNoun(words[end]))) end++;
    // the phrase ends at its last noun: "belay certified" has none, "brew date" ends at "date"
    let head = end;
    while (head >= i && !isNoun(words[head])) head--;
    if (head < i) {
      i = end + 1;
      continue;
    }
    const span = words.slice(i, head + 1);
    // "climbing gym", "water bottles": nouns and -ing words name it; adjectives ("small", "mobile") do not
    let first = 0;
    while (first < span.length - 1 && !isNoun(span[first]) && !(span[first].pos === "VERB" && span.length - first <= 2)) first++;
    const naming = span.slice(Math.max(first, span.length - 3));
    const headWord = words[head];
    const before = words[i - 1];
    out.push({
      start: i,
      head,
      noun: [...naming.slice(0, -1).map((w) => w.lower), singularize(headWord.lower)].join(" "),
      words: span,
      // ("we have 3 driver": a number above one counts many, whatever the ending)
      plural: pluralNoun(headWord) || counts(before) || counts(span[0]),
      possessive: before && POSSESSIVES.has(before.lower) ? before.lower : null,
      determiner: before && DETERMINERS.has(before.lower) ? before.lower : words[i - 2] && DETERMINERS.has(words[i - 2].lower) && before?.pos === "ADJ" ? words[i - 2].lower : null,
    });
    i = head + 1;
  }
  return out;
}

const SEPARATORS = new Set([",", "and", "or", "plus", "also", "&"]);
const ITEM_DROPS = new Set(["a", "an", "the", "their", "its", "his", "her", "any", "some", "our", "my", "your", "each", "every", "also", "too", "maybe", "optional", "optionally"]);
const ENDS = new Set([".", ";", "!", "?", ")", "(", ":"]);

/** The items of a list from `from` up to `to` (exclusive): spans between commas, "and", "or", "/". */
export function itemsOf(words: Word[], from: number, to: number): Word[][] {
  const items: Word[][] = [];
  let current: Word[] = [];
  for (let k = from; k < to; k++) {
    const w = words[k];
    // "weight like dk or aran, …": the examples after an item are its own list (a "like" group reads them)
    if (w.lower === "like" && w.pos !== "VERB" && current.length) {
      while (k + 1 < to && words[k + 1].text !== "," && !/^[.;:)]$/.test(words[k + 1].text)) k++;
      continue;
    }
    // "size (small/medium/large)": what is in brackets is the item's own list
    if (w.text === "(") {
      const close = words.findIndex((x, j) => j > k && x.text === ")");
      if (close > k && close < to) {
        k = close;
        continue;
      }
    }
    // "a frame number, along with the make", "the size as well as the colour": joined as "and" joins
    const joining = (w.lower === "along" && words[k + 1]?.lower === "with") || (w.lower === "as" && words[k + 1]?.lower === "well" && words[k + 2]?.lower === "as");
    if (joining) k += w.lower === "as" ? 2 : 1;
    if ((SEPARATORS.has(w.lower) && w.pos !== "NOUN") || joining) {
      if (current.length) items.push(current);
      current = [];
      continue;
    }
    if (w.pos === "PUNCT" && !/^[#%\-:/]$/.test(w.text)) continue;
    if (!current.length && ITEM_DROPS.has(w.lower)) continue;
    current.push(w);
  }
  if (current.length) items.push(current);
  return items.map((item) => item.filter((w, k) => !(k === item.length - 1 && /^(too|also|etc)$/.test(w.lower)))).filter((item) => item.length);
}

/** A verb that says something now ("has", "submit", "can"), not a participle that names a field ("paid", "set up", "added"). */
const saying = (w: Word) => w.pos === "AUX" || (w.pos === "VERB" && (w.lower === w.lemma || w.lower === `${w.lemma}s` || w.lower === `${w.lemma}es`));
const QUESTION = /^(which|whether|if|where|when|who|what|how|whose)$/;
const RELATIVES = /^(which|that|who)$/;

/** An item that is a clause: a subject, then a verb that says something ("teams submit projects", "each stop has an address"). */
export function isClause(item: Word[]): boolean {
  if (QUESTION.test(item[0]?.lower ?? "")) return false;
  // "field she's in", "songs we play": a pronoun and its verb after a noun describe that noun
  // ("frame number which we write down", "ticket ID that we print": so does one after "which" or "that")
  const relative = (k: number) =>
    (item[k - 1]?.pos === "PRON" && (item[k - 2]?.pos === "NOUN" || item[k - 2]?.pos === "PROPN")) ||
    item.slice(1, k).some((w, r) => RELATIVES.test(w.lower) && isNoun(item[r]) && item[r + 2]?.pos === "PRON");
  return item.some((w, k) => k > 0 && saying(w) && !relative(k) && item.slice(0, k).some((x) => x.pos === "NOUN" || x.pos === "PROPN" || x.pos === "PRON"));
}

/**
 * Where a list after `from` ends: a sentence end, a colon, a dash, or an item that is a clause
 * (a subject and its verb start a new one). Brackets inside it belong to their item ("size (s/m/l)").
 */
function listEnd(words: Word[], from: number): number {
  let itemStart = from;
  for (let k = from; k < words.length; k++) {
    const w = words[k];
    if (w.text === "(") {
      const close = words.findIndex((x, j) => j > k && x.text === ")");
      if (close > k) {
        k = close;
        continue;
      }
    }
    if (w.text === "," || (w.lower === "and" && w.pos === "CCONJ")) itemStart = k + 1;
    if (ENDS.has(w.text) || (w.text === "-" && k > from)) return k;
    // "…, tracks played (artist, title) because we have to report plays": the reason is no item
    if (/^(because|bc|cos|coz)$/.test(w.lower) && k > from) return k;
    // ", each with a date", ", with a price": a new list about something said before; "…, and every submission": a new record
    if (w.text === "," && /^(each|every|with|w)$/.test(words[k + 1]?.lower ?? "")) return k;
    if ((w.text === "," || w.lower === "and") && /^(each|every)$/.test(words[k + 1]?.lower ?? "") && k > from) return k;
    // "…, condition, and pupils (name, school)": a record with a list of its own starts a list of its own
    const next = words[k + 1]?.lower === "and" ? k + 2 : k + 1;
    if ((w.text === "," || w.lower === "and") && k > from && isNoun(words[next]) && pluralNoun(words[next]) && words[next + 1]?.text === "(") return k;
    // "…, and for each cat its name, age": the list of another record starts
    if ((w.text === "," || w.lower === "and") && words[k + 1]?.lower === "for" && /^(each|every)$/.test(words[k + 2]?.lower ?? "") && k > from) return k;
    // "stops with an address, driving legs with a distance": an item with a list of its own starts a new one
    if (/^(with|w)$/.test(w.lower) && words[k - 1]?.lower !== "along" && k > itemStart && words.slice(itemStart, k).some((x) => isNoun(x))) return Math.max(from, itemStart - 1);
    if (saying(w) && k > itemStart && isClause(words.slice(itemStart, k + 1))) return Math.max(from, itemStart - 1);
  }
  return words.length;
}

/** The phrase that ends at word `k` or just before it (skipping nothing but `skip` words). */
const phraseBefore = (phrases: NounPhrase[], k: number, skip = 0, words?: Word[]) =>
  phrases.find((p) => p.head < k && p.head >= k - 1 - skip && !(words ?? []).slice(p.head + 1, k).some((w) => /^[;.:!?,]$/.test(w.text)));

/** After a colon or dash: a clause ("- each stop has an address"), not a list, when its first item is one. */
function saysSomething(words: Word[], from: number): boolean {
  let to = from;
  while (to < words.length && words[to].text !== "," && !/^[.;!?]$/.test(words[to].text)) to++;
  return isClause(words.slice(from, to));
}

/**
 * The noun a list at `k` belongs to: the phrase just before it, or the thing a short clause before it
 * describes ("stuff kids leave behind (jackets, …)", "tasting notes when i open one: date, score").
 */
function ownerBefore(words: Word[], phrases: NounPhrase[], k: number): NounPhrase | undefined {
  const near = phraseBefore(phrases, k);
  if (near) return modifiedBy(words, phrases, near);
  return phrases.find((p) => p.head < k && p.head >= k - 7 && !words.slice(p.head + 1, k).some((x) => x.pos === "PUNCT") && words.slice(p.head + 1, k).some((x) => x.pos === "VERB" || x.pos === "ADV" || x.pos === "SCONJ"));
}

/** Prepositions that tie a noun to the one before it as a modifier: "items in each room", "bookings of a stall at a fair". */
const POSTMODIFYING = new Set(["in", "on", "at", "of", "for", "per", "from", "inside", "within", "under"]);
const RECORDISH = new Set(["record", "person", "place"]);
const recordish = (noun: string) => RECORDISH.has(kindOf(noun)) || GENERIC_BUT_RECORDABLE.has(noun.split(" ").pop()!);

/**
 * The noun a phrase modifies, when it is the object of a preposition after another record ("items in each
 * room (name, brand)", "scores per team per night:", "bookings of a stall at a fair:"): a list after the
 * whole phrase describes its head, as English attaches a prepositional phrase to the noun before it.
 */
function modifiedBy(words: Word[], phrases: NounPhrase[], p: NounPhrase, logs = false): NounPhrase {
  let at = p;
  for (;;) {
    let k = at.start - 1;
    if (/^(each|every|a|an|the|one)$/.test(words[k]?.lower ?? "")) k--;
    if (!POSTMODIFYING.has(words[k]?.lower ?? "")) return at;
    const before = phrases.find((x) => x.head === k - 1);
    // ("a playlist log for each broadcast —": a log, list or diary for each one keeps those, it is no record of its own)
    if (!before || !recordish(at.noun) || !recordish(before.noun) || (!logs && KEPT_IN.test(` ${before.noun.split(" ").pop()}`))) return at;
    at = before;
  }
}

/** Is word `k` inside brackets (a colon in "(type: a / b)")? */
function insideBrackets(words: Word[], k: number): boolean {
  let depth = 0;
  for (let j = 0; j < k; j++) depth += words[j].text === "(" ? 1 : words[j].text === ")" ? -1 : 0;
  return depth > 0;
}

/** Verbs that introduce what is written down about a record: "for each film we need the title, …". */
const NOTING = new Set(["want", "need", "note", "log", "keep", "record", "track", "have", "take", "store", "write", "put", "get", "like", "save", "capture"]);

/** Verbs that keep the record after them: "log every callout, …". */
const KEEPS = new Set(["log", "record", "track", "note", "keep", "register"]);
/** Verbs whose doer gives what a record holds: "customer give name, address, phone" (not "give each entry a score"). */
const SUPPLYING = new Set(["give", "provide", "supply", "enter", "fill"]);
const HAVING = new Set(["has", "have", "having", "had", "include", "includes", "including", "incl", "contains", "contain", "with", "w"]);
const EXAMPLES = ["like", "such", "e.g", "including", "eg"];

/** Every list a sentence writes after a noun, and who it belongs to. */
export function groupsOf(words: Word[], phrases: NounPhrase[], acts: ActClause[] = []): Group[] {
  const out: Group[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k];
    // "we log every callout, the date and time, the type": what follows a kept record is what is kept of it
    // ("log repairs when something breaks, which house it was, what's wrong": a time clause may come between)
    const keptBy = (p: NounPhrase) => KEEPS.has(words[p.start - (p.determiner ? 2 : 1)]?.lemma ?? "") && (p.plural || /^(each|every)$/.test(p.determiner ?? ""));
    const timed = (p: NounPhrase) => /^(when|whenever)$/.test(words[p.head + 1]?.lower ?? "") && !words.slice(p.head + 1, k).some((x) => x.pos === "PUNCT");
    const logged = w.text === "," ? phrases.find((p) => (p.head === k - 1 || timed(p)) && keptBy(p)) : undefined;
    const first = logged ? itemsOf(words, k + 1, listEnd(words, k + 1))[0] : undefined;
    const firstNoun = first && nounPhrases(first).at(-1)?.noun;
    if (logged && first && ((firstNoun && kindOf(firstNoun) === "value") || QUESTION.test(first[0].lower))) {
      const end = listEnd(words, k + 1);
      out.push({ owner: logged, opener: "note", items: itemsOf(words, k + 1, end), from: k, to: end });
      continue;
    }
    // "log each time I ink up a pen, which ink and the date": what follows a kept act is what is kept of it
    const act = acts.find((a) => a.kept && a.end === k - 1 && w.text === ",");
    if (act) {
      const end = listEnd(words, k + 1);
      if (end > k + 1) out.push({ owner: act.phrase, opener: "note", items: itemsOf(words, k + 1, end), from: k, to: end });
      continue;
    }
    if (w.text === "(") {
      let close = words.findIndex((x, j) => j > k && x.text === ")");
      if (close < 0) close = listEnd(words, k + 1);
      const example = EXAMPLES.includes(words[k + 1]?.lower ?? "");
      const owner = ownerBefore(words, phrases, k);
      out.push({ owner: owner ?? null, opener: example ? "like" : "(", items: itemsOf(words, k + (example ? (words[k + 1].lower === "such" ? 3 : 2) : 1), close), from: k, to: close });
      // "(jackets, bottles), where it was found, date": the list goes on after the brackets
      if (words[close + 1]?.text === "," && owner) {
        const end = listEnd(words, close + 2);
        if (end > close + 2) out.push({ owner, opener: ",", items: itemsOf(words, close + 2, end), from: close + 1, to: end, after: out[out.length - 1] });
      }
      k = close;
      continue;
    }
    if ((w.text === ":" || w.text === "-") && ownerBefore(words, phrases, k) && !insideBrackets(words, k)) {
      // "paid y/n — and the garments on each ticket": a dash before "and" goes on with the sentence, it opens no list
      if (saysSomething(words, k + 1) || words[k + 1]?.pos === "CCONJ") continue;
      const end = listEnd(words, k + 1);
      out.push({ owner: ownerBefore(words, phrases, k)!, opener: w.text, items: itemsOf(words, k + 1, end), from: k, to: end });
      continue;
    }
    // "people hand in all sorts at reception, phones, keys, wallets": examples after a placeholder
    const placeholder = phrases.find((p) => p.head === k && /^(sort|kind|stuff|thing|item|bit)$/.test(p.noun));
    if (placeholder) {
      let from = k + 1;
      while (from < words.length && from <= k + 3 && words[from].text !== ",") from++;
      const end = listEnd(words, from + 1);
      const items = itemsOf(words, from + 1, end).filter((item) => item.length <= 3 && isNoun(item.at(-1)) && pluralNoun(item.at(-1)!));
      if (words[from]?.text === "," && items.length >= 2) out.push({ owner: placeholder, opener: "like", items, from: k, to: end });
    }
    // "for each application I want the lender, product and rate", "for the vans we note the reg plate and …"
    if (/^(for|per)$/.test(w.lower)) {
      const owner = phrases.find((p) => p.start > k && p.start <= k + 3 && /^(each|every|the|a)$/.test(words[p.start - 1]?.lower ?? ""));
      // ("for the houses it's the address and how many bathrooms": what it is, is what is noted)
      const verb = owner
        ? words.findIndex((x, j) => j > owner.head && j <= owner.head + 4 && ((x.pos === "VERB" && NOTING.has(x.lemma)) || (x.lemma === "be" && /^(it|that)$/.test(words[j - 1].lower))))
        : -1;
      // "for each cat its name, age and diet": its own things, said straight after it
      const its = owner && /^(its|their|his|her)$/.test(words[owner.head + 1]?.lower ?? "") && /^(each|every)$/.test(words[owner.start - 1]?.lower ?? "");
      if (owner && its) {
        const end = listEnd(words, owner.head + 2);
        if (end > owner.head + 2) out.push({ owner, opener: "for", items: itemsOf(words, owner.head + 2, end), from: k, to: end });
      } else if (owner && verb > 0 && words.slice(owner.head + 1, verb).every((x) => x.pos === "PRON" || x.pos === "AUX" || x.pos === "ADV")) {
        const from = verb + 1;
        const end = listEnd(words, from);
        if (end > from) out.push({ owner, opener: "for", items: itemsOf(words, from, end), from: k, to: end });
      }
    }
    // "each project uses one pattern, and I note the needle size, start date and who it's for": the "each …" it is about
    // (not in a relative clause: "a frame number which we write down" says where a field comes from)
    if (w.pos === "VERB" && NOTING.has(w.lemma) && /^(i|we)$/.test(words[k - 1]?.lower ?? "") && words[k + 1]?.text !== "'s" && !RELATIVES.test(words[k - 2]?.lower ?? "")) {
      // ("when somebody comes to claim it we take their name, …": the act the clause names)
      const about = [...phrases, ...acts.map((a) => a.phrase)].filter((p) => p.head < k && /^(each|every)$/.test(p.determiner ?? "")).sort((a, b) => a.head - b.head).at(-1);
      // ("we write down their name": the verb's particle is no part of the list)
      const from = words[k + 1]?.pos === "ADP" && /^(down|up)$/.test(words[k + 1].lower) ? k + 2 : k + 1;
      const end = listEnd(words, from);
      const items = itemsOf(words, from, end);
      // ("for each film we need the title, …" is the "for" list above already, not a second one)
      const listed = out.some((g) => g.opener === "for" && g.from < k && g.to >= end);
      if (about && items.length >= 2 && !listed) out.push({ owner: about, opener: "note", items, from: k, to: end });
    }
    // "we note the pet's species, breed and weight"
    if (w.text === "'s" && phraseBefore(phrases, k)) {
      // ("the customer's name and phone, the date ordered": a new determiner after a comma is out of the possessive's reach)
      const fresh = words.findIndex((x, j) => j > k && x.text === "," && /^(the|a|an|whether|if)$/.test(words[j + 1]?.lower ?? ""));
      const end = Math.min(listEnd(words, k + 1), fresh > k ? fresh : words.length);
      if (end > k + 1) out.push({ owner: phraseBefore(phrases, k)!, opener: "'s", items: itemsOf(words, k + 1, end), from: k, to: end });
      continue;
    }
    if (EXAMPLES.includes(w.lower) && (w.lower !== "like" || w.pos !== "VERB") && (w.lower !== "such" || words[k + 1]?.lower === "as")) {
      const from = w.lower === "such" ? k + 2 : k + 1;
      const end = listEnd(words, from);
      const owner = phraseBefore(phrases, k, 1);
      // "weight like dk or aran, and how many balls": examples end where a question starts
      const all = itemsOf(words, from, end);
      const question = all.findIndex((item) => QUESTION.test(item[0].lower));
      const items = question < 0 ? all : all.slice(0, question);
      if (owner && items.length) out.push({ owner, opener: "like", items, from: k, to: question < 0 ? end : all[question][0].at });
      continue;
    }
    // "each report gets a reference number": what every one of a record is given, it has
    const receiver = /^(gets|get|receives)$/.test(w.lower) ? phraseBefore(phrases, k) : undefined;
    // (not "gets inoculated", a passive)
    const given = !!receiver && /^(each|every)$/.test(modifiedBy(words, phrases, receiver).determiner ?? "") && words[k + 1]?.pos !== "VERB";
    const supplied = w.pos === "VERB" && SUPPLYING.has(w.lemma) && isNoun(words[k - 1]) && !/^(each|every|a|an|the|me|us|him|her|them|it|out|back)$/.test(words[k + 1]?.lower ?? "");
    if ((HAVING.has(w.lower) && words[k - 1]?.lower !== "along") || given || supplied) {
      // "vans with a plate", "each stop has an address", "each batch should have a style"; but "appointments
      // with clients, each with a date" and "my collection by genre, with a price": what the sentence is about
      const back = words[k - 1]?.lower === "each" || words[k - 1]?.lower === "every" ? k - 1 : k;
      const loose = words[back - 1]?.text === ",";
      let owner = loose ? undefined : given ? modifiedBy(words, phrases, receiver) : phraseBefore(phrases, k, 2, words);
      // "every burial is in one plot and has a date": the sentence's "every …" has it, not the plot
      const eachBefore = phrases.filter((p) => p.head < k && /^(each|every)$/.test(p.determiner ?? "")).at(-1);
      if (words[k - 1]?.lower === "and" && eachBefore) owner = eachBefore;
      // "exercise plans for each patient with exercises": the list is the plans', not the patient's
      const by = owner && /^(each|every|per|a|the)$/.test(words[owner.start - 1]?.lower ?? "") && /^(for|per|in|at|on|of)$/.test(words[owner.start - 2]?.lower ?? "");
      // ("every batch of bags gets inoculated on a date with a strain": the batch, not its bags)
      if (owner && by) owner = phrases.filter((p) => p.head < owner!.start - 2).at(-1) ?? owner;
      if (owner && by) owner = modifiedBy(words, phrases, owner);
      // ("a rehearsal schedule per production w/ date, time": what the schedule keeps has them)
      else if (owner && /^(with|w)$/.test(w.lower)) owner = modifiedBy(words, phrases, owner, true);
      if (!owner && !/^(with|w)$/.test(w.lower)) continue;
      const from = w.lower === "w" && words[k + 1]?.text === "/" ? k + 2 : k + 1;
      const end = listEnd(words, from);
      if (end > from) out.push({ owner: owner ?? null, opener: w.lower === "w" ? "with" : given || supplied ? "has" : w.lower, items: itemsOf(words, from, end), from: k, to: end, loose });
    }
  }
  return out;
}
