/**
 * The grammar words the offline planner reads descriptions with: determiners, adjectives,
 * prepositions and verbs. Lower case, one word each ("'s" and "," count as words).
 */
import { wordSet } from "./word-set";

/** words before a noun that say which or how many ("a", "each", "our") */
export const DETERMINERS = wordSet(`
  a an the my our their your his her its some any all each every this that these those no one i we you they he she
  it
`);

/** words that describe a noun without naming it ("weekly", "shared", "three") */
export const ADJECTIVES = wordSet(`
  daily weekly monthly yearly annual upcoming past recent shared personal simple small big large local internal
  recurring favourite favorite different various multiple own other open active public private current future
  basic main total individual online custom new old little mini quick easy free full whole single many few several
  more most best top common important simple-to-use multiplayer-style reusable rotating ongoing pending remaining
  existing outstanding incoming outgoing low high soon follow-up hardest easiest latest newest oldest biggest
  highest lowest fastest one two three four five six seven eight nine ten
`);

/** words that join phrases ("for", "with", "per", ",", "and", "'s") */
export const PREPOSITIONS = wordSet(`
  off before after during until since within against using worth each every for with to from of in on at by per
  between into through about like across over under without via as than and or plus & , so where which that who
  while when 's
`);

/** verbs a description uses for what people do in the app */
export const VERBS = wordSet(`
  pay pays paying send sending earn earns claim scan track tracking manage managing log logging plan planning list
  listing keep keeping organise organize organised organized organising organizing store storing collect
  collecting share sharing rate add create build see view submit assign assigned owned paid packed reported
  written led run hosted taught prioritise reply vote move moving compare show shown write turn generate get give
  has have had is are was were be been being belong linked contain include including split tick record recording
  recorded grouped sorted filed save pick search learn edit remove delete compare check enter set up can could
  should will would need want lets let allows allow help helps make makes do does
`);

/** words that are verbs after a singular noun ("a session links", "each member posts") and nouns elsewhere */
export const VERBS_AFTER_NOUN = wordSet(`
  posts logs plans lists records schedules shows notes links sets groups tracks reviews rates moves needs belongs
  contains includes has gets holds lives goes does says creates writes turns builds submits registers compares
  picks saves sends leaves votes generates assigns sits fits
`);

/** words ending in "s" that are not plurals */
export const NOT_PLURAL = wordSet(`
  this his its was has does goes belongs contains includes plus always perhaps bus news yes less across process
  kudos gas analytics maths physics thanks sometimes progress status canvas whereas series access class boss glass
  address business
`);

/** words that end a list of things ("courses, lessons and enrolments grouped by …") */
export const LIST_STOP_WORDS = wordSet(`
  is are was belongs belong shown grouped organised organized assigned owned moving move moves where which that so
  on in from per for between links linked plus
`);

/** verbs before "by" or "into" that group records ("grouped by room") */
export const GROUPING_VERBS = wordSet(`
  grouped organised organized sorted filed
`);

/** verbs saying where a thing is kept ("which bin it goes in") */
export const PLACING_VERBS = wordSet(`
  goes go belongs belong sits sit lives live fits fit
`);

/** participles after a plural that say what was done to the things ("crops planted in each field") */
export const PARTICIPLES = wordSet(`
  planted grown sold bought made written owned kept held borrowed lent rented booked sent received read watched
  visited used collected harvested cooked eaten
`);

/** verbs that, with "off", tick items of a checklist ("tick off QA, docs and rollout steps") */
export const TICK_VERBS = wordSet(`
  tick ticks ticking check checks checking cross crosses crossing
`);

/** verbs that, after "and" or a comma, start what else the app does ("… and track commands learned") */
export const APP_ACTION_VERBS = wordSet(`
  track log send see get earn keep manage record share print export
`);

/** verbs for keeping things, before the thing kept ("track my plants", "keep track of books"); regex alternatives */
export const KEEPING_VERBS: readonly string[] = [
  ...["track", "tracks", "tracking", "manage", "manages", "managing", "organi[sz]e", "log", "logs", "logging", "catalog(?:ue)?"],
  ...["list", "record", "collect", "store", "keep track of", "plan", "share", "rate", "review"],
];

/** the determiners that say whose a thing is ("their licence number", "its weight"): never part of its name */
export const POSSESSIVE_DETERMINERS: readonly string[] = ["their", "its", "his", "her", "our", "my", "your"];

/** words saying whose things they are ("my", "our") */
export const POSSESSIVES: readonly string[] = ["my", "our", "the", "your", "their", "his", "her"];

/** verbs after a thing that say what it has or does ("each trip has days") */
export const SUBJECT_VERBS = wordSet(`
  has have is are belongs belong links link records record moves move gets get contains contain includes include
  holds hold needs need lives
`);

/** participles that link a record to another ("assigned to", "written by") */
export const LINK_WORDS = wordSet(`
  assigned owned paid packed led run written reported created hosted taught submitted posted made
`);

/** verbs for what others record in the app ("and trainers log attendance") */
export const RECORDING_VERBS: readonly string[] = ["log", "logs", "take", "takes", "mark", "marks", "record", "records", "track", "tracks", "rate", "rates", "review", "reviews"];
