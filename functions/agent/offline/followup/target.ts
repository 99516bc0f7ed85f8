/**
 * Which of the app's entities a request is about. People name them loosely ("the patient",
 * "clients", "each job") or not at all ("add paid yes/no"), so this reads the words the way
 * resolveEntity does and, when none is named, falls back to the page being looked at and
 * then to the app's central record (the one that links to the most others).
 */
import { type AppModel, type EntityDef, fields } from "../model";
import { WordNet } from "../language/wordnet";
import { lowerWords, singularize, snake } from "../naming";
import { resolveEntity } from "../resolve";

/** The entities a text mentions, in the order they first appear (two-word names before one-word ones). */
/**
 * What the user's last request that named records was about: the first it named ("filter players by team" is about
 * players). Not the first message, the description the app was built from, which names them all.
 */
export function discussedIn(earlier: readonly string[], model: AppModel): EntityDef | undefined {
  for (const message of earlier.slice(1).reverse()) {
    const [first] = mentionedEntities(message, model);
    if (first) return first;
  }
  return undefined;
}

export function mentionedEntities(text: string, model: AppModel): EntityDef[] {
  const tokens = text
    .toLowerCase()
    .replace(/[^a-z0-9'\s-]/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  const out: EntityDef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const n of [3, 2, 1]) {
      if (i + n > tokens.length) continue;
      const def = resolveEntity(model, tokens.slice(i, i + n).join(" ").replace(/'s$/, ""));
      if (!def) continue;
      if (!out.includes(def)) out.push(def);
      i += n - 1;
      break;
    }
  }
  return out;
}

/** The entity whose page (list, detail, form, board or calendar) is open. */
export function entityOnPage(model: AppModel, page: string | null | undefined): EntityDef | undefined {
  if (!page) return undefined;
  return model.entities.find((e) => [e.pages.list, e.pages.detail, e.pages.form, e.views.board, e.views.calendar].includes(page));
}

const linkCount = (def: EntityDef, model: AppModel) => model.entities.filter((other) => other !== def && `${snake(other.name)}_id` in def.schema.properties).length;

/** Kinds of thing that are the parties of an app's records (people, teams, places), not the records themselves. */
const PARTIES: ReadonlySet<string> = new Set(["person", "group", "location"]);
/** Kinds of thing that happen: an appointment, a repair, a sale. */
const HAPPENINGS: ReadonlySet<string> = new Set(["act", "event"]);

/**
 * How much an entity looks like the app's main record: what happens (an appointment, a job) links to
 * its parties, has a date and a status; the parties (people, teams, places) are what it links to.
 */
function centrality(def: EntityDef, model: AppModel): number {
  const all = fields(model, def);
  const head = lowerWords(def.name).split(" ").at(-1) ?? "";
  const lex = WordNet.lexOf(head);
  return (
    linkCount(def, model) +
    (all.some((f) => f.kind === "date") ? 1 : 0) +
    (all.some((f) => f.kind === "enum") ? 1 : 0) +
    (lex && HAPPENINGS.has(lex) ? 1 : 0) -
    (lex && PARTIES.has(lex) ? 1 : 0)
  );
}

/** The app's central record: the entity with pages that looks most like what happens in the app, the first in the navigation on a tie. */
export function centralEntity(model: AppModel): EntityDef | undefined {
  let best: EntityDef | undefined;
  let bestScore = -Infinity;
  for (const def of model.entities.filter((e) => e.pages.list)) {
    const score = centrality(def, model);
    if (score > bestScore) [best, bestScore] = [def, score];
  }
  return best ?? model.entities[0];
}

/** The entity a request without a named one is about (the page open, the last message's, the app's central one), and how it was chosen. */
export function impliedEntity(model: AppModel, currentPage?: string | null, avoid: EntityDef[] = []): { def: EntityDef; why: "page" | "said" | "central" } | null {
  const onPage = entityOnPage(model, currentPage);
  if (onPage && !avoid.includes(onPage)) return { def: onPage, why: "page" };
  const said = model.discussed && model.entities.includes(model.discussed) ? model.discussed : undefined;
  if (said && !avoid.includes(said)) return { def: said, why: "said" };
  const central = centralEntity({ ...model, entities: model.entities.filter((e) => !avoid.includes(e)) });
  return central ? { def: central, why: "central" } : null;
}

/** The records a field is about when the sentence names none: the one entity that `has` it, else the implied one. */
export function entityHolding(model: AppModel, has: (def: EntityDef) => boolean, currentPage?: string | null): EntityDef | null {
  const having = model.entities.filter((e) => e.pages.list && has(e));
  const implied = impliedEntity(model, currentPage)?.def ?? null;
  if (having.length === 1) return having[0];
  if (implied && having.includes(implied)) return implied;
  return having[0] ?? implied;
}

/**
 * "add a type, fridge or freezer", "a breed: poodle, beagle or collie": choices that are each the
 * records' own kind or a kind of it (WordNet: a freezer is a kind of fridge, a beagle of dog) sort
 * those records, so the field is theirs. The one entity every value names so; none when it is not one.
 */
export function entityTheChoicesSort(model: AppModel, values: string[]): EntityDef | undefined {
  const nouns = values.map((v) => singularize(v.trim().toLowerCase()).replace(/\s+/g, " "));
  if (nouns.length < 2 || nouns.some((n) => !/^[a-z]+(?: [a-z]+)?$/.test(n))) return undefined;
  const sorted = model.entities.filter((e) => {
    const head = lowerWords(e.name).split(" ").at(-1) ?? "";
    return e.pages.list && nouns.every((n) => n === head || n.split(" ").at(-1) === head || WordNet.isA(n, head, 2));
  });
  return sorted.length === 1 ? sorted[0] : undefined;
}

/** The glosses of a noun's first two senses, as lower-case words without plural endings. */
const glossWords = (noun: string): Set<string> =>
  new Set(
    WordNet.senses(noun)
      .slice(0, 2)
      .flatMap((s) => s.gloss.split(";")[0].toLowerCase().match(/[a-z]+/g) ?? [])
      .map(singularize),
  );

/**
 * "a photo of each dish" in an app of menu items, "each gig" in an app of events: a noun the app
 * names otherwise, found by what WordNet says it is (a gig is a kind of event) or means (a dish is
 * "a particular item of prepared food", a menu "a list of dishes"). The one entity whose head the
 * noun is a kind of, or whose name's words define the noun or are defined by it; none when several are.
 */
export function entityDefinedAs(model: AppModel, noun: string): EntityDef | undefined {
  const word = singularize(noun.trim().toLowerCase());
  if (!/^[a-z]+$/.test(word) || !WordNet.knows(word)) return undefined;
  const defines = glossWords(word);
  const hits = model.entities.filter((e) => {
    const words = lowerWords(e.name).split(" ");
    return e.pages.list && (WordNet.isA(word, words.at(-1)!, 2) || defines.has(words.at(-1)!) || words.some((w) => glossWords(w).has(word)));
  });
  return hits.length === 1 ? hits[0] : undefined;
}

/** The entity a phrase names, or the one entity named inside it ("the week's repairs", "all open jobs"). */
export function entityIn(model: AppModel, phrase: string): EntityDef | undefined {
  const mentioned = mentionedEntities(phrase, model);
  return resolveEntity(model, phrase) ?? (mentioned.length === 1 ? mentioned[0] : undefined);
}
