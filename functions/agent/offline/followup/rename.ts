/**
 * Renaming an entity the ways people say it: "rename Client to Customer everywhere", "call
 * clients customers instead", "change 'Job' to 'Work order'", "use Patient instead of Client",
 * "clients should be called customers". The words around the new name ("everywhere",
 * "instead", "throughout the app") say where, not what: they never become part of the name.
 */
import { entityRename } from "../asks";
import type { AppModel } from "../model";
import type { OpResult } from "../ops";
import { singularize } from "../naming";
import { Tagger } from "../language/tagger";
import { newNameFrom, resolveEntity, WHERE } from "../resolve";

/** The old name and the new one, as the sentence puts them (the old one may be any phrase). */
function namesIn(m: string): [string, string] | null {
  const to =
    /^(?:rename|change|switch|turn)\s+(?:the\s+)?(?:name\s+(?:of\s+)?)?(.+?)\s+(?:to|into|as)\s+(.+)$/i.exec(m) ??
    /^(?:i'd\s+rather|we'd\s+rather|let's|lets)\s+call\s+(.+?)\s+()(.+)$/i.exec(m) ??
    /^(.+?)\s+(?:should|must|need to|needs to|can|could|would|will|shall)\s+be\s+(?:called|named|renamed(?:\s+to)?|known\s+as)\s+(.+)$/i.exec(m) ??
    // "mechanics are called technicians here", "we refer to mechanics as technicians"
    /^(?:the\s+)?(.+?)\s+(?:are|is)\s+(?:actually\s+|really\s+|always\s+|usually\s+)?(?:called|named|known\s+as)\s+(.+?)(?:\s+(?:here|now|round here|by us|by everyone))?$/i.exec(m) ??
    /^(?:we|i|they|people|everyone)\s+(?:always\s+|actually\s+|usually\s+|just\s+)?refer\s+to\s+(?:the\s+|our\s+)?(.+?)\s+as\s+(.+)$/i.exec(m) ??
    /^(?:call|name)\s+(?:the\s+|all\s+)?(.+?)\s+(?:as\s+)?()(.+)$/i.exec(m);
  if (to) {
    const [left, right] = to.length === 4 ? [to[1], to[3]] : [to[1], to[2]];
    if (left && right) return [left, right];
  }
  // "we call them drops not stops", "they're works, not pieces, rename it": the word they use, then the app's
  const theyAre = /^(?:(?:we|i|they|people)\s+(?:always\s+|actually\s+|just\s+)?(?:call|name|say)\s+(?:them|it|these|those)|(?:we|i|they|people)\s+(?:always\s+|actually\s+|just\s+|usually\s+)?(?:say|use)|(?:they're|they are|it's|it is)(?:\s+called)?)\s+(.+?)\s*,?\s+(?:not|instead of|rather than)\s+(.+?)(?:\s*,?\s+(?:so\s+)?(?:can you\s+|could you\s+|please\s+)?(?:rename|change)\s+(?:that|it|them|those)(?:\s+please)?)?$/i.exec(m);
  if (theyAre) return [theyAre[2], theyAre[1]];
  const arrow = /^(?:(?:rename|change|switch)\s+)?(.+?)\s*(?:->|→|=>|>)\s*(.+)$/i.exec(m);
  if (arrow) return [arrow[1], arrow[2]];
  // "I'd rather say technicians than mechanics", "we prefer technicians over mechanics"
  const instead =
    /^(?:(?:i|we)(?:'d|\s+would)?\s+(?:rather|prefer(?:\s+to)?)\s+|(?:i|we)\s+)?(?:use|say|show|prefer|call\s+(?:them|it))\s+(.+?)\s+(?:instead\s+of|rather\s+than|than|over|to)\s+(.+)$/i.exec(m) ??
    /^(?:replace|swap|switch)\s+(?:the\s+(?:word|name|term|label)s?\s+)?(.+?)\s+(?:with|for)\s+(.+)$/i.exec(m);
  if (instead) return /^(?:replace|swap|switch)/i.test(m) ? [instead[1], instead[2]] : [instead[2], instead[1]];
  // "technicians not mechanics please": the new word, then the app's
  const contrast = /^([a-z]+(?:\s+[a-z]+)?)\s*,?\s+not\s+([a-z]+(?:\s+[a-z]+)?)$/i.exec(m.replace(WHERE, ""));
  if (contrast) return [contrast[2], contrast[1]];
  // "customers are really riders, rename them": what the records really are, with the ask to rename
  // (said alone, "… are really riders" renames when what follows is a plural noun, as the records' name is)
  const really = /^(?:the\s+|our\s+)?(.+?)\s+are\s+(?:really|actually)\s+([a-z]+(?:\s+[a-z]+)?)(?:\s*,?\s+(?:so\s+)?(?:please\s+)?(?:rename|call)\s+(?:them|it|those)(?:\s+that)?)?$/i.exec(m);
  if (really && isPluralNoun(really[2])) return [really[1], really[2]];
  return null;
}

/** A phrase ending in a plural noun ("riders", "site visits"), as the tagger reads it. */
function isPluralNoun(phrase: string): boolean {
  const last = Tagger.words(phrase).at(-1);
  return !!last && last.pos === "NOUN" && singularize(last.lower) !== last.lower;
}

/** "call clients customers": the longest opening words that name an entity, the rest the new name. */
function splitCall(phrase: string, model: AppModel): [string, string] | null {
  const w = phrase.trim().split(/\s+/);
  for (let k = w.length - 1; k >= 1; k--) {
    const left = w.slice(0, k).join(" ");
    if (resolveEntity(model, left)) return [left, w.slice(k).join(" ")];
  }
  return null;
}

/** The entity renamed, or null when the sentence renames no entity the app has. */
/** "can we", "I'd rather", "let's": how the request opens, not what it asks. */
const LEAD = /^(?:(?:can|could|shall)\s+(?:we|i|you)\s+|(?:we|i|they|people)\s+(?:always\s+|actually\s+|usually\s+|just\s+)?(?=call\s+(?!them\b|it\b))|(?:i'd|we'd|i would|we would)\s+(?:rather|prefer to|like to)\s+|(?:let's|lets|please)\s+|(?:i|we)\s+(?:want|need)\s+to\s+)/i;

export function entityRenameRequest(message: string, model: AppModel): OpResult | null {
  const m = message.replace(LEAD, "").replace(/\?$/, "");
  // "call clients customers": no word between the two names, so find where the entity ends
  const bare = /^(?:call|name)\s+(?:the\s+|all\s+|my\s+|our\s+)?(.+)$/i.exec(m);
  const names = (bare && !/\s(?:to|as)\s/i.test(bare[1]) ? splitCall(bare[1].replace(WHERE, ""), model) : null) ?? namesIn(message.replace(/\?$/, ""));
  if (!names) return null;
  const [left, right] = names;
  if (/\s+(?:page|screen|tab|view|field|column|property|title|heading|colou?r|theme)$/i.test(left.trim())) return null;
  const def = resolveEntity(model, left);
  // "change the status to done" names a field, "rename the app to X" the app: not an entity
  if (!def) return null;
  const to = newNameFrom(right);
  if (!to || to.split(/\s+/).length > 4 || /[,;:]|\b(?:and|or)\b/i.test(to)) return null;
  return entityRename(left, to, model);
}
