/**
 * Names for the offline engine: words, cases, English plurals (the `pluralize` library, with the
 * few words it gets differently in vocabulary/plurals.ts) and the JavaScript identifiers the
 * generated code uses. Pure and deterministic.
 */
import pluralWords from "pluralize";
import { IRREGULAR_PLURALS, UNCOUNTABLE_NOUNS } from "./vocabulary/plurals";

for (const [one, many] of IRREGULAR_PLURALS) pluralWords.addIrregularRule(one, many);
for (const word of UNCOUNTABLE_NOUNS) pluralWords.addUncountableRule(word);

/** "dueDate", "due_date", "Due date", "due-date" -> ["due", "date"] */
export function words(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const cap = (word: string) => (word ? word[0].toUpperCase() + word.slice(1) : word);

/** "due date" -> "DueDate" */
export function pascal(text: string): string {
  return words(text).map(cap).join("");
}

/** "due date" -> "dueDate" */
export function camel(text: string): string {
  const p = pascal(text);
  return p ? p[0].toLowerCase() + p.slice(1) : p;
}

/** "Due Date" -> "due_date" */
export function snake(text: string): string {
  return words(text).join("_");
}

/** "due_date" -> "Due Date" */
export function titleCase(text: string): string {
  return words(text).map(cap).join(" ");
}

/** "due_date" -> "Due date" */
export function sentence(text: string): string {
  return cap(words(text).join(" "));
}

/** "InventoryItem" -> "inventory item" */
export function lowerWords(text: string): string {
  return words(text).join(" ");
}

/** `change` applied to the last word of a name, the last of its camel-case parts ("InventoryItem" -> "Item"). */
function onLastWord(name: string, change: (word: string) => string): string {
  const match = /^(.*?)([A-Za-z]+)$/.exec(name);
  if (!match) return name;
  const [, head, last] = match;
  const split = /^(.*[a-z])([A-Z][a-z]*)$/.exec(last);
  return split ? head + split[1] + change(split[2]) : head + change(last);
}

/** Plural of the last word of a name, keeping its case: "InventoryItem" -> "InventoryItems", "to do" -> "to dos". */
export const pluralize = (name: string): string => onLastWord(name, (word) => pluralWords.plural(word));

/** Singular of the last word: "Categories" -> "Category", "follow ups" -> "follow up". */
export const singularize = (name: string): string => onLastWord(name, (word) => pluralWords.singular(word));

const JS_RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for function if " +
    "import in instanceof new null return super switch this throw true try typeof var void while with yield let static await " +
    "implements interface package private protected public arguments eval undefined NaN Infinity"
  ).split(" "),
);

/** Locals the page templates declare; an entity's variable must not shadow them. */
const TEMPLATE_LOCALS = new Set(
  (
    "location navigate form errors saving search loading query visible id record data load value values item event " +
    "theme problems saved option checked current rows name window document setField validate handleSubmit handleDelete " +
    "isBlank statusFilter sum date total React children tally averageOf"
  ).split(" "),
);

/** Identifiers the generated files import; an entity import must not clash with them. */
const IMPORTED_NAMES = new Set(
  (
    "React Link Button Card CardContent CardHeader CardTitle CardDescription CardFooter Input Textarea Label Badge Select " +
    "SelectContent SelectItem SelectTrigger SelectValue Table TableBody TableCell TableHead TableHeader TableRow Dialog " +
    "Checkbox Layout StatCard StatusBadge FieldValue FormField DetailRow Dashboard Plus Search Trash2 Pencil ArrowLeft Save " +
    "LayoutDashboard Hash DollarSign Promise Object Number String Boolean Array Date JSON Math Error Map Set"
  ).split(" "),
);

/** A safe camelCase local variable for a name. */
export function localVar(name: string): string {
  let v = camel(name) || "entry";
  if (/^[0-9]/.test(v)) v = `n${v}`;
  if (JS_RESERVED.has(v) || TEMPLATE_LOCALS.has(v)) v = `${v}Record`;
  return v;
}

/** The identifier an entity is imported as. */
export function entityIdent(name: string): string {
  return IMPORTED_NAMES.has(name) || JS_RESERVED.has(name) ? `${name}Entity` : name;
}

/** A property access that works for any key: `task.due_date` or `task["due-date"]`. */
export function access(object: string, key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `${object}.${key}` : `${object}[${JSON.stringify(key)}]`;
}

/** A JS string literal (double quotes). */
export const str = (value: string): string => JSON.stringify(value);

/** Text safe inside JSX children: braces and angle brackets escaped. */
export function jsxText(text: string): string {
  return /[{}<>]/.test(text) ? `{${JSON.stringify(text)}}` : text;
}

/** "a, b and c" */
export function listing(items: string[], conj = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conj} ${items[items.length - 1]}`;
}
