/** The first turn: a description becomes a working app. */
import { type Action, serialize } from "../protocol";
import { entityJson, type EntityJson, printEntity } from "./entities";
import { LAYOUT_PATH, newModel, THEME_PATH } from "./model";
import { listing, titleCase } from "./naming";
import { defaultTheme, type StyleName, STYLES, styleFrom } from "./styles";
import { renderAll } from "./templates";
import { firstTurnClosing } from "./texts";
import { type Domain, detectDomains, fieldsFor, GENERIC_FIELDS, genericAppName, nounFrom } from "./vocabulary";

const MAX_ENTITIES = 6;

/** The description part of a first message (a style preset's prompt may follow a "---" line). */
export function splitMessage(message: string): { description: string; preset: string } {
  const [description, ...rest] = message.split(/\n\s*-{3,}\s*\n/);
  return { description: description.trim(), preset: rest.join("\n").trim() };
}

function plan(description: string): { domains: Domain[]; generic: string | null } {
  const domains = detectDomains(description).slice(0, MAX_ENTITIES);
  if (domains.length) return { domains, generic: null };
  return { domains: [], generic: nounFrom(description) ?? "Item" };
}

/** A short Title Case name for the app described. */
export function nameFromDescription(description: string): string {
  const { description: text } = splitMessage(description);
  const called = /\b(?:called|named|titled)\s+["“']?([A-Za-z0-9][^"”'.,;:!?\n]{1,38})/i.exec(text);
  if (called) return titleCase(called[1]).slice(0, 40).trim() || "My App";
  const { domains, generic } = plan(text);
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
  const { domains, generic } = plan(description);
  const names = domains.length ? domains.map((d) => d.entity) : [generic!];
  const schemas: EntityJson[] = (domains.length ? domains.map((d) => d.fields) : [GENERIC_FIELDS]).map((specs, i) => {
    const { properties, required } = fieldsFor(specs, names);
    return entityJson(names[i], properties, required);
  });
  const title = appName.trim() || nameFromDescription(description);
  const chosen = chooseStyle(style, preset, description);
  const model = newModel(title, defaultTheme(chosen), schemas);
  const rendered = renderAll(model);

  const actions: Action[] = [];
  for (const s of schemas) actions.push({ type: "write", path: `entities/${s.name}`, content: printEntity(s) });
  const order = [THEME_PATH, ...Object.keys(rendered).filter((p) => p.startsWith("components/") && p !== THEME_PATH), LAYOUT_PATH];
  for (const path of order) actions.push({ type: "write", path, content: rendered[path] });
  for (const path of Object.keys(rendered)) if (path.startsWith("pages/")) actions.push({ type: "write", path, content: rendered[path] });

  const pages = Object.keys(rendered).filter((p) => p.startsWith("pages/")).map((p) => p.slice(6));
  const components = Object.keys(rendered).filter((p) => p.startsWith("components/")).map((p) => p.slice(11));
  const styleText = `${chosen ?? "clean"} (${model.theme.primary} primary colour), set in ${THEME_PATH}`;
  const planLine = `Create ${listing(names)} with a dashboard, list, detail and form pages for ${names.length === 1 ? "it" : "each"}, shared components and a layout with navigation, in the ${chosen ?? "clean"} style.`;
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
      !domains.length,
      model,
    ),
  ].join("\n");
}
