/**
 * English plurals the offline engine reads and writes differently from the `pluralize` library's
 * rules; naming.ts registers them with it.
 */

/** nouns ending in "-ie" whose singular keeps the "ie" ("cookies" -> "cookie", not "cooky") */
const IE_NOUNS =
  "movie cookie calorie pie tie lie zombie rookie selfie hoodie brownie smoothie goalie freebie genie prairie budgie veggie birdie indie newbie techie foodie roomie";

/** [singular, plural] */
export const IRREGULAR_PLURALS: readonly (readonly [string, string])[] = [["virus", "viruses"], ...IE_NOUNS.split(" ").map((one) => [one, `${one}s`] as const)];

/** nouns with one form for one and many ("the feedback", "all feedback") */
export const UNCOUNTABLE_NOUNS: readonly string[] = ["feedback", "inventory", "data"];
