/**
 * A new entity with its fields and links in one sentence: "add a Supplier with name and phone,
 * linked to products", "add a Rack (name, location)", "add a Sponsor (name, tier: gold/silver/bronze,
 * logo)", "add a Dentist with name and email, each dentist belongs to a practice", "add a School
 * with name and address, pupils linked to their school". A link goes the way the words say: "linked
 * to products" (many) gives each product its one supplier; "linked to a practice" (one) gives the
 * new record its practice.
 */
import { fieldNameFrom, linkProp } from "../entities";
import { entityNameFrom } from "../asks";
import { addEntityWithFields } from "../entity-ops";
import type { AppModel } from "../model";
import { singularize, snake } from "../naming";
import * as ops from "../ops";
import type { Change, OpResult } from "../ops";
import { pattern } from "../pattern";
import { type FieldRequest, parseFieldPhrases, resolveEntity } from "../resolve";
import { choiceField, linkedEntity, POSSESSIVE, splitParts, yesNoField } from "./fields";
import { refined } from "./senses";
import { Tagger } from "../language/tagger";
import { WordNet } from "../language/wordnet";

const OPENING = pattern(
  "i",
  /^(?:add|create|make|set up|build|i need|we need|need|also need|i also need|we also need|i want|track|also track|start tracking|i want to track|we need to track|let me track)\s+/,
  /(?:an?\s+|the\s+|some\s+|my\s+|our\s+)?(?:new\s+)?/,
  /(?:(?:entity|model|table|record type)\s+(?:for|called|named)\s+)?/,
);
const WITH = pattern(
  "i",
  OPENING,
  /(.+?)(?:\s+(?:entity|entities|model|table|records?|list))?/,
  /(?:\s+(?:too|as well|also))?,?\s+(?:with|having|that has|that have|containing|including)\s+/,
  /(?:the\s+|a\s+|an\s+)?(?:fields?\s+|columns?\s+|properties\s+)?(.+)$/,
);
const BRACKETS = pattern("i", OPENING, /(.+?)(?:\s+(?:entity|model|table|records?))?\s*\((.+)\)\s*(?:,?\s*(.+))?$/);

const NOT_A_NAME = /\b(?:to|on|for|in|field|fields|column|columns|property|options?|choices?|values?|page|chart|board|calendar|filter|search)\b/i;

/** "each dentist belongs to a practice", "pupils linked to their school": a link between two entities. */
const BETWEEN =
  /^(?:and\s+)?(?:each|every|all|an?|the)?\s*(.+?)\s+(?:should\s+|must\s+|will\s+|can\s+)?(?:be\s+|is\s+|are\s+)?(?:(?:belongs?|belonging|linked|link|connected|tied|related|attached|assigned)\s+(?:to|with)|(?:is|are)\s+(?:with|for|by|at)|has|have|needs?|gets?)\s+(?:an?\s+|the\s+|their\s+|its\s+|one\s+|each\s+)?(.+)$/i;

interface Link {
  child: string;
  parent: string;
}

const isPlural = (word: string) => singularize(word) !== word;

/** The new entity's fields and the links the parts ask for; null when a part is not understood. */
function readParts(parts: string[], name: string, model: AppModel): { fields: FieldRequest[]; links: Link[] } | null {
  const fields: FieldRequest[] = [];
  const links: Link[] = [];
  const isNew = (phrase: string) => entityNameFrom(phrase) === name;
  for (const raw of parts) {
    const part = raw.replace(/^(?:also\s+|plus\s+)?(?:an?\s+|the\s+|some\s+)?/i, "").replace(POSSESSIVE, "").trim();
    if (!part) continue;
    const between = BETWEEN.exec(part);
    // "each dentist belongs to a practice", "each appointment is with one doctor"
    if (between) {
      const [from, to] = [between[1], between[2]];
      const existingTo = resolveEntity(model, to);
      const existingFrom = resolveEntity(model, from);
      if (isNew(from) && existingTo) {
        links.push({ child: name, parent: existingTo.name });
        continue;
      }
      if (existingFrom && isNew(to)) {
        links.push({ child: existingFrom.name, parent: name });
        continue;
      }
    }
    const linked = linkedEntity(part, model);
    if (linked) {
      // "linked to products": each product has one of the new records; "linked to a practice": the new record has one practice
      const last = part.trim().split(/\s+/).at(-1) ?? "";
      links.push(isPlural(last) ? { child: linked.name, parent: name } : { child: name, parent: linked.name });
      continue;
    }
    const other = model.entities.find((e) => snake(e.name) === fieldNameFrom(singularize(part), false) || snake(e.name) === snake(singularize(part)));
    if (other) {
      links.push({ child: name, parent: other.name });
      continue;
    }
    const special = yesNoField(part, model) ?? choiceField(part);
    if (special) {
      fields.push(special);
      continue;
    }
    fields.push(...parseFieldPhrases(part, name).map(refined));
  }
  return { fields, links };
}

/** One change after another on the model, said as one. */
export function andThen(first: Change, next: (after: AppModel) => OpResult): Change {
  const second = next(first.after);
  if (!("after" in second)) return first;
  return { after: second.after, plan: `${first.plan} ${second.plan}`, done: `${first.done} ${second.done}`, notes: [...(first.notes ?? []), ...(second.notes ?? [])] };
}

/** Kinds of thing that are records of their own when added bare ("add mechanics", "add rooms", "add rehearsals"); notes, dates or prices are fields. */
const RECORD_KINDS: ReadonlySet<string> = new Set(["person", "animal", "plant", "location", "group", "act", "event", "artifact", "object", "food"]);
/** Things kept on a record rather than beside it: a photo, a file, a document. */
const KEPT_ON_RECORDS = ["representation", "document", "writing", "file", "attachment"];

/** Kinds of thing a record keeps as a value, even when tracked: hours, weights, moods, states. */
const VALUE_KINDS: ReadonlySet<string> = new Set(["time", "quantity", "attribute", "feeling", "state", "communication"]);

/**
 * "add mechanics", "add rooms": a plural noun naming people, places, things or happenings, with no
 * field word; after "track" or "log" ("track parts", "log repairs") anything but a value is records.
 */
function recordNoun(phrase: string, tracked: boolean): boolean {
  const p = phrase.trim().toLowerCase();
  return /^[a-z]+(?:\s+[a-z]+)?$/.test(p) && singularize(p) !== p && namesRecords(p, tracked);
}

/** Kinds of thing that are never records to link to: a time, an amount, a quality, a feeling, a state. */
const NEVER_LINKED: ReadonlySet<string> = new Set(["time", "quantity", "attribute", "feeling", "state"]);

/**
 * A noun phrase ("mechanic", "testing rooms") whose head names records of their own (people, places, things, happenings).
 * `tracked`: said after "track" or "log", anything but a value is records; `linked`: said as what records are
 * linked to ("link each bike to its brand"), anything but a time, amount, quality, feeling or state is.
 */
export function namesRecords(phrase: string, tracked = false, linked = false): boolean {
  const head = singularize(phrase.trim().toLowerCase().split(/\s+/).at(-1)!);
  // WordNet's first sense is not always the everyday one ("van" is first a vanguard): the first two count
  const [first, second] = WordNet.lexesOf(head, 2);
  if (!first || KEPT_ON_RECORDS.some((k) => WordNet.isA(head, k, 1))) return false;
  if (linked) return !NEVER_LINKED.has(first) && !(second === "time" && first !== "person" && first !== "artifact" && first !== "location");
  if (tracked) return !VALUE_KINDS.has(first);
  // "a specific time", "each day": a value on a record, never records of their own
  const aTime = [first, second].some((lex) => lex === "time" || lex === "quantity") && !/^(?:person|artifact|location)$/.test(first);
  return !aTime && [first, second].some((lex) => !!lex && RECORD_KINDS.has(lex));
}

const BARE = pattern("i", /^(?:add|create|set up|also add|we need|i need|need|track|keep track of|log|record|keep a list of)\s+(?:some\s+|the\s+)?(?:new\s+)?/, /([a-z]+(?:\s+[a-z]+)??)(?:\s+(?:too|as well|also|please))?$/);
/** "log medication given too, linked to the hog", "record vet visits, linked to the horse": records of their own, each with its parent. */
const LOGGED = pattern(
  "i",
  /^(?:also\s+)?(?:log|record|keep|keep track of|track|add)\s+(?:the\s+|any\s+|all\s+)?/,
  /([a-z][a-z\s-]*?)(?:\s+(?:too|as well|also))?\s*,?\s+(?:each\s+)?(?:linked|connected|tied|attached)\s+to\s+(?:the\s+|its\s+|their\s+|a\s+|an\s+)?([a-z][a-z\s]*?)$/,
);

/** The nouns of a phrase up to its last noun: "medication given" -> "medication". */
function nounsOf(phrase: string): string {
  const words = Tagger.words(phrase);
  const last = words.map((w) => w.pos).lastIndexOf("NOUN");
  return last < 0 ? phrase : words.slice(0, last + 1).map((w) => w.lower).join(" ");
}

/** A bare "add Xs", or records logged with the one they belong to; null otherwise. */
function entityAlone(m: string, model: AppModel): OpResult | null {
  const logged = LOGGED.exec(m);
  if (logged) {
    const parent = resolveEntity(model, logged[2]);
    const name = entityNameFrom(nounsOf(logged[1]));
    if (!parent || !name || resolveEntity(model, logged[1])) return null;
    return addEntityWithFields(model, name, [...parseFieldPhrases("name", name), { name: `${snake(parent.name)}_id`, prop: linkProp(parent.name) }]);
  }
  const bare = BARE.exec(m);
  if (!bare || !recordNoun(bare[1], /^(?:track|keep|log|record)/i.test(m)) || resolveEntity(model, bare[1])) return null;
  const name = entityNameFrom(bare[1]);
  return name ? ops.addEntities(model, [{ name }]) : null;
}

/** The entity with its fields and links; null when the sentence adds no entity this way. */
export function newEntityRequest(m: string, model: AppModel): OpResult | null {
  const alone = entityAlone(m, model);
  if (alone) return alone;
  // "add a Rack (name, location)": a list in brackets; "add a severity (number) to tasks" is a typed field
  const bracketed = BRACKETS.exec(m);
  const brackets = bracketed && /,/.test(bracketed[2]) && !/^(?:to|on|for|in)\b/i.test(bracketed[3] ?? "") ? bracketed : null;
  const r = brackets ?? WITH.exec(m);
  if (!r || NOT_A_NAME.test(r[1]) || /^(?:options?|choices?|values?)\b/i.test(r[2])) return null;
  const name = entityNameFrom(r[1]);
  if (!name) return null;
  const have = resolveEntity(model, r[1]);
  const parts = [...splitParts(r[2]), ...(brackets && brackets[3] ? splitParts(brackets[3]) : [])];
  const read = readParts(parts, name, model);
  if (!read) return null;
  const own = read.links.filter((l) => l.child === name).map((l) => ({ name: `${snake(l.parent)}_id`, prop: linkProp(l.parent) }));
  const wanted = [...read.fields, ...own].filter((f, i, all) => all.findIndex((g) => g.name === f.name) === i);
  if (!wanted.length) return null;
  // the entity is there already: the sentence's fields go onto it
  const made = have && have.name === name ? ops.addFields(model, name, wanted) : addEntityWithFields(model, name, wanted);
  if (!("after" in made)) return made;
  return read.links
    .filter((l) => l.child !== name)
    .reduce<Change>((change, l) => andThen(change, (after) => ops.addFields(after, l.child, [{ name: `${snake(name)}_id`, prop: linkProp(name) }])), made);
}
