/**
 * Which of the app's entities a request is about. People name them loosely ("the patient",
 * "clients", "each job") or not at all ("add paid yes/no"), so this reads the words the way
 * resolveEntity does and, when none is named, falls back to the page being looked at and
 * then to the app's central record (the one that links to the most others).
 */
import { type AppModel, type EntityDef, fields } from "../model";
import { WordNet } from "../language/wordnet";
import { lowerWords, snake } from "../naming";
import { resolveEntity } from "../resolve";

/** The entities a text mentions, in the order they first appear (two-word names before one-word ones). */
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

/** The entity a request without a named one is about, and how it was chosen (for the answer). */
export function impliedEntity(model: AppModel, currentPage?: string | null, avoid: EntityDef[] = []): { def: EntityDef; why: "page" | "central" } | null {
  const onPage = entityOnPage(model, currentPage);
  if (onPage && !avoid.includes(onPage)) return { def: onPage, why: "page" };
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
