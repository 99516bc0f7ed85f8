/**
 * One item of a list after a record's noun, read as a person means it: a field typed from its words
 * ("brew date", "capacity in litres", "paid y/n"), a field with its choices ("size (s/m/l)", "type:
 * a / b"), an identifier the user keeps ("keg ID"), a question ("where it was found", "how many"), or
 * the name of another record, which makes a link ("which van", "client").
 */
import { type Draft, link } from "../drafts";
import { enumProp, fieldFrom, type FieldDraft } from "../fields";
import type { Word } from "../language/tagger";
import { pluralize, singularize, snake } from "../naming";
import { kindOf } from "./kinds";
import { YES_NO } from "./normalise";
import { type Group, isNoun, nounPhrases, pluralNoun } from "./phrases";

/** A field word that takes choices: "size", "type", "status", "level" (a value or a placeholder kind). */
export const isValueNoun = (noun: string) => kindOf(noun) === "value" || /(^| )(type|kind|sort|category|level|process)$/.test(noun);

/** "rosé" -> "rose": option values are plain letters. */
const plain = (text: string) => text.normalize("NFD").replace(/[\u0300-\u036f]/g, "");

/** "small / medium / large", "in progress, ready": option values, snake-cased. */
export function splitChoices(words: Word[]): string[] {
  const out: string[] = [];
  let current: string[] = [];
  for (const w of words) {
    if (w.text === "/" || w.text === "," || w.lower === "or") {
      if (current.length) out.push(snake(plain(current.join(" "))));
      current = [];
    } else if (w.pos !== "PUNCT") current.push(w.lower);
  }
  if (current.length) out.push(snake(plain(current.join(" "))));
  return [...new Set(out.filter(Boolean))];
}

/** The noun an item names (its last noun phrase's), or null for an item with no noun ("paid yesno" has one). */
export function phraseNoun(item: Word[]): string | null {
  const phrases = nounPhrases(item).filter((p) => p.words.at(-1)?.lower !== YES_NO);
  // "the date of burial", "name of the deceased": what comes before "of" is what the item is
  const of = item.findIndex((w) => w.lower === "of");
  const head = of > 0 ? phrases.filter((p) => p.head < item[of].at).at(-1) : undefined;
  // "several surveys over the summer", "songs in order": the noun a prepositional phrase follows is the item's
  const lead = phrases[0];
  const qualified = lead && lead.start <= 1 && item[lead.head + 1]?.pos === "ADP" && item[lead.head + 1].lower !== "of" ? lead : undefined;
  return (head ?? qualified ?? phrases.at(-1))?.noun ?? null;
}

export function addField(d: Draft, f: FieldDraft | null): void {
  if (!f || !f.name || f.name === "id" || d.described.some((x) => x.name === f.name)) return;
  d.described.push(f);
}

/** Identifier words a user types: kept as a field of their own ("keg ID" -> keg_number), never `id`. */
const IDENTIFIER = /^(?:(.*?)\s+)?(?:id|ids|no|nr|num|#|number)$/;
/** The last word of an identifier as people write one: "ticket number", "asset no", "keg ID", "label code". */
const IDENTIFIER_WORDS = ["id", "ids", "no", "nr", "num", "#", "number", "code", "barcode", "reference", "ref"];
const IDENTIFIER_WORD = new RegExp(`^(?:${IDENTIFIER_WORDS.join("|")})$`);
/** A record's name and the word its identifier goes by: "product sku", "order #", "customer id". */
const REFERENCE = new RegExp(`^(.+?)\\s+(?:${[...IDENTIFIER_WORDS, "sku"].join("|")})$`);

/**
 * An item without what it says about where its value comes from: a relative clause after its noun ("a frame
 * number which we write down", "a UTR number that I always need") and, after an identifier, where it is
 * written ("a ticket number from the pink slip", "a code on its label", "a number painted on it").
 */
function withoutAside(item: Word[]): Word[] {
  const relative = item.findIndex((w, k) => k > 0 && /^(which|that)$/.test(w.lower) && isNoun(item[k - 1]));
  if (relative > 0) return item.slice(0, relative);
  const first = nounPhrases(item)[0];
  const named = first && item.slice(0, first.start).every((w) => ITEM_DETERMINERS.test(w.lower)) ? first : undefined;
  const next = named ? item[named.head + 1] : undefined;
  const written = next && next.lower !== "of" && (next.pos === "ADP" || (next.pos === "VERB" && next.lower !== next.lemma && /(ed|en|t)$/.test(next.lower)));
  if (named && written && IDENTIFIER_WORD.test(item[named.head].lower)) return item.slice(0, named.head + 1);
  // "a species identification later back in the office": what is said of when or where ends the item
  if (named && next?.pos === "ADV" && item.slice(named.head + 1).every((w) => w.pos !== "VERB")) return item.slice(0, named.head + 1);
  return item;
}
const ITEM_DETERMINERS = /^(a|an|the|its|their|his|her|our|my|each|every)$/;

/**
 * Who each item of a list is about: the list's owner, unless an item ends "… of the book" naming another
 * record, which English says of it and of the items joined before it ("the ISBN, title and author of the
 * book": the book's three), which are then read without those words.
 */
export function itemsFor(owner: Draft, items: Word[][], recordOf: (noun: string) => Draft | undefined): { owner: Draft; item: Word[] }[] {
  const out = items.map((item) => ({ owner, item }));
  // "hearings with the court, date and time for each matter": a "for each …" closing the list is said of the owner
  const last = items.at(-1) ?? [];
  const per = last.findIndex((w, k) => k > 0 && ((w.lower === "for" && /^(each|every)$/.test(last[k + 1]?.lower ?? "")) || w.lower === "per"));
  const each = per > 0 ? nounPhrases(last.slice(per)).find((p) => p.head === last.length - per - 1) : undefined;
  const whole = each && recordOf(each.noun);
  if (whole && whole !== owner) {
    link(owner, whole);
    out[out.length - 1] = { owner, item: last.slice(0, per) };
  }
  let from = 0;
  for (const [i, item] of items.entries()) {
    const of = item.findLastIndex((w) => w.lower === "of");
    const rest = of > 0 ? item.slice(of + 1) : [];
    const named = rest.length && /^(the|a|an|each|every|its|their|his|her)$/.test(rest[0].lower) ? nounPhrases(rest)[0] : undefined;
    const other = named && named.head === rest.length - 1 ? recordOf(named.noun) : undefined;
    if (!other || other === owner) continue;
    for (let j = from; j <= i; j++) out[j] = { owner: other, item: j === i ? item.slice(0, of) : items[j] };
    from = i + 1;
  }
  return out;
}

/** One item of a field list: a field, a link to another record, or a yes/no. */
export function readItem(
  owner: Draft,
  said: Word[],
  recordOf: (noun: string) => Draft | undefined,
  g: Group,
  choices: Map<Word, string[]>,
  add?: (noun: string) => Draft | undefined,
  hasFields: (d: Draft) => boolean = (d) => d.described.length > 0,
): void {
  const item = withoutAside(said);
  // "size (s/m/l)", "type: initial / follow up", "colour red/white/rosé": a field with its choices
  const listed = choices.get(item[item.length - 1]);
  const colon = item.findIndex((w) => w.text === ":");
  const slash = item.findIndex((w) => w.text === "/");
  if (listed || colon > 0 || slash > 0) {
    // "wet/dirty/both", "breast/bottle": choices with no name are a type; "make/model" are two fields
    const unnamed = !listed && colon < 0 && slash === 1;
    const alternatives = unnamed ? splitChoices(item) : [];
    if (unnamed && alternatives.every((o) => kindOf(o.replace(/_/g, " ")) === "value")) {
      for (const o of alternatives) addField(owner, fieldFrom(o.replace(/_/g, " "), owner.name));
      return;
    }
    const named = unnamed ? [] : listed ? item : colon > 0 ? item.slice(0, colon) : item.slice(0, Math.max(1, slash - 1));
    const options = listed ?? (unnamed ? alternatives : splitChoices(colon > 0 ? item.slice(colon + 1) : item.slice(named.length)));
    const field = named.length ? fieldFrom(named.map((w) => w.lower).join(" "), owner.name) : { name: "type", prop: {} };
    if (field && options.length >= 2) {
      addField(owner, { name: field.name, prop: enumProp(options) });
      return;
    }
  }
  let words = item.filter((w) => w.text !== ":" && w.text !== "/").map((w) => w.lower);
  const asked = words[0];
  // "(1-10)", "(2024)": a scale or a year, not a field
  if (item.every((w) => w.pos === "NUM" || w.pos === "PUNCT" || w.pos === "SYM")) return;
  // "which driver", "what van", "which lab it sits in", "one of the vets": a link when the record exists
  if (/^(which|what|whose)$/.test(asked)) {
    const said = item.findIndex((w, k) => k > 1 && (w.pos === "PRON" || w.pos === "AUX" || w.pos === "VERB"));
    words = words.slice(1, said > 0 ? said : undefined);
  }
  const oneOf = /^(?:one|any|some|each) of (?:the |our |my )?/.exec(words.join(" "));
  if (oneOf) words = words.join(" ").slice(oneOf[0].length).split(" ");
  if (words.at(-1) === YES_NO || words[0] === "whether" || words[0] === "if") {
    const rest = words.filter((w) => w !== YES_NO && w !== "whether" && w !== "if");
    // "whether a parent picked it up": what was done ("picked up")
    const done = item.filter((w) => !/^(whether|if)$/.test(w.lower) && (w.pos === "VERB" || (w.pos === "ADP" && item.some((v) => v.pos === "VERB")))).map((w) => w.lower);
    const name = snake((done.length && words[0] === "whether" ? done : rest).join(" ").replace(/\b(it|is|are|was|were|has|been|the|a|an)\b/g, " "));
    if (name) addField(owner, { name, prop: { type: "boolean", default: false } });
    return;
  }
  // "which ink went in which pen": each "which …" names a record
  const whiches = /^(which|what|whose)$/.test(asked) ? item.flatMap((w, k) => (k > 0 && /^(which|whose)$/.test(w.lower) ? [phraseNoun(item.slice(k + 1))] : [])) : [];
  for (const other of whiches.map((n) => (n ? recordOf(n) : undefined))) if (other && other !== owner) link(owner, other);
  const noun = oneOf ? singularize(words.join(" ")) : phraseNoun(whiches.length ? item.slice(0, item.findIndex((w, k) => k > 0 && /^(which|whose)$/.test(w.lower))) : item);
  // "the songs in order", "the stops along the way": a record said with how it is kept is that record
  const lead = nounPhrases(item)[0];
  // ("the field she's in", "the stall they run": a record said with a clause about it is that record)
  const after = lead ? item[lead.head + 1] : undefined;
  const qualified = lead && lead.start <= 1 && after && ((after.pos === "ADP" && after.lower !== "of") || (after.pos === "PRON" && /^(she|he|they|it|we|i)$/.test(after.lower))) ? recordOf(lead.noun) : undefined;
  const target = (noun ? recordOf(noun) : undefined) ?? qualified;
  if (target && target !== owner && (words.length <= 3 || target === qualified)) {
    const plural = item.some((w) => w.lemma !== w.lower && singularize(w.lower) !== w.lower && w.pos === "NOUN");
    // ("vans (plate, drivers)": each van has many drivers? no: a person is picked; "— show, tracks played (artist, title)": many tracks are the broadcast's)
    const many = plural && !target.person && !/^(which|what|whose)$/.test(asked);
    if (many && (/^(with|has|have|having|include|includes|including|contains|contain)$/.test(g.opener) || hasFields(target))) link(target, owner);
    else link(owner, target);
    return;
  }
  // "Product SKU", "job ref" said on another record: that record, picked rather than typed
  const identified = REFERENCE.exec(words.join(" "))?.[1];
  const referenced = identified ? recordOf(singularize(identified.replace(/\b(the|a|an)\b/g, "").trim())) : undefined;
  if (referenced && referenced !== owner) {
    link(owner, referenced);
    return;
  }
  // "how many bottles of each": a count
  if (asked === "how" && /^(many|much)$/.test(words[1] ?? "") && words[2]) {
    addField(owner, { name: snake(words[2]), prop: { type: "number" } });
    return;
  }
  // "bookings: client, artist, date": a person a record names is someone the app keeps, to pick from
  const person = noun && words.length <= 2 && kindOf(noun) === "person" && !target && isNoun(item.at(-1)) && !pluralNoun(item.at(-1)!);
  if (person && add) {
    const who = add(noun);
    if (who && who !== owner) {
      link(owner, who);
      return;
    }
  }
  if (/^(where|when|who)$/.test(asked) && words.length > 1) {
    const field = { where: "location", when: "date", who: "person" }[asked]!;
    addField(owner, fieldFrom(field, owner.name));
    return;
  }
  const phrase = words.join(" ").replace(/\s+-\s+/g, "-");
  const id = IDENTIFIER.exec(phrase);
  if (id && !/^(phone|mobile|contact|house|room|flat)$/.test(id[1] ?? "")) {
    const base = id[1] ? id[1].replace(/\b(the|a|an)\b/g, "").trim() : owner.noun;
    addField(owner, { name: `${snake(base)}_number`, prop: { type: "string" } });
    return;
  }
  // "capacity in litres", "weight (kg)": a number in that unit
  const unit = item.findIndex((w, k) => k > 0 && isNoun(w) && kindOf(w.lower) === "unit");
  if (unit > 0) {
    const rest = words.slice(0, unit).filter((x) => !/^(in|of|per|\(|\))$/.test(x));
    if (rest.length) {
      addField(owner, { name: snake(`${rest.join(" ")} ${pluralize(singularize(words[unit]))}`), prop: { type: "number" } });
      return;
    }
  }
  if (words.length > 5) return;
  // "a status from idea to published": the choices run from the one to the other
  const flow = /^(.*?)\s+from\s+([a-z][a-z ]*?)\s+to\s+([a-z][a-z ]*)$/.exec(phrase);
  if (flow) {
    addField(owner, fieldFrom(flow[1], owner.name, [flow[2], flow[3]]));
    return;
  }
  const out = /^(.*?)\s+out of\s+(\d+)$/.exec(phrase);
  addField(owner, fieldFrom(out ? out[1] : phrase, owner.name, null, out ? Number(out[2]) : null));
}
