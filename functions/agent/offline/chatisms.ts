/**
 * A description as people type it, written out in plain English before it is read: contractions
 * ("I'm", "we're"), shorthand ("w/", "y/n", "ppl"), symbols for "and" ("&", "+"), repeated
 * punctuation ("!!") and emoji. The tagger reads the result; nothing else changes.
 */
import { CHAT_SHORTHAND } from "./vocabulary/app-names";

const CONTRACTIONS: readonly (readonly [RegExp, string])[] = [
  [/\b(can)['’]t\b/gi, "$1 not"],
  [/\b(w)on['’]t\b/gi, "$1ill not"],
  [/\b(\w+)n['’]t\b/gi, "$1 not"],
  [/\b(i)['’]m\b/gi, "$1 am"],
  [/\b(let)['’]s\b/gi, "$1 us"],
  [/\b(it|that|there|here|what|who|where|he|she)['’]s\b/gi, "$1 is"],
  [/\b(\w+)['’]re\b/gi, "$1 are"],
  [/\b(\w+)['’]ve\b/gi, "$1 have"],
  [/\b(\w+)['’]ll\b/gi, "$1 will"],
  [/\b(i|we|you|they|he|she|it)['’]d\b/gi, "$1 would"],
];

/** one shorthand word or phrase, matched whole and case-blind */
const shorthand = (written: string) =>
  new RegExp(`(?<![\\w/&])${written.replace(/[/.+&]/g, (c) => `\\${c}`)}${written.endsWith("/") ? "" : "(?![\\w/&])"}`, "gi");
const SHORTHAND = Object.entries(CHAT_SHORTHAND).map(([written, meant]) => [shorthand(written), meant] as const);

/** The text with chat-isms written out, sentence breaks kept. */
export function writtenOut(text: string): string {
  let out = text.replace(/\p{Extended_Pictographic}(?:\uFE0F|\u200D\p{Extended_Pictographic})*/gu, ".");
  for (const [re, to] of CONTRACTIONS) out = out.replace(re, to);
  for (const [re, to] of SHORTHAND) out = out.replace(re, to);
  return (
    out
      // "&" and "+" join words; between single letters they are part of a name ("B&B", "R&D", "C++")
      .replace(/(?<!\b[A-Za-z])\s*&\s*|\s*&\s*(?![A-Za-z]\b)/g, " and ")
      .replace(/\s\+\s?|(?<=[a-z]{2})\+(?=[a-z]{2})/gi, " and ")
      .replace(/([!?])[!?]+/g, "$1")
      .replace(/\.{2,}|…/g, ".")
      // a lone "i" is the pronoun
      .replace(/\bi\b/g, "I")
      .replace(/\s*(?:\.\s*){2,}/g, ". ")
      .replace(/([!?])\s*\./g, "$1")
      .replace(/[ \t]{2,}/g, " ")
      .trim()
  );
}
