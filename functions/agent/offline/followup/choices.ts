/**
 * A field with choices, as people ask for it: "make zone a choice: zone 1, zone 2, zone 3",
 * "dietary needs should be a choice: none, halal, vegetarian", "add a status to deliveries:
 * booked, picked up, delivered". An existing field becomes (or gets) that list; a missing one is
 * added with it. The choices keep the words typed, so the form, the badges and a board show them.
 */
import { cloneModel } from "../changes";
import { type Field, fieldNameFrom } from "../entities";
import { setChoices } from "../entity-ops";
import { type AppModel, type EntityDef, fields } from "../model";
import { listing, lowerWords, singularize } from "../naming";
import * as ops from "../ops";
import type { OpResult } from "../ops";
import { cleanPhrase, resolveEntity, resolveField, unquote } from "../resolve";
import { entityHolding, entityTheChoicesSort, impliedEntity } from "./target";
import { choiceList } from "./choice-lists";
import { fieldSaidOtherwise } from "./senses";

const CHOICE = /(?:a|an|the)\s+(?:(?:single|proper|real|fixed)\s+)?(?:choice|choices|dropdown|drop-down|select|pick ?list|list of options|set of options|fixed list|option)(?:\s+(?:field|list|of))?/;

const FORMS: { re: RegExp; field: number; entity: number | null; values: number }[] = [
  { re: new RegExp(`^(?:make|turn|change|set)\\s+(?:the\\s+)?(.+?)\\s+(?:into\\s+)?${CHOICE.source}\\s*(?::|-|with|of|between|from)?\\s*(?:(?:the\\s+)?(?:options?|values?|choices?)\\s*:?\\s*)?(.+)$`, "i"), field: 1, entity: null, values: 2 },
  { re: new RegExp(`^(?:the\\s+)?(.+?)\\s+(?:should|must|could|needs? to|has to)\\s+be\\s+${CHOICE.source}\\s*(?::|-|with|of|between|from)?\\s*(?:(?:the\\s+)?(?:options?|values?|choices?)\\s*:?\\s*)?(.+)$`, "i"), field: 1, entity: null, values: 2 },
  { re: /^(?:add|include|give)\s+(?:an?\s+|the\s+)?(.+?)\s+(?:to|on|for)\s+(?:the\s+|each\s+|all\s+|every\s+)?(.+?)\s*:\s*(.+)$/i, field: 1, entity: 2, values: 3 },
  // "books should have a genre dropdown: fiction, non-fiction", "track the condition of each book: new, good, worn"
  { re: /^(?:the\s+|each\s+|every\s+|all\s+)?(.+?)\s+(?:should\s+|must\s+|needs?\s+to\s+)?(?:have|has|need|needs|get|gets)\s+(?:an?\s+|the\s+)?(.+?)\s*:\s*(.+)$/i, field: 2, entity: 1, values: 3 },
  { re: /^(?:track|record|store|keep|note)\s+(?:the\s+)?(.+?)\s+(?:of|for|on)\s+(?:each\s+|every\s+|the\s+|all\s+)?(.+?)\s*:\s*(.+)$/i, field: 1, entity: 2, values: 3 },
  // "lesson type choose from: private, group, kids", "size picked from s, m, l"
  { re: /^(?:the\s+)?(.+?)\s+(?:to\s+)?(?:choose|chosen|pick|picked|select|selected)\s+from\s*:?\s*(.+)$/i, field: 1, entity: null, values: 2 },
  // "bikes come in different types, road, mountain or hybrid", "rooms come in three sizes: single, double"
  { re: /^(?:the\s+|our\s+)?(.+?)\s+(?:come|comes|came)\s+in\s+(?:(?:different|several|various|many|a few|a couple of|two|three|four|five|\d+)\s+)?([a-z][a-z\s]*?)\s*(?::|,|-|–)\s*(.+)$/i, field: 2, entity: 1, values: 3 },
];

/** "none, halal, vegetarian or gluten free" -> the choices as typed. */
function valuesOf(text: string): string[] {
  return text
    .replace(/\s*(?:,?\s*etc\.?|\.\.\.|…)$/i, "")
    .split(/\s*[,/;|]\s*|\s+or\s+|\s+and\s+/i)
    .map((v) => unquote(v).trim())
    .filter(Boolean);
}

/** "category" when the records have a `kind`: the field the phrase names in other words (a choice or free text). */
function saidOtherwise(model: AppModel, def: EntityDef, phrase: string): Field | undefined {
  const all = fields(model, def).filter((f) => f.kind === "enum" || f.kind === "text" || f.kind === "number");
  const name = fieldSaidOtherwise(
    all.map((f) => f.name),
    fieldNameFrom(cleanPhrase(phrase)),
  );
  return all.find((f) => f.name === name);
}

/** The entity and field a phrase names ("the deal stage", "work done"), the entity possibly first. */
function place(model: AppModel, phrase: string, values: string[], currentPage?: string | null, fresh = false): { def: EntityDef; field: string } | null {
  const holding = model.entities.find((e) => e.pages.list && resolveField(model, e, phrase));
  if (holding) return { def: entityHolding(model, (e) => !!resolveField(model, e, phrase), currentPage) ?? holding, field: phrase };
  // "make the length a choice" when visits have a `duration`: the records with the field said otherwise
  const otherwise = fresh ? undefined : model.entities.find((e) => e.pages.list && saidOtherwise(model, e, phrase));
  if (otherwise) return { def: entityHolding(model, (e) => !!saidOtherwise(model, e, phrase), currentPage) ?? otherwise, field: phrase };
  // "the deal stage": the entity's own name first ("dietary needs" is a field, even beside a DietaryNeed entity)
  const words = cleanPhrase(phrase).split(/\s+/);
  for (let k = 1; k < words.length; k++) {
    const lead = words.slice(0, k).join(" ");
    const def = resolveEntity(model, lead);
    if (def && lowerWords(def.name).endsWith(lowerWords(singularize(lead)))) return { def, field: words.slice(k).join(" ") };
  }
  // "a type, fridge or freezer": choices that are kinds of some records sort those records
  const sorted = entityTheChoicesSort(model, values);
  if (sorted) return { def: sorted, field: phrase };
  const itself = resolveEntity(model, phrase);
  const def = impliedEntity(itself ? { ...model, entities: model.entities.filter((e) => e !== itself) } : model, currentPage)?.def;
  return def ? { def, field: phrase } : null;
}

/** The field with these choices; null when the sentence asks for no choices. */
export function choiceRequest(m: string, model: AppModel, currentPage?: string | null): OpResult | null {
  // "make burial or cremation a proper choice": the choices alone are a type of the records
  const bare = new RegExp(`^(?:make|turn)\\s+(.+?\\s(?:or|and)\\s.+?)\\s+(?:into\\s+)?${CHOICE.source}\\s*[.!]?$`, "i").exec(m);
  const alone = bare ? valuesOf(bare[1]) : [];
  if (alone.length >= 2 && alone.every((v) => v.split(/\s+/).length <= 3)) return chooseOn(model, "type", alone, currentPage, asksNew(m));
  for (const form of FORMS) {
    const r = form.re.exec(m);
    if (!r) continue;
    const values = valuesOf(r[form.values]);
    if (values.length < 2 || values.some((v) => v.split(/\s+/).length > 4)) continue;
    const named = form.entity ? resolveEntity(model, r[form.entity]) : undefined;
    // "… come in different types": the field is one type
    if (/\s(?:come|comes|came)\s+in\s/i.test(m)) r[form.field] = singularize(r[form.field]);
    if (form.entity && !named)
      return form.re.source.startsWith("^(?:add")
        ? { reply: `I couldn't find an entity called "${cleanPhrase(r[form.entity])}" to add ${cleanPhrase(r[form.field])} to. The entities are: ${listing(model.entities.map((e) => e.name))}.` }
        : null;
    return chooseOn(model, named ? { def: named, field: r[form.field] } : r[form.field], values, currentPage, asksNew(m));
  }
  const said = choiceList(m);
  if (!said) return null;
  const named = said.entity ? resolveEntity(model, said.entity.replace(/^(?:can|could|should|would|will)\s+/i, "")) : undefined;
  if (said.entity && !named) return null;
  return chooseOn(model, named ? { def: named, field: said.field } : said.field, said.values, currentPage, asksNew(m));
}

/** "add a type, …", "give them a category …": a new field asked for, never one the records have under another name. */
const asksNew = (m: string) => /^(?:(?:and|also|so|then|please)\s+)*(?:add|give|include|create)\s+(?:\w+\s+)?(?:an?|another|some)\s/i.test(m);

/** The choices set on the field a phrase names (made when missing), on the records named or found. */
function chooseOn(model: AppModel, where: string | { def: EntityDef; field: string }, values: string[], currentPage?: string | null, fresh = false): OpResult | null {
  const strip = (field: string) => field.replace(/\s+(?:dropdown|drop-down|choice|choices|select|field|list|options?)$/i, "");
  const at = typeof where === "string" ? place(model, strip(where), values, currentPage, fresh) : { def: where.def, field: strip(where.field) };
  if (!at) return null;
  const existing = resolveField(model, at.def, at.field) ?? (fresh ? undefined : saidOtherwise(model, at.def, at.field));
  if (existing?.kind === "enum") return setChoices(model, at.def.name, existing.name, values);
  if (existing) return asChoices(model, at.def, existing.name, values);
  const name = fieldNameFrom(cleanPhrase(at.field));
  if (!/^[a-z][a-z0-9_]{0,39}$/.test(name) || name.split("_").length > 4) return null;
  return ops.addFields(model, at.def.name, [{ name, prop: { type: "string", enum: values, default: values[0] } }]);
}

/** A free field turned into a list of choices (its stored values stay as they are). */
export function asChoices(model: AppModel, def: EntityDef, field: string, values: string[]): OpResult {
  const after = cloneModel(model);
  const target = after.entities.find((e) => e.name === def.name)!;
  const linked = LINKED.exec(target.schema.properties[field].description ?? "")?.[1];
  // "make occasion a choice" when it links to Occasion records: a choice field in place of the link
  const name = linked && field.endsWith("_id") ? field.slice(0, -3) : field;
  if (name !== field && name in target.schema.properties) return { reply: `${def.name} already has a \`${name}\` field next to \`${field}\`; remove one of them first.` };
  const prop = { type: "string", enum: values, default: values[0] };
  target.schema.properties = Object.fromEntries(Object.entries(target.schema.properties).map(([k, v]) => (k === field ? [name, prop] : [k, v])));
  target.schema.required = target.schema.required.map((r) => (r === field ? name : r));
  target.filters = target.filters.map((f) => (f === field ? name : f));
  for (const c of after.charts) if (c.entity === def.name && c.by === field) c.by = name;
  const choices = listing(values.map((v) => `"${v}"`));
  return {
    after,
    plan: `Make ${def.name}.${name} a choice of ${choices}${name !== field ? `, in place of the link \`${field}\`` : ""}.`,
    done:
      `${def.name}'s \`${name}\` is now a choice of ${choices}: the form shows a select, the list a filter and badges. ` +
      (name !== field
        ? `It replaces the link \`${field}\` to ${linked} records; the ${linked} entity and its records stay (ask to "remove the ${linked} entity" if it is no longer needed), and links saved before are not copied.`
        : `Records saved before keep what was typed until edited.`),
  };
}

const LINKED = /^id of the related (\w+)$/;
