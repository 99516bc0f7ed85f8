/**
 * A chat message as the reader wants it: the shorthand people type in a chat box spelled out
 * ("w/" -> "with", "&" -> "and", "I'm" -> "I am", "y/n" -> a yes/no mark), emoji and shouting
 * punctuation gone, so the tagger sees plain English.
 */

/** Written after a field phrase for "y/n", "yes/no", "(yes or no)": the field is a yes/no one. */
export const YES_NO = "yesno";

const CONTRACTIONS: [RegExp, string][] = [
  [/\b(i)['’]m\b/gi, "$1 am"],
  [/\b(we|you|they)['’]re\b/gi, "$1 are"],
  [/\b(i|we|you|they)['’]ve\b/gi, "$1 have"],
  [/\b(i|we|you|they|he|she|it)['’]ll\b/gi, "$1 will"],
  [/\b(i|we|you|they|he|she)['’]d\b/gi, "$1 would"],
  [/\b(it|that|there|here|what|who)['’]s\b/gi, "$1 is"],
  [/\b(can)['’]t\b/gi, "can not"],
  [/\b(won)['’]t\b/gi, "will not"],
  [/\b([a-z]+)n['’]t\b/gi, "$1 not"],
  [/\blet['’]s\b/gi, "let us"],
];

export function normalise(text: string): string {
  let out = text
    .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F/gu, " ")
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'");
  for (const [re, to] of CONTRACTIONS) out = out.replace(re, to);
  out = out
    .replace(/\(\s*(?:y\/n|yes\/no|yes or no|y or n|true\/false)\s*\)|\b(?:y\/n|yes\/no|yes or no|true\/false)\b|\?\s*\(?y\/n\)?/gi, ` ${YES_NO}`)
    .replace(/\bw\/o\b/gi, "without")
    .replace(/\bw\/(?=\s|[a-z])/gi, "with ")
    .replace(/\s[&+]\s|\s(?:'n'|n)\s(?=[a-z])/gi, " and ")
    .replace(/\b(?:e\.g\.|eg\.|e\.g|i\.e\.|ie\.)\s*/gi, "like ")
    .replace(/\b(?:etc\.?|and so on|and stuff|and such)(?=[\s).,;]|$)/gi, "")
    .replace(/\.{2,}|…/g, " ")
    .replace(/([!?])[!?]+/g, "$1")
    .replace(/\s+—\s+|\s+–\s+|\s+--?\s+/g, " - ")
    .replace(/\b(?:pls|plz)\b/gi, "please")
    .replace(/\bppl\b/gi, "people")
    .replace(/\bb\/c\b|\bbc\b/gi, "because")
    .replace(/\s+/g, " ")
    .trim();
  return out;
}
