/**
 * Follow-up changes to whole entities beyond adding and removing them: a rename that
 * reaches every place the name shows, a new entity with the fields the sentence named,
 * and new choices for a list field. Each works on a copy of the model (see ops.ts).
 */
import { cloneModel } from "./changes";
import { describeProp, entityJson, type JsonProp, pluralTitle } from "./entities";
import { type AppModel, defaultPages, entityDef, type EntityPages, findEntity, modelPages, viewPage } from "./model";
import { listing, lowerWords, pluralize, sentence, snake } from "./naming";
import type { OpResult } from "./ops";
import { domainOf, GENERIC_ICON } from "./domains";

const ROLES = ["list", "detail", "form"] as const;

/** Renames an entity: its schema file, its pages (when they carry the default names), navigation, labels and every link to it. */
export function renameEntity(model: AppModel, from: string, to: string): OpResult {
  if (to === from) return { reply: `The entity is already called ${from}.` };
  if (findEntity(model, to)) return { reply: `The app already has a ${to} entity, so I can't rename ${from} to it.` };
  const after = cloneModel(model);
  const def = findEntity(after, from)!;
  const oldPages = defaultPages(from);
  const newPages = defaultPages(to);
  const taken = new Set(modelPages(model));
  const renamed: Record<string, string> = {};
  const pages: EntityPages = { ...def.pages };
  for (const role of ROLES) {
    const page = def.pages[role];
    // a page the owner renamed keeps its name; one with the default name follows the entity
    if (!page || page !== oldPages[role] || taken.has(newPages[role]!)) continue;
    pages[role] = newPages[role];
    renamed[`pages/${newPages[role]}`] = `pages/${page}`;
  }
  def.pages = pages;
  for (const view of ["board", "calendar"] as const) {
    if (def.views[view] !== viewPage(from, view) || taken.has(viewPage(to, view))) continue;
    def.views[view] = viewPage(to, view);
    renamed[`pages/${viewPage(to, view)}`] = `pages/${viewPage(from, view)}`;
  }
  def.name = to;
  def.schema = { ...def.schema, name: to };
  if (def.navTitle === pluralTitle(from)) def.navTitle = pluralTitle(to);
  const iconOf = (name: string) => domainOf(name)?.icon ?? GENERIC_ICON;
  if (def.icon === iconOf(from)) def.icon = iconOf(to);
  const oldKey = `${snake(from)}_id`;
  const newKey = `${snake(to)}_id`;
  const relinked: string[] = [];
  for (const e of after.entities) {
    if (e === def || !(oldKey in e.schema.properties) || newKey in e.schema.properties) continue;
    const prop: JsonProp = { ...e.schema.properties[oldKey], description: `id of the related ${to}` };
    e.schema.properties = Object.fromEntries(Object.entries(e.schema.properties).map(([k, v]) => (k === oldKey ? [newKey, prop] : [k, v])));
    e.schema.required = e.schema.required.map((r) => (r === oldKey ? newKey : r));
    e.filters = e.filters.map((f) => (f === oldKey ? newKey : f));
    relinked.push(e.name);
  }
  const words = (name: string) => [lowerWords(pluralize(name)), lowerWords(name)];
  for (const c of after.charts) {
    if (c.entity === from) {
      c.entity = to;
      // "Habits by status" -> "Routines by status"; a title the owner wrote stays
      for (const [i, w] of words(from).entries())
        c.title = c.title.replace(new RegExp(`\\b${w}\\b`, "i"), (hit) => (hit[0] === hit[0].toUpperCase() ? sentence(words(to)[i]) : words(to)[i]));
    }
    if (c.by === oldKey && relinked.includes(c.entity)) c.by = newKey;
  }
  const moved = Object.entries(renamed).map(([n, o]) => `${o} → ${n}`);
  return {
    after,
    renamed,
    plan: `Rename the ${from} entity to ${to}: entities/${to}, its pages, navigation, labels${relinked.length ? ` and the links from ${listing(relinked)}` : ""}.`,
    done: [
      `Renamed ${from} to ${to} everywhere: entities/${from} is now entities/${to}${moved.length ? `, ${listing(moved)}` : ""}, ` +
        `and the navigation, headings, buttons and labels say "${lowerWords(to)}" and "${lowerWords(pluralize(to))}".`,
      relinked.length ? `${listing(relinked)} now link${relinked.length === 1 ? "s" : ""} to ${to} through \`${newKey}\` (was \`${oldKey}\`).` : "",
      `Records saved before as ${from} records are not moved to ${to}${relinked.length ? `, and links saved under \`${oldKey}\` are not copied to \`${newKey}\`` : ""}.`,
    ]
      .filter(Boolean)
      .join(" "),
  };
}

/** A new entity with exactly the fields named, and its list, detail and form pages. */
export function addEntityWithFields(model: AppModel, name: string, fields: { name: string; prop: JsonProp }[]): OpResult {
  const existing = findEntity(model, name);
  if (existing)
    return { reply: `The app already has a ${name} entity. To give it more fields, say e.g. "add ${fields.map((f) => f.name).join(", ")} to ${lowerWords(pluralize(name))}".` };
  const pages = defaultPages(name);
  const clash = [pages.list, pages.detail, pages.form].find((p) => p && modelPages(model).includes(p));
  if (clash) return { reply: `pages/${clash} already exists, so I can't add a ${name} entity with its pages next to it.` };
  const properties: Record<string, JsonProp> = {};
  for (const f of fields) properties[f.name] = f.prop;
  const title = fields.find((f) => /^(name|title|subject)$/.test(f.name));
  const required = title ? [title.name] : [];
  const after = cloneModel(model);
  after.entities.push(entityDef(entityJson(name, properties, required)));
  const what = fields.map((f) => `\`${f.name}\` (${/^id of the related /.test(f.prop.description ?? "") ? `a link to ${f.prop.description!.slice(18)}` : describeProp(f.prop)})`);
  const list = Object.values(pages).filter(Boolean) as string[];
  return {
    after,
    plan: `Add the ${name} entity with ${listing(fields.map((f) => f.name))}, its list, detail and form pages, and a navigation link.`,
    done: `Added ${name} with ${listing(what)}. New pages: ${listing(list)}${after.hasLayout ? ", linked from the navigation" : ""}.`,
  };
}

/** New choices for a list (enum) field, kept in the order given after the existing ones. */
export function addChoices(model: AppModel, entity: string, field: string, values: string[]): OpResult {
  const def = findEntity(model, entity)!;
  const prop = def.schema.properties[field];
  const have = (prop.enum ?? []).map(String);
  const fresh = [...new Set(values.filter((v) => !have.includes(v)))];
  if (!fresh.length) return { reply: `${entity}'s \`${field}\` already offers ${listing(values.map((v) => `"${v}"`))}, so nothing changed.` };
  const after = cloneModel(model);
  after.entities.find((e) => e.name === entity)!.schema.properties[field] = { ...prop, enum: [...have, ...fresh] };
  return {
    after,
    plan: `Add ${listing(fresh.map((v) => `"${v}"`))} to the choices of ${entity}.${field}.`,
    done:
      `${entity}'s \`${field}\` now offers ${listing([...have, ...fresh].map((v) => `"${v}"`))}: the form's ` +
      `select, the list's filter and the badges show ${fresh.length === 1 ? "the new one" : "the new ones"}.`,
  };
}

/** A choice field's options replaced by these, in this order (the first is the default). */
export function setChoices(model: AppModel, entity: string, field: string, values: string[]): OpResult {
  const def = findEntity(model, entity)!;
  const prop = def.schema.properties[field];
  const have = (prop.enum ?? []).map(String);
  const wanted = [...new Set(values)];
  if (wanted.join() === have.join()) return { reply: `${entity}'s \`${field}\` already offers ${listing(wanted.map((v) => `"${v}"`))}, so nothing changed.` };
  const after = cloneModel(model);
  after.entities.find((e) => e.name === entity)!.schema.properties[field] = { ...prop, enum: wanted, default: wanted[0] };
  const dropped = have.filter((v) => !wanted.includes(v));
  return {
    after,
    plan: `Make the choices of ${entity}.${field} ${listing(wanted.map((v) => `"${v}"`))}.`,
    done:
      `${entity}'s \`${field}\` now offers ${listing(wanted.map((v) => `"${v}"`))}, "${wanted[0]}" first: ` +
      `${listing(["the form's select", "the list's filter", "the badges", ...(def.views.board ? ["the board's columns"] : [])])} ` +
      `follow.${dropped.length ? ` Records saved as ${listing(dropped.map((v) => `"${v}"`))} keep that value until edited.` : ""}`,
  };
}
