/**
 * Recognisers for the follow-ups that reach further than one field: renaming an
 * entity everywhere, new choices for a list field, and colours for named parts of
 * the app (a new entity with its fields: followup/new-entity.ts).
 */
import { addChoices, renameEntity, setChoices } from "./entity-ops";
import { type AppModel, type EntityDef, THEME_PATH } from "./model";
import { listing, pascal, singularize, snake } from "./naming";
import { type OpResult, setPartColours } from "./ops";
import { cleanPhrase, newNameFrom, unquote, resolveEntity, resolveField } from "./resolve";
import { COLOUR_WORDS } from "./styles";
import { type PartColours, PART_WORDS, type ThemePart } from "./theme-parts";
import { CONFIGURE } from "./texts";
import { AFTER_COLOUR } from "./vocabulary/requests";

/** A name typed in chat as an entity name: "time entries" -> "TimeEntry". */
export function entityNameFrom(phrase: string): string | null {
  const p = cleanPhrase(unquote(phrase));
  if (!/^[a-z][a-z\s-]{0,40}$/i.test(p) || p.split(/\s+/).length > 4) return null;
  return pascal(singularize(p)) || null;
}

/** "rename Habit to Routine", "rename the habits entity to routines": the entity, everywhere. */
export function entityRename(left: string, right: string, model: AppModel): OpResult | null {
  if (/\s+(?:page|screen|tab|view)$/i.test(left.trim())) return null;
  const def = resolveEntity(model, left);
  if (!def) return null;
  const to = entityNameFrom(newNameFrom(right));
  if (!to) return { reply: `"${newNameFrom(right)}" doesn't make an entity name; use words, e.g. "rename ${def.name} to Routine".` };
  return renameEntity(model, def.name, to);
}

/** The entity and list field a phrase names: "task status", "the status of tasks", "status on tasks". */
function enumTarget(phrase: string, model: AppModel): { def: EntityDef; field: string } | { def: EntityDef; plain: string } | null {
  const p = cleanPhrase(phrase).replace(/\s+(?:field|column|list|options|choices|dropdown|select)$/i, "");
  const of = /^(.+?)\s+(?:of|on|for|in)\s+(?:the\s+)?(.+)$/i.exec(p);
  const splits: [string, string][] = of ? [[of[2], of[1]]] : [];
  const w = p.replace(/'s\b/g, "").split(/\s+/);
  for (let k = 1; k < w.length; k++) splits.push([w.slice(0, k).join(" "), w.slice(k).join(" ")]);
  for (const [entityPhrase, fieldPhrase] of splits) {
    const def = resolveEntity(model, entityPhrase);
    const field = def && resolveField(model, def, fieldPhrase);
    if (def && field) return field.kind === "enum" ? { def, field: field.name } : { def, plain: field.name };
  }
  // "the sizes" with no records named: the one entity whose choice field it is
  const holding = model.entities.flatMap((def) => {
    const field = resolveField(model, def, p);
    return field?.kind === "enum" ? [{ def, field: field.name }] : [];
  });
  return holding.length === 1 ? holding[0] : null;
}

/** "add 'blocked' to task status", "add blocked and waiting as status options for tasks". */
export function choices(m: string, model: AppModel): OpResult | null {
  const r =
    /^(?:add|include)\s+(.+?)\s+as\s+(?:an?\s+|new\s+)*(.+?)\s+(?:options?|choices?|values?|states?)\s+(?:to|for|on|of|in)\s+(.+)$/i.exec(m) ??
    /^(?:add|include)\s+(?:the\s+)?(?:options?|choices?|values?|states?)\s+(.+?)\s+(?:to|for|in)\s+(.+)$/i.exec(m) ??
    /^(?:add|include)\s+(.+?)\s+(?:to|in)\s+(?:the\s+)?(?:choices|options|values)\s+(?:of|for)\s+(.+)$/i.exec(m) ??
    /^(?:add|include)\s+(.+?)\s+(?:to|in)\s+(.+)$/i.exec(m);
  if (!r) return null;
  const valuesText = r[1];
  const target = r.length === 4 && r[3] ? `${r[3]} ${r[2]}` : r[2];
  const found = enumTarget(target, model);
  if (!found) return null;
  const values = valuesText
    .split(/\s*,\s*|\s+(?:and|or|&)\s+/i)
    .map((v) => snake(unquote(v.replace(/^(?:an?|the)\s+/i, ""))))
    .filter(Boolean);
  if ("plain" in found) {
    // "add a customer to deals" is a field request, not choices: only a quoted value or a field that lists words is meant here
    if (!/["“'`]/.test(valuesText)) return null;
    return {
      reply:
        `${found.def.name}'s \`${found.plain}\` is a free field, not a list of choices, so there is nothing ` +
        `to add "${unquote(valuesText)}" to. To make it a list, remove it and add it again "with options ${unquote(valuesText)}, …".`,
    };
  }
  if (!values.length) return null;
  return addChoices(model, found.def.name, found.field, values);
}

/** "change deal stages to new, negotiating, won and lost", "set the task status options to a, b and c". */
export function replaceChoices(m: string, model: AppModel): OpResult | null {
  const r = /^(?:change|set|make|update|replace)\s+(?:the\s+)?(.+?)(?:\s+(?:options?|choices?|values?))?\s*(?:to|:|with|be)\s+(.+)$/i.exec(m);
  if (!r) return null;
  const values = r[2]
    .split(/\s*,\s*|\s+(?:and|or|&)\s+/i)
    .map((v) => snake(unquote(v.replace(/^(?:an?|the)\s+/i, ""))))
    .filter(Boolean);
  if (values.length < 2) return null;
  // "change the sizes to …": the field is one size
  const target = r[1].replace(/([a-z]+)$/i, (w) => singularize(w.toLowerCase()));
  const found = enumTarget(target, model);
  return found && "field" in found ? setChoices(model, found.def.name, found.field, values) : null;
}

/** Colour words outside the Tailwind palettes, answered rather than ignored. */
const OFF_PALETTE = /^(?:white|beige|cream|maroon|silver|dark|light)$/;

/** "make the header blue", "colour the sidebar and buttons green, the background slate". */
export function partColours(m: string, model: AppModel, files: Record<string, string>): OpResult | null {
  if (!/\b(?:make|colou?r|paint|change|set|turn|use|switch)\b/i.test(m)) return null;
  const tokens = m
    .toLowerCase()
    .replace(/[^a-z\s-]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const parts: PartColours = {};
  let pending: ThemePart[] = [];
  let unknown: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const two = `${tokens[i]} ${tokens[i + 1] ?? ""}`;
    const part = PART_WORDS.find(([re]) => re.test(two))?.[1] ?? PART_WORDS.find(([re]) => re.test(tokens[i]))?.[1];
    if (part) {
      if (PART_WORDS.some(([re]) => re.test(two))) i++;
      pending.push(part);
      continue;
    }
    // "dark green", "light blue": the palette a shade darker or lighter
    const shade = /^(?:dark|deep)$/.test(tokens[i]) ? "dark" : /^(?:light|pale)$/.test(tokens[i]) ? "light" : null;
    const shaded = shade && COLOUR_WORDS[tokens[i + 1] ?? ""];
    if (shaded && pending.length) i++;
    const colour = shaded ? `${shade} ${shaded}` : COLOUR_WORDS[tokens[i]];
    if (colour && pending.length) {
      // "change the Tasks heading to Green Tasks" is a title, not a colour
      if (tokens[i + 1] && !AFTER_COLOUR.has(tokens[i + 1]) && !PART_WORDS.some(([re]) => re.test(tokens[i + 1]))) return null;
      for (const p of pending) parts[p] = colour;
      pending = [];
    } else if (pending.length && OFF_PALETTE.test(tokens[i])) unknown = tokens[i];
  }
  if (!Object.keys(parts).length) {
    if (!unknown || !pending.length) return null;
    return {
      reply: `I can't colour the ${listing(pending)} "${unknown}": I know the Tailwind palettes (${Object.keys(COLOUR_WORDS).slice(0, 21).join(", ")}). Name one of those, or ${CONFIGURE}.`,
    };
  }
  if (!(THEME_PATH in files))
    return {
      reply: `This app doesn't keep its look in ${THEME_PATH}, so I can't colour its ${listing(Object.keys(parts))} safely. Change the classes in the code view, or ${CONFIGURE}.`,
    };
  return setPartColours(model, parts);
}
