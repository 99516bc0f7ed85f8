/**
 * The reader: a description becomes the records an app keeps, read the way a person reads it. The
 * tagger finds the noun phrases; a noun with a list after it owns that list ("vans (plate, capacity)");
 * WordNet says whether a list is fields (values that describe: a plate, a capacity, a date) or examples
 * of one kind of thing (jackets, water bottles: garments and vessels, so one found item with a kind);
 * the records are the nouns that own fields or are listed as things to keep, never the values, units,
 * placeholders or the business itself; links come from how the sentence ties two records ("routes with
 * stops", "clients and their dogs", "each batch goes in a fermenter", "which driver is on which route").
 */
import { type Draft, draftOf, link } from "../drafts";
import { enumProp } from "../fields";
import { Tagger, type Word } from "../language/tagger";
import { WordNet } from "../language/wordnet";
import { singularize, snake } from "../naming";
import { GENERIC_BUT_RECORDABLE, kindOf, type NounKind } from "./kinds";
import { addField, isValueNoun, phraseNoun, readItem, splitChoices } from "./items";
import { normalise } from "./normalise";
import { type Group, groupsOf, isClause, isNoun, type NounPhrase, nounPhrases, retag } from "./phrases";

export interface Reading {
  drafts: Draft[];
  /** the noun the description says the business or app is ("a climbing gym", "small brewery -"), never a record */
  subject: string | null;
  /** the normalised text */
  text: string;
  /** how many field lists the description spells out ("vans (plate, capacity)"): how much the reading rests on */
  fieldLists: number;
}

const MAX_ENTITIES = 8;

interface Sentence {
  words: Word[];
  phrases: NounPhrase[];
  groups: Group[];
}

/** Verbs that say the app keeps the things after them: "track drivers, vans and routes". */
const KEEPING = new Set(["track", "manage", "keep", "log", "record", "store", "list", "organise", "organize", "schedule", "register", "catalog", "catalogue", "monitor", "handle"]);
/** Verbs whose subject is the user, not a record: "we run", "I teach". */
const SELF = new Set(["i", "we", "me", "us", "you", "my", "our"]);
/** Prepositions and verbs that put one record under another: "a stop on a route", "each batch goes in a fermenter". */
const UNDER = new Set(["for", "of", "per", "in", "on", "at", "from", "under", "inside", "within", "into", "to", "by", "about"]);
const TYING = new Set(["be", "go", "belong", "assign", "link", "attach", "tie", "connect", "sit", "live", "happen", "take", "keep", "store", "put", "place", "park", "book", "schedule", "work", "use", "drive", "cover", "serve", "teach", "run", "lead", "own", "hold", "send", "ship", "deliver", "stay", "get", "come"]);

/** Verbs that make the object a record of the doer: "teams submit projects" (a project is by its team). */
const MAKING = new Set(["submit", "write", "post", "create", "make", "send", "log", "upload", "file", "raise", "report", "place", "open", "enter", "leave", "give", "request", "propose", "bring", "publish", "add", "record", "share", "own"]);
/** What a doer's act on a thing is called as a record of its own ("judges score projects": a score). */
const ACTS: Record<string, string> = {
  score: "score", rate: "rating", grade: "grade", judge: "score", review: "review", vote: "vote", book: "booking", reserve: "reservation",
  borrow: "loan", rent: "rental", hire: "hire", buy: "purchase", order: "order", donate: "donation", attend: "attendance", enrol: "enrolment",
  enroll: "enrollment", register: "registration", adopt: "adoption", apply: "application", bid: "bid", sponsor: "sponsorship", visit: "visit",
  check: "check", inspect: "inspection", claim: "claim", complete: "completion", sign: "sign-up", mark: "mark", assess: "assessment", test: "test",
};

export function read(description: string): Reading {
  const text = normalise(description);
  // "…sets, reps. 3 physios work here": a sentence the tagger runs on into a number is split first
  const sentences: Sentence[] = text.split(/(?<=[.!?])\s+(?=\d)/).flatMap((part) => Tagger.sentences(part)).map((tagged) => {
    const words = retag(tagged);
    const phrases = nounPhrases(words);
    return { words, phrases, groups: groupsOf(words, phrases) };
  });
  const subjects = subjectsOf(sentences);
  const subject = [...subjects][0] ?? null;
  const records = new Map<string, Draft>();
  const order: string[] = [];
  const recordOf = (noun: string): Draft | undefined => records.get(noun) ?? records.get(sameAs(noun, [...records.keys()]) ?? "");
  const add = (said: string): Draft | undefined => {
    // "my species list", "a guest list": the records are what the list lists
    const noun = said.includes(" ") ? said.replace(/ (?:list|register|catalogue|catalog|database)$/, "") : said;
    const known = recordOf(noun);
    if (known) return known;
    if (records.size >= MAX_ENTITIES) return undefined;
    const draft = draftOf(noun);
    draft.person = kindOf(noun) === "person" || draft.person;
    records.set(noun, draft);
    order.push(noun);
    return draft;
  };

  // 1. the records: nouns that own a list of fields, then the things listed to keep
  const examplesOf = new Map<Group, Word[][]>();
  const lists = new Set<Group>();
  // "size (small/medium/large)", "status (waiting, in progress, ready)": the choices of a field, not a list of its own
  const choices = new Map<Word, string[]>();
  for (const s of sentences)
    for (const g of s.groups) {
      const chosen = g.after ?? g;
      const options = chosen.items.flatMap(splitChoices);
      const valueOptions = options.filter((o) => kindOf(o.replace(/_/g, " ")) === "value").length;
      if (chosen.opener === "(" && chosen.owner && !chosen.owner.plural && isValueNoun(chosen.owner.noun) && options.every((o) => o.split("_").length <= 4) && valueOptions * 2 < options.length) {
        if (g === chosen) choices.set(s.words[chosen.owner.head], chosen.items.flatMap((item) => splitChoices(item)));
        g.owner = null;
      }
    }
  for (const s of sentences)
    for (const g of s.groups) {
      // "where in the rack (row/column)": brackets inside a field list's item detail that item
      const wholeItem = (outer: Group) => outer.items.some((item) => item[0] === g.owner?.words[0] && item.at(-1) === g.owner?.words.at(-1));
      const nested = g.opener === "(" && s.groups.some((outer) => outer !== g && outer.opener !== "(" && outer.from < g.from && outer.to > g.from && !(listsRecords(outer, s, subjects) && wholeItem(outer)));
      const verdict = listsRecords(g, s, subjects) || nested ? "none" : g.after ? (examplesOf.has(g.after) ? "fields" : "none") : judgeList(g, (noun) => !!recordOf(noun));
      if (verdict !== "none") lists.add(g);
      if (!g.owner || subjects.has(g.owner.noun)) continue;
      if (verdict === "examples") examplesOf.set(g, g.items);
      if ((verdict === "fields" || verdict === "examples") && !g.after) {
        const owner = g.owner.noun;
        if (kindOf(owner) !== "unit" && (kindOf(owner) !== "generic" || verdict === "examples" || GENERIC_BUT_RECORDABLE.has(owner.split(" ").pop()!))) add(verdict === "examples" && kindOf(owner) === "generic" ? "item" : owner);
      }
    }
  // "routes with stops", "projects with tasks and milestones" list records; "with exercises, sets, reps" or "with a date and a price" fields
  const listsValues = (g: Group) => g.items.some((item) => { const h = phraseNoun(item); return !h || kindOf(h) === "value" || kindOf(h) === "unit"; });
  const inLists = (s: Sentence, p: NounPhrase) =>
    s.groups.some((g) => lists.has(g) && g.owner !== p && p.start > g.from && p.head < g.to && (!/^(with|has|have|having|include|includes|including)$/.test(g.opener) || listsValues(g)));
  const business = businessObject(sentences[0]);
  // "how many bottles of each", "where in the rack": a question item is one field, whatever nouns it has
  const inQuestion = (s: Sentence, p: NounPhrase) => s.groups.some((g) => g.items.some((item) => /^(how|where|when|which|who|whether|what)$/.test(item[0].lower) && item.includes(s.words[p.head])));
  for (const s of sentences)
    for (const p of s.phrases) {
      if (subjects.has(p.noun) || p === business || inLists(s, p) || inQuestion(s, p)) continue;
      const kind = kindOf(p.noun);
      if (!isRecordKind(kind)) continue;
      const before = s.words.slice(Math.max(0, p.start - 4), p.start).map((w) => w.lemma);
      const kept = before.some((l) => KEEPING.has(l));
      const each = p.determiner === "each" || p.determiner === "every";
      if (p.plural || kept || each || recordOf(p.noun)) add(p.noun);
    }
  // a kind-of list whose owner is a placeholder ("stuff (jackets, bottles)") became an item above

  // 2. fields and links from each list
  let fieldLists = 0;
  for (const s of sentences)
    for (const g of s.groups) {
      const placeholder = examplesOf.has(g.after ?? g) && kindOf(g.owner?.noun ?? "") === "generic";
      const owner = g.owner && (placeholder ? recordOf("item") : recordOf(g.owner.noun));
      if (!owner) continue;
      if (examplesOf.has(g)) {
        addField(owner, { name: "kind", prop: enumProp(g.items.map((item) => snake(singularize(item.map((w) => w.lower).join(" "))))) });
        continue;
      }
      if (!lists.has(g)) continue;
      if (g.items.length >= 2) fieldLists++;
      for (const item of g.items) readItem(owner, item, recordOf, g, choices);
    }

  // 3. links from how sentences tie records
  for (const [si, s] of sentences.entries()) tieRecords(s, sentences[si - 1], recordOf, add);

  const drafts = order.map((noun) => records.get(noun)!).filter((d) => !subjects.has(d.noun));
  linkLoose(drafts);
  return { drafts, subject, text, fieldLists };
}

const isRecordKind = (kind: NounKind) => kind === "person" || kind === "record" || kind === "place";

/** The same record said another way: "stop" for "bus stop", "subs" for "subcontractors" is not guessed. */
function sameAs(noun: string, known: string[]): string | undefined {
  const head = noun.split(" ").pop()!;
  return (
    known.find((k) => k.split(" ").pop() === head && (k.endsWith(` ${noun}`) || noun.endsWith(` ${k}`) || noun === head)) ??
    // "subs" for "subcontractors", "vols" for "volunteers": a short form of a record's name
    (noun === head && head.length >= 3 ? known.find((k) => k.split(" ").pop()!.startsWith(head) && k.split(" ").pop() !== head) : undefined)
  );
}

/**
 * The nouns the description says the business or app is: "we run a small climbing gym", "I am a dog
 * groomer", "small brewery - batches…", "a release checklist tool with…", "for my family:". Not records.
 */
function subjectsOf(sentences: Sentence[]): Set<string> {
  const out = new Set<string>();
  const first = sentences[0];
  const [p] = first?.phrases ?? [];
  if (!first || !p) return out;
  const before = first.words.slice(0, p.start).map((w) => w.lower);
  const after = first.words[p.head + 1];
  const selfIntro = before.some((w) => SELF.has(w)) && before.some((w) => /^(am|are|run|own|have|manage|do|is|work|teach)$/.test(w));
  const title =
    p.start <= 2 &&
    before.every((w) => /^(a|an|the|my|our|simple|small|little|basic|new)$/.test(w)) &&
    (!after || /^[:.,!-]$/.test(after.text) || /^(with|for|where|that|which|to|w)$/.test(after.lower));
  if ((selfIntro || title) && !p.plural) out.add(p.noun);
  // "lost and found for our school", "a medication schedule for my family:": who the app is for
  for (const [k, w] of first.words.entries())
    if (w.lower === "for" && /^(my|our)$/.test(first.words[k + 1]?.lower ?? "")) {
      const whose = first.phrases.find((x) => x.start === k + 2);
      if (whose && !whose.plural) out.add(whose.noun);
    }
  return out;
}

/**
 * What a list after a noun is: the noun's fields ("plate, capacity"), examples of one kind of thing
 * ("jackets, water bottles, lunchboxes"), or neither (a clause that only looked like a list).
 */
function judgeList(g: Group, isRecord: (noun: string) => boolean): "fields" | "examples" | "none" {
  if (!g.items.length) return "none";
  const heads = g.items.map((item) => phraseNoun(item));
  // a list with verbs in it is a clause ("- each stop has an address")
  if ((g.opener === ":" || g.opener === "-" || g.items.length === 1) && g.items.some(isClause)) return "none";
  if (g.opener === "like") return "examples";
  const kinds = heads.map((h) => (h ? kindOf(h) : "value"));
  const things = kinds.filter((k, i) => (k === "record" || k === "place") && !isRecord(heads[i] ?? "")).length;
  const values = kinds.filter((k) => k === "value" || k === "unit").length;
  // "(jackets, water bottles, lunchboxes)", "breads (sourdough, rye, baguettes)": kinds of one thing, not what it has
  const plural = g.items.filter((item) => item.some((w) => isNoun(w) && w.lemma !== w.lower)).length;
  const kindsOfOwner = heads.filter((h) => h && g.owner && WordNet.isA(h, g.owner.noun.split(" ").pop()!, 3)).length;
  if (g.opener === "(" && things >= 2 && !values && (plural * 2 >= g.items.length || kindOf(g.owner?.noun ?? "") === "generic")) {
    const common = WordNet.commonKind(heads.filter((h): h is string => !!h));
    if (common && common.depth <= 9) return "examples";
  }
  if (g.opener === "(" && kindsOfOwner >= 2 && kindsOfOwner * 2 >= g.items.length) return "examples";
  return "fields";
}

/**
 * A list of records rather than of fields: what the business keeps ("small brewery - batches (…),
 * fermenters (…)"), or a list whose items have field lists of their own.
 */
function listsRecords(g: Group, s: Sentence, subjects: Set<string>): boolean {
  if (g.opener === "(" || g.opener === "like") return false;
  if (g.owner && subjects.has(g.owner.noun)) return true;
  // "a gradebook for teachers: classes, students, assignments and scores": things people keep are plural, fields are not
  const plural = g.items.filter((item) => item.length <= 3 && isNoun(item.at(-1)) && item.at(-1)!.lemma !== item.at(-1)!.lower && isRecordKind(kindOf(item.at(-1)!.lemma)));
  if (plural.length >= 2 && plural.length * 2 > g.items.length) return true;
  return s.groups.some((inner) => inner.opener === "(" && inner.from > g.from && inner.from < g.to && inner.owner && g.items.some((item) => item.at(-1) === s.words[inner.owner!.head]) && kindOf(inner.owner.noun) !== "value");
}

/** Links a sentence makes between the records it names. */
function tieRecords(s: Sentence, previous: Sentence | undefined, recordOf: (noun: string) => Draft | undefined, add: (noun: string) => Draft | undefined): void {
  const mentions = s.phrases.map((p) => ({ p, d: recordOf(p.noun) })).filter((m): m is { p: NounPhrase; d: Draft } => !!m.d);
  const w = s.words;
  // "which driver and van is on which route": the route names its driver and its van
  const which = w.map((x, k) => (x.lower === "which" ? k : -1)).filter((k) => k >= 0);
  if (which.length >= 2) {
    const at = (k: number) => mentions.find((m) => m.p.start > k && m.p.start <= k + 3);
    const last = at(which[which.length - 1]);
    const firsts = mentions.filter((m) => m.p.start > which[0] && m.p.start < which[which.length - 1]);
    for (const f of firsts) if (last && f.d !== last.d) link(last.d, f.d);
  }
  for (const [i, a] of mentions.entries()) {
    const b = mentions[i + 1];
    // "clients and their dogs", "members and their visits": what is theirs belongs to them
    if (a.p.possessive && /^(their|its|his|her)$/.test(a.p.possessive)) {
      const owner = [...mentions.slice(0, i)].reverse().find((x) => x.d !== a.d)?.d ?? lastOf(previous, recordOf, a.d);
      if (owner) link(a.d, owner);
    }
    if (!b || b.d === a.d) continue;
    // "catches (species, weight) for each trip": a record's own field list says nothing of how it ties to the next
    const between = withoutBrackets(w.slice(a.p.head + 1, b.p.start));
    const lemmas = between.map((x) => x.lemma);
    if (between.some((x) => x.text === "," || x.text === "." || x.text === "(" || x.text === ";" || x.text === ":")) continue;
    // "X's Y": Y belongs to X
    if (between.length === 1 && between[0].text === "'s") {
      link(b.d, a.d);
      continue;
    }
    // "routes with stops": a plural thing with another belongs to it; "appointments with a client": names its client
    if (lemmas[0] === "with" && between.every((x) => /^(with|a|an|the|their|its|each|some|many|multiple|several)$/.test(x.lower))) {
      if (b.p.plural && !b.d.person) link(b.d, a.d);
      else link(a.d, b.d);
      continue;
    }
    // "each route has stops", "a project has many tasks", "each stop has a driver"
    if (lemmas.some((l) => l === "have" || l === "contain" || l === "include") && between.length <= 4) {
      if (b.p.plural && !b.d.person) link(b.d, a.d);
      else link(a.d, b.d);
      continue;
    }
    // "each batch goes in a fermenter", "stops on a route", "a van is assigned to a driver"
    const prep = lemmas.findLast((l) => UNDER.has(l));
    // "bookings of a stall at a fair": a thing that is no record may stand between them
    const tie = (x: Word) => UNDER.has(x.lemma) || TYING.has(x.lemma) || /^(a|an|the|its|their|one|each|every|is|are|which|that|who|can|will|should|must|always|usually)$/.test(x.lemma);
    const loose = between.length <= 6 && UNDER.has(between.at(-2)?.lemma ?? "") && between.filter((x) => !tie(x)).every((x) => x.pos === "NOUN" || x.pos === "ADJ");
    if (prep && ((between.length <= 4 && between.every(tie)) || loose)) {
      if (a.d.person && !b.d.person && lemmas.includes("for")) link(b.d, a.d);
      else link(a.d, b.d);
      continue;
    }
    // "teams submit projects": what a doer makes is theirs; "judges score projects": a score by each on each
    const verb = between.find((x) => x.pos === "VERB");
    if (verb && between.length <= 4 && (a.d.person || WordNet.lexOf(a.d.noun) === "group")) {
      const act = ACTS[verb.lemma];
      if (MAKING.has(verb.lemma) && !b.d.person) link(b.d, a.d);
      else if (act && act !== b.d.noun && act !== a.d.noun) {
        const record = add(act);
        if (record) {
          link(record, a.d);
          link(record, b.d);
        }
      } else if (act === b.d.noun || !b.d.person) link(b.d, a.d);
    }
  }
}

/**
 * "we deliver meal kits.": what the user's own verb takes in a first sentence that lists nothing is
 * what the business does, not a record it keeps.
 */
function businessObject(s: Sentence | undefined): NounPhrase | undefined {
  if (!s || s.groups.length || s.phrases.length !== 1) return undefined;
  const [p] = s.phrases;
  const before = s.words.slice(0, p.start);
  return before.some((w) => SELF.has(w.lower)) && before.some((w) => w.pos === "VERB") ? p : undefined;
}

/**
 * A record the description ties to nothing: an act or event (an appointment, a visit, a booking) is
 * someone's, so it names the people the app keeps, and the thing it is about when there is one before it.
 */
function linkLoose(drafts: Draft[]): void {
  const linked = (d: Draft) => d.links.length > 0 || drafts.some((x) => x.links.includes(d.name));
  const happening = (d: Draft) => HAPPENINGS.includes(WordNet.lexOf(d.noun.split(" ").pop()!) ?? "Tops");
  // what the happenings are about: the first record that is a thing (a car, a hive, a tank), not a happening itself
  const thing = drafts.find((x) => !x.person && !happening(x));
  const people = drafts.filter((x) => x.person);
  for (const d of drafts) {
    if (linked(d) || d.person || !happening(d)) continue;
    for (const p of people.slice(0, 2)) link(d, p);
    if (thing && thing !== d) link(d, thing);
  }
}

/** WordNet's files for what happens or is said rather than what is: an appointment, a fill-up, a tasting note. */
const HAPPENINGS = ["act", "event", "time", "communication", "possession", "process", "phenomenon"];

/** Words without what stands in brackets. */
function withoutBrackets(words: Word[]): Word[] {
  let depth = 0;
  return words.filter((x) => {
    depth += x.text === "(" ? 1 : 0;
    const inside = depth > 0;
    depth -= x.text === ")" ? 1 : 0;
    return !inside;
  });
}

function lastOf(s: Sentence | undefined, recordOf: (noun: string) => Draft | undefined, not: Draft): Draft | undefined {
  if (!s) return undefined;
  for (const p of [...s.phrases].reverse()) {
    const d = recordOf(p.noun);
    if (d && d !== not) return d;
  }
  return undefined;
}

