/**
 * The filters a list page has beyond search and its status select, asked for in chat ("add a
 * filter by stylist", "search dogs by name"): one control per field, a select for a link, a
 * choice or a yes/no field, a date picker for a date, a text box (contains) for anything else.
 * The fields are kept in the page's `FILTER_FIELDS` line, which model.ts reads back.
 */
import type { Field } from "../entities";
import type { AppModel, EntityDef } from "../model";
import { findEntity } from "../model";
import { access, jsxText, lowerWords, pluralize, str } from "../naming";
import { names, type Names, OPTIONS } from "./common";

/** The entity's filter fields that it still has, in order. */
function filterFields(n: Names): Field[] {
  return (n.def.filters ?? []).flatMap((name) => n.fields.filter((f) => f.name === name));
}

/** Entities whose records a link filter offers (loaded by the page). */
export function filterTargets(model: AppModel, list: Field[]): EntityDef[] {
  return list.flatMap((f) => (f.kind === "relation" && f.target && findEntity(model, f.target) ? [findEntity(model, f.target)!] : []));
}

const selects = (f: Field) => f.kind === "relation" || f.kind === "enum" || f.kind === "boolean";

/** The lines of the filter bar's code: consts, state, the tests in `visible` and the controls. */
export function filterParts(model: AppModel, n: Names, status: Field | null) {
  const list = filterFields(n);
  const value = (f: Field) => access("filters", f.name);
  const record = (f: Field) => access(n.one, f.name);
  const consts = [
    `const FILTER_FIELDS = ${JSON.stringify(list.map((f) => f.name)).replace(/","/g, '", "')};`,
    ...list.filter((f) => f.kind === "enum" && f !== status).map((f) => `const ${OPTIONS(f)} = ${JSON.stringify(f.options).replace(/","/g, '", "')};`),
  ];
  const state = [
    "  const [filters, setFilters] = useState(() => Object.fromEntries(FILTER_FIELDS.map((field) => [field, \"\"])));",
    "  const setFilter = (field, value) => setFilters((current) => ({ ...current, [field]: value }));",
  ];
  const tests = list.map((f) => {
    if (f.kind === "boolean") return `    if (${value(f)} && String(Boolean(${record(f)})) !== ${value(f)}) return false;`;
    if (selects(f)) return `    if (${value(f)} && ${record(f)} !== ${value(f)}) return false;`;
    if (f.kind === "date") return `    if (${value(f)} && String(${record(f)} ?? "").slice(0, 10) !== ${value(f)}) return false;`;
    return `    if (${value(f)} && !String(${record(f)} ?? "").toLowerCase().includes(${value(f)}.toLowerCase())) return false;`;
  });
  const controls = list.flatMap((f) => control(model, f, value(f)));
  return { list, consts, state, tests, controls, usesSelect: list.some(selects) };
}

function control(model: AppModel, f: Field, value: string): string[] {
  const label = str(`Filter by ${f.label.toLowerCase()}`);
  const set = `(value) => setFilter(${str(f.name)}, value === "all" ? "" : value)`;
  if (!selects(f)) {
    const type = f.kind === "date" ? ` type="date"` : "";
    return [`<Input${type} className={\`w-48 \${theme.input}\`} aria-label=${label} placeholder=${str(f.label)} value={${value}} onChange={(event) => setFilter(${str(f.name)}, event.target.value)} />`];
  }
  const items =
    f.kind === "relation"
      ? (() => {
          const t = names(model, findEntity(model, f.target!)!);
          const shown = t.title ? `${access(t.one, t.title.name)} || ${t.one}.id` : `${t.one}.id`;
          return [`{${t.many}.map((${t.one}) => (`, `  <SelectItem key={${t.one}.id} value={${t.one}.id}>`, `    {${shown}}`, "  </SelectItem>", "))}"];
        })()
      : f.kind === "enum"
        ? [`{${OPTIONS(f)}.map((option) => (`, "  <SelectItem key={option} value={option}>", "    {formatLabel(option)}", "  </SelectItem>", "))}"]
        : [`<SelectItem value="true">Yes</SelectItem>`, `<SelectItem value="false">No</SelectItem>`];
  const all = f.kind === "relation" ? `All ${lowerWords(pluralize(f.target!))}` : "All";
  return [
    `<Select value={${value} || "all"} onValueChange={${set}}>`,
    `  <SelectTrigger className={\`w-48 \${theme.input}\`} aria-label=${label}>`,
    `    <SelectValue placeholder=${str(f.label)} />`,
    "  </SelectTrigger>",
    "  <SelectContent>",
    `    <SelectItem value="all">${jsxText(all)}</SelectItem>`,
    ...items.map((l) => `    ${l}`),
    "  </SelectContent>",
    "</Select>",
  ];
}
