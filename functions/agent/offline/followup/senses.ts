/**
 * Whether two words people use for a field or a record mean the same thing, by WordNet: "referee" and
 * "ref" share a sense, so do "length" and "duration"; "category", "kind" and "type" are one step apart
 * in WordNet's kinds. A follow-up says a thing its own way ("filter matches by referee" when the app's
 * link is `ref_id`, "category as a choice" when the records have a `kind`), and reading the two as one
 * changes what the app has rather than adding a second field beside it.
 */
import { WordNet } from "../language/wordnet";
import { singularize } from "../naming";
import type { FieldRequest } from "../resolve";

/** The offsets of a noun's first `n` senses (its base form, so plurals read as their singular). */
const offsetsOf = (noun: string, n: number): number[] =>
  WordNet.senses(singularize(noun.toLowerCase()))
    .slice(0, n)
    .map((s) => s.offset);

/** Two nouns naming the same thing in one of their first three senses ("referee" and "ref", "length" and "duration"). */
export function sharesSense(a: string, b: string): boolean {
  if (singularize(a.toLowerCase()) === singularize(b.toLowerCase())) return true;
  const mine = offsetsOf(a, 3);
  return mine.length > 0 && offsetsOf(b, 3).some((o) => mine.includes(o));
}

/** The nouns of the kinds right above a noun's first sense ("type" -> "kind", "sort", "form", "variety"). */
const kindsAbove = (noun: string): string[] => {
  const first = WordNet.senses(singularize(noun.toLowerCase()))[0];
  return first ? WordNet.ancestors(singularize(noun.toLowerCase()), 1).filter((a) => first.kindOf.includes(a.offset)).flatMap((a) => a.words) : [];
};

/** Two nouns for the same thing, or one a direct kind of the other ("category" and "kind", "kind" and "type"). */
export function nearSense(a: string, b: string): boolean {
  const [x, y] = [singularize(a.toLowerCase()), singularize(b.toLowerCase())];
  return sharesSense(x, y) || kindsAbove(x).includes(y) || kindsAbove(y).includes(x);
}

/** The words that say a field holds a picture. */
const PICTURE_WORDS = /_(?:image|photo|picture|pic|photograph)$/;

/**
 * "a sketch image", "a floor plan picture": a picture named by what it pictures as a kind of picture
 * (a sketch, a plan, a diagram is one, WordNet says) is called by that word alone; "a receipt photo" or
 * "a profile picture" keeps the picture word, a receipt being no picture.
 */
export function pictureName(name: string): string {
  const r = PICTURE_WORDS.exec(name);
  if (!r) return name;
  const rest = name.slice(0, r.index);
  const head = rest.split("_").at(-1) ?? "";
  return head && WordNet.isA(head, "representation", 1) ? rest : name;
}

/** A unit things are counted in: a mile, a kilogram, a litre, an hour, a day (WordNet's units of measurement and of time). */
const isUnit = (noun: string): boolean => WordNet.isA(noun, "unit_of_measurement", 1) || WordNet.isA(noun, "time_unit", 1);

/**
 * "hours spent", "miles ridden", "days late", "weight in pounds": a free field named by a number of
 * units and what they count, or by a measure in a unit, holds a number.
 */
export function countsUnits(name: string): boolean {
  const [first, second] = name.split("_");
  // "weight in pounds", "depth in metres": a measure in a unit
  const unit = /_in_([a-z]+)$/.exec(name)?.[1];
  return (!!second && singularize(first) !== first && isUnit(singularize(first))) || (!!unit && isUnit(singularize(unit)));
}

/**
 * "a price in pounds", "a fee in euros": an amount of money (the unit a currency, WordNet says; a
 * pound only when what it measures is no physical property, as a weight is). Its name without the unit.
 */
export function moneyIn(name: string): string | null {
  const r = /^([a-z_]+?)_in_([a-z]+)$/.exec(name);
  if (!r) return null;
  const [what, unit] = [r[1], singularize(r[2])];
  const head = what.split("_").at(-1)!;
  const money = WordNet.isA(unit, "monetary_unit", 1) || (WordNet.isA(unit, "monetary_unit", 2) && !WordNet.isA(head, "physical_property", 1));
  return money ? what : null;
}

/** A field asked for, as its words mean it: a picture named as `pictureName` says, units counted as a number, money as money. */
export function refined(field: FieldRequest): FieldRequest {
  if (field.prop.format === "image") return { ...field, name: pictureName(field.name) };
  const plain = field.prop.type === "string" && !field.prop.format && !field.prop.enum;
  // "photos", "before pictures": pictures, however many are named
  const last = field.name.split("_").at(-1)!;
  if (plain && last !== singularize(last) && (singularize(last) === "image" || WordNet.isA(singularize(last), "picture", 1))) return { ...field, prop: { type: "string", format: "image" } };
  const money = plain || field.prop.type === "number" ? moneyIn(field.name) : null;
  if (money) return { name: money, prop: { type: "number", format: "currency" } };
  return plain && countsUnits(field.name) ? { ...field, prop: { type: "number" } } : field;
}

/**
 * The one field of `names` that a wanted field name means in other words: "category" for a `kind`,
 * "length" for a `duration`, "visit length" for a `visit_duration` (the same words before the last).
 * Names that are links or say nothing (`name`, `notes`) are never meant so.
 */
export function fieldSaidOtherwise(names: string[], wanted: string): string | undefined {
  const want = wanted.split("_");
  const hits = names.filter((name) => {
    if (name === wanted || /_ids?$/.test(name) || /^(?:name|title|notes?|description)$/.test(name)) return false;
    const have = name.split("_");
    return have.length === want.length && have.slice(0, -1).join("_") === want.slice(0, -1).join("_") && nearSense(have.at(-1)!, want.at(-1)!);
  });
  return hits.length === 1 ? hits[0] : undefined;
}
