/**
 * A field phrase from a description ("a due date", "scores out of 5", "a taken checkbox",
 * "kilograms of CO2") becomes a named, typed JSON Schema property: choices with sensible
 * options, dates and times, money, ratings, pictures, yes/no and numbers with units.
 */
import { inferProp, type JsonProp } from "./entities";
import { singularize, snake } from "./naming";
import { MONEY_FIELD_WORDS, NUMBER_FIELD_ENDINGS, NUMBER_FIELD_NAMES, ONE_VALUE_PLURALS, PLURAL_FIELD_NAMES, PICTURE_FIELD_WORDS } from "./vocabulary/fields";
import { lastWordIn } from "./vocabulary/word-set";

export interface FieldDraft {
  name: string;
  prop: JsonProp;
  required?: boolean;
}

const CHOICES: [RegExp, string[]][] = [
  [/^approval(_status)?$/, ["pending", "approved", "changes_requested", "rejected"]],
  [/^priority$/, ["low", "medium", "high"]],
  [/^severity$/, ["low", "medium", "high", "critical"]],
  [/^difficulty$/, ["easy", "medium", "hard"]],
  [/^(frequency|billing_cycle|recurrence|watering_frequency)$/, ["daily", "weekly", "monthly", "yearly"]],
  [/^(level|skill_level)$/, ["beginner", "intermediate", "advanced"]],
  [/^mood$/, ["great", "good", "okay", "bad", "awful"]],
  [/^(method|payment_method)$/, ["cash", "card", "bank_transfer", "other"]],
];

const MONEY = lastWordIn(MONEY_FIELD_WORDS, "_");
const MONEY_NOT = /(^|_)(target_value|current_value|heart_rate|frame_rate|rate_limit)$/;
const PICTURE = lastWordIn(PICTURE_FIELD_WORDS, "_");
const UNITS: [RegExp, string][] = [
  [/^distance$/, "distance_km"],
  [/^duration$/, "duration_minutes"],
  [/^temperature$/, "temperature_c"],
  [/^weight$/, "weight_kg"],
  [/^height$/, "height_cm"],
  [/^(prep|cooking|cook)_time$/, "$1_time_minutes"],
];

const NUMBER_FIELD_ENDING = lastWordIn(NUMBER_FIELD_ENDINGS, "_");

const money = (): JsonProp => ({ type: "number", format: "currency" });

/** Options for a status or stage: the description's own "from X to Y" flow, else ones fitted to the entity. */
export function statusOptions(name: string, entity: string, flow: [string, string] | null): string[] {
  if (flow) {
    const [from, to] = flow.map((w) => snake(w));
    return from === to ? [from] : [from, "in_progress", to];
  }
  if (name.startsWith("approval")) return CHOICES[0][1];
  // "sold status", "payment status": what those words can be
  if (/^(sold|sale)_status$/.test(name)) return ["available", "reserved", "sold"];
  if (/^(paid|payment)_status$/.test(name)) return ["unpaid", "paid", "refunded"];
  if (name === "stage")
    return /deal|opportunit|lead|sale/i.test(entity)
      ? ["lead", "qualified", "proposal", "won", "lost"]
      : /candidate|applicant/i.test(entity)
        ? ["applied", "screening", "interview", "offer", "hired", "rejected"]
        : ["new", "in_progress", "review", "done"];
  const inferred = inferProp("status", entity).enum;
  return Array.isArray(inferred) ? inferred.map(String) : ["active", "on_hold", "done"];
}

/**
 * A property for a field phrase (lower case, determiners dropped). `flow` is a "from X to Y"
 * status flow said next to it; `outOf` the "out of N" of a rating.
 */
export function fieldFrom(phrase: string, entity: string, flow: [string, string] | null = null, outOf: number | null = null): FieldDraft | null {
  let words = phrase
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .replace(/[^a-z0-9 -]+/g, " ")
    .trim();
  let prop: JsonProp | null = null;
  let boolean = false;
  const checkbox = /^(.+?)\s+(?:checkbox|check box|tick box|toggle|flag)$/.exec(words);
  if (checkbox) {
    words = checkbox[1];
    boolean = true;
  }
  const kilos = /^(?:kilograms?|kg|kilos?)\s+of\s+(.+?)(?:\s+(?:collected|used|saved|emitted|produced))?$/.exec(words);
  if (kilos) return { name: `${snake(kilos[1])}_kg`, prop: { type: "number" } };
  if (/^opening hours?$/.test(words)) return { name: "opening_hours", prop: { type: "string", description: "opening hours, e.g. 09:00-17:00" } };
  // "feedback scores" -> "feedback score"; words that are lists by nature keep their plural
  const last = words.split(" ").pop()!;
  if (/[^s]s$/.test(last) && !PLURAL_FIELD_NAMES.has(last) && !/^number of /.test(words)) words = `${words.slice(0, -last.length)}${singularize(last)}`;
  let name = snake(words.replace(/\bcheck-?ins?\b/, "check in"));
  if (!name || name.length > 40) return null;
  if (/(^|_)(notes?)$/.test(name) && name !== "note") name = name.replace(/notes?$/, "notes");
  if (/^(tags|labels|genres|hashtags|keywords)$/.test(name)) return { name, prop: { type: "string", description: "comma-separated" } };
  if ((/(s)$/.test(name) && PICTURE.test(name)) || ONE_VALUE_PLURALS.has(name) || /_(date)s$/.test(name)) name = singularize(name);
  if (boolean) prop = { type: "boolean", default: false };
  else if (/^(status|stage|state|approval|approval_status|[a-z]+_status)$/.test(name)) {
    const options = statusOptions(name, entity, flow);
    prop = { type: "string", enum: options, default: options[0] };
    if (name === "state") name = "status";
  } else if (CHOICES.some(([re]) => re.test(name))) {
    const options = CHOICES.find(([re]) => re.test(name))![1];
    prop = { type: "string", enum: options, default: options.includes("medium") ? "medium" : options[0] };
  } else if (/(^|_)(rating|stars)$/.test(name) || (outOf !== null && /(^|_)(score|mark|grade)$/.test(name))) {
    prop = { type: "number", format: "rating", minimum: 1, maximum: outOf ?? 5 };
  } else if (PICTURE.test(name)) prop = { type: "string", format: "image" };
  else if (/(^|_)(time|start_time|end_time)$/.test(name) && !/(prep|cook|cooking|read|reading|travel)_time$/.test(name)) prop = { type: "string", format: "time" };
  else if (/(^|_)(deadline|due|due_date|due_by)$/.test(name)) {
    name = "due_date";
    prop = { type: "string", format: "date" };
  } else if (/(^|_)(date|day|birthday|dob)$|_on$|^date_of_[a-z]+$/.test(name) && name !== "day") prop = { type: "string", format: "date" };
  else if (MONEY.test(name) && !MONEY_NOT.test(name)) prop = money();
  else {
    const unit = UNITS.find(([re]) => re.test(name));
    if (unit) name = name.replace(unit[0], unit[1]);
    if (NUMBER_FIELD_NAMES.has(name) || /(^|_)number_of_\w+$/.test(name) || NUMBER_FIELD_ENDING.test(name)) {
      prop = { type: "number" };
    }
  }
  if (name === "quantitie") name = "quantity";
  return { name, prop: prop ?? inferProp(name, entity) };
}

/** A choice of these options, the first by default. */
export const enumProp = (options: string[]): JsonProp => ({ type: "string", enum: options, default: options[0] });

/** The fields a knowledge row lists ("status:a/b/c", "name*"), typed like description fields. */
export function knownField(spec: string, entity: string): FieldDraft | null {
  const required = spec.endsWith("*");
  const [phrase, options] = spec.replace(/\*$/, "").split(":");
  if (options) {
    const values = options.split("/");
    return { name: snake(phrase), prop: enumProp(values), required };
  }
  const draft = fieldFrom(phrase, entity);
  return draft ? { ...draft, required } : null;
}
