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
import { GENERIC_BUT_RECORDABLE, KEPT_IN, kindOf, type NounKind } from "./kinds";
import { actsIn } from "./acts";
import { addField, isValueNoun, itemsFor, phraseNoun, readItem, splitChoices } from "./items";
import { normalise } from "./normalise";
import { writeOutEachOne } from "./pronouns";
import { type Group, groupsOf, isClause, isNoun, type NounPhrase, nounPhrases } from "./phrases";
import { retag } from "./retag";
import { happens, linkLoose, type Sentence, tieRecords } from "./ties";

export interface Reading {
  drafts: Draft[];
  /** the noun the description says the business or app is ("a climbing gym", "small brewery -"), never a record */
  subject: string | null;
  /** the normalised text */
  text: string;
  /** how many field lists the description spells out ("vans (plate, capacity)"): how much the reading rests on */
  fieldLists: number;
  /** a happening and a person or thing said in the same sentence: a link to make when nothing else ties the happening */
  alongside: [Draft, Draft][];
  /** the records said before each one in the sentence it is first said in, nearest first */
  saidBefore: Map<Draft, Draft[]>;
  /** the words the description uses as verbs and never as nouns ("take" in "a driver takes a van") */
  verbs: Set<string>;
  /** how much the description explains: its sentences and words */
  sentences: number;
  words: number;
}

/** An app has at most this many records; while reading, room for the ones said in passing that may not stay. */
const MAX_ENTITIES = 8;
const MAX_READ = 16;


/** Verbs that say the app keeps the things after them: "track drivers, vans and routes". */
const KEEPING = new Set(["track", "manage", "keep", "log", "record", "store", "list", "organise", "organize", "schedule", "register", "catalog", "catalogue", "monitor", "handle"]);
/** Verbs whose subject is the user, not a record: "we run", "I teach". */
const SELF = new Set(["i", "we", "me", "us", "you", "my", "our"]);


export function read(description: string): Reading {
  const text = normalise(description);
  // "…sets, reps. 3 physios work here": a sentence the tagger runs on into a number is split first
  const sentences: Sentence[] = text
    .split(/(?<=[.!?])\s+(?=\d)/).flatMap((part) => Tagger.sentences(part)).map((tagged, i, all) => {
    // ("each one": the record said before it, written out)
    const earlier = all.slice(Math.max(0, i - 2), i).map((x) => nounPhrases(retag(x)));
    const said = retag(tagged);
    const words = writeOutEachOne(said, nounPhrases(said), earlier);
    const phrases = nounPhrases(words);
    const acts = actsIn(words, phrases);
    return { words, phrases, acts, groups: groupsOf(words, phrases, acts) };
  });
  const subjects = subjectsOf(sentences);
  const subject = [...subjects][0] ?? null;
  const records = new Map<string, Draft>();
  const order: string[] = [];
  const tentative = new Set<string>();
  const recordOf = (noun: string): Draft | undefined =>
    records.get(noun) ??
    records.get(sameAs(noun, [...records.keys()]) ?? "") ??
    // "the rehearsal schedule": the record is what it lists, as `add` keeps it
    (noun.includes(" ") && KEPT_IN.test(noun) ? records.get(singularize(noun.replace(KEPT_IN, ""))) : undefined);
  const add = (said: string, own = false): Draft | undefined => {
    // "my species list", "a guest list": the records are what the list lists
    const noun = said.includes(" ") ? singularize(said.replace(KEPT_IN, "")) : said;
    // (a record of its own, "an earned badge", is not the badge however alike the words)
    const known = own ? records.get(noun) : recordOf(noun);
    if (known) return known;
    if (records.size >= MAX_READ) return undefined;
    const draft = draftOf(noun);
    draft.person = kindOf(noun) === "person" || draft.person;
    records.set(noun, draft);
    order.push(noun);
    return draft;
  };

  // 1. the records: nouns that own a list of fields, then the things listed to keep
  const examplesOf = new Map<Group, Word[][]>();
  const lists = new Set<Group>();
  const childNouns = new Set<string>();
  // "size (small/medium/large)", "status (waiting, in progress, ready)": the choices of a field, not a list of its own
  const choices = new Map<Word, string[]>();
  for (const s of sentences)
    for (const g of s.groups) {
      const chosen = g.after ?? g;
      const options = chosen.items.flatMap(splitChoices);
      const valueOptions = options.filter((o) => kindOf(o.replace(/_/g, " ")) === "value").length;
      if ((chosen.opener === "(" || chosen.opener === "like") && chosen.owner && !chosen.owner.plural && isValueNoun(chosen.owner.noun) && options.every((o) => o.split("_").length <= 4) && valueOptions * 2 < options.length) {
        if (g === chosen) choices.set(s.words[chosen.owner.head], chosen.items.flatMap((item) => splitChoices(item)));
        g.owner = null;
      }
    }
  for (const s of sentences)
    for (const g of s.groups) {
      // "where in the rack (row/column)": brackets inside a field list's item detail that item
      const wholeItem = (outer: Group) => outer.items.some((item) => item[0] === g.owner?.words[0] && item.at(-1) === g.owner?.words.at(-1));
      // (a list going on after brackets holds them only when it is the brackets' fields: "(jackets…), where it was found")
      const holds = (outer: Group) => outer !== g && outer.opener !== "(" && (!outer.after || examplesOf.has(outer.after)) && outer.from < g.from && outer.to > g.from;
      // ("— broadcast date, show, tracks played (artist, title)": many of a record with fields of their own, in a list, are its children)
      const children = !!g.owner && g.owner.plural && isRecordKind(kindOf(g.owner.noun)) && s.groups.some((outer) => holds(outer) && outer.items.some((item) => item[0] === g.owner?.words[0]));
      if (children && g.owner) childNouns.add(g.owner.noun);
      const nested = g.opener === "(" && !children && s.groups.some((outer) => holds(outer) && !(listsRecords(outer, s, subjects) && wholeItem(outer)));
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
  // "how many bottles of each", "where in the rack": a question item is one field, whatever nouns it has
  const inQuestion = (s: Sentence, p: NounPhrase) => s.groups.some((g) => g.items.some((item) => /^(how|where|when|which|who|whether|what)$/.test(item[0].lower) && item.includes(s.words[p.head])));
  // how often a noun is said, and lists of things of one kind said once each ("tents, stoves, crampons"): examples
  const said = new Map<string, number>();
  for (const s of sentences) for (const p of s.phrases) said.set(p.noun, (said.get(p.noun) ?? 0) + 1);
  const mentions = (noun: string) => said.get(noun) ?? 0;
  const examples = new Set(sentences.flatMap((s) => examplesIn(s, mentions, (noun) => !!recordOf(noun))));
  for (const s of sentences)
    for (const p of s.phrases) {
      if (subjects.has(p.noun) || inLists(s, p) || inQuestion(s, p)) continue;
      // "Leeds", "August": a name written with a capital is no kind of record
      if (p.words.at(-1)?.pos === "PROPN" && /^[A-Z]/.test(p.words.at(-1)!.text) && p.start > 0) continue;
      const kind = kindOf(p.noun);
      // ("the judges give each entry a score": a word that can be a record is one when said one at a time)
      const eachRecordable = kind === "generic" && GENERIC_BUT_RECORDABLE.has(p.noun) && /^(each|every)$/.test(p.determiner ?? "");
      if (!isRecordKind(kind) && !madeOfRecords(s, p) && !series(s, p) && !eachRecordable) continue;
      // "track a van", "log each visit", "manage my collection": the object of a keeping verb
      let back = p.start - 1;
      while (back >= 0 && /^(DET|PRON|ADJ|NUM|ADV)$/.test(s.words[back].pos)) back--;
      const kept = back >= 0 && s.words[back].pos === "VERB" && KEEPING.has(s.words[back].lemma);
      const each = p.determiner === "each" || p.determiner === "every";
      if (examples.has(p)) continue;
      if (p.plural || kept || each || madeOfRecords(s, p) || series(s, p)) {
        // said in passing first ("we do a survey"), then as a record ("each survey is …"): a record
        tentative.delete(p.noun);
        add(p.noun);
      } else if (recordOf(p.noun)) add(p.noun);
      // "a driver takes a van out on a route": a thing said once is a record only if the text ties it to another
      else if (p.determiner || s.words[p.start - 1]?.pos === "VERB" || s.words[p.head + 1]?.text === "'s") {
        if (!recordOf(p.noun)) tentative.add(p.noun);
        add(p.noun);
      }
    }
  // a kind-of list whose owner is a placeholder ("stuff (jackets, bottles)") became an item above

  // ", with a price": the last record said before it
  for (const s of sentences)
    for (const g of s.groups) if (g.loose) g.owner = [...s.phrases].reverse().find((p) => p.head < g.from && recordOf(p.noun)) ?? null;

  // 2. fields and links from each list
  let fieldLists = 0;
  const readAsField = new Set<string>();
  // the records said, with fields of their own, inside another's list
  const listed = new Set([...childNouns].map(recordOf));
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
      // "appliances have a call sign and a reg plate": a thing said once, only as what a record has, is a field of it
      const having = /^(has|have|having|had)$/.test(g.opener);
      const recordIn = (noun: string) => {
        const field = having && ((tentative.has(noun) && mentions(noun) === 1) || !recordOf(noun)) && kindOf(noun) !== "person";
        if (field) readAsField.add(noun);
        return field ? undefined : recordOf(noun);
      };
      for (const { owner: about, item } of itemsFor(owner, g.items, recordOf)) {
        // ("whether it has a water trough nearby": the things a has-list's question names are no records either)
        if (having && /^(whether|if)$/.test(item[0]?.lower ?? ""))
          for (const p of nounPhrases(item)) if (((tentative.has(p.noun) && mentions(p.noun) === 1) || !recordOf(p.noun)) && kindOf(p.noun) !== "person") readAsField.add(p.noun);
        readItem(about, item, recordIn, g, choices, add, (d) => listed.has(d));
      }
    }

  // an act kept as a record ("each time I ink up a pen", "when somebody comes to claim it") is of what it is done to, and by whom
  for (const [si, s] of sentences.entries())
    for (const act of s.acts) {
      const record = records.get(act.phrase.noun);
      if (!record) continue;
      const said = [...sentences.slice(0, si).flatMap((x) => x.phrases), ...s.phrases.filter((p) => p.head < act.phrase.start)];
      // ("it": the last thing said before that the text keeps for itself, not one named in passing)
      // ("all sorts, phones, keys, wallets": a placeholder with examples stands for the item they are)
      const placeholders = new Set([...examplesOf.keys()].map((g) => g.owner));
      const things = said.map((p) => (placeholders.has(p) && kindOf(p.noun) === "generic" ? recordOf("item") : recordOf(p.noun))).filter((d): d is Draft => !!d && d !== record && !d.person);
      const object = act.object === "pronoun" ? (things.findLast((d) => !tentative.has(d.noun)) ?? things.at(-1)) : act.object && recordOf(act.object.noun);
      const subject = act.subject && recordOf(act.subject.noun);
      for (const d of [object, subject?.person ? subject : undefined]) if (d && d !== record) link(record, d);
    }

  // 3. links from how sentences tie records
  // (what a has-list made a field is no record to tie: "each sign has a message")
  const asRecord = (noun: string) => (readAsField.has(noun) ? undefined : recordOf(noun));
  const addRecord = (noun: string, own?: boolean) => (readAsField.has(noun) ? undefined : add(noun, own));
  for (const [si, s] of sentences.entries()) tieRecords(s, sentences[si - 1], asRecord, addRecord);
  // the people and things said in one sentence with a happening (a booking, a visit, a score): what it is of, when nothing else says
  const alongside: [Draft, Draft][] = [];
  // and, for any record, the ones said before it in its sentence ("customers with an address, quotes with a price")
  const saidBefore = new Map<Draft, Draft[]>();
  for (const s of sentences) {
    const here = [...new Set(s.phrases.map((p) => recordOf(p.noun)).filter((d): d is Draft => !!d))];
    for (const h of here.filter(happens)) for (const m of here.filter((x) => x !== h && !happens(x)).slice(0, 3)) alongside.push([h, m]);
    for (const [i, d] of here.entries()) if (!saidBefore.has(d)) saidBefore.set(d, here.slice(0, i).reverse());
  }

  // "bookings of a stall at a fair": a thing said once in passing, with nothing of its own, between two records ties them
  for (const d of records.values()) {
    if (!tentative.has(d.noun) || mentions(d.noun) !== 1 || d.described.length || d.person || d.links.length !== 1) continue;
    const to = [...records.values()].find((x) => x.name === d.links[0]);
    const from = [...records.values()].filter((x) => x.links.includes(d.name));
    if (!to || from.length !== 1 || tentative.has(from[0].noun) || from[0] === to) continue;
    from[0].links = from[0].links.filter((l) => l !== d.name);
    d.links = [];
    link(from[0], to);
  }
  // a record said in passing stays when it has fields or another record (one the text lists) links to it
  const tied = (d: Draft) => !readAsField.has(d.noun) && (d.described.length > 0 || [...records.values()].some((x) => x.links.includes(d.name) && !tentative.has(x.noun)));
  const kept = order.map((noun) => records.get(noun)!).filter((d) => !subjects.has(d.noun) && (!tentative.has(d.noun) || tied(d)));
  // past the limit, the records the text says least about go first (no fields, no links either way)
  const told = (d: Draft) => d.described.length > 0 || d.links.length > 0 || kept.some((x) => x.links.includes(d.name));
  const room = MAX_ENTITIES - kept.filter(told).length;
  let spare = Math.max(0, room);
  const drafts = kept.filter((d) => told(d) || spare-- > 0).slice(0, MAX_ENTITIES);
  for (const d of drafts) d.links = d.links.filter((l) => drafts.some((x) => x.name === l));
  linkLoose(drafts);
  const all = sentences.flatMap((x) => x.words);
  const nouns = new Set(all.filter((w) => isNoun(w)).map((w) => w.lemma));
  const verbs = new Set(all.filter((w) => w.pos === "VERB" && !nouns.has(w.lemma)).map((w) => w.lemma));
  return { drafts, subject, text, fieldLists, alongside, saidBefore, verbs, sentences: sentences.length, words: sentences.flatMap((s) => s.words).filter((w) => w.pos !== "PUNCT").length };
}

const isRecordKind = (kind: NounKind) => kind === "person" || kind === "record" || kind === "place";

/**
 * "their weights every week", "scores per team per night": values taken again and again, for each of a
 * record or every so often, are a record of their own (a weighing, a score), not one field.
 */
function series(s: Sentence, p: NounPhrase): boolean {
  if (!p.plural || kindOf(p.noun) !== "value") return false;
  const w = s.words;
  const k = p.head + 1;
  const per = w[k]?.lower === "per" || (w[k]?.lower === "for" && /^(each|every)$/.test(w[k + 1]?.lower ?? ""));
  const next = s.phrases.find((x) => x.start > k && x.start <= k + 2);
  if (per && next) return isRecordKind(kindOf(next.noun));
  return /^(every|each)$/.test(w[k]?.lower ?? "") && !!next && WordNet.lexOf(next.noun) === "time";
}

/**
 * "a stay is one cat in one pen", "each shift is one volunteer at one stall": a noun said to be made of one of
 * each of two records is a record itself, whatever else the word can mean (a stay is a time to WordNet).
 */
function madeOfRecords(s: Sentence, p: NounPhrase): boolean {
  const w = s.words;
  if (!/^(a|an|each|every)$/.test(p.determiner ?? "") || w[p.head + 1]?.lemma !== "be") return false;
  const ones = s.phrases.filter((x) => x.start > p.head && x.start <= p.head + 8 && w[x.start - 1]?.lower === "one" && isRecordKind(kindOf(x.noun)));
  return ones.length >= 2;
}

/** The same record said another way: "stop" for "bus stop", "subs" for "subcontractors" is not guessed. */
function sameAs(noun: string, known: string[]): string | undefined {
  const head = noun.split(" ").pop()!;
  // (a record named by a value word, "weights every week", is no "birth weight")
  const byValue = (k: string) => noun.endsWith(` ${k}`) && kindOf(k) === "value";
  return (
    known.find((k) => k.split(" ").pop() === head && (k.endsWith(` ${noun}`) || (noun.endsWith(` ${k}`) && !byValue(k)) || noun === head)) ??
    // "vols" for "volunteers": a short form of a record's name (not a word of another kind: a cat is no cattery)
    (noun === head && head.length >= 3 ? known.find((k) => k.split(" ").pop()!.startsWith(head) && k.split(" ").pop() !== head && sameKind(head, k.split(" ").pop()!)) : undefined) ??
    // "each PO" for "purchase orders": a record's initials
    (noun === head && head.length <= 4 ? known.find((k) => k.includes(" ") && k.split(" ").map((w) => w[0]).join("") === noun) : undefined)
  );
}

/** Could the short word stand for the long one: WordNet lacks it, or files it where it files the long one. */
function sameKind(short: string, long: string): boolean {
  const lex = WordNet.lexOf(short);
  return !lex || WordNet.lexesOf(long, 2).includes(lex);
}

const CONCRETE = ["artifact", "animal", "food", "plant", "object", "substance"];

/**
 * Lists of three or more things of one concrete kind, none said again or given fields ("tents, stoves,
 * crampons, ice axes", "rats, mice, wasps"): examples of what the app keeps, not records each.
 */
function examplesIn(s: Sentence, mentions: (noun: string) => number, isRecord: (noun: string) => boolean): NounPhrase[] {
  const out: NounPhrase[] = [];
  let run: NounPhrase[] = [];
  const close = () => {
    const lexes = new Set(run.map((p) => WordNet.lexOf(p.noun.split(" ").pop()!)));
    const [lex] = lexes;
    if (run.length >= 3 && lexes.size === 1 && lex && CONCRETE.includes(lex) && run.every((p) => p.plural && mentions(p.noun) === 1 && !isRecord(p.noun))) out.push(...run);
    run = [];
  };
  for (const p of s.phrases) {
    const last = run.at(-1);
    const gap = last ? s.words.slice(last.head + 1, p.start).filter((w) => !/^(,|and|or|&|the|a|an|some)$/.test(w.lower)) : [];
    if ((last && gap.length) || !p.plural) close();
    if (p.plural) run.push(p);
  }
  close();
  return out;
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
  // "we are a small bakery", "I run a cattery", "I own a …" (not "we do a survey")
  const selfIntro = before.some((w) => SELF.has(w)) && before.some((w) => /^(am|are|run|own|manage|is)$/.test(w)) && /^(a|an)$/.test(before.at(-1) ?? "") === true;
  const title =
    p.start <= 2 &&
    before.every((w) => /^(a|an|the|my|our|simple|small|little|basic|new)$/.test(w)) &&
    (!after || /^[:.,!-]$/.test(after.text) || /^(with|for|where|that|which|to|w)$/.test(after.lower));
  // ("print shop orders." as a heading of its own, over the lists that follow, is what the app is for)
  const heading = sentences.length > 1 && p.start === 0 && first.words.slice(p.head + 1).every((w) => w.pos === "PUNCT");
  if (((selfIntro || title) && !p.plural) || heading) out.add(p.noun);
  // "lost and found for our school", "a medication schedule for my family:", "a sales pipeline for a small
  // B2B team": who or what the app is for
  for (const [k, w] of first.words.entries())
    if (w.lower === "for" && /^(my|our|a|an)$/.test(first.words[k + 1]?.lower ?? "")) {
      const whose = first.phrases.find((x) => x.start > k + 1 && x.start <= k + 4);
      if (whose && !whose.plural) out.add(whose.noun);
      break;
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
  // ("subjects: maths, english, science": after a colon too, when most are kinds of the records named)
  if ((g.opener === "(" || (g.opener === ":" && g.owner?.plural)) && kindsOfOwner >= 2 && kindsOfOwner * 2 >= g.items.length) return "examples";
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

