/** Helpers shared by the page templates: names, imports and field rendering. */
import type { Field } from "../entities";
import { titleField } from "../entities";
import { type AppModel, type EntityDef, fields, findEntity } from "../model";
import { access, entityIdent, jsxText, localVar, lowerWords, pluralize, str } from "../naming";

export interface Names {
  def: EntityDef;
  /** the identifier the entity is imported as */
  ident: string;
  one: string;
  many: string;
  /** "task", "tasks" */
  label: string;
  labelPlural: string;
  fields: Field[];
  title: Field | null;
}

export function names(model: AppModel, def: EntityDef): Names {
  const one = localVar(def.name);
  let many = localVar(pluralize(def.name));
  if (many === one) many = `${one}List`;
  const all = fields(model, def);
  return {
    def,
    ident: entityIdent(def.name),
    one,
    many,
    label: lowerWords(def.name),
    labelPlural: lowerWords(pluralize(def.name)),
    fields: all,
    title: titleField(all),
  };
}

export const setter = (variable: string): string => `set${variable[0].toUpperCase()}${variable.slice(1)}`;

/** `import { a, b } from "x";` with names sorted; `def` is a default import. */
export function importLine(from: string, named: string[] = [], def?: string): string {
  const sorted = [...new Set(named)].sort((x, y) => (x.toLowerCase() < y.toLowerCase() ? -1 : x.toLowerCase() > y.toLowerCase() ? 1 : 0));
  const parts = [def, sorted.length ? `{ ${sorted.join(", ")} }` : null].filter(Boolean);
  return `import ${parts.join(", ")} from ${str(from)};`;
}

export function entityImport(model: AppModel, name: string): string {
  const ident = entityIdent(name);
  return `import { ${ident === name ? name : `${name} as ${ident}`} } from ${str(`@/entities/${name}`)};`;
}

/** UI kit imports, one line per part, in a stable order. */
export function uiImports(parts: Record<string, string[]>): string[] {
  return Object.keys(parts)
    .sort()
    .map((part) => importLine(`@/components/ui/${part}`, parts[part]));
}

/** The JSX showing a field's value of a record. */
export function valueJsx(model: AppModel, n: Names, field: Field, record: string): string {
  const value = access(record, field.name);
  if (field.kind === "relation" && field.target) {
    const target = findEntity(model, field.target)!;
    return `{${localVar(target.name)}Label(${value})}`;
  }
  const kind = field.kind === "text" || field.kind === "other" || field.kind === "relation" ? "" : ` kind=${str(field.kind)}`;
  const currency = field.currency ? ` currency=${str(field.currency)}` : "";
  const max = field.kind === "rating" && typeof field.prop.maximum === "number" && field.prop.maximum !== 5 ? ` max={${field.prop.maximum}}` : "";
  return `<FieldValue${kind}${currency}${max} value={${value}} />`;
}

/** `const customerLabel = (id) => ...;` for each related entity of these fields. */
export function relationLabels(model: AppModel, list: Field[]): string[] {
  return related(model, list).map((t) => {
    const tn = names(model, t);
    const key = tn.title ? tn.title.name : "id";
    const tail = /^[A-Za-z_$][\w$]*$/.test(key) ? `?.${key}` : `?.[${str(key)}]`;
    return `  const ${tn.one}Label = (id) => ${tn.many}.find((${tn.one}) => ${tn.one}.id === id)${tail} ?? "—";`;
  });
}

/** Related entities of relation fields, each once, in field order. */
export function related(model: AppModel, list: Field[]): EntityDef[] {
  const out: EntityDef[] = [];
  for (const f of list) {
    if (f.kind !== "relation" || !f.target) continue;
    const t = findEntity(model, f.target);
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Fields shown as table columns (besides the title), at most six. */
export function columns(n: Names): Field[] {
  return n.fields.filter((f) => f !== n.title && f.kind !== "longtext" && f.kind !== "other").slice(0, 6);
}

/** The URL of a record's page: `${createPageUrl("TaskDetail")}?id=${task.id}` as a JSX attribute value. */
export const recordUrl = (page: string, idExpr: string): string => `{\`\${createPageUrl(${str(page)})}?id=\${${idExpr}}\`}`;

export const OPTIONS = (field: Field): string => `${field.name.toUpperCase().replace(/[^A-Z0-9]+/g, "_")}_OPTIONS`;

export function optionConsts(list: Field[]): string[] {
  return list.filter((f) => f.kind === "enum").map((f) => `const ${OPTIONS(f)} = ${JSON.stringify(f.options).replace(/","/g, '", "')};`);
}

/** Joins lines, dropping false/null/undefined and flattening arrays. */
export function lines(...parts: (string | string[] | false | null | undefined)[]): string {
  return parts.flatMap((p) => (p === false || p === null || p === undefined ? [] : Array.isArray(p) ? p : [p])).join("\n");
}

/** Indents every non-empty line. */
export function indent(block: string[], by: number): string[] {
  const pad = " ".repeat(by);
  return block.map((l) => (l ? pad + l : l));
}

/** The header's "New <label>" button to the entity's form, indented `by` spaces (null when it has no form page). */
export function newRecordButton(def: EntityDef, n: Names, by: number): string[] | null {
  if (!def.pages.form) return null;
  return indent(
    [
      `<Link to={createPageUrl(${str(def.pages.form)})}>`,
      "  <Button className={theme.primaryButton}>",
      `    <Plus className="mr-2 h-4 w-4" />`,
      `    New ${jsxText(n.label)}`,
      "  </Button>",
      "</Link>",
    ],
    by,
  );
}
