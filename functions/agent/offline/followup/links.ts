/**
 * Links between records as people say them: "each appointment should be linked to a patient",
 * "jobs belong to a customer", "every booking has a member", "a patient has many visits",
 * "assign tasks to staff", "track which stylist each appointment is with". The child gets a
 * `<parent>_id` field, which the form shows as a select of the parent's records, the list as
 * the parent's name and the parent's detail page as a list of its children.
 */
import { linkProp } from "../entities";
import type { AppModel, EntityDef } from "../model";
import { singularize, snake } from "../naming";
import { Tagger } from "../language/tagger";
import { WordNet } from "../language/wordnet";
import * as ops from "../ops";
import type { OpResult } from "../ops";
import { pattern } from "../pattern";
import { resolveEntity } from "../resolve";
import { entityNameFrom } from "../asks";
import { andThen, namesRecords } from "./new-entity";

const ART = /(?:an?\s+|the\s+|one\s+|its\s+|their\s+|his\s+|her\s+|each\s+|every\s+|some\s+|single\s+|specific\s+)*/;
const SUBJECT = /^(?:and\s+|also\s+)?(?:(?:each|every|all|any|an?|the|my|our)\s+)?(.+?)\s+/;

/** Child first, parent second. */
const CHILD_PARENT: RegExp[] = [
  pattern(
    "i",
    SUBJECT,
    /(?:should|must|need to|needs to|has to|have to|will|can|could)?\s*(?:also\s+)?(?:be\s+|is\s+|are\s+)?/,
    /(?:linked|link|connected|connect|tied|tie|attached|attach|related|relate|assigned|assign|associated|belongs?|belonging)\s+(?:to|with)\s+/,
    ART,
    /(.+)$/,
  ),
  pattern("i", SUBJECT, /(?:should|must|needs? to)\s+(?:have|get|show|record|pick|store)\s+/, ART, /(?:linked\s+|related\s+)?(.+)$/),
  pattern("i", SUBJECT, /(?:has|have|needs?|gets?|is for|are for|is with|are with|goes to|go to|happens? with)\s+/, ART, /(.+)$/),
  pattern("i", /^(?:link|connect|relate|attach|associate|assign|tie)\s+/, ART, /(.+?)\s+(?:to|with)\s+/, ART, /(.+)$/),
];

/** Parent first, child second: "a patient has many appointments", "customers can have several jobs". */
const PARENT_CHILD: RegExp[] = [
  pattern("i", SUBJECT, /(?:(?:can|should|may|might|will|could|would|often|usually|sometimes)\s+)?(?:has|have|owns?|gets?)\s+(?:many|several|multiple|lots of|a lot of|more than one|one or more|any number of|a few|a couple of)\s+(.+)$/),
];

const WHICH = /^(?:i want to\s+|i need to\s+|let me\s+|we need to\s+)?(?:track|record|know|see|show|pick|choose|select|store|note)\s+which\s+(.+?)\s+(?:each|every|an?|the)\s+(.+?)\s+(?:is|was|are|belongs?|goes|happens?)\b.*$/i;

const WHO_DID = /^(?:(?:i|we)\s+(?:also\s+)?(?:want|need|would like|'d like)\s+to\s+|let\s+(?:me|us)\s+)?(?:track|record|know|see|show|store|note|keep track of)\s+which\s+([a-z]+(?:\s+[a-z]+){1,4})\s+(?:each|every|the|a|an)\s+([a-z]+(?:\s+[a-z]+)?)$/i;

const trimParent = (phrase: string) =>
  phrase
    // "the eye test they're based on", "a game they want to reserve", "the volunteer who packed them"
    .replace(/\s+(?:(?:that|which|who|whom|whose|when|where|if|they|it|he|she|we|you|i)\b|they're|it's).*$/i, "")
    .replace(/^(?:whoever|whichever|whomever)\b.*$/i, "whoever")
    .replace(/\s+(?:too|as well|also|please|record|records|entry|entries)$/i, "")
    .replace(/\s*\(.*\)$/, "")
    .trim();

/** The parent a phrase names; "it", "them" or "the new one" is the entity added last (the one just made by an earlier request of the message). */
function parentNamed(model: AppModel, phrase: string): EntityDef | undefined {
  const p = trimParent(phrase);
  // "whoever did it", "whichever one they used": the one just added
  if (/^(?:it|them|that|this|those|that one|the new one|the new entity)$|^(?:whoever|whichever|whomever)\b/i.test(p)) return model.entities.at(-1);
  // "the lead ecologist", "their usual vet": the entity named by the phrase's last words
  const words = p.split(/\s+/);
  // "many appointments" is the other way round (a parent with children), read by PARENT_CHILD
  if (/^(?:many|several|multiple|lots|a lot|more|one or more|any|some|few|a few)$/i.test(words[0])) return resolveEntity(model, p);
  for (let k = 0; k < words.length; k++) {
    const def = resolveEntity(model, words.slice(k).join(" "));
    if (def) return def;
  }
  return undefined;
}

function link(model: AppModel, child: EntityDef, parent: EntityDef): OpResult {
  return linkAll(model, child, [parent]);
}

function linkAll(model: AppModel, child: EntityDef, parents: EntityDef[]): OpResult {
  return ops.addFields(
    model,
    child.name,
    parents.map((parent) => ({ name: `${snake(parent.name)}_id`, prop: linkProp(parent.name) })),
  );
}

/** "jobs should be linked to a mechanic" when there are no mechanics yet: the mechanics, then the link. */
function linkToNew(model: AppModel, child: EntityDef, phrase: string): OpResult | null {
  const noun = trimParent(phrase).replace(/^(?:an?|the|one|its|their|each|every|some)\s+/i, "");
  const name = entityNameFrom(noun);
  if (!name || noun.split(/\s+/).length > 2 || !namesRecords(noun, false, true)) return null;
  const made = ops.addEntities(model, [{ name }]);
  if (!("after" in made)) return null;
  return andThen(made, (after) => link(after, after.entities.find((e) => e.name === child.name)!, after.entities.find((e) => e.name === name)!));
}

/**
 * "every repair is done by one mechanic", "classes are taught by a coach", "each case gets handled by
 * a solicitor": a passive verb with its agent after "by" (read by the tagger) gives the subject's records
 * a link to the agent's. The agent is an entity of the app, or, when the app has none, people or groups
 * (a coach, a club) made for it; "paid by card" names no one, so no records are made for it.
 */
function passiveAgent(m: string, model: AppModel): OpResult | null {
  const words = Tagger.words(m);
  const participle = (i: number) => i >= 1 && words[i].pos === "VERB" && words[i].lemma !== words[i].lower;
  // "done by", "looked after by": the participle right before "by", or before its particle
  const by = words.findIndex((w, i) => w.lower === "by" && (participle(i - 1) || (/^(?:ADP|PART|ADV)$/.test(words[i - 1]?.pos ?? "") && participle(i - 2))));
  if (by < 0) return null;
  const verb = participle(by - 1) ? by - 1 : by - 2;
  const aux = words.slice(0, verb).findLastIndex((w) => w.pos === "AUX" || /^(?:gets?|got)$/.test(w.lower));
  if (aux < 1) return null;
  const subject = words
    .slice(0, aux)
    .filter((w) => w.pos !== "DET" && w.pos !== "AUX" && !/^(?:and|also|so|then|all)$/.test(w.lower))
    .map((w) => w.lower)
    .join(" ");
  const agent = trimParent(
    words
      .slice(by + 1)
      .map((w) => w.text)
      .join(" ")
      .replace(/\s+(['’])/g, "$1"),
  );
  const child = resolveEntity(model, subject);
  if (!child) return null;
  const parent = parentNamed(model, agent);
  if (parent) return parent === child ? null : link(model, child, parent);
  const noun = agent.replace(/^(?:an?|the|one|its|their|each|every|some|a\s+single)\s+/i, "");
  const head = singularize(noun.split(/\s+/).at(-1) ?? "");
  return /^(?:person|group)$/.test(WordNet.lexOf(head) ?? "") ? linkToNew(model, child, noun) : null;
}

/** The link asked for, or null when the sentence links no two of the app's entities. */
export function linkPhrasing(m: string, model: AppModel): OpResult | null {
  const passive = passiveAgent(m, model);
  if (passive) return passive;
  for (const [at, re] of CHILD_PARENT.entries()) {
    const r = re.exec(m);
    if (!r) continue;
    const child = resolveEntity(model, r[1]);
    // said with a link verb ("linked to", "belongs to", "link … to"), a parent the app lacks is made
    if (child && (at === 0 || at === 3) && !parentNamed(model, r[2])) return linkToNew(model, child, r[2]);
    // "every loan is for one book and one member": a link to each
    const parents = r[2].split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).map((p) => parentNamed(model, p.replace(/^(?:an?|the|one|its|their)\s+/i, "")));
    if (child && parents.length > 1 && parents.every((p) => p && p !== child)) return linkAll(model, child, parents as EntityDef[]);
    const parent = parentNamed(model, r[2]);
    if (child && parent && child !== parent) return link(model, child, parent);
  }
  for (const re of PARENT_CHILD) {
    const r = re.exec(m);
    if (!r) continue;
    const parent = resolveEntity(model, r[1]);
    const child = resolveEntity(model, trimParent(r[2]));
    if (child && parent && child !== parent) return link(model, child, parent);
  }
  // "which mechanic worked on each repair", "which customer owns each bike": the one who did it, with any verb
  const whoDid = WHO_DID.exec(m);
  if (whoDid) {
    // the one who did it is the longest opening of the words before "each" that names records, a verb after it
    const words = whoDid[1].split(/\s+/);
    const parent = words.map((_, k) => resolveEntity(model, words.slice(0, words.length - 1 - k).join(" "))).find(Boolean);
    const child = resolveEntity(model, whoDid[2]);
    if (child && parent && child !== parent) return link(model, child, parent);
  }
  const which = WHICH.exec(m);
  if (which) {
    const parent = resolveEntity(model, which[1]);
    const child = resolveEntity(model, which[2]);
    if (child && parent && child !== parent) return link(model, child, parent);
  }
  return null;
}
