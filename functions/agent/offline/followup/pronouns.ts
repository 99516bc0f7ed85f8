/**
 * "them" in the second request of a message: "we buy from a few suppliers, add them with a name",
 * "repairs need a status …, and show them on a board". The pronoun stands for the records the
 * previous request named (an entity of the app), else for the last plural noun it said.
 */
import type { AppModel } from "../model";
import { Tagger } from "../language/tagger";
import { lowerWords, pluralize, singularize } from "../naming";
import { mentionedEntities } from "./target";

/** A request opening with a verb and "them": "add them …", "and show them …", "put those …". */
const VERB_THEM = /^((?:and\s+|also\s+|then\s+|so\s+)*(?:please\s+)?[a-z]+)\s+(them|those|these)\b/i;

/** What "them" in a request after `previous` stands for: its last noun naming an entity or plural ("we buy from suppliers"). */
function antecedent(previous: string, model: AppModel): string | null {
  const nouns = Tagger.words(previous).filter((w) => w.pos === "NOUN" || w.pos === "PROPN");
  for (const w of nouns.reverse()) {
    const named = mentionedEntities(w.lower, model)[0];
    if (named) return lowerWords(pluralize(named.name));
    if (singularize(w.lower) !== w.lower) return w.lower;
  }
  return null;
}

/** The request with its opening "them" replaced by what it stands for (unchanged when there is none). */
export function withAntecedent(request: string, previous: string | undefined, model: AppModel): string {
  const r = VERB_THEM.exec(request.trim());
  if (!r || !previous) return request;
  const noun = antecedent(previous, model);
  return noun ? `${r[1]} ${noun}${request.trim().slice(r[0].length)}` : request;
}

/** "rename it", "can you change that please": a part that asks for the request before it again. */
export const restatesPrevious = (request: string): boolean =>
  /^(?:and\s+|so\s+)?(?:(?:can|could|would)\s+you\s+|please\s+)?(?:rename|change|do|fix|update|sort)\s+(?:that|it|them|this|those)(?:\s+(?:out|please|for me|too))*[.!?]?$/i.test(request.trim());

/**
 * "we have two testing rooms", "there's me, Dave and Kelly", "the shearer changes every year": a
 * statement, opening with who or what it is about rather than with a verb asking for something.
 */
export function isBackground(request: string): boolean {
  const first = Tagger.words(request.trim())[0];
  return !!first && (/^(?:PRON|DET|PROPN)$/.test(first.pos) || /^(?:there|there's|here's|some|most|all)$/i.test(first.lower));
}
