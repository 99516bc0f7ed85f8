/**
 * Measures a description asks to keep of its main thing: "how many shares", "how much plastic,
 * paper and glass" (numbers), "rate my mood from 1 to 10" (a rating up to 10). Part of the
 * offline planner (planner.ts), pure like it.
 */
import type { FieldDraft } from "./fields";
import { singularize, snake } from "./naming";
import { DETERMINERS } from "./vocabulary/grammar";

/** The things "how many" or "how much" is asked of, in the words used ("shares", "plastic"). */
export function amountsIn(description: string): string[] {
  return [...description.toLowerCase().matchAll(/\bhow (?:many|much) ([a-z]+(?:(?:, | and | or |, and )[a-z]+)*)( [a-z]+)?/g)].flatMap((m) => {
    const items = m[1].split(/, and |, | and | or /);
    // "how many shares, buy price and …": a word after the last item makes it a longer phrase, not an amount
    return m[2] && !DETERMINERS.has(m[2].trim()) && items.length > 1 ? items.slice(0, -1) : items;
  });
}

/** "rate my mood from 1 to 10", "rate each dish out of 5": a rating field of that, up to that. */
export function ratingsIn(description: string): FieldDraft[] {
  const rated = /\brate (?:my |their |the |his |her |our |each |every )?([a-z]+) (?:from 1 to|out of|on a scale of 1 to|1-)\s?(\d{1,3})\b/.exec(description.toLowerCase());
  return rated ? [{ name: snake(rated[1]), prop: { type: "number", format: "rating", minimum: 1, maximum: Number(rated[2]) } }] : [];
}

/** The main thing's measures: a number for each amount that is not a thing of its own, and the ratings asked for. */
export function measuresOf(description: string, amounts: string[], nouns: string[]): FieldDraft[] {
  const numbers = amounts.filter((a) => !nouns.includes(singularize(a))).map((a): FieldDraft => ({ name: snake(a), prop: { type: "number" } }));
  return [...numbers, ...ratingsIn(description)];
}
