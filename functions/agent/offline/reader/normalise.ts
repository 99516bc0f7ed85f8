/**
 * A description as the reader wants it: chat-isms written out (chatisms.ts: "w/", "&", "I'm", emoji),
 * then what the reader needs on top: a yes/no mark after a field ("paid y/n" -> "paid yesno"), examples
 * introduced by "like", dashes spaced as one, and full stops kept off the words the tokenizer would glue
 * them to ("reps. 3 physios"); a bulleted line ends the one before.
 */
import { writtenOut } from "../chatisms";

/** Written after a field phrase for "y/n", "yes/no", "(yes or no)": the field is a yes/no one. */
export const YES_NO = "yesno";

export function normalise(text: string): string {
  // an emoji right before a list is decoration, not the sentence break chatisms.ts makes of it
  return writtenOut(bulletsRead(text).replace(/\s*\p{Extended_Pictographic}\uFE0F?\s*(?=[(:,])/gu, " "))
    .replace(/\(\s*(?:yes or no|yes\/no|y or n|true\/false)\s*\)|\b(?:yes or no|yes\/no|true\/false)\b|\?\s*\(?yes or no\)?/gi, ` ${YES_NO}`)
    .replace(/\bfor example,?\s*/gi, "like ")
    .replace(/\bkeep(?:ing)? (?:a )?track of\b/gi, "track")
    .replace(/\b(?:and so on|and stuff|and such)(?=[\s).,;]|$)/gi, "")
    .replace(/\s+—\s+|\s+–\s+|\s+--?\s+/g, " - ")
    .replace(/([a-z])\.(\s+)(?=[a-z0-9])/gi, "$1 .$2")
    .replace(/\s+/g, " ")
    .trim();
}

const BULLET = /^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+/;

/**
 * Bulleted lines as sentences: a bullet with a list of its own ("- proofs on each job: version, approved")
 * starts a sentence ("… due date - proofs" is no list of the due date's), and bullets of one short item each
 * ("Customers:", "- name", "- phone") are that heading's list ("Customers: name, phone").
 */
function bulletsRead(text: string): string {
  const out: string[] = [];
  let items = false;
  for (const line of text.split(/\r?\n/)) {
    if (!BULLET.test(line) || !out.length) {
      // (the list a run of one-item bullets made ends before the next line)
      if (items) out[out.length - 1] += ".";
      out.push(line);
      items = false;
      continue;
    }
    const said = line.replace(BULLET, "").trim();
    const item = !/[:(,]/.test(said) && said.split(/\s+/).length <= 4;
    const last = out.length - 1;
    if (item && (items || /:\s*$/.test(out[last]))) out[last] = `${out[last].trimEnd()}${items ? "," : ""} ${said}`;
    else {
      out[last] = out[last].trimEnd().replace(/:$/, "").replace(/([^.!?])$/, "$1.");
      out.push(said);
    }
    items = item;
  }
  return out.join("\n");
}
