/**
 * The app as the offline engine understands it: entities with their pages, the
 * layout's title and navigation, the dashboard and the theme. The first turn
 * builds one from a description; a follow-up reads it back from the file tree,
 * changes it, and the templates render both versions so only the difference is sent.
 */
import { type EntityJson, type Field, fieldsOf, parseEntity, pluralTitle } from "./entities";
import { pascal, pluralize } from "./naming";
import { defaultTheme, parseTheme, type ThemeSettings } from "./styles";
import { domainOf, GENERIC_ICON } from "./domains";

export interface EntityPages {
  list: string | null;
  detail: string | null;
  form: string | null;
}

/** Extra views of an entity's records: a kanban board by its status, a month calendar by a date. */
export interface EntityViews {
  board: string | null;
  calendar: string | null;
}

/** A bar chart on the dashboard: records of `entity` grouped by field `by` (by month for a date), counted or summing `sum`. */
export interface ChartSpec {
  entity: string;
  by: string;
  sum: string | null;
  title: string;
}

export interface EntityDef {
  name: string;
  schema: EntityJson;
  pages: EntityPages;
  views: EntityViews;
  /** the list page's title in the navigation and its heading */
  navTitle: string;
  icon: string;
  /** whether the navigation links the list page ("hide the tasks page from the menu" keeps the page, unlinked) */
  inNav: boolean;
  /** fields the list page has a filter control for besides its status select ("add a filter by stylist") */
  filters: string[];
}

export interface AppModel {
  title: string;
  dashboardPage: string | null;
  dashboardTitle: string;
  hasLayout: boolean;
  theme: ThemeSettings;
  entities: EntityDef[];
  charts: ChartSpec[];
  /** what the user's last request was about (followup/target.ts), for a request that names no records ("filter players by team", then "add kit size") */
  discussed?: EntityDef;
}

export const THEME_PATH = "components/Theme";
export const LAYOUT_PATH = "layout/main";

export function defaultPages(name: string): EntityPages {
  return { list: pluralize(name) === name ? `${name}List` : pluralize(name), detail: `${name}Detail`, form: `${name}Form` };
}

/** The page names of an entity's board and calendar views, when it has them. */
export const viewPage = (name: string, view: keyof EntityViews): string => `${name}${view === "board" ? "Board" : "Calendar"}`;

export function entityDef(schema: EntityJson, pages: EntityPages = defaultPages(schema.name), icon?: string): EntityDef {
  return {
    name: schema.name,
    schema,
    pages,
    views: { board: null, calendar: null },
    navTitle: pluralTitle(schema.name),
    icon: icon ?? domainOf(schema.name)?.icon ?? GENERIC_ICON,
    inNav: true,
    filters: [],
  };
}

export const entityNames = (model: AppModel): string[] => model.entities.map((e) => e.name);

export function fields(model: AppModel, entity: EntityDef): Field[] {
  return fieldsOf(entity.schema, entityNames(model));
}

export const hasPages = (e: EntityDef): boolean => e.pages.list !== null;

export function findEntity(model: AppModel, name: string): EntityDef | undefined {
  return model.entities.find((e) => e.name === name);
}

export function newModel(title: string, theme: ThemeSettings, schemas: EntityJson[], icons: Record<string, string> = {}): AppModel {
  return {
    title,
    dashboardPage: "Dashboard",
    dashboardTitle: "Dashboard",
    hasLayout: true,
    theme,
    entities: schemas.map((s) => entityDef(s, defaultPages(s.name), icons[s.name])),
    charts: [],
  };
}

export interface NavItem {
  title: string;
  page: string;
  icon: string;
}

const NAV_ITEM = /\{ title: ("(?:[^"\\]|\\.)*"), page: "([A-Za-z][\w-]*)", icon: ([A-Za-z]\w*)/g;

/** The navigation items of a layout written by the offline engine. */
export function navItems(layout: string | undefined): NavItem[] {
  if (!layout) return [];
  const out: NavItem[] = [];
  for (const m of layout.matchAll(NAV_ITEM)) {
    try {
      out.push({ title: JSON.parse(m[1]) as string, page: m[2], icon: m[3] });
    } catch {
      /* a hand-edited title; skip it */
    }
  }
  return out;
}

const pageNames = (files: Record<string, string>) =>
  Object.keys(files)
    .filter((p) => p.startsWith("pages/"))
    .map((p) => p.slice(6))
    .sort();

/** Which page plays which role for an entity: the default names, else by what the code calls. */
function resolvePages(name: string, ident: RegExp, files: Record<string, string>): EntityPages {
  const wanted = defaultPages(name);
  const pages = pageNames(files);
  const has = (p: string | null) => p !== null && pages.includes(p);
  const find = (test: (code: string) => boolean) => pages.find((p) => test(files[`pages/${p}`])) ?? null;
  const calls = (code: string, method: string) => new RegExp(`\\b${ident.source}\\.${method}\\(`).test(code);
  return {
    list: has(wanted.list) ? wanted.list : find((c) => calls(c, "list") && calls(c, "delete") && !calls(c, "get") && !calls(c, "create")),
    detail: has(wanted.detail) ? wanted.detail : find((c) => calls(c, "get") && calls(c, "delete") && !calls(c, "create")),
    form: has(wanted.form) ? wanted.form : find((c) => calls(c, "create") && calls(c, "update")),
  };
}

/** Reads the model back from an app's files; `broken` lists entity files that are not valid JSON. */
export function readModel(files: Record<string, string>, appName: string): { model: AppModel; broken: string[] } {
  const layout = files[LAYOUT_PATH];
  const nav = navItems(layout);
  const title = (layout && /const APP_TITLE = ("(?:[^"\\]|\\.)*");/.exec(layout)?.[1]) || null;
  const broken: string[] = [];
  const entities: EntityDef[] = [];
  for (const path of Object.keys(files)
    .filter((p) => p.startsWith("entities/"))
    .sort()) {
    const schema = parseEntity(path, files[path]);
    if (!schema) {
      broken.push(path);
      continue;
    }
    const ident = new RegExp(`(?:${schema.name}|${schema.name}Entity)`);
    const pages = resolvePages(schema.name, ident, files);
    const def = entityDef(schema, pages);
    for (const view of ["board", "calendar"] as const) if (`pages/${viewPage(schema.name, view)}` in files) def.views[view] = viewPage(schema.name, view);
    def.filters = pages.list ? readFilters(files[`pages/${pages.list}`], schema) : [];
    const item = nav.find((n) => n.page === pages.list);
    if (item) {
      def.navTitle = item.title;
      def.icon = item.icon;
    } else if (nav.length && pages.list && `pages/${pages.list}` in files) def.inNav = false;
    entities.push(def);
  }
  const order = (e: EntityDef) => {
    const at = nav.findIndex((n) => n.page === e.pages.list);
    return at < 0 ? nav.length : at;
  };
  entities.sort((x, y) => order(x) - order(y) || (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  // the dashboard is pages/Dashboard, or the page the layout links with the dashboard icon (after a rename)
  const dashboardPage = "pages/Dashboard" in files ? "Dashboard" : (nav.find((n) => n.icon === "LayoutDashboard" && `pages/${n.page}` in files)?.page ?? null);
  const heading = dashboardPage ? /<h1 className=\{theme\.heading\}>([^<{]*)<\/h1>/.exec(files[`pages/${dashboardPage}`]) : null;
  let parsedTitle = appName;
  try {
    if (title) parsedTitle = JSON.parse(title) as string;
  } catch {
    /* keep the app's name */
  }
  return {
    model: {
      title: parsedTitle,
      dashboardPage,
      dashboardTitle: heading?.[1]?.trim() || "Dashboard",
      hasLayout: LAYOUT_PATH in files,
      theme: THEME_PATH in files ? parseTheme(files[THEME_PATH]) : defaultTheme(null),
      entities,
      charts: dashboardPage ? readCharts(files[`pages/${dashboardPage}`], entities) : [],
    },
    broken,
  };
}

/** The dashboard's charts, read back from its `const CHARTS = [...]` line; charts of missing entities or fields are dropped. */
function readCharts(dashboard: string | undefined, entities: EntityDef[]): ChartSpec[] {
  const line = dashboard ? /^const CHARTS = (\[.*\]);$/m.exec(dashboard) : null;
  if (!line) return [];
  try {
    const parsed = JSON.parse(line[1]) as ChartSpec[];
    return parsed.filter((c) => {
      const props = entities.find((e) => e.name === c?.entity)?.schema.properties;
      return !!props && typeof c.by === "string" && c.by in props && (c.sum === null || c.sum in props) && typeof c.title === "string";
    });
  } catch {
    return [];
  }
}

/** The line of a list page that names its filter fields (templates/list-filters.ts writes it). */
export const FILTER_LINE = /^const FILTER_FIELDS = (\[.*\]);$/m;

/** A list page's filter fields, read back from its `const FILTER_FIELDS = [...]` line; fields the entity lost are dropped. */
function readFilters(list: string | undefined, schema: EntityJson): string[] {
  const line = list ? FILTER_LINE.exec(list) : null;
  if (!line) return [];
  try {
    const parsed = JSON.parse(line[1]) as unknown[];
    return parsed.filter((f): f is string => typeof f === "string" && f in schema.properties);
  } catch {
    return [];
  }
}

/** Every page name the model renders. */
export function modelPages(model: AppModel): string[] {
  const out: string[] = [];
  if (model.dashboardPage) out.push(model.dashboardPage);
  for (const e of model.entities) for (const p of [e.pages.list, e.pages.detail, e.pages.form, e.views.board, e.views.calendar]) if (p) out.push(p);
  return out;
}

/** A page name for a title typed in chat: "To-dos" -> "ToDos". */
export const pageNameFrom = (text: string): string =>
  pascal(text)
    .replace(/^[^A-Za-z]+/, "")
    .slice(0, 60);
