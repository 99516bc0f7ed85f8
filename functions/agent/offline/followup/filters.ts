/**
 * Filters and search on a list as people ask for them: "add a filter by stylist", "let me filter
 * jobs by status", "filter the rota by volunteer", "search dogs by name", "a filter by badge on
 * awards". The list page gets a control that compares that field (templates/list-filters.ts): a
 * select of the linked records when the word names an entity, of the choices for a choice field,
 * yes/no for a yes/no field, a text box otherwise.
 */
import { cloneModel } from "../changes";
import { type Field, linkProp, statusField } from "../entities";
import { type AppModel, type EntityDef, fields } from "../model";
import { listing, lowerWords, pluralize, snake } from "../naming";
import type { OpResult } from "../ops";
import { pattern } from "../pattern";
import { cleanPhrase, parseFieldPhrases, resolveEntity, resolveField } from "../resolve";
import { sharesSense } from "./senses";
import { entityHolding, entityIn } from "./target";

const LEAD = /^(?:(?:i want|i'd like|i would like|we want|we need|i need|let me|let us|let's|allow me to|can i|can we|i want to be able to|be able to|make it possible to|a way to)\s+(?:to\s+)?)?/;

/** [entity phrase | null, field phrase], from the sentence's wording. */
function filterPhrases(m: string): [string | null, string] | null {
  const forms: [RegExp, number | null, number][] = [
    // "add a filter on orders by customer": the records after "on", the field after "by" (before the bare "filter on …" below)
    [pattern("i", /^(?:add|put|give me|include|i need|i want|we need)\s+(?:an?\s+|some\s+)?(?:way to\s+)?/, /(?:filter|search)\s+(?:on|for|to)\s+(?:the\s+)?(.+?)\s+(?:by|on)\s+(?:the\s+|their\s+|its\s+)?(.+)$/), 1, 2],
    // "add a filter by stylist on appointments", "add a status filter to jobs"
    [pattern("i", /^(?:add|put|give me|include|i need|i want|we need)\s+(?:an?\s+|some\s+)?(?:way to\s+)?/, /(?:filter|search)\s+(?:box\s+|option\s+|dropdown\s+)?(?:by|for|on)\s+(?:the\s+|their\s+|its\s+)?(.+?)/, /\s+(?:on|to|for|in)\s+(?:the\s+)?(.+?)(?:\s+(?:list|page|table))?$/), 2, 1],
    [pattern("i", /^(?:add|put|give me|include|i need|i want|we need)\s+(?:an?\s+|some\s+)?/, /(?!(?:an?|some|the)\s)(.+?)\s+(?:filter|search)(?:\s+(?:box|option|dropdown))?/, /\s+(?:on|to|for|in)\s+(?:the\s+)?(.+?)(?:\s+(?:list|page|table))?$/), 2, 1],
    [pattern("i", /^(?:add|put|give me|include|i need|i want|we need)\s+(?:an?\s+|some\s+)?(?:way to\s+)?/, /(?:filter|search)\s+(?:box\s+|option\s+|dropdown\s+)?(?:by|for|on)\s+(?:the\s+|their\s+|its\s+)?(.+)$/), null, 1],
    [pattern("i", /^(?:add|put|give me|include|i need|i want|we need)\s+(?:an?\s+|some\s+)?/, /(.+?)\s+(?:filter|search)(?:\s+(?:box|option|dropdown))?$/), null, 1],
    // "a filter by size on the shirts", "add a filter on orders by customer"
    [pattern("i", /^(?:(?:add|put|give me|include)\s+)?(?:an?\s+|some\s+)?/, /(?:filter|search)\s+(?:by|for)\s+(?:the\s+|their\s+|its\s+)?(.+?)\s+(?:on|to|for|in)\s+(?:the\s+)?(.+?)(?:\s+(?:list|page|table))?$/), 2, 1],
    [pattern("i", /^(?:(?:add|put|give me|include)\s+)?(?:an?\s+|some\s+)?/, /(?:filter|search)\s+(?:on|for|to)\s+(?:the\s+)?(.+?)\s+(?:by|on)\s+(?:the\s+|their\s+|its\s+)?(.+)$/), 1, 2],
    // "let me filter jobs by status", "search dogs by name", "filter the rota by volunteer"
    [pattern("i", LEAD, /(?:filter|search|sort and filter|narrow(?: down)?|find)\s+(?:the\s+|my\s+|our\s+|all\s+)?(?!(?:by|on|for)\s)(.+?)\s+(?:by|on|using)\s+(?:the\s+|their\s+|its\s+)?(.+)$/), 1, 2],
    [pattern("i", LEAD, /(?:filter|search)\s+(?:by|on)\s+(?:the\s+|their\s+|its\s+)?(.+)$/), null, 1],
    // "make the jobs list filterable by customer"
    [pattern("i", /^(?:make|let)\s+(?:the\s+)?(.+?)(?:\s+(?:list|page|table))?\s+(?:be\s+)?(?:filterable|searchable|filtered|sortable and filterable)\s+(?:by|on)\s+(?:the\s+|their\s+|its\s+)?(.+)$/), 1, 2],
    // "and let the office filter visits by carer": the filter wherever the sentence asks it
    [/\b(?:filter|search)\s+(?:the\s+|my\s+|our\s+|all\s+)?([a-z][\w\s-]*?)\s+(?:by|on|using)\s+(?:the\s+|their\s+|its\s+)?(.+)$/i, 1, 2],
    // "pick a voice part and only see those singers": the field picked, the records seen
    [/\b(?:pick|choose|select)\s+(?:an?\s+|the\s+|one\s+)?([a-z][\w\s-]*?)\s+and\s+(?:then\s+)?(?:only\s+|just\s+)?(?:see|show|get|view|list)\s+(?:me\s+)?(?:only\s+|just\s+)?(?:those\s+|the\s+|these\s+|its\s+|their\s+)?([a-z][\w\s-]*?)$/i, 2, 1],
    // "a dropdown to filter jobs by customer"
    [pattern("i", /^(?:add\s+|put\s+|i want\s+|i need\s+)?(?:an?\s+)?(?:dropdown|drop-down|select|box|way)\s+to\s+(?:filter|search)\s+(?:the\s+)?(.+?)\s+(?:by|on)\s+(?:the\s+|their\s+|its\s+)?(.+)$/), 1, 2],
  ];
  for (const [re, entityAt, fieldAt] of forms) {
    const r = re.exec(m);
    if (r) return [entityAt === null ? null : r[entityAt], r[fieldAt].replace(/\s+(?:too|as well|please|pls)$/i, "")];
  }
  return null;
}

/**
 * "by referee" when the records link to a Ref through `ref_id`, "by mech" for `mechanic_id`: the one link
 * whose records the word names in other words (WordNet) or cut short, before any other entity whose name
 * merely holds the word.
 */
function linkSaidOtherwise(all: Field[], phrase: string): Field | null {
  const head = cleanPhrase(phrase).split(/\s+/).at(-1)?.toLowerCase() ?? "";
  if (!/^[a-z]+$/.test(head)) return null;
  // "by mech" for `mechanic_id`: a word cut short, as people type, is the start of the name
  const means = (w: string) => sharesSense(head, w) || (head.length >= 3 && w.length > head.length && w.startsWith(head));
  const links = all.filter((f) => f.kind === "relation" && f.target && [lowerWords(f.target).split(" ").at(-1) ?? "", f.name.replace(/_ids?$/, "").split("_").at(-1) ?? ""].some(means));
  return links.length === 1 ? links[0] : null;
}

/** The field a filter phrase means on `def`: by name, by the entity it links to, or by the words it holds ("tag" -> ear_tag_number). */
function fieldFor(model: AppModel, def: EntityDef, phrase: string): Field | { link: EntityDef } | null {
  const all = fields(model, def);
  // "by cleaner" when the records link to Cleaner: the link, even beside a free `cleaner` field
  const target = resolveEntity(model, phrase);
  const link = target && target !== def ? all.find((f) => f.kind === "relation" && f.target === target.name) : undefined;
  if (link) return link;
  const named = resolveField(model, def, phrase);
  if (named) return named;
  const linked = linkSaidOtherwise(all, phrase);
  if (linked) return linked;
  // records it links to none of yet: the link to make
  if (target && target !== def) return { link: target };
  const words = snake(cleanPhrase(phrase)).split("_").filter(Boolean);
  const holding = all.filter((f) => words.every((w) => f.name.split("_").includes(w)) || f.name.split("_").every((w) => words.includes(w)));
  return holding.length === 1 ? holding[0] : null;
}

/** The filter asked for, added to the list page; null when the sentence asks for no filter. */
export function filterRequest(m: string, model: AppModel, currentPage?: string | null): OpResult | null {
  const phrases = filterPhrases(m);
  if (!phrases) return null;
  const [entityPhrase, fieldPhrase] = phrases;
  const named = entityPhrase ? entityIn(model, entityPhrase) : undefined;
  // "filter the rota by volunteer": no entity is called that, so the records are the ones with the field
  const owns = (e: EntityDef) => {
    const found = fieldFor(model, e, fieldPhrase);
    return !!found && !("link" in found);
  };
  // the records are never the ones the field names ("filter by tank" is not on tanks)
  const byEntity = resolveEntity(model, fieldPhrase);
  const holder = named ?? entityHolding({ ...model, entities: model.entities.filter((e) => e !== byEntity) }, owns, currentPage);
  // "filter water tests by tank" when there are no water tests: not a guess at other records
  if (entityPhrase && !named && !(holder && owns(holder)))
    return { reply: `I couldn't find an entity called "${cleanPhrase(entityPhrase)}" to filter. The entities are: ${listing(model.entities.map((e) => e.name))}.` };
  const def = holder;
  if (!def) return null;
  if (!def.pages.list) return { reply: `${def.name} has no list page to put a filter on. Ask to "add ${lowerWords(pluralize(def.name))}" to bring its pages back.` };
  const found = fieldFor(model, def, fieldPhrase);
  const after = cloneModel(model);
  const target = after.entities.find((e) => e.name === def.name)!;
  const added: string[] = [];
  let field: string;
  if (!found) {
    // "filter wines by colour" with no colour yet: the field too, as a text field
    const [wanted] = parseFieldPhrases(cleanPhrase(fieldPhrase), def.name);
    if (!wanted || wanted.name.split("_").length > 3) return null;
    const name = wanted.name;
    target.schema.properties[name] = wanted.prop;
    added.push(name);
    field = name;
  } else if ("link" in found) {
    field = `${snake(found.link.name)}_id`;
    target.schema.properties[field] = linkProp(found.link.name);
    added.push(field);
  } else field = found.name;
  const status = statusField(fields(model, def));
  if (!added.length && (def.filters.includes(field) || status?.name === field))
    return { reply: `pages/${def.pages.list} already has a filter by ${lowerWords(field.replace(/_id$/, ""))}, so nothing needed to change.` };
  target.filters = [...target.filters, field];
  const what = lowerWords(field.replace(/_id$/, ""));
  return {
    after,
    plan: `Add a filter by ${what} to pages/${def.pages.list}${added.length ? `, and the field \`${field}\` to ${def.name}` : ""}.`,
    done:
      `pages/${def.pages.list} now has a filter by ${what} next to the search box: ` +
      `${found && !("link" in found) && (found.kind === "text" || found.kind === "longtext" || found.kind === "email" || found.kind === "number") ? `type part of a ${what} to see only the ${lowerWords(pluralize(def.name))} whose \`${field}\` contains it` : `pick a value to see only the ${lowerWords(pluralize(def.name))} with that \`${field}\``}.` +
      (added.length ? ` ${def.name} had no ${what} field, so I added ${listing(added.map((a) => `\`${a}\``))}${"link" in (found ?? {}) ? ` (a link to one ${what})` : ""}; fill it in on the form.` : ""),
  };
}
