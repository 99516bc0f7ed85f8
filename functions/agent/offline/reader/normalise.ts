/**
 * A description as the reader wants it: chat-isms written out (chatisms.ts: "w/", "&", "I'm", emoji),
 * then what the reader needs on top: a yes/no mark after a field ("paid y/n" -> "paid yesno"), examples
 * introduced by "like", dashes spaced as one, and full stops kept off the words the tokenizer would glue
 * them to ("reps. 3 physios").
 */
import { writtenOut } from "../chatisms";

/** Written after a field phrase for "y/n", "yes/no", "(yes or no)": the field is a yes/no one. */
export const YES_NO = "yesno";

export function normalise(text: string): string {
  // an emoji right before a list is decoration, not the sentence break chatisms.ts makes of it
  return writtenOut(text.replace(/\s*\p{Extended_Pictographic}\uFE0F?\s*(?=[(:,])/gu, " "))
    .replace(/\(\s*(?:yes or no|yes\/no|y or n|true\/false)\s*\)|\b(?:yes or no|yes\/no|true\/false)\b|\?\s*\(?yes or no\)?/gi, ` ${YES_NO}`)
    .replace(/\bfor example,?\s*/gi, "like ")
    .replace(/\bkeep(?:ing)? (?:a )?track of\b/gi, "track")
    .replace(/\b(?:and so on|and stuff|and such)(?=[\s).,;]|$)/gi, "")
    .replace(/\s+—\s+|\s+–\s+|\s+--?\s+/g, " - ")
    .replace(/([a-z])\.(\s+)(?=[a-z0-9])/gi, "$1 .$2")
    .replace(/\s+/g, " ")
    .trim();
}
