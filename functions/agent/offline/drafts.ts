/**
 * The entities the offline planner drafts while it reads a description: each made from a noun,
 * linked to others, and given its fields once every clause is read (planner.ts).
 */
import { linkProp } from "./entities";
import { enumProp, type FieldDraft, knownField } from "./fields";
import { isPerson, knowledgeOf } from "./knowledge";
import { pascal, snake } from "./naming";
import { WordNet } from "./language/wordnet";
import { namesNoun } from "./nouns";
import { PART_NOUNS, TITLED_RECORDS } from "./vocabulary/records";
import { lastWordIn } from "./vocabulary/word-set";

export interface PlannedEntity {
  name: string;
  noun: string;
  fields: FieldDraft[];
  /** entity names this one links to (a `<target>_id` field each) */
  links: string[];
  icon: string | null;
  person: boolean;
}

const PART = lastWordIn(PART_NOUNS, " ");

export interface Draft extends PlannedEntity {
  described: FieldDraft[];
}

/** A new entity for `noun`, named, iconed and typed (person or not) as what is known of it says. */
export const draftOf = (noun: string): Draft => ({ name: pascal(noun), noun, fields: [], links: [], icon: knowledgeOf(noun)?.icon ?? null, person: isPerson(noun), described: [] });

export function link(a: Draft, b: Draft): void {
  if (a === b || a.links.includes(b.name) || b.links.includes(a.name)) return;
  a.links.push(b.name);
}

/** "from lead to won" in a clause. */
export function flowIn(text: string): [string, string] | null {
  const m = /\bfrom ([a-z][a-z ]{0,20}?) to ([a-z]+(?: [a-z]+)?)\b/.exec(text);
  if (!m || /\b(a|an|the|my)\b/.test(m[1])) return null;
  return [m[1].trim(), m[2].trim().replace(/ on$| in$/, "")];
}

/** Links from what is known: a lesson belongs to a course, a sign-up links a volunteer and an event. */
export function addKnownLinks(drafts: Draft[], main: Draft | undefined): void {
  for (const d of drafts) {
    for (const p of knowledgeOf(d.noun)?.parents ?? []) {
      if (p === "@people") {
        // the people nothing else points at yet: a loan's friend, not the book's author
        const people = drafts.filter((x) => x.person && x !== d);
        const free = people.filter((x) => !drafts.some((y) => y !== d && y.links.includes(x.name)));
        for (const person of (free.length ? free : people).slice(0, 2)) link(d, person);
        continue;
      }
      if (p === "@person") {
        const person = drafts.find((x) => x.person && x !== d);
        if (person && !d.links.some((l) => drafts.find((x) => x.name === l)?.person)) link(d, person);
        continue;
      }
      const parent = drafts.find((x) => x !== d && namesNoun(x.noun, p));
      if (parent && d.links.length < 3) link(d, parent);
    }
  }
  const linked = (d: Draft) => d.links.length > 0 || drafts.some((x) => x.links.includes(d.name));
  for (const c of drafts.filter((x) => knowledgeOf(x.noun)?.container)) {
    for (const d of drafts) if (d !== c && !d.person && !knowledgeOf(d.noun)?.container && !linked(d)) link(d, c);
  }
  if (!main) return;
  for (const d of drafts) {
    const hasThingParent = d.links.some((l) => !drafts.find((x) => x.name === l)?.person);
    if (d !== main && !d.person && PART.test(d.noun) && !hasThingParent) link(d, main);
  }
  const person = drafts.find((x) => x.person && !drafts.some((y) => y.links.includes(x.name)));
  if (!person || main.person || main.links.some((l) => drafts.find((x) => x.name === l)?.person)) return;
  // "services and escalation contacts": a person in a role (an escalation contact) of a kind that belongs to things (a contact to a company) is the main thing's, not its assignee
  const belongs = person.noun.includes(" ") && !person.links.length && (knowledgeOf(person.noun)?.parents ?? []).some((p) => !p.startsWith("@"));
  if (belongs) link(person, main);
  else link(main, person);
}

/**
 * An entity's fields: its title, described fields, known extras, links, then notes. When the description
 * `told` the entity's fields, the known extras stay out (a "contact" in a list is not a CRM contact).
 */
/** WordNet files the noun's first sense as an act or event ("booking", "wedding"), or one of its first three as an event or a time ("session", "shift"). */
function happensOnADay(noun: string): boolean {
  const lexes = WordNet.lexesOf(noun.split(" ").pop()!, 3);
  return lexes[0] === "act" || lexes.includes("event") || lexes.includes("time");
}

export function fieldsOf(d: Draft, flows: { flow: [string, string]; word: string }[], { told = false } = {}): FieldDraft[] {
  const known = knowledgeOf(d.noun);
  const out: FieldDraft[] = [];
  const add = (f: FieldDraft | null) => {
    if (f && !out.some((x) => x.name === f.name) && !(f.name === `${snake(d.noun)}` && out.length)) out.push(f);
  };
  const knownFields = (known?.fields ?? []).map((s) => knownField(s, d.name));
  const titleName = TITLED_RECORDS.has(d.noun) ? "title" : "name";
  add(knownFields.find((f) => f?.required) ?? { name: titleName, prop: { type: "string" }, required: true });
  for (const l of d.links) add({ name: `${snake(l)}_id`, prop: linkProp(l) });
  for (const f of d.described) {
    const k = knownFields.find((x) => x?.name === f.name);
    const flow = flows.find((x) => x.word === f.name);
    // a known choice list that reaches Y is better than a made-up middle: it starts at X instead
    const known = k && Array.isArray(k.prop.enum) ? k.prop.enum.map(String) : null;
    const [from, to] = flow ? [snake(flow.flow[0]), snake(flow.flow[1])] : ["", ""];
    if (known && flow && known.includes(to)) {
      const options = known.includes(from) ? known : [from, ...known.slice(1).filter((v) => v !== from)];
      add({ ...k!, prop: enumProp(options) });
    } else add(f);
  }
  // a known text field the description made a link ("author" once a book links an Author) is dropped
  if (!told) for (const f of knownFields) if (!d.links.some((l) => snake(l) === f?.name)) add(f);
  // a happening that ties records together (a booking, a stay, a visit) happens on a day, whether or not it was said
  const dated = out.some((f) => f.prop.format === "date" || f.prop.format === "date-time" || /(^|_)(date|day|time|when)($|_)/.test(f.name));
  if (!dated && d.links.length && !d.person && happensOnADay(d.noun)) add({ name: "date", prop: { type: "string", format: "date" } });
  if (!known || told) add({ name: "notes", prop: { type: "string" } });
  return out.filter((f) => !(f.name.endsWith("_id") && !d.links.some((l) => `${snake(l)}_id` === f.name)) || f.prop.description?.startsWith("id of"));
}
