/** The units a field can be kept in ("yield in kg", "distance in miles"), and the other ways people write them. */
import { wordSet } from "./word-set";

/** units written after "in" ("in kg") */
export const UNITS = wordSet("kg kgs kilos km miles lbs pounds litres liters hours minutes cm grams g");

/** a unit's other spellings, mapped to the one a field name uses */
export const UNIT_ALIASES: Readonly<Record<string, string>> = { kgs: "kg", kilos: "kg" };
