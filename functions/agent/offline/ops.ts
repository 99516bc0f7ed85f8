/**
 * The changes the offline engine knows how to make, each on a copy of the model.
 * An op returns the new model and words for the chat, or a plain reply when there
 * is nothing it can (or needs to) do.
 */
import { describeProp, type EntityJson, type JsonProp, entityJson, pluralTitle } from "./entities";
import { cloneModel } from "./changes";
import { type AppModel, defaultPages, entityDef, type EntityPages, findEntity, modelPages, pageNameFrom } from "./model";
import { listing, lowerWords, pluralize, sentence, snake } from "./naming";
import { defaultPrimary, type StyleName, type ThemeSettings } from "./styles";
import type { PartColours, ThemePart } from "./theme-parts";
import { type Domain, domainOf, fieldsFor, GENERIC_FIELDS } from "./domains";

export interface Change {
  after: AppModel;
  plan: string;
  done: string;
  renamed?: Record<string, string>;
  notes?: string[];
}
export type OpResult = Change | { reply: string };

const plural = (name: string) => lowerWords(pluralize(name));

const LINK = /^id of the related (\w+)$/;
/** A field's type in words; a link names the records it picks from. */
const describeField = (prop: JsonProp): string => {
  const target = LINK.exec(prop.description ?? "")?.[1];
  return target ? `a link to one ${target}` : describeProp(prop);
};

export function addFields(model: AppModel, entity: string, add: { name: string; prop: JsonProp }[]): OpResult {
  const after = cloneModel(model);
  const def = findEntity(after, entity)!;
  const fresh = add.filter((f) => !(f.name in def.schema.properties));
  const existing = add.filter((f) => f.name in def.schema.properties).map((f) => f.name);
  if (!fresh.length) return { reply: `${sentence(plural(entity))} already have ${listing(existing.map((n) => `a \`${n}\` field`))}, so there is nothing to add.` };
  for (const f of fresh) def.schema.properties[f.name] = f.prop;
  const what = fresh.map((f) => `\`${f.name}\` (${describeField(f.prop)})`);
  const shown = def.pages.form || def.pages.detail || def.pages.list;
  return {
    after,
    plan: `Add ${listing(fresh.map((f) => f.name))} to ${entity}${shown ? ": the schema, its form, list and detail pages" : "'s schema"}.`,
    done: shown
      ? `${entity} now has ${listing(what)}. ${fresh.length === 1 ? "It shows" : "They show"} in the form, on the ` +
        `detail page and, space permitting, as ${fresh.length === 1 ? "a column" : "columns"} in the list.`
      : `${entity} now has ${listing(what)}. ${entity} has no pages made by the offline engine, so only its schema changed.`,
    notes: existing.length ? [`${listing(existing.map((n) => `\`${n}\``))} already existed and stayed as it was.`] : [],
  };
}

export function removeFields(model: AppModel, entity: string, names: string[]): OpResult {
  const after = cloneModel(model);
  const def = findEntity(after, entity)!;
  for (const name of names) delete def.schema.properties[name];
  def.schema.required = def.schema.required.filter((r) => !names.includes(r));
  def.filters = def.filters.filter((f) => !names.includes(f));
  keepCharts(after);
  return {
    after,
    plan: `Remove ${listing(names)} from ${entity} and from its pages.`,
    done: `Removed ${listing(names.map((n) => `\`${n}\``))} from ${entity}'s schema and pages. Values already stored on existing records are not deleted; they are just no longer shown.`,
  };
}

/** Make fields required (the form refuses a blank one) or optional again. */
export function setRequired(model: AppModel, entity: string, names: string[], required: boolean): OpResult {
  const def = findEntity(model, entity)!;
  const changing = names.filter((n) => def.schema.required.includes(n) !== required);
  const fields = listing(names.map((n) => `\`${n}\``));
  if (!changing.length) return { reply: `${entity}'s ${fields} ${names.length === 1 ? "is" : "are"} already ${required ? "required" : "optional"}, so nothing changed.` };
  const after = cloneModel(model);
  const target = findEntity(after, entity)!;
  target.schema.required = required ? [...target.schema.required, ...changing] : target.schema.required.filter((r) => !changing.includes(r));
  return {
    after,
    plan: `Make ${entity}'s ${fields} ${required ? "required" : "optional"}.`,
    done: required
      ? `${entity}'s ${fields} ${names.length === 1 ? "is" : "are"} now required: the form marks ${names.length === 1 ? "it" : "them"} ` +
        `with * and won't save while ${names.length === 1 ? "it is" : "they are"} blank. Records saved before without ` +
        `${names.length === 1 ? "it" : "them"} stay as they are.`
      : `${entity}'s ${fields} ${names.length === 1 ? "is" : "are"} now optional: the form saves without ${names.length === 1 ? "it" : "them"}.`,
  };
}

export function renameField(model: AppModel, entity: string, from: string, to: string): OpResult {
  if (to in findEntity(model, entity)!.schema.properties) return { reply: `${entity} already has a \`${to}\` field, so I can't rename \`${from}\` to it.` };
  const after = cloneModel(model);
  const schema = findEntity(after, entity)!.schema;
  schema.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k === from ? to : k, v]));
  schema.required = schema.required.map((r) => (r === from ? to : r));
  const def = findEntity(after, entity)!;
  def.filters = def.filters.map((f) => (f === from ? to : f));
  for (const c of after.charts) {
    if (c.entity !== entity) continue;
    if (c.by === from) c.by = to;
    if (c.sum === from) c.sum = to;
  }
  return {
    after,
    plan: `Rename ${entity}.${from} to ${to} in the schema and its pages.`,
    done: `Renamed \`${from}\` to \`${to}\` on ${entity}. Records saved before keep their value under \`${from}\`, so copy them over if you need them under the new name.`,
  };
}

/** A new entity: the domain's fields, or generic ones, with relations to entities the app has. */
function schemaFor(name: string, domain: Domain | undefined, entities: string[]): EntityJson {
  const { properties, required } = fieldsFor(domain ? domain.fields : GENERIC_FIELDS, entities);
  return entityJson(name, properties, required);
}

export function addEntities(model: AppModel, wanted: { name: string; domain?: Domain }[]): OpResult {
  const after = cloneModel(model);
  const added: string[] = [];
  const restored: string[] = [];
  const present: string[] = [];
  const pages = new Set(modelPages(model));
  for (const w of wanted) {
    const existing = findEntity(after, w.name);
    if (existing && existing.pages.list) present.push(w.name);
    else if (existing) {
      existing.pages = defaultPages(w.name);
      restored.push(w.name);
    } else {
      const p = defaultPages(w.name);
      if ([p.list, p.detail, p.form].some((x) => x && pages.has(x))) {
        present.push(w.name);
        continue;
      }
      const names = [...after.entities.map((e) => e.name), ...wanted.map((x) => x.name)];
      after.entities.push(entityDef(schemaFor(w.name, w.domain ?? domainOf(w.name), names)));
      added.push(w.name);
    }
  }
  if (!added.length && !restored.length) return { reply: `The app already has ${listing(present.map(plural))}, with their pages.` };
  const all = [...added, ...restored];
  const pageList = all.flatMap((n) => Object.values(defaultPages(n)) as string[]);
  const fieldsText = added.map((n) => {
    const def = findEntity(after, n)!;
    return `${n} (${Object.keys(def.schema.properties).join(", ")})`;
  });
  return {
    after,
    plan: `Add ${listing(all)}: ${added.length ? "entity schema, " : ""}list, detail and form pages, and a navigation link.`,
    done: [
      added.length ? `Added ${listing(fieldsText)}.` : "",
      restored.length ? `Brought back the pages of ${listing(restored)}.` : "",
      `New pages: ${listing(pageList)}${after.hasLayout ? ", linked from the navigation" : ""}${after.dashboardPage ? `${after.hasLayout ? " and" : ","} counted on the dashboard` : ""}.`,
    ]
      .filter(Boolean)
      .join(" "),
    notes: present.length ? [`${listing(present)} already existed.`] : [],
  };
}

export function removeEntity(model: AppModel, entity: string): OpResult {
  const after = cloneModel(model);
  const def = findEntity(model, entity)!;
  after.entities = after.entities.filter((e) => e.name !== entity);
  const key = `${snake(entity)}_id`;
  const unlinked: string[] = [];
  for (const e of after.entities) {
    if (key in e.schema.properties) {
      delete e.schema.properties[key];
      e.schema.required = e.schema.required.filter((r) => r !== key);
      e.filters = e.filters.filter((f) => f !== key);
      unlinked.push(e.name);
    }
  }
  keepCharts(after);
  const pages = [def.pages.list, def.pages.detail, def.pages.form, def.views.board, def.views.calendar].filter(Boolean) as string[];
  return {
    after,
    plan: `Remove ${entity}: its schema, ${pages.length ? listing(pages) : "no pages"} and its navigation link.`,
    done:
      `Removed the ${entity} entity${pages.length ? ` and its pages (${listing(pages)})` : ""}.` +
      `${unlinked.length ? ` ${listing(unlinked)} no longer link${unlinked.length === 1 ? "s" : ""} to ${plural(entity)} (\`${key}\` removed).` : ""}`,
  };
}

export function removePages(model: AppModel, entity: string, roles: (keyof EntityPages)[]): OpResult {
  const after = cloneModel(model);
  const def = findEntity(after, entity)!;
  const gone = roles.map((r) => def.pages[r]).filter(Boolean) as string[];
  for (const r of roles) def.pages[r] = null;
  return {
    after,
    plan: `Remove ${listing(gone)}${roles.includes("list") ? " and the navigation link" : ""}.`,
    done: `Removed ${listing(gone.map((p) => `pages/${p}`))}.${roles.includes("list") ? ` The ${entity} entity and its records stay; ask to "delete the ${entity} entity" to remove it as well.` : ""}`,
  };
}

/** Link an entity's list page from the navigation, or keep the page and drop the link. */
export function setInNav(model: AppModel, entity: string, inNav: boolean): OpResult {
  const def = findEntity(model, entity)!;
  const page = def.pages.list!;
  if (def.inNav === inNav) return { reply: `pages/${page} is already ${inNav ? "in" : "left out of"} the navigation, so nothing changed.` };
  const after = cloneModel(model);
  findEntity(after, entity)!.inNav = inNav;
  return {
    after,
    plan: `${inNav ? "Add" : "Remove"} the navigation link to pages/${page}.`,
    done: inNav
      ? `pages/${page} is linked from the navigation again.`
      : `The navigation no longer links pages/${page}; the page, its records and the links to it from other pages stay. Ask to "show ${def.navTitle.toLowerCase()} in the menu" to link it again.`,
  };
}

export function removeView(model: AppModel, entity: string, view: "board" | "calendar"): OpResult {
  const after = cloneModel(model);
  const def = findEntity(after, entity)!;
  const page = def.views[view]!;
  def.views[view] = null;
  return { after, plan: `Remove pages/${page} and its navigation link.`, done: `Removed pages/${page}, the ${entity} ${view}. The ${entity} records and their other pages stay.` };
}

/** Charts that still name an existing entity and fields (after a field or an entity is removed). */
function keepCharts(model: AppModel) {
  model.charts = model.charts.filter((c) => {
    const props = findEntity(model, c.entity)?.schema.properties;
    return !!props && c.by in props && (c.sum === null || c.sum in props);
  });
}

export function removeDashboard(model: AppModel): OpResult {
  const after = cloneModel(model);
  const page = model.dashboardPage!;
  after.dashboardPage = null;
  return { after, plan: `Remove pages/${page} and its navigation link.`, done: `Removed pages/${page}.` };
}

export function renameModelPage(model: AppModel, page: string, title: string): OpResult {
  const to = pageNameFrom(title);
  if (!to) return { reply: `"${title}" doesn't make a page name; use letters, e.g. "rename the ${page} page to Overview".` };
  if (to === page) return { reply: `The page is already called ${page}.` };
  const after = cloneModel(model);
  if (after.dashboardPage === page) {
    after.dashboardPage = to;
    after.dashboardTitle = title;
  } else {
    for (const e of after.entities) {
      for (const role of ["list", "detail", "form"] as const) {
        if (e.pages[role] !== page) continue;
        e.pages[role] = to;
        if (role === "list") e.navTitle = title;
      }
    }
  }
  return {
    after,
    renamed: { [`pages/${to}`]: `pages/${page}` },
    plan: `Rename pages/${page} to pages/${to} and update every link to it.`,
    done: `Renamed pages/${page} to pages/${to}; the navigation and the links to it follow the new name.`,
  };
}

export function setTheme(model: AppModel, patch: { style?: StyleName; dark?: boolean; primary?: string }): OpResult {
  const before = model.theme;
  const next: ThemeSettings = { ...before };
  if (patch.style !== undefined && patch.style !== before.style) {
    next.style = patch.style;
    if (before.primary === defaultPrimary(before.style) && !patch.primary) next.primary = defaultPrimary(patch.style);
  }
  if (patch.dark !== undefined) next.dark = patch.dark;
  if (patch.primary) next.primary = patch.primary;
  const said: string[] = [];
  if (next.style !== before.style) said.push(`the ${next.style ?? "clean"} style`);
  if (next.dark !== before.dark) said.push(next.dark ? "dark mode" : "light mode");
  if (next.primary !== before.primary) said.push(`${next.primary} as the primary colour`);
  if (!said.length) {
    return {
      reply: `The app already uses the ${before.style ?? "clean"} style in ${before.dark ? "dark" : "light"} mode with ${before.primary} as its primary colour, so nothing changes.`,
    };
  }
  const after = cloneModel(model);
  after.theme = next;
  return {
    after,
    plan: `Switch to ${listing(said)} in components/Theme.`,
    done: `Switched to ${listing(said)}. The layout, pages and components read their classes from components/Theme, so that one file changed.`,
  };
}

/** Colours of their own for named parts (header, sidebar, buttons …), on top of the style. */
export function setPartColours(model: AppModel, parts: PartColours): OpResult {
  const before = model.theme.parts ?? {};
  const changed = (Object.keys(parts) as ThemePart[]).filter((p) => before[p] !== parts[p]);
  const said = changed.map((p) => `the ${p} ${parts[p]}`);
  if (!changed.length)
    return {
      reply: `The ${listing(Object.keys(parts))} ${Object.keys(parts).length === 1 ? "is" : "are"} already ${listing([...new Set(Object.values(parts))])}, so nothing changed.`,
    };
  const after = cloneModel(model);
  after.theme = { ...after.theme, parts: { ...before, ...parts } };
  return {
    after,
    plan: `Make ${listing(said)} in components/Theme.`,
    done: `Made ${listing(said)}. The layout and pages take these classes from components/Theme, so that one file changed; the ${model.theme.style ?? "clean"} style's shapes and shadows stay.`,
  };
}

export function setAppTitle(model: AppModel, title: string): OpResult {
  if (!model.hasLayout) return { reply: "This app has no layout/main, which is where the offline engine keeps the app's title, so there is no title to change." };
  if (title === model.title) return { reply: `The app is already called "${title}".` };
  const after = cloneModel(model);
  after.title = title;
  return { after, plan: `Change the app's title to "${title}" in layout/main.`, done: `The app's title in the navigation now reads "${title}".` };
}

export function setPageTitle(model: AppModel, page: string, title: string): OpResult {
  const after = cloneModel(model);
  if (model.dashboardPage === page) {
    if (model.dashboardTitle === title) return { reply: `The ${page} page is already titled "${title}".` };
    after.dashboardTitle = title;
  } else {
    const def = after.entities.find((e) => e.pages.list === page);
    if (!def)
      return {
        reply: `The heading of pages/${page} is built from the record it shows, so there is no fixed title to change. I can change the titles of the dashboard and of list pages.`,
      };
    def.navTitle = title;
  }
  return { after, plan: `Change the title of pages/${page} to "${title}".`, done: `pages/${page} is now titled "${title}", in its heading and in the navigation.` };
}

export const defaultTitle = (entity: string): string => pluralTitle(entity);
