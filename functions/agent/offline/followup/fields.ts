/**
 * Fields asked for the way people type them, often without saying which records they belong
 * to: "add paid yes/no", "add a checkbox for paid", "whether it's been returned", "add a
 * priority: low, medium, high", "add paid (y/n), linked to the patient", "let me mark jobs as
 * done". Yes/no markers make a yes/no field, a list after a colon or in brackets its choices,
 * "linked to the X" a link to X; the records are the ones named, else the page open, else
 * the app's central record, and the answer says which.
 */
import { fieldNameFrom, linkProp } from "../entities";
import { setChoices } from "../entity-ops";
import type { AppModel, EntityDef } from "../model";
import { listing, lowerWords, pluralize, singularize, snake } from "../naming";
import * as ops from "../ops";
import type { OpResult } from "../ops";
import { cleanPhrase, type FieldRequest, parseFieldPhrases, resolveEntity, unquote } from "../resolve";
import { Tagger, type Word } from "../language/tagger";
import { WordNet } from "../language/wordnet";
import { asChoices } from "./choices";
import { refined } from "./senses";
import { entityDefinedAs, entityTheChoicesSort, impliedEntity } from "./target";
import { POSSESSIVE_DETERMINERS } from "../vocabulary/grammar";
import { APP_FEATURE_WORDS } from "../vocabulary/requests";

/** "their licence number", "its weight": the owner's word, never part of the field's name. */
export const POSSESSIVE = new RegExp(`^(?:${POSSESSIVE_DETERMINERS.join("|")})\\s+`, "i");

/** "yes/no", "(y/n)", "true/false", "checkbox", "?": the words that make a yes/no field. */
const YES_NO_AFTER = /\s*(?:\(\s*(?:y\s*\/\s*n|yes\s*\/\s*no|yes or no|true\s*\/\s*false|boolean|checkbox|tick ?box)\s*\)|(?:as\s+an?\s+)?(?:y\s*\/\s*n|yes\s*\/\s*no|yes or no|yes-no|true\s*\/\s*false|check ?box|tick ?box|tick|toggle|switch|flag|boolean)(?:\s+(?:field|column|option|box))?|\?)\s*$/i;
const YES_NO_BEFORE = /^(?:an?\s+)?(?:y\s*\/\s*n|yes\s*\/\s*no|yes or no|yes-no|true or false|check ?box|tick ?box|tick|toggle|switch|flag|boolean)(?:\s+(?:field|column|option))?\s+(?:for|to mark|to flag|marking|to say|saying|to show|showing|to track|tracking|on|called|named)\s+(?:whether\s+|if\s+)?(.+)$/i;
const WHETHER = /^(?:whether|if)\s+(.+)$/i;

/** "linked to the patient", "a link to the customer", "and the client": the records a link goes to. */
const LINK_PART = /^(?:(?:it\s+|they\s+)?(?:should\s+be\s+|is\s+|are\s+)?(?:linked|link|connected|tied|related|attached|assigned)\s+(?:to|with)|(?:with\s+)?an?\s+link\s+to|which|pointing\s+to)\s+(?:the\s+|an?\s+|its\s+|their\s+|one\s+|each\s+)?(.+)$/i;

/** The entity a part links to ("linked to the patient", "a link to customers"), if it is one. */
export function linkedEntity(part: string, model: AppModel): EntityDef | undefined {
  const linked = LINK_PART.exec(part.trim());
  return linked ? resolveEntity(model, linked[1]) : undefined;
}

/** Kinds of noun that name the record a yes/no is about ("the animal is neutered", "the guest has paid"), never part of its name. */
const RECORD_KINDS: ReadonlySet<string> = new Set(["person", "animal"]);

/** Words at the start of a yes/no clause that only say who: "it's been", "the client", "they have". */
const WHO: ReadonlySet<string> = new Set(["DET", "PRON", "AUX", "PART"]);

/**
 * "it's been returned" -> returned, "the client showed up" -> showed_up, "the deposit was paid" ->
 * deposit_paid: the clause without its pronoun, auxiliaries and the record itself, read by the tagger.
 */
function yesNoName(clause: string, model: AppModel): string {
  const words = Tagger.words(clause.replace(/[’]/g, "'")).filter((w) => w.pos !== "PUNCT");
  let at = 0;
  const isRecord = (w: Word) => /^(?:NOUN|PROPN)$/.test(w.pos) && (!!resolveEntity(model, w.lower) || RECORD_KINDS.has(WordNet.lexOf(singularize(w.lower)) ?? ""));
  while (at < words.length - 1 && (WHO.has(words[at].pos) || /^(?:been|already|not|yet)$/.test(words[at].lower) || isRecord(words[at]))) at++;
  const rest = words
    .slice(at)
    .filter((w) => !(w.pos === "AUX" || /^(?:been|already|yet)$/.test(w.lower)))
    .map((w) => w.lower);
  const text = rest.join(" ").replace(/\s+(?:or not)$/i, "");
  return snake(text);
}

/** A yes/no field named by the part, or null when the part has no yes/no marker. */
export function yesNoField(part: string, model: AppModel): FieldRequest | null {
  const before = YES_NO_BEFORE.exec(part);
  const after = before ? null : YES_NO_AFTER.exec(part);
  const whether = before || after ? null : WHETHER.exec(part);
  if (!before && !after && !whether) return null;
  const phrase = (before ? before[1] : after ? part.slice(0, after.index) : whether![1]).replace(/\s+(?:field|column|box|option)$/i, "");
  const inner = WHETHER.exec(phrase.trim());
  const name = yesNoName((inner ? inner[1] : phrase).replace(/^(?:an?|the)\s+/i, ""), model);
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(name) || name.split("_").length > 4) return null;
  return { name, prop: { type: "boolean", default: false } };
}

/** "priority: low, medium, high", "size (S/M/L)", "a status with open, closed": a field and its choices. */
export function choiceField(part: string): FieldRequest | null {
  const r =
    /^(.+?)\s*(?::|-|–|—)\s*(.+)$/.exec(part) ??
    /^(.+?)\s*\(([^)]*[,/][^)]*)\)\s*$/.exec(part) ??
    /^(.+?)\s+(?:with|having|of)\s+(?:the\s+)?(?:options?|values?|choices?)?\s*:?\s*(.+?(?:,|\s+or\s+|\s*\/\s*).+)$/i.exec(part);
  if (!r) return null;
  const values = r[2]
    .split(/\s*,\s*|\s+(?:and|or)\s+|\s*\/\s*/i)
    .map((v) => unquote(v.replace(/^(?:an?|the)\s+/i, "")))
    .filter(Boolean);
  if (values.length < 2 || values.some((v) => v.split(/\s+/).length > 3)) return null;
  const name = fieldNameFrom(cleanPhrase(r[1]));
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(name) || name.split("_").length > 4) return null;
  // the choices as typed ("picked up", "zone 1"): the form, badges and a board show them so
  return { name, prop: { type: "string", enum: values, default: values[0] } };
}

/** Splits a field list at commas and "and", keeping a bracket or a list after a colon whole. */
export function splitParts(text: string): string[] {
  const colon = /^([^,:]+?)\s*:\s*(.+)$/.exec(text);
  if (colon && !/\b(?:and|,)\b/i.test(colon[1])) return [text];
  const out: string[] = [];
  let depth = 0;
  let current = "";
  const tokens = text.split(/(\(|\)|,|\s+and\s+|\s+&\s+)/i);
  for (const t of tokens) {
    if (t === "(") depth++;
    if (t === ")") depth = Math.max(0, depth - 1);
    if (!depth && (t === "," || /^\s+(?:and|&)\s+$/i.test(t))) {
      out.push(current);
      current = "";
    } else current += t;
  }
  out.push(current);
  return out.map((p) => p.trim()).filter(Boolean);
}

interface Parsed {
  fields: FieldRequest[];
  links: EntityDef[];
}

function parseParts(text: string, entity: string, model: AppModel): Parsed | null {
  const fields: FieldRequest[] = [];
  const links: EntityDef[] = [];
  for (const raw of splitParts(text)) {
    const part = raw.replace(/^(?:also\s+|plus\s+)?(?:an?\s+|the\s+|some\s+)?(?:new\s+)?/i, "").replace(POSSESSIVE, "").trim();
    if (!part) continue;
    const linked = LINK_PART.exec(part);
    const other = resolveEntity(model, linked ? linked[1] : part.replace(/\s+(?:field|column|link)$/i, ""));
    if (other && (linked || other.name !== entity)) {
      links.push(other);
      continue;
    }
    if (linked) return null;
    const flag = yesNoField(part, model);
    if (flag) {
      fields.push(flag);
      continue;
    }
    const choice = choiceField(part);
    if (choice) {
      fields.push(choice);
      continue;
    }
    const plain = parseFieldPhrases(part, entity);
    if (plain.length !== 1 || plain[0].name.split("_").length > 4) return null;
    fields.push(refined(plain[0]));
  }
  return fields.length || links.length ? { fields, links } : null;
}

const ADD = /^(?:add|include|put|also add|plus|i need|we need|need|also need|i also need|i want|i'd like|we'd like|i would like|(?:can|could)\s+(?:we|i|you)\s+(?:have|get|add)|let's have|there should be|we should have|give me|and)\s+(?:in\s+)?(.+)$/i;
const TRACK_WHETHER = /^(?:(?:i|we)\s+(?:also\s+)?(?:want|need|would like|'d like)\s+to\s+)?(?:also\s+)?(?:track|record|note|store|mark|tick|keep track of|show|know|see|check)\s+((?:whether|if)\s+.+)$/i;
const MARK = /^(?:let me\s+|i want to\s+|i need to\s+|we need to\s+|be able to\s+|a way to\s+|allow me to\s+|let (?:users|staff|people)\s+)?(?:mark|flag|tick|check off)\s+(?:the\s+|an?\s+|each\s+|my\s+)?(.+?)\s+as\s+(.+)$/i;
const TAIL = /\s+(?:to|on|for|in|onto|of)\s+(?:the\s+|each\s+|every\s+|all\s+|my\s+|our\s+)?([a-z][\w\s-]*?)(?:\s+(?:records?|entity|entries|page|form|list))?$/i;

/** The "to <records>" ending of a field list: the last such phrase ("a tick box for deposit taken to appointments"). */
function lastTail(text: string): RegExpExecArray | null {
  const starts = [...text.matchAll(/\s+(?:to|on|for|in|onto|of)\s+/gi)].map((m) => m.index!).reverse();
  for (const at of starts) {
    const tail = TAIL.exec(text.slice(at));
    if (tail) return Object.assign(tail, { index: at });
  }
  return null;
}

/** The records a field list goes onto, named at its end ("… to appointments") or implied. */
function targetOf(text: string, model: AppModel): { def: EntityDef | null; body: string; unknown?: string } {
  const tail = lastTail(text);
  const linkVerb = tail && /\b(?:linked|link|connected|tied|related|attached|assigned|pointing)$/i.test(text.slice(0, tail.index));
  const named = tail && !linkVerb ? resolveEntity(model, tail[1]) : undefined;
  if (named) return { def: named, body: text.slice(0, tail!.index) };
  // "a photo of each dish": "each" says the word names records, even one the app calls otherwise
  if (tail && !linkVerb && /^\s+of\s+(?:each|every)\s/i.test(tail[0])) return { def: entityDefinedAs(model, tail[1]) ?? null, body: text.slice(0, tail.index) };
  // "add weather to sprays" when the app has no sprays: say so rather than put it elsewhere
  const records = tail && (/^[a-z]+(?:\s+[a-z]+)?s$/i.test(tail[1].trim()) || /^\s+(?:to|onto|on|for)\s+(?:each|every)\s/i.test(tail[0]));
  const plural = tail && !linkVerb && /^\s+(?:to|onto|on|for)\s/i.test(tail[0]) && records && !/:/.test(text.slice(0, tail.index));
  return plural ? { def: null, body: text, unknown: tail![1].trim() } : { def: null, body: text };
}

/** "tenants need a deposit paid yes/no", "each order should have a gift note": the fields, said onto the records named first. */
function having(m: string, model: AppModel): string | null {
  const r = /^(?:the\s+|each\s+|every\s+|all\s+|our\s+|my\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:should\s+|must\s+|will\s+|also\s+)*(?:need|needs|have|has|get|gets)\s+(?:an?\s+|the\s+|their\s+|its\s+)(.+)$/i.exec(m);
  return r && resolveEntity(model, r[1]) ? `${r[2]} to ${r[1]}` : null;
}

/** "a photo of each hen", "photo on each bike", said after another request or alone: a field with the records it goes on. */
function eachOne(m: string, model: AppModel): boolean {
  const r = /^(?:(?:an?|some)\s+)?[a-z][\w\s]*?\s+(?:of|for|on|to)\s+(?:each|every)\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(m);
  return !!r && !!resolveEntity(model, r[1]);
}

/** ", just a yes or no", ", yes/no,": a yes/no marker said apart from its field, put back beside it. */
const joinYesNo = (m: string) => m.replace(/\s*,\s*(?:just\s+|simply\s+|only\s+)?(?:an?\s+)?(yes or no|yes\s*\/\s*no|y\s*\/\s*n|true\s*\/\s*false|tick ?box|check ?box)\s*(?:,|$)/i, " $1 ").trim();

/** "a type: fridge or freezer" as the one field asked: the records its choices are kinds of (see entityTheChoicesSort). */
function sortedByChoices(body: string, model: AppModel): EntityDef | undefined {
  const parts = splitParts(body);
  const choice = parts.length === 1 ? choiceField(parts[0].replace(/^(?:an?\s+|the\s+)/i, "")) : null;
  return choice?.prop.enum ? entityTheChoicesSort(model, choice.prop.enum.map(String)) : undefined;
}

/** The fields asked for, added; null when the sentence is not a field request this reads. */
export function looseFields(message: string, model: AppModel, currentPage?: string | null): OpResult | null {
  const m = joinYesNo(message);
  const mark = MARK.exec(m);
  if (mark) {
    const def = resolveEntity(model, mark[1]);
    const name = snake(mark[2].replace(/\s+(?:or not|too)$/i, ""));
    if (!def || !/^[a-z][a-z0-9_]{0,39}$/.test(name) || name.split("_").length > 3) return null;
    return ops.addFields(model, def.name, [{ name, prop: { type: "boolean", default: false } }]);
  }
  const text = TRACK_WHETHER.exec(m)?.[1] ?? ADD.exec(m)?.[1] ?? having(m, model) ?? (WHETHER.test(m) || YES_NO_AFTER.test(m) || YES_NO_AFTER.test(targetOf(m, model).body) || eachOne(m, model) ? m : null);
  if (!text) return null;
  const { def: named, body, unknown } = targetOf(text.replace(/[.!]+$/, ""), model);
  if (unknown) return { reply: `I couldn't find an entity called "${unknown}" to add that to. The entities are: ${listing(model.entities.map((e) => e.name))}.` };
  // "if the patient has consented": the flag is the patient's
  const subject = /\b(?:whether|if)\s+(?:the\s+|an?\s+|each\s+|every\s+)?([a-z]+(?:\s+[a-z]+)?)\s+(?:has|have|had|is|are|was|were|did|does|got|gets)\b/i.exec(body);
  const said = named ?? (subject ? resolveEntity(model, subject[1]) : undefined) ?? sortedByChoices(body, model) ?? null;
  const implied = said ? null : impliedEntity(model, currentPage);
  const def = said ?? implied?.def;
  if (!def) return null;
  const parsed = parseParts(body, def.name, model);
  if (!parsed) return null;
  const links = parsed.links.filter((l) => l !== def);
  const wanted = [...parsed.fields, ...links.map((l) => ({ name: `${snake(l.name)}_id`, prop: linkProp(l.name) }))];
  if (!wanted.length) return null;
  // "add status: new, assigned, delivered" when there is a status: those are its choices now
  const have = wanted.length === 1 && wanted[0].prop.enum ? def.schema.properties[wanted[0].name] : undefined;
  if (have) {
    const values = wanted[0].prop.enum!.map(String);
    return have.enum ? setChoices(model, def.name, wanted[0].name, values) : asChoices(model, def, wanted[0].name, values);
  }
  // with no records named, a plain text field must say it is one: "add more features" is not a field
  const plainGuess = implied && parsed.fields.some((f) => f.prop.type === "string" && !f.prop.format && !f.prop.enum) && !/\b(?:field|column|property)\b/i.test(m);
  if (plainGuess || parsed.fields.some((f) => f.name.split("_").some((w) => APP_FEATURE_WORDS.has(w)))) return null;
  const result = ops.addFields(model, def.name, wanted);
  if (!implied || !("after" in result)) return result;
  const it = wanted.length === 1 ? "it" : "them";
  const where = {
    page: `I put ${it} on ${def.name}, the records of the page you have open`,
    said: `You didn't say which records, so I put ${it} on ${def.name}, the records your last message was about`,
    central: `You didn't say which records, so I put ${it} on ${def.name}, the app's main record`,
  }[implied.why];
  const other = model.entities.find((e) => e !== def && e.pages.list);
  const hint = other ? `; say e.g. "add ${wanted[0].name.replace(/_id$/, "").replace(/_/g, " ")} to ${lowerWords(pluralize(other.name))}" to put ${wanted.length === 1 ? "it" : "them"} elsewhere` : "";
  return { ...result, notes: [...(result.notes ?? []), `${where}${hint}.`] };
}

/** A field list that says more than the plain "add X to Y" patterns read: yes/no markers, a link, choices after a colon. */
export function saysMoreThanFields(message: string): boolean {
  const m = joinYesNo(message);
  return YES_NO_AFTER.test(m) || /\b(?:y\s*\/\s*n|yes\s*\/\s*no|yes or no|whether|tick ?box|check ?box)\b/i.test(m) || /^(?:add|include|(?:i\s+|we\s+)?need|(?:i\s+|we\s+)?want)\s+(?:an?\s+)?(?:check ?box|tick ?box|tick|toggle|flag|yes or no|true or false)\s+(?:for|to mark|called|named|saying|showing|to show)\b/i.test(m) || /,\s*(?:linked|connected|tied|related)\s+to\b/i.test(m) || /^(?:add|include)\s+[^,:]+:\s*\S/i.test(m) || /\([^)]*\/[^)]*\)/.test(m);
}

/**
 * "track how long each repair took in hours", "record how many people each booking is for", "note
 * how much each job cost": a number asked as a question. "How long" is a duration (in the unit said),
 * "how many people" the number of people, "how much … cost" the cost as money.
 */
const HOW = /^(?:(?:i|we)\s+(?:also\s+)?(?:want|need|would like|'d like)\s+to\s+|let\s+(?:me|us)\s+)?(?:track|record|note|store|log|keep track of|keep|know|see|save)\s+how\s+(long|many|much)\s+(?:([a-z]+(?:\s+[a-z]+)?)\s+)?(?:each|every|the|a|an)\s+([a-z]+(?:\s+[a-z]+)?)\s+(takes?|took|lasts?|lasted|has|had|is|was|are|were|gets?|got|costs?|cost|needs?|needed|uses?|used|spends?|spent)\b(.*)$/i;

export function howMuchField(m: string, model: AppModel): OpResult | null {
  const r = HOW.exec(m);
  if (!r) return null;
  const [, how, counted, records, verb, rest] = r;
  const def = resolveEntity(model, records);
  // how many of the app's own records: a count to calculate, which is not built
  if (!def || (counted && resolveEntity(model, counted))) return null;
  const unit = /\bin\s+([a-z]+)\b/i.exec(rest)?.[1]?.toLowerCase();
  let field: FieldRequest | null = null;
  if (how.toLowerCase() === "long") field = { name: unit ? `duration_${unit}` : "duration", prop: { type: "number" } };
  else if (how.toLowerCase() === "many" && counted) field = { name: `number_of_${snake(counted)}`, prop: { type: "number" } };
  else if (how.toLowerCase() === "much")
    field = /^cost/i.test(verb) || /\b(?:pounds|dollars|euros|money)\b/i.test(rest) ? { name: "cost", prop: { type: "number", format: "currency" } } : { name: counted ? snake(counted) : "amount", prop: { type: "number" } };
  if (!field || !/^[a-z][a-z0-9_]{0,39}$/.test(field.name)) return null;
  return ops.addFields(model, def.name, [field]);
}

/** "note any allergies each dog has", "record the medication every patient takes": the thing each record has, as a field of it. */
const EACH_HAS = /^(?:(?:i|we)(?:'d|\s+would)?\s+(?:also\s+)?(?:want|need|like|love)\s+to\s+|let\s+(?:me|us)\s+)?(?:track|record|note|store|log|keep track of|keep|know|see|save)\s+(?:any|the|what|which|all)?\s*([a-z][a-z\s]*?)\s+(?:each|every)\s+([a-z]+(?:\s+[a-z]+)?)\s+(?:has|have|had|needs?|gets?|takes?|uses?|brings?|wants?)$/i;

export function eachHasField(m: string, model: AppModel): OpResult | null {
  const r = EACH_HAS.exec(m);
  const def = r ? resolveEntity(model, r[2]) : undefined;
  if (!r || !def) return null;
  // "which groomer each dog has": the app's own records, so a link to them
  const other = resolveEntity(model, r[1]);
  if (other && other !== def) return ops.addFields(model, def.name, [{ name: `${snake(other.name)}_id`, prop: linkProp(other.name) }]);
  const wanted = parseFieldPhrases(r[1], def.name).map(refined);
  return wanted.length === 1 ? ops.addFields(model, def.name, wanted) : null;
}
