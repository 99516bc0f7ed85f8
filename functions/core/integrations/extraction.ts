import Papa from "papaparse";

type Schema = Record<string, unknown>;
type Row = Record<string, unknown>;

/**
 * Records of a JSON Schema's shape from tabular data (ExtractDataFromUploadedFile with a
 * CSV or JSON file): columns are matched to the schema's properties by name (ignoring
 * case, spaces and punctuation) and values converted to each property's type.
 *
 * The answer follows the schema the app asked for:
 * - `{type: "array", items}`: the rows;
 * - an object with an array-of-objects property (`{properties: {rows: {type: "array", items}}}`):
 *   that object, the rows under that property;
 * - an object of plain fields: the one row when the file holds one, else the rows.
 */
export namespace Extraction {
  /** The file holds nothing that can be read as records (the message says why). */
  export class Unreadable extends Error {}

  interface Target {
    row: Schema;
    wrap: (rows: Row[]) => unknown;
  }

  const props = (schema: Schema): Record<string, Schema> => (isObject(schema.properties) ? (schema.properties as Record<string, Schema>) : {});
  const typeOf = (schema: Schema): string | undefined => {
    const t = schema.type;
    return Array.isArray(t) ? (t.find((x) => x !== "null") as string | undefined) : (t as string | undefined);
  };

  function target(schema: Schema): Target {
    if (typeOf(schema) === "array") return { row: isObject(schema.items) ? (schema.items as Schema) : {}, wrap: (rows) => rows };
    const list = Object.entries(props(schema)).find(([, p]) => typeOf(p) === "array" && isObject(p.items) && typeOf(p.items as Schema) === "object");
    if (list) return { row: list[1].items as Schema, wrap: (rows) => ({ [list[0]]: rows }) };
    return { row: schema, wrap: (rows) => (rows.length === 1 ? rows[0] : rows) };
  }

  /** CSV text (first line: column names) as the schema asks; throws a readable Error when there are no rows. */
  export function fromCsv(text: string, schema: Schema): unknown {
    const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: "greedy", transformHeader: (h) => h.trim() });
    if (!parsed.data.length) throw new Unreadable(parsed.errors[0]?.message ? `The CSV file could not be read: ${parsed.errors[0].message}` : "The CSV file has no rows");
    const t = target(schema);
    return t.wrap(parsed.data.map((r) => mapRow(r, t.row)));
  }

  /** Parsed JSON (an array of records, an object holding one, or one record) as the schema asks. */
  export function fromJson(value: unknown, schema: Schema): unknown {
    const t = target(schema);
    let rows: unknown[];
    if (Array.isArray(value)) rows = value;
    else if (isObject(value)) {
      const inner = Object.values(value).filter((v) => Array.isArray(v) && v.every(isObject));
      rows = inner.length === 1 && !fits(value, t.row) ? (inner[0] as unknown[]) : [value];
    } else throw new Unreadable("The JSON file holds neither records nor a list of records");
    return t.wrap(rows.filter(isObject).map((r) => mapRow(r, t.row)));
  }

  /** Whether a record already has any of the row schema's fields (then it is a row, not a wrapper). */
  function fits(record: Row, row: Schema): boolean {
    const names = new Set(Object.keys(record).map(normalize));
    return Object.keys(props(row)).some((p) => names.has(normalize(p)));
  }

  function mapRow(record: Row, row: Schema): Row {
    const fields = props(row);
    if (!Object.keys(fields).length) return record;
    const byName = new Map(Object.keys(record).map((k) => [normalize(k), k]));
    const out: Row = {};
    for (const [name, schema] of Object.entries(fields)) {
      const key = name in record ? name : byName.get(normalize(name));
      if (key === undefined) continue;
      const value = convert(record[key], schema);
      if (value !== undefined) out[name] = value;
    }
    return out;
  }

  const normalize = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

  /** One value as the property's type; an empty cell is left out (so defaults and `required` behave as for a missing field). */
  function convert(value: unknown, schema: Schema): unknown {
    if (value === undefined || value === null || value === "") return undefined;
    switch (typeOf(schema)) {
      case "number":
      case "integer": {
        if (typeof value === "number") return value;
        const n = Number(String(value).replace(/[\s,$€£%]/g, ""));
        return Number.isFinite(n) ? n : undefined;
      }
      case "boolean": {
        if (typeof value === "boolean") return value;
        const s = String(value).trim().toLowerCase();
        if (["true", "yes", "y", "1"].includes(s)) return true;
        if (["false", "no", "n", "0"].includes(s)) return false;
        return undefined;
      }
      case "array":
        if (Array.isArray(value)) return value;
        return parsedJson(value, Array.isArray) ?? String(value).split(/[;,]/).map((s) => s.trim()).filter(Boolean);
      case "object":
        return isObject(value) ? value : parsedJson(value, isObject);
      case "string":
        return typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
      default:
        return value;
    }
  }

  function parsedJson<T>(value: unknown, is: (v: unknown) => v is T): T | undefined {
    if (typeof value !== "string") return undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      return is(parsed) ? parsed : undefined;
    } catch {
      return undefined;
    }
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
