/**
 * The wording around a follow-up's request, read past: chat that opens or closes a message ("oh and",
 * "thanks so much", a smiley), a question asked with its modal first ("could each clean be linked …"),
 * the records named before the request ("bikes: add …") and adverbs inside the verb group ("should
 * really have"). Each gives the plain request the recognisers read.
 */
import type { AppModel } from "../model";
import { resolveEntity } from "../resolve";
import { Tagger } from "../language/tagger";

/**
 * How people open and close a chat message without asking anything: "oh and", "hmm", "ok so now",
 * "actually,", "one more thing,"; "too", "as well", "thanks so much", a smiley. Discourse markers,
 * never part of the request.
 */
export const OPENING_CHATTER = /^(?:(?:oh|ah|hmm+|um+|uh|right|well|so|ok(?:ay)?|and|also|actually|now|then|alright|cool|great|perfect|nice|one (?:more|last|other) thing|another thing|last thing|quick one|btw|by the way)(?=[\s,!.:-])[\s,!.:-]*)+/i;
export const CLOSING_CHATTER = /(?:[\s,]+(?:too|as well|thanks(?:\s+(?:so|very)\s+much|\s+a\s+lot)?|thank\s+you(?:\s+(?:so|very)\s+much)?|cheers|ta|please|pls|plz|thx|ty))+[.!?\s]*$/i;
export const SMILEY = /\s*(?:[:;]-?[)(DPp]|\p{Extended_Pictographic}\uFE0F?)/gu;
/**
 * A user story ("As a manager I want the assignments on a calendar", "As the office, I want …, so that …"):
 * who asks, and why, are no part of what is asked. The role before "I/we" and a "so that …" after go.
 */
export const STORY_ROLE = /^as\s+(?:a|an|the|our|one of the)\s+[^,]{1,60}?,?\s+(?=(?:i|we)\s)/i;
export const STORY_REASON = /,?\s+so\s+(?:that\s+)?(?:i|we|they|it|the|our)\b.*$/i;

/**
 * "I want the term to be a choice of …", "we need issues to have a priority: …", "I want 'Issue' renamed to
 * 'Request' everywhere": what someone wants a thing to be, said as the statement the rules read.
 */
export function wantedStatement(m: string): string | null {
  const renamed = /^(?:i|we)\s+(?:want|need|would like|'d like)\s+(.+?)\s+(?:renamed|changed|called)\s+(?:to|into)\s+(.+)$/i.exec(m);
  if (renamed) return `rename ${renamed[1]} to ${renamed[2]}`;
  const wanted = /^(?:i|we)\s+(?:want|need|would like|'d like)\s+((?:the|our|each|every|all|my)\s+)?(?!to\b|you\b|it\b|them\b)(.+?)\s+to\s+(be|have|get|show|include)\s+(.+)$/i.exec(m);
  if (wanted) return `${wanted[1] ?? ""}${wanted[2]} should ${wanted[3]} ${wanted[4]}`;
  return null;
}

/** "make it so that …", "can you make sure …": the statement that follows is the request. */
export const MAKE_IT_SO = /^(?:(?:can|could|would) you\s+)?make\s+(?:it\s+so|sure)(?:\s+that)?\s+/i;

/** "bikes: add a serial number", "repairs - add paid y/n": the records named first, then what to add to them. */
const TOPIC = /^([a-z][a-z\s]*?)\s*(?::|\s-|–|—)\s*((?:add|include|track|record|store)\s+.+)$/i;

/** The request with its records named first put after it ("add a serial number to bikes"), when they are the app's. */
export function withTopic(m: string, model: AppModel): string | null {
  const r = TOPIC.exec(m);
  return r && resolveEntity(model, r[1]) ? `${r[2]} to ${r[1]}` : null;
}

/** Adverbs that change what is asked ("only see their own", "not required"), kept wherever they are. */
const MEANING_ADVERBS = /^(?:only|not|never|no|n't|too|so|then|there|here|how|when|where|why|again|back|up|out|off|away|together|apart|instead|first|last)$/;

/**
 * "the bikes should really have a photo", "we sometimes need to note whether …": the request without
 * the adverbs inside its verb group (between who asks, or a modal, and the verb), as the tagger reads them.
 */
export function withoutAdverbs(m: string): string {
  const words = Tagger.words(m);
  const drop = words.filter(
    (w, i) =>
      w.pos === "ADV" &&
      !MEANING_ADVERBS.test(w.lower) &&
      /^(?:VERB|AUX)$/.test(words[i + 1]?.pos ?? "") &&
      (i === 0 || /^(?:PRON|AUX|NOUN|PROPN|INTJ)$/.test(words[i - 1].pos)),
  );
  return drop.reduce((text, w) => text.replace(new RegExp(`\\b${w.text.replace(/[^\w]/g, "\\$&")}\\s+`), ""), m);
}

/** A question opening with its modal, then a subject that is not the speaker or the listener. */
const ASKED = /^(could|can|should|would|will|shall|may|might|must)\s+(?!(?:we|you|i|they|it|he|she|u|ya|someone|somebody|anyone|one)\b)((?:(?:each|every|all|any|the|our|my|an?|those|these)\s+)?[a-z][a-z'\s-]*?)\s+(be|have|get|go|belong|show|appear|sit|live|need|come)\b(.*)$/i;

/**
 * "could each clean be linked to the stay", "can every booking have a room": a yes/no question is
 * the statement it asks for ("each clean could be linked to the stay"), read when the question is not.
 */
export function statementOf(m: string): string | null {
  const r = ASKED.exec(m.replace(/\?$/, ""));
  return r ? `${r[2]} ${r[1].toLowerCase()} ${r[3]}${r[4]}` : null;
}
