/**
 * Entity schemas as the offline engine sees them: JSON Schema objects (the files
 * under entities/), the typed fields the templates render, and type inference for
 * a field named in a chat message.
 */
import { currencyOf } from "../../../schemas/money";
import { pascal, pluralize, sentence, snake, titleCase } from "./naming";
import { CALENDAR_DATE_FIELDS, LONG_TEXT_FIELDS, NUMBER_FIELD_WORDS, YES_NO_FIELDS } from "./vocabulary/fields";
import { lastWordIn } from "./vocabulary/word-set";

const NUMBER_FIELD = lastWordIn(NUMBER_FIELD_WORDS, "_");

export interface JsonProp {
  type: string;
  format?: string;
  enum?: (string | number)[];
  default?: unknown;
  description?: string;
  [key: string]: unknown;
}

export interface EntityJson {
  name: string;
  type: "object";
  properties: Record<string, JsonProp>;
  required: string[];
  [key: string]: unknown;
}

export type FieldKind = "text" | "longtext" | "email" | "url" | "image" | "rating" | "number" | "date" | "time" | "boolean" | "enum" | "relation" | "other";

export interface Field {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  options: string[];
  /** the related entity, for relation fields */
  target: string | null;
  /** the currency of a money field (schemas/money.ts decides which are), else null */
  currency: string | null;
  prop: JsonProp;
}

/** Names that read as long text and get a textarea. */
const TITLE_FIELDS = ["name", "title", "full_name", "subject", "invoice_number", "order_number", "code"];

/** The typed fields of an entity; `entityNames` tells which `<x>_id` fields are relations. */
export function fieldsOf(schema: EntityJson, entityNames: readonly string[]): Field[] {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const props = schema.properties && typeof schema.properties === "object" ? schema.properties : {};
  return Object.entries(props).map(([name, raw]) => {
    const prop: JsonProp = raw && typeof raw === "object" ? raw : { type: "string" };
    const options = Array.isArray(prop.enum) ? prop.enum.map(String) : [];
    let kind: FieldKind;
    let target: string | null = null;
    const relation = /^(.+)_id$/.exec(name);
    const related = relation ? entityNames.find((e) => e === pascal(relation[1]) && e !== schema.name) : undefined;
    if (options.length) kind = "enum";
    else if (prop.type === "boolean") kind = "boolean";
    else if ((prop.type === "number" || prop.type === "integer") && prop.format === "rating") kind = "rating";
    else if (prop.type === "number" || prop.type === "integer") kind = "number";
    else if (prop.type !== "string") kind = "other";
    else if (prop.format === "date" || prop.format === "date-time") kind = "date";
    else if (prop.format === "time") kind = "time";
    else if (prop.format === "image") kind = "image";
    else if (prop.format === "email") kind = "email";
    else if (prop.format === "uri" || prop.format === "url") kind = "url";
    else if (related) {
      kind = "relation";
      target = related;
    } else if (LONG_TEXT_FIELDS.has(name)) kind = "longtext";
    else kind = "text";
    const label = kind === "relation" ? titleCase(relation![1]) : sentence(name);
    const currency = kind === "number" ? currencyOf(name, prop) : null;
    return { name, label, kind, required: required.has(name), options, target, currency, prop };
  });
}

/** The field shown as a record's title (links, headings, relation labels). */
export function titleField(fields: Field[]): Field | null {
  for (const name of TITLE_FIELDS) {
    const f = fields.find((x) => x.name === name && (x.kind === "text" || x.kind === "email"));
    if (f) return f;
  }
  return fields.find((f) => f.required && f.kind === "text") ?? fields.find((f) => f.kind === "text") ?? null;
}

/** The enum that works as a status: status or stage first, else the first enum. */
export function statusField(fields: Field[]): Field | null {
  return fields.find((f) => f.kind === "enum" && /^(status|stage)$/.test(f.name)) ?? fields.find((f) => f.kind === "enum") ?? null;
}

/** The date a calendar places records by: due, start or event dates before others. */
export function calendarDate(fields: Field[]): Field | null {
  const dates = fields.filter((f) => f.kind === "date");
  return dates.find((f) => CALENDAR_DATE_FIELDS.has(f.name)) ?? dates.find((f) => !/(created|birth|expir|warranty)/.test(f.name)) ?? dates[0] ?? null;
}

/** The money field worth a total on the dashboard. */
export function moneyField(fields: Field[]): Field | null {
  return fields.find((f) => f.currency !== null) ?? null;
}

export function entityJson(name: string, properties: Record<string, JsonProp>, required: string[]): EntityJson {
  return { name, type: "object", properties, required };
}

export function parseEntity(path: string, content: string): EntityJson | null {
  try {
    const parsed = JSON.parse(content) as Partial<EntityJson>;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    const name = path.slice(path.indexOf("/") + 1);
    return {
      ...parsed,
      name,
      type: "object",
      properties: parsed.properties && typeof parsed.properties === "object" ? parsed.properties : {},
      required: Array.isArray(parsed.required) ? parsed.required.filter((r) => typeof r === "string") : [],
    } as EntityJson;
  } catch {
    return null;
  }
}

export const printEntity = (schema: EntityJson): string => JSON.stringify(schema, null, 2);

const ENUMS: [RegExp, string[]][] = [
  [/^priority$/, ["low", "medium", "high"]],
  [/^severity$/, ["low", "medium", "high", "critical"]],
  [/^(frequency|recurrence)$/, ["daily", "weekly", "monthly"]],
  [/^difficulty$/, ["easy", "medium", "hard"]],
  [/^(level|skill_level)$/, ["beginner", "intermediate", "advanced"]],
  [/^size$/, ["small", "medium", "large"]],
  [/^(mood)$/, ["great", "good", "okay", "bad"]],
];

/** Enum values for status-like names, fitted to the entity where it helps. */
function enumFor(name: string, entity: string): string[] | null {
  for (const [re, values] of ENUMS) if (re.test(name)) return values;
  if (name === "stage") return /deal|opportunit|lead/i.test(entity) ? ["prospect", "qualified", "proposal", "won", "lost"] : ["planning", "in_progress", "review", "done"];
  if (name === "status") {
    if (/task|todo|ticket|issue|bug/i.test(entity)) return ["todo", "in_progress", "done"];
    if (/invoice|bill|payment/i.test(entity)) return ["draft", "sent", "paid", "overdue"];
    if (/order/i.test(entity)) return ["pending", "shipped", "delivered", "cancelled"];
    return ["active", "on_hold", "done"];
  }
  return null;
}

/** Common ways of naming a field in chat, mapped to the field's name. */
const SYNONYMS: Record<string, string> = {
  phone_number: "phone",
  telephone: "phone",
  mobile: "phone",
  telephone_number: "phone",
  e_mail: "email",
  email_address: "email",
  mail: "email",
  deadline: "due_date",
  due: "due_date",
  due_by: "due_date",
  website_url: "website",
  web_site: "website",
  homepage: "website",
  note: "notes",
  desc: "description",
};

/** A phrase from chat ("a phone number", "the due date") to a field name ("phone", "due_date"). */
export function fieldNameFrom(phrase: string, synonyms = true): string {
  const cleaned = phrase
    .toLowerCase()
    .replace(/["“”'`]/g, "")
    .replace(/^(?:an?|the|new|some|another|extra)\s+/g, "")
    .replace(/^(?:an?|the|new)\s+/g, "")
    .replace(/\s+(?:field|column|property|attribute)s?$/, "")
    .trim();
  // "the date they joined", "the time it was sent": what was done, and when (joined_date, sent_time)
  const done = /^(date|time|day|month|year)\s+(?:that\s+|when\s+)?(?:they|he|she|it|we|you|i)\s+(?:were\s+|was\s+|first\s+|last\s+)?([a-z]+)$/.exec(cleaned);
  const name = done ? `${/ed$/.test(done[2]) ? done[2] : done[2].replace(/e?$/, "ed")}_${done[1]}` : snake(cleaned);
  return (synonyms && SYNONYMS[name]) || name;
}

/** A field that holds the id of one of `target`'s records (a select of them in forms, their name in lists). */
export const linkProp = (target: string): JsonProp => ({ type: "string", description: `id of the related ${target}` });

export type TypeHint = "text" | "number" | "date" | "boolean" | "email" | "url" | null;

/** A JSON Schema property for a new field, its type inferred from its name (or the hint). */
export function inferProp(name: string, entity: string, hint: TypeHint = null, options: string[] = []): JsonProp {
  if (options.length) return { type: "string", enum: options, default: options[0] };
  if (hint === "number") return { type: "number" };
  if (hint === "date") return { type: "string", format: "date" };
  if (hint === "boolean") return { type: "boolean", default: false };
  if (hint === "email") return { type: "string", format: "email" };
  if (hint === "url") return { type: "string", format: "uri" };
  if (hint === "text") return { type: "string" };
  const values = enumFor(name, entity);
  if (values) return { type: "string", enum: values, default: values[0] === "low" ? "medium" : values[0] };
  if (/(^|_)(date|birthday|deadline|dob)$|_(at|on)$|^(date|day)$|^date_of_[a-z]+$/.test(name)) return { type: "string", format: "date" };
  if (/^(is|has|can|should)_/.test(name) || YES_NO_FIELDS.has(name)) {
    return { type: "boolean", default: false };
  }
  if (NUMBER_FIELD.test(name) || /(^|_)number_of_\w+$/.test(name) || /^number_of_/.test(name)) {
    return { type: "number" };
  }
  if (/(^|_)email$/.test(name)) return { type: "string", format: "email" };
  if (/(^|_)(url|website|link|homepage)$/.test(name)) return { type: "string", format: "uri" };
  return { type: "string" };
}

/** "InventoryItem" -> "Inventory Items" (a page's default title). */
export function pluralTitle(entity: string): string {
  return titleCase(pluralize(entity));
}

/** A human description of a property's type, for chat text. */
export function describeProp(prop: JsonProp): string {
  if (Array.isArray(prop.enum)) return `one of ${prop.enum.join(", ")}`;
  if (prop.type === "boolean") return "yes/no";
  if (prop.type === "number" || prop.type === "integer") return "a number";
  if (prop.format === "date" || prop.format === "date-time") return "a date";
  if (prop.format === "email") return "an e-mail address";
  if (prop.format === "uri") return "a link";
  if (prop.format === "image") return "a picture";
  if (prop.format === "time") return "a time";
  if (prop.format === "rating") return `a rating out of ${typeof prop.maximum === "number" ? prop.maximum : 5}`;
  return "text";
}
