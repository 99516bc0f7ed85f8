/** Matching words from a chat message to the app's entities, fields and pages. */
import { type Field, fieldNameFrom, type JsonProp, inferProp, type TypeHint } from "./entities";
import { fieldFrom } from "./fields";
import { type AppModel, type EntityDef, fields } from "./model";
import { pluralize, singularize, snake, words } from "./naming";
import { domainForWord } from "./domains";
import { WordNet } from "./language/wordnet";

const squash = (text: string) => words(text).join("");

/** Drops articles and filler around a noun phrase: "all the tasks" -> "tasks". */
export function cleanPhrase(text: string): string {
  return text
    .trim()
    .replace(/^["“'`]+|["”'`.!?]+$/g, "")
    .replace(/^(?:(?:the|my|our|all|each|every|a|an|this|that|of)\s+)+/i, "")
    .replace(/\s+(?:entity|entities|model|models|table|tables|records?|list|schema)$/i, "")
    .trim();
}

export function resolveEntity(model: AppModel, phrase: string): EntityDef | undefined {
  const p = cleanPhrase(phrase);
  if (!p) return undefined;
  const one = squash(singularize(p));
  const many = squash(p);
  const direct = model.entities.find((e) => [e.name, pluralize(e.name), e.navTitle, e.pages.list ?? ""].some((k) => k && (squash(k) === many || squash(singularize(k)) === one)));
  if (direct) return direct;
  const domain = domainForWord(p);
  const known = domain ? model.entities.find((e) => e.name === domain.entity) : undefined;
  if (known) return known;
  // "tasks" for FollowUpTask, "entries" for TimeEntry: the one entity whose name ends with that word
  const last = words(p).length === 1 ? squash(singularize(p)) : "";
  const ending = last ? model.entities.filter((e) => squash(words(e.name).at(-1) ?? "") === last) : [];
  if (ending.length === 1) return ending[0];
  // "consents" for ConsentForm: the one entity with that word anywhere in its name
  const within = last ? model.entities.filter((e) => words(e.name).some((w) => squash(singularize(w)) === last)) : [];
  if (within.length === 1 && !ending.length) return within[0];
  if (ending.length || within.length) return undefined;
  // "clients" for Customer, "pupils" for Student, "refs" for Referee: the one entity whose head noun shares a sense with the word
  const synonyms = last ? model.entities.filter((e) => sharesSense(last, words(e.name).at(-1) ?? "")) : [];
  return synonyms.length === 1 ? synonyms[0] : undefined;
}

const commonSenses = new Map<string, number[]>();
/** A noun's two most frequent WordNet senses, remembered: resolving reads every word of a sentence. */
function sensesOf(noun: string): number[] {
  const known = commonSenses.get(noun);
  if (known) return known;
  const found = WordNet.senses(singularize(noun.toLowerCase()))
    .slice(0, 2)
    .map((s) => s.offset);
  commonSenses.set(noun, found);
  return found;
}

/** Two nouns that name the same thing in one of their two most frequent senses (WordNet synonyms). */
function sharesSense(word: string, other: string): boolean {
  const mine = sensesOf(word);
  return mine.length > 0 && sensesOf(other).some((o) => mine.includes(o));
}

export function resolveField(model: AppModel, def: EntityDef, phrase: string): Field | undefined {
  const name = fieldNameFrom(cleanPhrase(phrase));
  const list = fields(model, def);
  return (
    list.find((f) => f.name === name) ??
    list.find((f) => snake(f.label) === name) ??
    list.find((f) => f.name === `${name}_id`) ??
    list.find((f) => f.name === `${name}_number` || f.name === `is_${name}`) ??
    // "dietary needs" for dietary_need, "tag" for tags
    list.find((f) => f.name === snake(singularize(name.replace(/_/g, " "))) || f.name === snake(pluralize(name.replace(/_/g, " ")))) ??
    list.find((f) => squash(f.name) === squash(name))
  );
}

/** Entities that have a field matching the phrase. */
export function entitiesWithField(model: AppModel, phrase: string): { def: EntityDef; field: Field }[] {
  return model.entities.flatMap((def) => {
    const field = resolveField(model, def, phrase);
    return field ? [{ def, field }] : [];
  });
}

/** A page file named by the phrase: its exact name, an entity's list page, or "this page". */
export function resolvePage(model: AppModel, files: Record<string, string>, phrase: string, currentPage?: string | null): string | undefined {
  const p = cleanPhrase(phrase.replace(/\s+(?:page|screen|tab|view)$/i, ""));
  const pages = Object.keys(files)
    .filter((f) => f.startsWith("pages/"))
    .map((f) => f.slice(6))
    .sort();
  if (/^(this|current)( page)?$|^here$/i.test(p) || p === "") return currentPage && pages.includes(currentPage) ? currentPage : undefined;
  const exact = pages.find((page) => squash(page) === squash(p));
  if (exact) return exact;
  const def = resolveEntity(model, p);
  if (def?.pages.list) return def.pages.list;
  const nav = model.entities.find((e) => squash(e.navTitle) === squash(p));
  if (nav?.pages.list) return nav.pages.list;
  if (/^(home|dashboard|overview|start)$/i.test(p) && model.dashboardPage) return model.dashboardPage;
  return undefined;
}

export interface FieldRequest {
  name: string;
  prop: JsonProp;
}

const HINTS: [RegExp, Exclude<TypeHint, null>][] = [
  [/^(?:text|string|words?)$/, "text"],
  [/^(?:number|numeric|integer|decimal|amount|money|currency|price|cost|£|\$|€)$/, "number"],
  [/^(?:date|day)$/, "date"],
  [/^(?:boolean|checkbox|yes\/no|y\/n|true\/false|flag|toggle|switch)$/, "boolean"],
  [/^(?:e-?mail)$/, "email"],
  [/^(?:url|link|website)$/, "url"],
];

function hintOf(word: string): TypeHint {
  for (const [re, hint] of HINTS) if (re.test(word.toLowerCase())) return hint;
  return null;
}

const splitList = (text: string) =>
  text
    .split(/\s*,\s*|\s+(?:and|or|&)\s+|\s*\/\s*/i)
    .map((s) => s.trim().replace(/^["“'`]+|["”'`]+$/g, ""))
    .filter(Boolean);

/**
 * "a priority", "a due date (date)", "email and phone", "a budget as a number",
 * "a reimbursable checkbox", with `options` from "with options a, b, c".
 */
export function parseFieldPhrases(phrase: string, entity: string, options: string[] = []): FieldRequest[] {
  let text = phrase.trim();
  const inline = /\s*\(([^)]*[,/][^)]*)\)\s*$/.exec(text);
  if (inline && !options.length && !hintOf(inline[1].replace(/\s+/g, ""))) {
    options = splitList(inline[1]);
    text = text.slice(0, inline.index);
  }
  const parts = options.length ? [text] : splitList(text);
  const out: FieldRequest[] = [];
  for (let part of parts) {
    let hint: TypeHint = null;
    const typed = /\s*(?:\((\w+(?:\/\w+)?)\)|\s(?:as|of type|type)\s+(?:an?\s+)?(\w+(?:\/\w+)?))\s*$/i.exec(part);
    if (typed) {
      hint = hintOf(typed[1] ?? typed[2]);
      if (hint) part = part.slice(0, typed.index);
    }
    // "a field for the expiry date", "a box to record the mileage": the thing recorded
    part = part.replace(/^(?:an?\s+|the\s+)?(?:new\s+)?(?:field|column|box|place|spot|space)\s+(?:for|to\s+(?:record|store|hold|keep|put|note))\s+(?:the\s+|an?\s+|their\s+|its\s+)?/i, "");
    // "a notes section", "a comments box": the field itself
    part = part.replace(/\s+(?:field|column|property|attribute)s?$/i, "").replace(/^((?:an?\s+|the\s+)?[a-z]+)\s+(?:section|area|box)$/i, "$1");
    const trailing = /\s+(checkbox|flag|toggle)$/i.exec(part);
    if (trailing) {
      hint = "boolean";
      part = part.slice(0, trailing.index);
    }
    // "a rating out of 5", "a score out of 10": a rating with that top
    // "a rating out of 5", "a rating 1-5", "a score (1 to 10)": a rating with that top
    const outOf = /^(.*?)\s+(?:out of\s+|\(?\s*(?:from\s+)?[01]\s*(?:-|–|to)\s*)(\d{1,3})\s*\)?$/i.exec(part);
    if (outOf) part = outOf[1];
    // "a photo of the receipt": the receipt's photo
    part = part.replace(/^((?:an?\s+|the\s+)?)(photo|picture|image|scan|copy|file)\s+of\s+(?:the\s+|an?\s+|their\s+|its\s+)?([a-z]+(?:\s+[a-z]+)?)$/i, "$1$3 $2");
    const name = fieldNameFrom(part);
    if (!name || !/^[a-z]/.test(name) || name.length > 40) continue;
    const values = options.map((o) => snake(o)).filter(Boolean);
    // typed as the first turn types a description's words (a photo is an upload, a price is money, "out of 5" a rating up to 5), when it names the field alike
    const described = outOf || !(hint || values.length) ? fieldFrom(part.replace(/^(?:an?|the|some)\s+/i, ""), entity, null, outOf ? Number(outOf[2]) : null) : null;
    out.push({ name, prop: described?.name === name ? described.prop : inferProp(name, entity, hint, values) });
  }
  return out;
}

/** A phrase without the quotes around it ("“Urgent”" -> "Urgent"). */
export const unquote = (text: string): string =>
  text
    .trim()
    .replace(/^["“'`]+|["”'`]+$/g, "")
    .trim();

/** "everywhere", "instead", "throughout the app", "from now on": where a rename reaches, never part of the new name. */
export const WHERE =
  /(?:(?:\s*,\s*|\s+)(?:everywhere|instead|throughout(?:\s+the\s+(?:whole\s+)?(?:app|site))?|across\s+the\s+(?:whole\s+)?(?:app|site|board)|in\s+(?:the\s+)?(?:whole\s+|entire\s+)?(?:app|site|ui|interface)|in\s+all\s+(?:places|pages|screens)|on\s+(?:every|all)\s+(?:page|pages|screen|screens)|from\s+now\s+on|too|as\s+well|please|pls|plz|thanks|thx|for\s+me))+$/i;

/** The new name of a rename without the words that only say where it applies. */
export const newNameFrom = (text: string): string => unquote(unquote(text).replace(WHERE, ""));
