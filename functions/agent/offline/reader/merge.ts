/**
 * Two plans of one description made one: the leading plan's records first, then the other's that it
 * lacks, unless the leader read that word as a field, a unit, a placeholder or the business itself, and
 * the links between records both found. The reader leads a description that spells out its fields; the
 * word rules lead a short idea, where what is known of its nouns (a class's grades) says more.
 */
import type { PlannedEntity } from "../drafts";
import { linkProp } from "../entities";
import { knowledgeOf } from "../knowledge";
import { WordNet } from "../language/wordnet";
import { singularize, snake } from "../naming";
import { kindOf } from "./kinds";

export interface PlanLike {
  entities: PlannedEntity[];
  board: string | null;
  calendar: string | null;
  monthlyChart: boolean;
}

const MAX_ENTITIES = 8;

/** What the reader knows of the description's words: its subject, and the words it uses as verbs only. */
export interface Said {
  subject: string | null;
  verbs: Set<string>;
}

/** `lead` completed by `other`: its records `lead` lacks and does not read otherwise, and the links between records both have. */
export function mergePlans(lead: PlanLike, other: PlanLike, said: Said): PlanLike {
  const fieldNames = new Set(lead.entities.flatMap((e) => e.fields.map((f) => f.name)));
  // the values a choice field offers ("phone", "key", "wallet" as kinds of a found item)
  const choices = new Set(lead.entities.flatMap((e) => e.fields.flatMap((f) => (Array.isArray(f.prop.enum) ? f.prop.enum.map(String) : []))));
  const hasPeople = lead.entities.some((e) => e.person);
  const byHead = (e: PlannedEntity) => e.noun.split(" ").pop()!;
  const found = (e: PlannedEntity) => lead.entities.find((r) => r.name === e.name || byHead(r) === byHead(e));
  const junk = (e: PlannedEntity) => {
    const words = e.noun.split(" ");
    const kind = kindOf(e.noun);
    return (
      fieldNames.has(snake(e.noun)) ||
      choices.has(snake(e.noun)) ||
      kind === "unit" ||
      ((kind === "generic" || kind === "value") && !knowledgeOf(e.noun)) ||
      e.noun === said.subject ||
      // "a driver takes a van": a name ending in what the text does is no record
      said.verbs.has(words[words.length - 1]) ||
      // "assigned to someone" gives a Person; the lead already keeps people
      (e.noun === "person" && hasPeople) ||
      words.slice(0, -1).some((w) => singularize(w) !== w || !WordNet.knows(w))
    );
  };
  const entities = [...lead.entities];
  const nameOf = new Map<string, string>();
  for (const e of other.entities) {
    const same = found(e);
    if (same) nameOf.set(e.name, same.name);
    else if (!junk(e) && entities.length < MAX_ENTITIES) {
      entities.push({ ...e, links: [], fields: e.fields.filter((f) => !f.name.endsWith("_id")) });
      nameOf.set(e.name, e.name);
    }
  }
  for (const e of other.entities)
    for (const target of e.links) {
      const [from, to] = [entities.find((x) => x.name === nameOf.get(e.name)), nameOf.get(target)];
      if (!from || !to || from.name === to || from.links.includes(to) || entities.find((x) => x.name === to)?.links.includes(from.name)) continue;
      from.links.push(to);
      const field = `${snake(to)}_id`;
      if (!from.fields.some((f) => f.name === field)) from.fields.splice(1, 0, { name: field, prop: linkProp(to) });
    }
  const present = (name: string | null) => (name && entities.some((e) => e.name === name) ? name : null);
  return {
    entities,
    board: present(other.board) ?? lead.board,
    calendar: present(other.calendar) ?? lead.calendar,
    monthlyChart: lead.monthlyChart || other.monthlyChart,
  };
}

