/** A short name for the app a description asks for, and the parts of it the offline planner can't build. */
import { singularize } from "./naming";
import { looksPlural } from "./nouns";
import { ADJECTIVES, DETERMINERS, VERBS } from "./vocabulary/grammar";
import { ACTING_WORDS, GENERIC_APP_WORDS, NAME_ENDS, REQUEST_WORDS, UNMODELLED, UNMODELLED_VOTING, VERB_TITLES } from "./vocabulary/app-names";
import { APP_NOUNS } from "./vocabulary/nouns";

/** what people do, said right after who does it ("teachers create quizzes") */
const acts = (w: string) => VERBS.has(w) || ACTING_WORDS.has(w) || (w.endsWith("s") && ACTING_WORDS.has(w.slice(0, -1)));

/** The original spelling of each word ("CRM", "OKR", "B2B" stay as written). */
const word = (w: string) => (/[A-Z].*[A-Z]|\d/.test(w) ? w : w[0].toUpperCase() + w.slice(1).toLowerCase());

/**
 * "A sales pipeline: our agency …" -> "Sales Pipeline"; "A CRM for plumbers …" -> "CRM for Plumbers";
 * "Plan videos: …" -> "Video Planner"; null when the description names no app ("an app to …", "Track …").
 */
export function appNameFrom(description: string): string | null {
  const words: string[] = description.replace(/[“”"()]/g, " ").match(/[A-Za-z0-9]+(?:[-'’][A-Za-z0-9]+)*|[,:.;]/g) ?? [];
  let k = 0;
  /** "I run a bakery", "we own a gym": the business named next is what the app is for */
  let business = false;
  const skip = () => {
    while (k < words.length && (DETERMINERS.has(words[k].toLowerCase()) || ADJECTIVES.has(words[k].toLowerCase()) || REQUEST_WORDS.has(words[k].toLowerCase()))) {
      if (/^(run|own)$/i.test(words[k])) business = true;
      k++;
    }
  };
  skip();
  // "an app for my book club": the name is what it is for
  if (GENERIC_APP_WORDS.has(words[k]?.toLowerCase() ?? "") && words[k + 1]?.toLowerCase() === "for") {
    k += 2;
    skip();
  }
  const lead = words[k]?.toLowerCase();
  if (lead && VERB_TITLES[lead] && words[k + 1] && !/^[,:.;]$/.test(words[k + 1])) {
    const colon = words.indexOf(":");
    if (colon > 0 && colon <= k + 3) {
      const object = (words.slice(k + 1, colon).find((w) => !DETERMINERS.has(w.toLowerCase())) ?? words[k + 1]).toLowerCase();
      return `${word(singularize(object))} ${VERB_TITLES[lead]}`;
    }
    return null;
  }
  const out: string[] = [];
  for (; k < words.length && out.length < 4; k++) {
    const w = words[k];
    if (/^[,:.;]$/.test(w) || NAME_ENDS.has(w.toLowerCase())) break;
    out.push(w);
  }
  while (out.length && ADJECTIVES.has(out[0].toLowerCase())) out.shift();
  if (!out.length || (out.length === 1 && GENERIC_APP_WORDS.has(out[0].toLowerCase()))) return null;
  // "Teachers create quizzes …", "Help me manage my …": a sentence, not a name
  if (out.length > 1 && (VERB_TITLES[out[0].toLowerCase()] || (looksPlural(out[0].toLowerCase()) && acts(out[1].toLowerCase())))) return null;
  if (business && out.length <= 2 && !APP_NOUNS.has(out[out.length - 1].toLowerCase())) return `${out.map(word).join(" ")} Manager`;
  const last = out[out.length - 1].toLowerCase();
  if (GENERIC_APP_WORDS.has(last) && out.length > 2) out.pop();
  let name = out.map(word).join(" ");
  // "A CRM for plumbers", "An inventory for a bakery": say who it is for when the name is one word
  const after = words.slice(k);
  if (out.length === 1 && after[0]?.toLowerCase() === "for") {
    const who = after.slice(1).filter((w) => !DETERMINERS.has(w.toLowerCase()) && !ADJECTIVES.has(w.toLowerCase()));
    const end = who.findIndex((w) => /^[,:.;]$/.test(w) || NAME_ENDS.has(w.toLowerCase()));
    const phrase = (end < 0 ? who : who.slice(0, end)).slice(0, 2);
    if (phrase.length) name = `${name} for ${phrase.map(word).join(" ")}`;
  }
  if (!APP_NOUNS.has(last) && out.length === 1 && !/[A-Z]{2}/.test(out[0])) return null;
  return name.slice(0, 40).trim();
}

/** What a description asks for that the offline engine builds no logic for; voting is built when the app tallies its votes. */
export function unmodelled(description: string, tallied = false): string[] {
  return UNMODELLED.filter(([re, what]) => re.test(description) && !(tallied && what === UNMODELLED_VOTING)).map(([, what]) => what);
}
