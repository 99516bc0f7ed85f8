/**
 * Follow-up requests about fields: add them (with choices), make them required or optional,
 * add a yes/no flag or a link to another entity, and remove them.
 */
import { setChoices } from "./entity-ops";
import { linkProp } from "./entities";
import type { AppModel } from "./model";
import { listing, snake } from "./naming";
import * as ops from "./ops";
import type { OpResult } from "./ops";
import { pattern } from "./pattern";
import { refined } from "./followup/senses";
import { POSSESSIVE_DETERMINERS } from "./vocabulary/grammar";
import { cleanPhrase, entitiesWithField, parseFieldPhrases, resolveEntity, resolveField, unquote } from "./resolve";

/** "their weight and their height": the owner's word before each field of a list. */
const OWNER_WORDS = new RegExp(`(^|,\\s*|\\s(?:and|or)\\s+)(?:${POSSESSIVE_DETERMINERS.join("|")})\\s+`, "gi");

/** The words that name a field's type when said after it ("as a date", "that's a number"). */
const TYPE_WORDS = "(?:number|numeric|integer|decimal|date|day|text|string|words?|yes\\/no|y\\/n|boolean|checkbox|tick ?box|e-?mail|url|link|website)";
const TYPE_AFTER = new RegExp(`^(.+?)\\s+((?:to|on|for|in)\\s+.+?)\\s*,?\\s+(?:as\\s+(?:an?\\s+)?|(?:that|which)(?:'s|\\s+is|\\s+should\\s+be)\\s+(?:an?\\s+)?)(${TYPE_WORDS})s?$`, "i");

/**
 * "add the pickup date to repairs as a date", "add a cost field to repairs that's a number": a type said
 * after the records, put back beside its field ("add the pickup date as a date to repairs"), where the
 * field's reading takes it.
 */
export function typeBesideField(m: string): string {
  const r = TYPE_AFTER.exec(m);
  return r ? `${r[1]} as ${/^[aeiou]/i.test(r[3]) ? "an" : "a"} ${r[3]} ${r[2]}` : m;
}

export function addFields(m: string, model: AppModel): OpResult | null {
  // "… with options a, b and c"; a dropdown or select names its options without the word ("an industry dropdown … with retail and tech")
  const dropdown =
    /\b(?:dropdown|drop-down|select|picklist|pick list)\b/i.test(m) ||
    pattern("i", /^(?:add|give)\s+(?:an?\s+|the\s+)?(?:status|stage|type|category|priority|kind|level)\s+/, /(?:field\s+)?(?:to|for|on)\b/).test(m);
  const opts = (
    dropdown
      ? /\s+(?:with|having)\s+(?:the\s+)?(?:(?:options?|values?|choices?|states?)\s*:?\s*)?(.+)$/i
      : /\s+(?:with|having)\s+(?:the\s+)?(?:options?|values?|choices?|states?)\s*:?\s*(.+)$/i
  ).exec(m);
  // "add a priority field with options low, high to tasks": the entity may come after the options
  const tail = opts ? /\s+(?:to|for|on|in)\s+((?:the\s+)?[a-z][\w\s-]*)$/i.exec(opts[1]) : null;
  const moved = tail && resolveEntity(model, tail[1]) ? tail : null;
  const optionText = opts ? (moved ? opts[1].slice(0, moved.index) : opts[1]) : "";
  const options = opts
    ? optionText
        .split(/\s*,\s*|\s+(?:and|or)\s+/i)
        .map(unquote)
        .filter(Boolean)
    : [];
  const text = typeBesideField(opts ? `${m.slice(0, opts.index)}${moved ? ` to ${moved[1]}` : ""}` : m);
  const tries: [RegExp, number, number][] = [
    [/^add\s+(?:an?\s+)?(?:new\s+)?(?:field|column|property)\s+(?:called|named)\s+(.+?)\s+(?:to|on|for|in)\s+(.+)$/i, 1, 2],
    [/^add\s+(.+?\s+(?:fields?|columns?|propert(?:y|ies)|attributes?))\s+(?:to|on|for|in)\s+(.+)$/i, 1, 2],
    // "add a rating out of 5 to deals": the entity after the last "to"
    [/^(?:add|include)\s+(.+)\s+(?:to|on)\s+((?:the\s+|my\s+|all\s+)?[a-z][\w\s-]*)$/i, 1, 2],
    [/^(?:add|include|store|track)\s+(.+?)\s+(?:to|on|for|in|of)\s+(.+)$/i, 1, 2],
    [/^(.+?)\s+(?:should|must|need to|needs to|could|can)\s+(?:also\s+)?(?:have|include|get|store|track|show)\s+(.+)$/i, 2, 1],
    [/^(.+?)\s+(?:needs?|require|requires)\s+(?:an?\s+|the\s+)(.+)$/i, 2, 1],
    [/^give\s+(.+?)\s+(?:an?|the|some|(?:their|its)(?:\s+own)?)\s+(.+)$/i, 2, 1],
    // "let customers have multiple tags"
    [/^let\s+(?:the\s+|each\s+|every\s+)?(.+?)\s+have\s+(?:multiple\s+|several\s+|some\s+|an?\s+)?(.+)$/i, 2, 1],
    [
      pattern(
        "i",
        /^(?:i want|i'd like|i would like|let me|allow me to|we want|users? should be able to|i need to be able to)\s+/,
        /(?:to\s+)?(?:track|store|record|add|set|enter|have|upload|attach|pick|choose|keep|note)\s+/,
        /(.+?)\s+(?:for|on|of|to|in|with)\s+(?:each\s+|every\s+)?(.+)$/,
      ),
      1,
      2,
    ],
  ];
  for (const [re, fieldAt, entityAt] of tries) {
    const r = re.exec(text);
    if (!r) continue;
    const def = resolveEntity(model, r[entityAt]);
    if (!def) continue;
    const phrase = r[fieldAt]
      .replace(/\s+(?:fields?|columns?|propert(?:y|ies)|attributes?|dropdown|drop-down|select|picklist|pick list)$/i, "")
      // "their weight and their height": the owner's word is no part of a field's name
      .replace(OWNER_WORDS, "$1");
    const wanted = parseFieldPhrases(phrase, def.name, options).map(refined).map((w) => {
      // "add a customer to deals": a link to another entity's records
      const other = model.entities.find((e) => e !== def && snake(e.name) === w.name);
      return other ? { name: `${w.name}_id`, prop: linkProp(other.name) } : w;
    });
    if (!wanted.length) continue;
    // "add a status to customers with active, paused and closed" when customers have a status: those are its choices now
    const existing = wanted.length === 1 && options.length ? def.schema.properties[wanted[0].name] : undefined;
    if (existing?.enum) return setChoices(model, def.name, wanted[0].name, wanted[0].prop.enum!.map(String));
    return ops.addFields(model, def.name, wanted);
  }
  return null;
}

/** "make the deal value required", "make phone optional on customers", "the title of a task should be required". */
export function requiredness(m: string, model: AppModel): OpResult | null {
  const r =
    /^(?:make|set|mark)\s+(?:the\s+)?(.+?)\s+(?:fields?\s+)?(?:an?\s+)?(required|mandatory|compulsory|optional|not required)(?:\s+(?:field|column|one))?(?:\s+(?:on|for|in|of)\s+(?:the\s+)?(.+))?$/i.exec(m) ??
    /^(?:the\s+)?(.+?)\s+(?:should|must)\s+be\s+(required|mandatory|compulsory|optional|not required)(?:\s+(?:on|for|in|of)\s+(?:the\s+)?(.+))?$/i.exec(m);
  if (!r) return null;
  const required = !/optional|not required/i.test(r[2]);
  let phrase = r[1];
  let def = r[3] ? resolveEntity(model, r[3]) : undefined;
  if (r[3] && !def) return { reply: `I couldn't find an entity called "${cleanPhrase(r[3])}". The entities are: ${listing(model.entities.map((e) => e.name))}.` };
  // "the deal value", "a task's title", "the title of a task": the entity is named with the field
  if (!def) {
    const of = /^(.+?)\s+of\s+(?:an?\s+|the\s+|each\s+)?(.+)$/i.exec(phrase);
    const owned = /^(?:an?\s+|the\s+)?(.+?)'s\s+(.+)$/i.exec(phrase);
    const words = phrase.split(/\s+/);
    const split = of ? { entity: of[2], field: of[1] } : owned ? { entity: owned[1], field: owned[2] } : null;
    const lead = split ?? [1, 2].map((n) => ({ entity: words.slice(0, n).join(" "), field: words.slice(n).join(" ") })).find((x) => x.field && resolveEntity(model, x.entity));
    const named = lead && resolveEntity(model, lead.entity);
    if (named) {
      def = named;
      phrase = lead.field;
    }
  }
  const phrases = phrase.split(/\s*,\s*|\s+and\s+/i);
  const defs = def ? [def] : model.entities;
  const hits = defs.flatMap((d) => {
    const fields = phrases.map((p) => resolveField(model, d, p));
    return fields.every(Boolean) ? [{ def: d, names: [...new Set(fields.map((f) => f!.name))] }] : [];
  });
  if (!hits.length)
    return def
      ? { reply: `${def.name} has no field called ${listing(phrases.map((p) => `"${cleanPhrase(p)}"`))}. Its fields are: ${Object.keys(def.schema.properties).join(", ")}.` }
      : null;
  if (hits.length > 1)
    return {
      reply:
        `${listing(hits.map((h) => h.def.name))} ${hits.length === 2 ? "both" : "all"} have ${listing(hits[0].names.map((n) => `\`${n}\``))}; ` +
        `say which, e.g. "make the ${hits[0].names[0]} of ${hits[0].def.navTitle.toLowerCase()} ${required ? "required" : "optional"}".`,
    };
  return ops.setRequired(model, hits[0].def.name, hits[0].names, required);
}

/** "add a checkbox for vip customers", "add a flag to mark urgent tasks": a yes/no field named by the word. */
export function flagRequest(m: string, model: AppModel): OpResult | null {
  const r = /^(?:add|create|include)\s+(?:an?\s+)?(?:checkbox|check box|tick box|toggle|flag|yes\/no field)\s+(?:for|to mark|to flag|marking)\s+([a-z][\w-]*)\s+(.+)$/i.exec(m);
  const def = r && resolveEntity(model, r[2]);
  if (!r || !def) return null;
  return ops.addFields(model, def.name, [{ name: snake(r[1]), prop: { type: "boolean", default: false } }]);
}

/** "link tasks to deals", "connect each invoice to a customer": a field that picks one of the other's records. */
export function linkRequest(m: string, model: AppModel): OpResult | null {
  const r = /^(?:link|connect|relate|attach|associate)\s+(?:each\s+|every\s+|the\s+|my\s+)?(.+?)(?:\s+(?:to|with)\s+|\s*(?:->|→|=>)\s*)(?:an?\s+|the\s+|its\s+|their\s+|one\s+)?(.+)$/i.exec(m);
  if (!r) return null;
  const from = resolveEntity(model, r[1]);
  const to = resolveEntity(model, r[2]);
  if (!from || !to)
    return {
      reply:
        `I couldn't find ${listing([r[1], r[2]].filter((p) => !resolveEntity(model, p)).map((p) => `an entity called "${cleanPhrase(p)}"`))}. ` +
        `The entities are: ${listing(model.entities.map((e) => e.name))}.`,
    };
  if (from === to) return null;
  return ops.addFields(model, from.name, [{ name: `${snake(to.name)}_id`, prop: linkProp(to.name) }]);
}

export function removeFields(m: string, model: AppModel): OpResult | null {
  const r =
    /^(?:remove|delete|drop|get rid of|hide)\s+(?:the\s+)?(.+?)\s+(?:fields?|columns?|propert(?:y|ies)|attributes?)\s+(?:from|on|of|in)\s+(.+)$/i.exec(m) ??
    /^(?:remove|delete|drop|get rid of)\s+(?:the\s+)?(?:fields?|columns?)\s+(.+?)\s+(?:from|on|of|in)\s+(.+)$/i.exec(m) ??
    /^(?:remove|delete|drop|get rid of)\s+(?:the\s+)?(.+?)\s+(?:from|on|of|in)\s+(.+)$/i.exec(m);
  const bare = r ? null : /^(?:remove|delete|drop|get rid of)\s+(?:the\s+)?(.+?)\s+(?:fields?|columns?)$/i.exec(m);
  if (!r && !bare) return null;
  const phrases = (r ? r[1] : bare![1]).split(/\s*,\s*|\s+and\s+/i);
  if (r) {
    const def = resolveEntity(model, r[2]);
    if (!def)
      return /field|column/i.test(m)
        ? { reply: `I couldn't find an entity called "${cleanPhrase(r[2])}". The entities are: ${listing(model.entities.map((e) => e.name))}.` }
        : null;
    const found = phrases.map((p) => resolveField(model, def, p));
    if (found.some((f) => !f)) {
      return /field|column/i.test(m) || found.some(Boolean)
        ? {
            reply:
              `${def.name} has no field called ${listing(phrases.filter((_, i) => !found[i]).map((p) => `"${cleanPhrase(p)}"`))}. ` +
              `Its fields are: ${Object.keys(def.schema.properties).join(", ")}.`,
          }
        : null;
    }
    return ops.removeFields(model, def.name, [...new Set(found.map((f) => f!.name))]);
  }
  const hits = entitiesWithField(model, phrases[0]);
  if (hits.length !== 1) {
    return {
      reply: hits.length
        ? `${listing(hits.map((h) => h.def.name))} ${hits.length === 2 ? "both" : "all"} have that field; say which, ` +
          `e.g. "remove the ${hits[0].field.name} field from ${hits[0].def.navTitle.toLowerCase()}".`
        : `No entity has a field called "${cleanPhrase(phrases[0])}".`,
    };
  }
  return ops.removeFields(model, hits[0].def.name, [hits[0].field.name]);
}
