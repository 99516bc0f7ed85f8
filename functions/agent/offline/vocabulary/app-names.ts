/** The words the offline engine names an app with, and the chat shorthand it writes out first. */
import { wordSet } from "./word-set";

/** shorthand people type in a chat, and what it stands for (matched as whole words, any case) */
export const CHAT_SHORTHAND: Readonly<Record<string, string>> = {
  "w/o": "without",
  "w/": "with ",
  "y/n": "yes or no",
  "b/c": "because",
  "n/a": "not applicable",
  "e.g.": "for example",
  "i.e.": "that is",
  pls: "please",
  plz: "please",
  u: "you",
  ur: "your",
  ppl: "people",
  smth: "something",
  smthg: "something",
  sth: "something",
  appt: "appointment",
  appts: "appointments",
  etc: "",
  thx: "thanks",
  bc: "because",
  tbh: "",
  lol: "",
  haha: "",
  imo: "",
  btw: "",
  asap: "soon",
  msgs: "messages",
  msg: "message",
  txt: "text",
  txts: "texts",
  info: "information",
  mgmt: "management",
};

/** words that name no app of their own ("an app", "a website", "something") */
export const GENERIC_APP_WORDS = wordSet(`
  app application tool website site system platform thing way place program something software database spreadsheet
`);

/** organisations that name no app when said bare ("we're a small team") */
export const BARE_ORGANISATIONS = wordSet(`
  team company business startup start-up group family household organisation organization firm bunch couple pair
  charity nonprofit non-profit
`);

/** heads that hold a collection: "a catalogue of API endpoints" -> "API Endpoint Catalogue" */
export const COLLECTION_WORDS = wordSet(`
  catalogue catalog list log inventory library collection directory database register record archive index
`);

/** verbs by which people say what their business is ("we run a gym", "I'm a groomer") */
export const BUSINESS_VERBS = wordSet("be run own operate manage have coach lead host organise organize teach coordinate chair");

/** the app noun a title made of a verb gets ("Plan videos" -> "Video Planner") */
export const VERB_TITLES: Readonly<Record<string, string>> = {
  plan: "Planner",
  track: "Tracker",
  manage: "Manager",
  log: "Log",
  organise: "Organiser",
  organize: "Organizer",
  split: "Splitter",
  organiser: "Organiser",
  schedule: "Scheduler",
  record: "Log",
  monitor: "Monitor",
  keep: "Tracker",
};
