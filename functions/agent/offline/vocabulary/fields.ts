/** Field names the offline engine types by their words: numbers, money, dates, yes/no, long text. */
import { wordSet } from "./word-set";

/** field names that stay plural ("notes", "ingredients", "reps") */
export const PLURAL_FIELD_NAMES = wordSet(`
  notes tags labels genres hashtags keywords lyrics instructions ingredients reps sets points servings calories
  seasons hours minutes details comments directions kwh players stars chords steps highlights sections results
  questions answers contents blockers
`);

/** field names said in the plural that hold one value each ("priorities" -> priority) */
export const ONE_VALUE_PLURALS = wordSet(`
  priorities statuses dates due_dates prices costs ratings scores quantities deadlines stages severities
`);

/** field names that hold a number */
export const NUMBER_FIELD_NAMES = wordSet(`
  kwh kwh_used reps sets points servings capacity calories seasons year position progress streak quantity
  quantities kg km miles steps
`);

/** last words of field names that hold a number ("words_count", "weight_kg") */
export const NUMBER_FIELD_ENDINGS: readonly string[] = [
  "count",
  "kg",
  "km",
  "minutes",
  "hours",
  "cm",
  "c",
  "kwh",
  "score",
  "reading",
  "target_per_period",
  "players",
  "value",
  "intake",
  "goal",
  "average",
];

/** last words of field names that hold money ("hourly_rate", "total") */
export const MONEY_FIELD_WORDS = wordSet(`
  cost price salary amount budget fee total revenue income rent spend spending limit value rate wage pay payment
  balance deposit fine tip donation bill
`);

/** field names that hold long text (a textarea) */
export const LONG_TEXT_FIELDS = wordSet(`
  notes? description content body bio summary details comments? instructions ingredients message address agenda
  resolution review
`);

/** date fields a calendar places records by, before other dates */
export const CALENDAR_DATE_FIELDS = wordSet(`
  date due_date deadline start_date publish_date scheduled_date event_date
`);

/** field names that hold yes or no (a checkbox) */
export const YES_NO_FIELDS = wordSet(`
  done completed complete paid archived favorite favourite pinned active published verified billable urgent
  returned attended present packed watched taken checked_in visited received approved bought sold read
`);

/** last words of field names that hold a number, whatever the description said */
export const NUMBER_FIELD_WORDS = wordSet(`
  amount price value cost total budget salary quantity qty count score rating age duration hours minutes weight
  height calories servings stock capacity revenue fee rate percent percentage discount tax balance points credits
  distance reps sets streak year probability
`);

/** last words of field names that hold a picture */
export const PICTURE_FIELD_WORDS = wordSet(`
  photo photos picture pictures image images cover avatar logo screenshot thumbnail cover_photo
`);
