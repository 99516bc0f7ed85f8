/**
 * What kind of thing a noun names, as the reader needs to know it: a person (a client, a judge), a
 * thing that can be a record (a van, a batch, an appointment), a place, or a value that only describes
 * a record (a price, a date, a colour, a litre). WordNet's lexicographer files decide; the short lists
 * here are the words whose most frequent WordNet sense is not the one an app means ("name" is a value,
 * not a language unit; "stuff" is a placeholder, not a substance).
 */
import { type LexName, WordNet } from "../language/wordnet";
import { singularize } from "../naming";

export type NounKind = "person" | "record" | "place" | "value" | "unit" | "generic";

/** Nouns that describe a record rather than being one (WordNet files them as things, acts or groups). */
const VALUES = new Set(
  (
    "name title description note notes comment comments detail details info information email e-mail phone number mobile address " +
    "date time day week month year deadline due start end duration size colour color breed type kind category status stage state " +
    "price cost fee amount total balance budget rate quantity qty count weight height length width capacity volume score grade level " +
    "rating rank priority photo picture image file link url website label tag tags age gender birthday location notes area room " +
    "condition value reference code serial sku id isbn model make brand style sort difficulty temperature quality source reason result " +
    "frequency schedule window slot shift place position role trade species variety flavour flavor ingredient allergies allergy medication"
  ).split(" "),
);

/** Words that stand for whatever the sentence means: never an entity of their own. */
const GENERIC = new Set(
  (
    "stuff thing things item items info data record records entry entries list lists detail details way ways lot lots bunch kind sort type " +
    "app tracker system tool database spreadsheet sheet platform website site page dashboard portal software program excel notion " +
    "everything something anything nothing one ones people person everyone anyone someone somebody folks guy guys us me them " +
    "place home work stuff column header heading tab"
  ).split(" "),
);
/** Generic words that are records after all when a description lists them with fields of their own. */
/** What an app is called after ("a bug tracker", "a release checklist tool", "a simple CRM"): the app, never a record. */
const APP_WORDS = new Set(
  "app tracker planner organiser organizer manager system hub portal dashboard platform crm wiki gradebook logbook log software website inventory builder".split(" "),
);

export const GENERIC_BUT_RECORDABLE = new Set("item items task project job team group place house room site entry".split(" "));

const PERSON_LEX: LexName[] = ["person"];
const PLACE_LEX: LexName[] = ["location"];
const VALUE_LEX: LexName[] = ["attribute", "quantity", "time", "state", "relation", "shape", "feeling", "motive"];

/** The senses worth reading: a proper-noun-like first sense ("van" the painter's movement) gives way to a common one. */
function lexesOf(noun: string): LexName[] {
  return WordNet.lexesOf(noun, 3);
}

/** "a spray diary", "a weight log", "a rehearsal schedule": a record of what it lists, named by it. */
export const KEPT_IN = / (?:list|register|catalogue|catalog|database|collection|diary|log|logbook|schedule|form|sheet)$/;

export function kindOf(phrase: string): NounKind {
  const listed = phrase.toLowerCase().replace(KEPT_IN, "");
  if (listed !== phrase.toLowerCase() && listed.includes(" ") === false && listed) return kindOf(listed) === "generic" ? "generic" : "record";
  const words = phrase.toLowerCase().split(/\s+/);
  const head = singularize(words[words.length - 1]);
  if ((GENERIC.has(head) && words.length === 1) || APP_WORDS.has(words[words.length - 1])) return "generic";
  if (VALUES.has(head) || VALUES.has(words[words.length - 1])) return "value";
  const whole = WordNet.knows(words.join(" ")) ? words.join(" ") : head;
  const lexes = lexesOf(whole);
  // a word WordNet lacks made of two it knows ("setlist", "playlist"): the kind of its last
  const doer = /(?:[^aeiou]er|or|ist|ian|ee|ant|ent|ess)$/.test(head) && head.length > 5;
  const compound = lexes.length || !doer ? undefined : [...Array(Math.max(0, head.length - 6)).keys()].map((i) => head.slice(i + 3)).find((end) => WordNet.knows(end) && WordNet.knows(head.slice(0, head.length - end.length)));
  // (a named kind of a placeholder, "setlist", is a thing of its own)
  if (compound) return kindOf(compound) === "generic" ? "record" : kindOf(compound);
  // a word WordNet lacks: "invigilator", "groomer", "physio" — people by how English names doers
  if (!lexes.length) return doer ? "person" : "record";
  const [first] = lexes;
  if (first === "quantity" && whole !== "unit" && WordNet.isA(whole, "unit of measurement", 1)) return "unit";
  if (PERSON_LEX.includes(first)) return "person";
  if (lexes[1] === "person" && ["Tops", "group", "communication", "cognition", "act"].includes(first)) return "person";
  if (VALUE_LEX.includes(first) && !lexes.slice(1).some((l) => l === "artifact" || l === "person")) return "value";
  if (PLACE_LEX.includes(first)) return "place";
  return "record";
}

export const isPersonNoun = (noun: string): boolean => kindOf(noun) === "person";
