/** The first turn: a description becomes a working app. */
import { type Action, serialize } from "../../../lib/agent/protocol";
import { appNameFrom, readsAsName } from "./appname";
import { entityJson, type EntityJson, type JsonProp, printEntity } from "./entities";
import { fields, LAYOUT_PATH, newModel, THEME_PATH } from "./model";
import { listing, lowerWords, pluralize, titleCase } from "./naming";
import { type Plan, planDescription } from "./planner";
import { defaultTheme, type StyleName, STYLES, styleFrom } from "./styles";
import { type Tally, talliesOf } from "./tally";
import { renderAll } from "./templates";
import { firstTurnClosing, notBuiltLines } from "./texts";
import { unbuiltAsks } from "./unbuilt";
import { type Domain, detectDomains, fieldsFor, GENERIC_FIELDS, genericAppName, nounFrom } from "./domains";
import { addBoard, addCalendar, boardField, defaultCharts } from "./views";

const MAX_ENTITIES = 6;

/** The description part of a first message (a style preset's prompt may follow a "---" line). */
export function splitMessage(message: string): { description: string; preset: string } {
  const [description, ...rest] = message.split(/\n\s*-{3,}\s*\n/);
  return { description: description.trim(), preset: rest.join("\n").trim() };
}

function legacyPlan(description: string): { domains: Domain[]; generic: string | null } {
  const domains = detectDomains(description).slice(0, MAX_ENTITIES);
  if (domains.length) return { domains, generic: null };
  return { domains: [], generic: nounFrom(description) ?? "Item" };
}

/** The app a description asks for: planned from its own nouns, else the legacy keyword table, else a general list. */
function modelFor(description: string): { schemas: EntityJson[]; icons: Record<string, string>; plan: Plan | null; generic: boolean } {
  const plan = planDescription(description);
  if (plan.entities.length) {
    const schemas = plan.entities.map((e) => {
      const properties: Record<string, JsonProp> = {};
      for (const f of e.fields) properties[f.name] = f.prop;
      return entityJson(
        e.name,
        properties,
        e.fields.filter((f) => f.required).map((f) => f.name),
      );
    });
    const icons = Object.fromEntries(plan.entities.filter((e) => e.icon).map((e) => [e.name, e.icon!]));
    return { schemas, icons, plan, generic: false };
  }
  const { domains, generic } = legacyPlan(description);
  const names = domains.length ? domains.map((d) => d.entity) : [generic!];
  const schemas = (domains.length ? domains.map((d) => d.fields) : [GENERIC_FIELDS]).map((specs, i) => {
    const { properties, required } = fieldsFor(specs, names);
    return entityJson(names[i], properties, required);
  });
  return { schemas, icons: {}, plan: null, generic: !domains.length };
}

/** A short Title Case name for the app described. */
export function nameFromDescription(description: string): string {
  const { description: text } = splitMessage(description);
  const called = /\b(?:called|named|titled)\s+["“']?([A-Za-z0-9][^"”'.,;:!?\n]{1,38})/i.exec(text);
  if (called) return titleCase(called[1]).slice(0, 40).trim() || "My App";
  const named = appNameFrom(text);
  const acronym = named !== null && /^[A-Z0-9]{2,5}$/.test(named);
  if (named && !acronym) return named;
  const plan = planDescription(text);
  // "A CRM to track customers…" -> "Customer CRM": a bare acronym says little on its own
  if (acronym && plan.entities[0]) return `${titleCase(plan.entities[0].name)} ${named}`.slice(0, 40);
  if (named) return named;
  // the main thing kept, named with an app word: the first that reads as a name ("songs we play" makes no "Play Tracker")
  const main = [...plan.entities.filter((e) => !e.person), ...plan.entities.filter((e) => e.person)].find((e) => readsAsName(genericAppName(e.name), text));
  if (main) return genericAppName(main.name).slice(0, 40);
  const { domains, generic } = legacyPlan(text);
  if (domains.length) return domains[0].appName;
  if (generic && generic !== "Item") return genericAppName(generic).slice(0, 40);
  return "My App";
}

export function chooseStyle(style: string | null | undefined, preset: string, description: string): StyleName | null {
  if (style && (STYLES as readonly string[]).includes(style)) return style as StyleName;
  return styleFrom(preset) ?? styleFrom(description);
}

export function firstTurn(message: string, appName: string, style?: string | null): string {
  const { description, preset } = splitMessage(message);
  const { schemas, icons, plan, generic } = modelFor(description);
  const names = schemas.map((s) => s.name);
  const title = appName.trim() || nameFromDescription(description);
  const chosen = chooseStyle(style, preset, description);
  const model = newModel(title, defaultTheme(chosen), schemas, icons);
  if (plan?.board) addBoard(model, plan.board);
  if (plan?.calendar) addCalendar(model, plan.calendar);
  defaultCharts(model);
  const rendered = renderAll(model);

  const actions: Action[] = [];
  for (const s of schemas) actions.push({ type: "write", path: `entities/${s.name}`, content: printEntity(s) });
  const order = [THEME_PATH, ...Object.keys(rendered).filter((p) => p.startsWith("components/") && p !== THEME_PATH), LAYOUT_PATH];
  for (const path of order) actions.push({ type: "write", path, content: rendered[path] });
  for (const path of Object.keys(rendered)) if (path.startsWith("pages/")) actions.push({ type: "write", path, content: rendered[path] });

  const pages = Object.keys(rendered)
    .filter((p) => p.startsWith("pages/"))
    .map((p) => p.slice(6));
  const components = Object.keys(rendered)
    .filter((p) => p.startsWith("components/"))
    .map((p) => p.slice(11));
  const styleText = `${chosen ?? "clean"} (${model.theme.primary} primary colour), set in ${THEME_PATH}`;
  const views = model.entities
    .flatMap((e) => [
      e.views.board ? `a ${lowerWords(e.name)} board by ${boardField(model, e)!.label.toLowerCase()}` : null,
      e.views.calendar ? `a ${lowerWords(e.name)} calendar` : null,
    ])
    .filter((v): v is string => v !== null);
  const chartText = model.charts.length ? "charts" : "totals";
  const planLine =
    `Create ${listing(names)} with a dashboard with ${chartText}, list, detail and form pages for ` +
    `${names.length === 1 ? "it" : "each"}${views.length ? `, ${listing(views)}` : ""}, shared components and a ` +
    `layout with navigation, in the ${chosen ?? "clean"} style.`;
  const links = model.entities.flatMap((e) =>
    fields(model, e)
      .filter((f) => f.kind === "relation")
      .map((f) => `${lowerWords(e.name)} → ${lowerWords(f.target!)}`),
  );
  const charted = (t: Tally) => model.charts.some((c) => c.entity === t.votes.name && c.by === t.key.name);
  const tallied = model.entities.flatMap((def) =>
    talliesOf(model, def).map(
      (t) =>
        `${lowerWords(pluralize(t.votes.name))} ${t.rating ? "counted and averaged" : "counted"} per ${lowerWords(def.name)} on its list and detail pages${charted(t) ? " and the dashboard" : ""}`,
    ),
  );
  const rated = model.entities.some((def) => talliesOf(model, def).some((t) => t.rating));
  const notBuilt = notBuiltLines(unbuiltAsks(description), model, tallied.length > 0, rated);
  return [
    `Here is a first version of ${title}.`,
    "",
    serialize({ type: "plan", content: planLine }),
    ...actions.map(serialize),
    "",
    firstTurnClosing(
      title,
      schemas.map((s) => ({ name: s.name, fields: Object.keys(s.properties) })),
      pages,
      components,
      styleText,
      generic,
      model,
    ),
    ...(links.length ? ["", `Linked records: ${links.join(", ")} (chosen from a list in the forms, shown by name).`] : []),
    ...(tallied.length ? ["", `Tallies: ${listing(tallied)}.`] : []),
    ...(notBuilt.length ? ["", ...notBuilt] : []),
  ].join("\n");
}
