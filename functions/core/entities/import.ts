import Papa from "papaparse";
import { MAX_BULK_CREATE, type StoredEntitySchema, serverRecordFields } from "../../../schemas/entities";
import { VisibleError } from "../errors";

/**
 * `importEntities(file)`: a CSV (or a JSON array) turned into record inputs for the entity.
 * CSV cells are text, so each is read as its column's declared type (numbers, booleans,
 * arrays and objects as JSON, arrays also as comma-separated text); empty cells are left
 * out so defaults apply. Columns match fields by name, ignoring case and spaces; unknown
 * columns and server fields are dropped. The records are then checked like any create.
 */
export namespace EntityImport {
  type Doc = Record<string, unknown>;

  /** The whole request must fit a Lambda payload (6 MB) once base64-encoded. */
  export const MAX_FILE_BYTES = 4_000_000;

  const invalid = (message: string) => new VisibleError("invalid", message);
  const normal = (name: string) => name.trim().toLowerCase().replace(/[\s_-]+/g, "_");

  export function rows(schema: StoredEntitySchema, fileName: string, text: string): Doc[] {
    const trimmed = text.replace(/^\uFEFF/, "").trim();
    if (trimmed === "") throw invalid("The file is empty");
    const records = fileName.toLowerCase().endsWith(".json") || trimmed.startsWith("[") ? fromJson(trimmed) : fromCsv(schema, trimmed);
    if (records.length === 0) throw invalid("The file holds no records");
    if (records.length > MAX_BULK_CREATE) throw invalid(`The file holds ${records.length} records; import at most ${MAX_BULK_CREATE} at a time`);
    return records;
  }

  function fromJson(text: string): Doc[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw invalid("The file is not valid JSON");
    }
    if (!Array.isArray(parsed) || parsed.some((r) => !r || typeof r !== "object" || Array.isArray(r))) throw invalid("A JSON import must be an array of objects");
    return parsed as Doc[];
  }

  function fromCsv(schema: StoredEntitySchema, text: string): Doc[] {
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: "greedy" });
    // A one-column file has no delimiter to detect: papaparse says so, then rightly reads it with a comma.
    const fatal = parsed.errors.find((e) => e.type !== "FieldMismatch" && e.code !== "UndetectableDelimiter");
    if (fatal) throw invalid(`The CSV could not be read${fatal.row === undefined ? "" : ` at row ${fatal.row + 1}`}: ${fatal.message}`);
    const byName = new Map(Object.keys(schema.properties).map((f) => [normal(f), f]));
    for (const [field, prop] of Object.entries(schema.properties)) {
      if (typeof prop.title === "string" && !byName.has(normal(prop.title))) byName.set(normal(prop.title), field);
    }
    const columns = (parsed.meta.fields ?? []).map((column) => ({ column, field: (serverRecordFields as readonly string[]).includes(normal(column)) ? undefined : byName.get(normal(column)) }));
    if (!columns.some((c) => c.field)) throw invalid(`No column of the CSV matches a field of ${schema.name ?? "the entity"} (${Object.keys(schema.properties).join(", ")})`);
    return parsed.data.map((row, i) => {
      const record: Doc = {};
      for (const { column, field } of columns) {
        const cell = row[column];
        if (!field || cell === undefined || cell.trim() === "") continue;
        record[field] = cellValue(schema.properties[field], cell.trim(), field, i + 1);
      }
      return record;
    });
  }

  function cellValue(prop: Doc, cell: string, field: string, row: number): unknown {
    const type = Array.isArray(prop.type) ? prop.type.find((t) => t !== "null") : prop.type;
    const bad = (what: string) => invalid(`Row ${row}: field "${field}" must be ${what} (found "${cell.slice(0, 50)}")`);
    switch (type) {
      case "number":
      case "integer": {
        const n = Number(cell.replace(/,/g, ""));
        if (!Number.isFinite(n) || (type === "integer" && !Number.isInteger(n))) throw bad(type === "integer" ? "a whole number" : "a number");
        return n;
      }
      case "boolean": {
        const v = cell.toLowerCase();
        if (["true", "yes", "1", "y"].includes(v)) return true;
        if (["false", "no", "0", "n"].includes(v)) return false;
        throw bad("true or false");
      }
      case "array":
        if (cell.startsWith("[")) return json(cell, bad, "an array");
        return cell
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
          .map((item) => (prop.items && typeof prop.items === "object" ? cellValue(prop.items as Doc, item, field, row) : item));
      case "object":
        return json(cell, bad, "a JSON object");
      default:
        return cell;
    }
  }

  function json(cell: string, bad: (what: string) => VisibleError, what: string): unknown {
    try {
      return JSON.parse(cell);
    } catch {
      throw bad(what);
    }
  }
}
