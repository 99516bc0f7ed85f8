/**
 * The nouns the offline planner treats specially when it reads a description: words naming the
 * app itself, words for fields rather than records, and nouns with no plural.
 */
import { wordSet } from "./word-set";

/** words naming the app itself; a noun right before one is a modifier ("a donor manager"), not a mention */
export const APP_NOUNS = wordSet(`
  app apps application tool tracker manager planner log logger library platform organiser organizer notebook board
  journal portfolio workspace chart inventory calendar list crm system dashboard gradebook watchlist club hub
  directory catalogue catalog database site website portal diary wiki builder generator maker splitter schedule
  desk inbox guide monitor timer trainer outliner handbook program feed
`);

/** plural words that are field values or settings, never entities */
export const FIELD_WORDS = wordSet(`
  statuses notes tags labels dates patterns trends insights histories tips bars priorities hours minutes seconds
  points kilograms kg stages prices costs rates genres hashtags details colours colors reps weights quantities
  amounts deadlines timestamps streaks totals averages stats statistics specs specifications attributes filters
  views settings reminders alerts notifications charts reports forecasts summaries counts levels times durations
  distances temperatures lyrics instructions directions examples digits kwh emojis ones others things stuff apps
  features options pages strategies methods approaches techniques
`);

/** plural words that are fields when attached to something and entities when listed ("games, players and scores") */
export const SOFT_FIELD_WORDS = wordSet(`
  photos pictures images ratings scores grades reviews comments votes goals steps results sets versions tools
`);

/** nouns with no plural that still name records ("income", "equipment") */
export const MASS_NOUNS = wordSet(`
  income inventory equipment staff series feedback
`);

/** words between a thing and the app noun that name what is done with it ("plant care tracker") */
export const PROCESS_WORDS = wordSet(`
  triage care maintenance payoff management planning tracking footprint reminder reminders feedback
`);

/** what a known thing is kept in ("a subscriber list", "meeting schedule") */
export const KEEPING_NOUNS = wordSet(`
  list schedule directory form table
`);

/** field words that belong to a record of their own ("interview stages", "product specs") */
export const RECORD_PART_WORDS = wordSet(`
  stages statuses specs specifications details attributes
`);

/** endings of plurals that name people ("a planner for students"), who the app is for rather than records */
export const PEOPLE_PLURAL_ENDINGS: readonly string[] = ["ers", "ors", "ents", "ees", "ists", "ies", "mates", "people", "families", "teams", "kids", "children"];

/** words after "track" or "manage" that name no particular thing ("track everything", "manage my app") */
export const VAGUE_NOUNS = wordSet(`
  things stuff everything anything data information my our the your all of app apps application website site tool
  simple small basic new personal daily weekly
`);
