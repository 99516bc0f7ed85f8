import Papa from "papaparse";
import { currencyOf, formatMoney } from "../../../../../schemas/money";

/**
 * Pure helpers of the data views: the columns a schema gives, how a value shows in a
 * cell, the form's text for a value and back, and the CSV export. Kept apart from the
 * components so they can be tested without a browser.
 */
export type Property = Record<string, unknown> & { type?: string; title?: string; format?: string; enum?: (string | number)[] };
export type Properties = Record<string, Property>;

/** The table's columns: the schema's own fields, then when the record was made. */
export function columnsOf(properties: Properties): { key: string; label: string }[] {
  return [...Object.entries(properties).map(([key, p]) => ({ key, label: typeof p.title === "string" && p.title ? p.title : key })), { key: "created_date", label: "Created" }];
}

/** How a value shows in a cell: money with its currency, dates in the reader's time, objects as JSON. */
export function cellText(value: unknown, property?: Property, field = ""): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  const currency = currencyOf(field, property);
  if (currency && typeof value === "number" && Number.isFinite(value)) return formatMoney(value, currency);
  if (typeof value === "object") return JSON.stringify(value);
  if (property?.format === "date-time" || (!property && typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value))) {
    const date = new Date(value as string);
    if (!Number.isNaN(date.getTime())) return date.toLocaleString();
  }
  return String(value);
}

/** How a confirmation names a record: its first column's text in quotes, else its id. */
export function recordLabel(record: Record<string, unknown>, firstColumn: string | undefined, properties: Properties): string {
  const text = firstColumn && firstColumn !== "created_date" ? cellText(record[firstColumn], properties[firstColumn], firstColumn).trim() : "";
  return text ? `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"` : `The record ${String(record.id)}`;
}

/** The kind of input a property is edited with (JSON-schema type; enum → select, boolean → switch, date → date input). */
export type FieldKind = "select" | "switch" | "date" | "datetime" | "number" | "json" | "text";

export function fieldKind(p: Property): FieldKind {
  if (Array.isArray(p.enum) && p.enum.length > 0) return "select";
  if (p.type === "boolean") return "switch";
  if (p.type === "number" || p.type === "integer") return "number";
  if (p.type === "array" || p.type === "object") return "json";
  if (p.format === "date") return "date";
  if (p.format === "date-time") return "datetime";
  return "text";
}

/** What a form holds for one field: text for every input, a boolean for a switch. */
export type FormValue = string | boolean;

export function toFormValue(p: Property, value: unknown): FormValue {
  const kind = fieldKind(p);
  if (kind === "switch") return value === true;
  if (value === null || value === undefined) return "";
  if (kind === "json") return JSON.stringify(value, null, 2);
  if (kind === "date" && typeof value === "string") return value.slice(0, 10);
  if (kind === "datetime" && typeof value === "string") {
    const date = new Date(value);
    if (Number.isNaN(date.getTime())) return value;
    const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
    return local.toISOString().slice(0, 16);
  }
  return String(value);
}

/**
 * The value a form field stands for, or `undefined` when it is empty. A field that
 * cannot be read (not a number, not JSON) throws a message naming it.
 */
export function fromFormValue(field: string, p: Property, value: FormValue): unknown {
  const kind = fieldKind(p);
  if (kind === "switch") return value === true;
  const text = String(value).trim();
  if (text === "") return undefined;
  switch (kind) {
    case "number": {
      const n = Number(text);
      if (!Number.isFinite(n)) throw new Error(`${field} must be a number`);
      return n;
    }
    case "json":
      try {
        return JSON.parse(text);
      } catch {
        throw new Error(`${field} must be valid JSON`);
      }
    case "select": {
      const option = p.enum?.find((o) => String(o) === text);
      return option ?? text;
    }
    case "datetime": {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }
    default:
      return text;
  }
}

/**
 * The record a form describes. A new record leaves empty fields out (so defaults apply);
 * an edit sends only the fields that changed, an emptied one as null.
 */
export function recordFromForm(properties: Properties, values: Record<string, FormValue>, original?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, p] of Object.entries(properties)) {
    if (!(field in values)) continue;
    const value = fromFormValue(field, p, values[field]);
    if (!original) {
      if (value !== undefined) out[field] = value;
      continue;
    }
    const before = original[field] ?? null;
    const after = value ?? null;
    if (JSON.stringify(before) !== JSON.stringify(after)) out[field] = after;
  }
  return out;
}

/** The server's fields at the end of an export, after the entity's own. */
const exportedServerFields = ["id", "created_date", "updated_date", "created_by"];

/**
 * The CSV of an export (papaparse `unparse`): one column per field, arrays and objects
 * as JSON so an import reads them back as they were.
 */
export function recordsToCsv(properties: Properties, records: Record<string, unknown>[]): string {
  const fields = [...Object.keys(properties), ...exportedServerFields.filter((f) => !(f in properties))];
  const data = records.map((r) => fields.map((f) => (r[f] !== null && typeof r[f] === "object" ? JSON.stringify(r[f]) : r[f] ?? "")));
  return Papa.unparse({ fields, data });
}

export const exportFileName = (entity: string) => `${entity}_export.csv`;

/** Offer a text as a file download. */
export function download(fileName: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
