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

/** "… to them", "… for those": the pronoun as the object of a preposition, anywhere in the request. */
const PREPOSITION_THEM = /\b((?:to|on|onto|for|of|with|by|into)\s+)(them|those|these)\b/i;

/**
 * What "them" in a request after `previous` stands for: the first of the app's records it names
 * ("add a due date to repairs" -> repairs, though "repairs" reads as a verb there; "a stage: booked,
 * waiting for parts" -> the records, not the parts), else its last plural noun ("we buy from suppliers").
 */
function antecedent(previous: string, model: AppModel): string | null {
  const words = Tagger.words(previous);
  // a noun as the tagger reads it, or a word after a preposition or article, whatever the tagger says ("to repairs")
  const after = (i: number) => /^(?:ADP|DET)$/.test(words[i - 1]?.pos ?? "") || /^(?:to|on|for|of|with|in|by)$/.test(words[i - 1]?.lower ?? "");
  const nouns = words.filter((w, i) => w.pos === "NOUN" || w.pos === "PROPN" || after(i));
  // after a rename the records go by the new name, said last ("rename vets to surgeons")
  const order = /^(?:rename|call|change|switch)\b/i.test(previous.trim()) ? [...nouns].reverse() : nouns;
  const named = order.map((w) => mentionedEntities(w.lower, model)[0]).find(Boolean);
  if (named) return lowerWords(pluralize(named.name));
  return nouns.reverse().find((w) => (w.pos === "NOUN" || w.pos === "PROPN") && singularize(w.lower) !== w.lower)?.lower ?? null;
}

/** "add a colour to bikes", "give repairs a priority: low, high": the field and the records a request adds it to. */
function fieldAsked(previous: string): { field: string; records: string } | null {
  // the field's name without its type words ("a vaccinated yes/no", "a paid tick box")
  const head = previous.split(/\s*[:,(]\s*/)[0].replace(/\s+(?:yes\s*\/\s*no|y\s*\/\s*n|yes or no|check ?box|tick ?box|flag|field|column)(?=\s+(?:to|on|for)\s)/i, "");
  const to = /^(?:add|include|put)\s+(?:an?\s+|the\s+|some\s+)?([a-z][a-z\s]*?)\s+(?:to|on|for)\s+(?:the\s+|each\s+|every\s+|all\s+)?([a-z][a-z\s]*?)$/i.exec(head);
  const give = /^give\s+(?:the\s+|each\s+|every\s+|all\s+)?([a-z][a-z\s]*?)\s+(?:an?|the|some)\s+([a-z][a-z\s]*?)$/i.exec(head);
  return to ? { field: to[1], records: to[2] } : give ? { field: give[2], records: give[1] } : null;
}

/** "and let me filter by it": the filter by the field the request before added, on its records. */
const FILTER_BY_IT = /\b(filter|search|narrow)\s+(?:(?:the\s+)?([a-z]+(?:\s+[a-z]+)?)\s+)?(?:by|on|using)\s+(?:it|that|this|those|them)\b/i;
/** "and a kanban", "then a calendar please": a view said without whose records it shows. */
const BARE_VIEW = /^((?:and\s+|then\s+|also\s+)*(?:an?|the)\s+(?:\w+\s+)?(?:kanban|board|calendar)(?:\s+view)?)(?=\s+(?:by|please|too|as well)\b|\s*$)/i;

/** The request with its "them" (opening, or after a preposition) replaced by what it stands for (unchanged when there is none). */
export function withAntecedent(request: string, previous: string | undefined, model: AppModel): string {
  const said = request.trim();
  const asked = previous ? fieldAsked(previous) : null;
  const byIt = FILTER_BY_IT.exec(said);
  if (byIt && asked) return `${said.slice(0, byIt.index)}${byIt[1]} ${byIt[2] ?? asked.records} by ${asked.field}${said.slice(byIt.index + byIt[0].length)}`;
  const view = BARE_VIEW.exec(said);
  const viewed = view && previous && !mentionedEntities(said, model).length ? antecedent(previous, model) : null;
  if (view && viewed) return `${view[1]} of ${viewed}${said.slice(view[0].length)}`;
  const r = VERB_THEM.exec(said) ?? PREPOSITION_THEM.exec(said);
  if (!r || !previous) return request;
  const noun = antecedent(previous, model);
  return noun ? `${said.slice(0, r.index)}${r[1]} ${noun}${said.slice(r.index + r[0].length)}`.replace(/\s{2,}/g, " ") : request;
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
