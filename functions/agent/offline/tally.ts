/**
 * Vote tallies: an entity that is a vote, like or rating of another (a link to it) is counted
 * per record of the one voted on, and its rating averaged. Read from the model alone, so a
 * follow-up that reads the app back renders the same tallies.
 */
import type { Field } from "./entities";
import { isPerson } from "./knowledge";
import { type AppModel, type EntityDef, fields } from "./model";
import { lowerWords } from "./naming";

const VOTES = /(^| )(vote|upvote|like|rating|review|reaction)$/;

export interface Tally {
  /** the votes' entity, and its field naming the record voted on */
  votes: EntityDef;
  key: Field;
  /** the rating field averaged, when the votes carry one */
  rating: Field | null;
}

/** The tallies shown on `def`'s pages: one per vote-like entity that links to it. */
export function talliesOf(model: AppModel, def: EntityDef): Tally[] {
  return model.entities.flatMap((votes) => {
    if (votes === def || !VOTES.test(lowerWords(votes.name))) return [];
    const all = fields(model, votes);
    const links = all.filter((f) => f.kind === "relation" && f.target);
    const key = links.find((f) => f.target === def.name);
    // the voter is not what is voted on: a vote of a friend for a destination counts for the destination
    const things = links.filter((f) => !isPerson(lowerWords(f.target!)));
    if (!key || (things.length && !things.includes(key))) return [];
    return [{ votes, key, rating: all.find((f) => f.kind === "rating") ?? null }];
  });
}

/** The generated pages' helpers: votes per record id (`count`, and `sum`/`rated` of a rating), and, when rated, an average's text. */
export function tallyHelpers(rated: boolean): string[] {
  return [
    "// votes per record they point at: how many, and the sum and count of their ratings",
    "function tally(rows, key, rating) {",
    "  const out = {};",
    "  for (const row of rows) {",
    "    const entry = out[row[key]] || (out[row[key]] = { count: 0, sum: 0, rated: 0 });",
    "    entry.count += 1;",
    `    if (rating && typeof row[rating] === "number") {`,
    "      entry.sum += row[rating];",
    "      entry.rated += 1;",
    "    }",
    "  }",
    "  return out;",
    "}",
    ...(rated ? ["", `const averageOf = (entry) => (entry && entry.rated ? (entry.sum / entry.rated).toFixed(1) : "—");`] : []),
  ];
}
