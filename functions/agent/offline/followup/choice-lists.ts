/**
 * Choices said in passing, the way people write them in a sentence rather than after a colon:
 * "shirt size as a choice, small, medium or large", "make the colour a proper choice, red, blue,
 * green", "could orders have a channel, phone, web or shop", "rooms need a state, clean, dirty or
 * out of use", "ticket priority please, low, normal or urgent", "a rating as a choice, 1 to 5".
 * A list is choices when the sentence says so ("a choice", "a dropdown") or when it ends in "… or
 * X" after one field named with an article or "please"; a field list ("name, phone and email") is not.
 */
import { unquote } from "../resolve";
import { Tagger } from "../language/tagger";

export interface ChoiceList {
  /** the field as named ("shirt size", "channel") */
  field: string;
  /** the records named with it ("orders", "the rooms"), if any */
  entity: string | null;
  values: string[];
}

const CHOICE_WORDS = /(?:choice|choices|dropdown|drop-down|drop down|select|pick ?list|list of options|set of options|fixed list|fixed set|option list)/;
/** "as a choice", "a proper choice of", "should be a dropdown", "into a choice between". */
const MARKER = new RegExp(
  `\\s*,?\\s*(?:(?:should|must|could|can|needs? to|has to)?\\s*be\\s+|as\\s+|into\\s+|to\\s+be\\s+)?(?:an?\\s+|the\\s+)?(?:proper\\s+|single\\s+|fixed\\s+|real\\s+)?${CHOICE_WORDS.source}(?:\\s+(?:field|list|box))?`,
  "i",
);
const OPENER = /^(?:(?:and|also|so|then|ok|okay)\s+)*(?:(?:can|could|would|will|should)\s+(?:you\s+|we\s+|i\s+|(?=the\s|each\s|every\s)))?(?:please\s+)?(?:(?:add|make|give|put|turn|set|change|include|track|record)\s+)?/i;
const PLEASE = /(?:\s*,?\s*(?:please|pls|too|as well))+$/i;
/** Words that say the list is of fields, not of choices: "home goals and away goals as numbers". */
const TYPED = /\b(?:as|in)\s+(?:numbers?|dates?|text|yes\s*\/\s*no|checkbox(?:es)?|decimals?|integers?|photos?|images?)\b|\b(?:fields?|columns?)\b/i;
/** Requests that carry a list for something else: a filter, a view, a link, a rename. */
const OTHER_ASK = /\b(?:filter|search|calendar|board|kanban|chart|graph|link|linked|rename|remove|delete|called)\b/i;

/** "1 to 7", "1-10": the whole numbers from one to the other (at most 20 of them). */
function range(text: string): string[] | null {
  const r = /^(\d{1,3})\s*(?:to|-|–)\s*(\d{1,3})$/.exec(text.trim());
  if (!r) return null;
  const [from, to] = [Number(r[1]), Number(r[2])];
  if (to <= from || to - from > 19) return null;
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/** "small, medium or large", "soprano alto tenor bass" (only after a choice marker), "1 to 5". */
function valuesOf(text: string, marked: boolean): string[] {
  const clean = text.replace(/^\s*(?:[,:;–—-]|of|between|from|with|please|pls)\s*/i, "").replace(/^\s*(?:[,:;–—-]|please|pls)\s*/i, "").replace(/\s*(?:,?\s*etc\.?|\.\.\.|…)$/i, "").trim();
  const numbers = range(clean);
  if (numbers) return numbers;
  const parts = clean
    .split(/\s*[,/;|]\s*|\s+or\s+|\s+and\s+/i)
    .map((v) => unquote(v).trim())
    .filter(Boolean);
  // "a choice, soprano alto tenor bass": words without commas are one word each
  if (marked && parts.length === 1 && parts[0].split(/\s+/).length >= 3) return parts[0].split(/\s+/);
  return parts;
}

/** The head before the list: the field, and the records when named ("could orders have a channel", "a mood to the diary"). */
function headOf(head: string): { field: string; entity: string | null } {
  const text = head.replace(OPENER, "").replace(PLEASE, "").trim();
  const having = /^(?:the\s+|each\s+|every\s+|all\s+)?(.+?)\s+(?:should\s+|must\s+|could\s+|can\s+)?(?:have|has|need|needs|get|gets)\s+(.+)$/i.exec(text);
  if (having) return { field: having[2], entity: having[1] };
  const onto = /^(.+?)\s+(?:to|on|for|in|of)\s+(?:the\s+|each\s+|every\s+|all\s+)?(.+)$/i.exec(text);
  if (onto) return { field: onto[1], entity: onto[2] };
  return { field: text, entity: null };
}

const fits = (list: ChoiceList) =>
  list.values.length >= 2 &&
  list.values.length <= 20 &&
  list.values.every((v) => v.split(/\s+/).length <= 4 && !/^(?:an?|the)\s/i.test(v)) &&
  /^[a-z][a-z0-9\s'-]*$/i.test(list.field) &&
  list.field.split(/\s+/).length <= 4;

/** "booked in, waiting for parts, fixed, collected": most values say how a record is (a verb or an adjective), where a field list names things. */
function saysHowItIs(values: string[]): boolean {
  // read after "status:", where a thing is tagged a noun and a state a verb or adjective
  const describing = values.filter((v) => /^(?:VERB|AUX|ADJ|ADV|ADP)$/.test(Tagger.words(`status: ${v}`)[2]?.pos ?? ""));
  return describing.length * 2 > values.length;
}

/** The field, its records and its choices, or null when the sentence holds no list of choices. */
export function choiceList(message: string): ChoiceList | null {
  if (OTHER_ASK.test(message) || TYPED.test(message)) return null;
  const marker = MARKER.exec(message);
  if (marker) {
    const before = message.slice(0, marker.index);
    let after = message.slice(marker.index + marker[0].length);
    // "pontoon as a choice on berths, A, B, C": the records named after the marker
    const on = /^\s+(?:on|for|to|in)\s+(?:the\s+|each\s+|all\s+)?([a-z][a-z\s]*?)\s*[,:–—-]\s*/i.exec(after);
    if (on) after = after.slice(on[0].length);
    const head = headOf(before.replace(/\s+(?:a|an)$/i, ""));
    const list = { field: head.field.replace(/^(?:an?|the)\s+/i, ""), entity: on ? on[1] : head.entity, values: valuesOf(after, true) };
    return fits(list) ? list : null;
  }
  // no marker: "<one field>, a, b or c" or "<field> please, a, b, c"
  const r = /^([^,:]+?)\s*(?:,|:)\s*(.+)$/.exec(message);
  if (!r) return null;
  const values = valuesOf(r[2], false);
  const saysOr = /\s+or\s+[^,]+$/i.test(r[2]);
  const head = headOf(r[1]);
  // "a bay", "the colour": one field named with an article; "a name, phone, email" has its article on the first only
  const named = /^(?:an?|the|their)\s+[a-z]+(?:\s+[a-z]+)?$/i.test(head.field) || PLEASE.test(r[1]);
  if (!(saysOr && named) && !(PLEASE.test(r[1]) && values.length >= 3) && !(named && values.length >= 3 && saysHowItIs(values))) return null;
  const list = { field: head.field.replace(/^(?:an?|the|their)\s+/i, ""), entity: head.entity, values };
  return fits(list) ? list : null;
}
