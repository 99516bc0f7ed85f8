/** The words the offline engine names an app with, and what it says it can't build. */
import { wordSet } from "./word-set";
import { pattern } from "../pattern";

/** words that end an app's name ("A CRM for plumbers, with …" -> "CRM for Plumbers") */
export const NAME_ENDS = wordSet(`
  for with to that which where who of in on at by from and so listing logging tracking including plus using :
`);

/** words that name no app of their own ("an app", "a website") */
export const GENERIC_APP_WORDS = wordSet(`
  app application tool website site system platform thing way place program
`);

/** verbs (with or without "s") and pronouns right after who does something ("teachers create quizzes") */
export const ACTING_WORDS = wordSet(`
  create take book borrow submit sign enrol enroll rent buy order adopt apply attend reserve suggest post rate
  share send join sell teach grade need want can will my our we i they you
`);

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
};

/** words of asking before the app's name ("I want to build …", "we run a …") */
export const REQUEST_WORDS = wordSet(`
  i we want need would like build make create me us please help just run own have got am
`);

/** the unmodelled feature that is built after all when the app tallies its votes */
export const UNMODELLED_VOTING = "voting";

/** what a description can ask for that the offline engine builds no logic for, and how it says so */
export const UNMODELLED: readonly (readonly [RegExp, string])[] = [
  [/\b(reminders?|notifications?|alerts?|notify|nudges?)\b/i, "reminders and notifications (nothing runs on a schedule)"],
  [/\bdrag[- ]and[- ]drop\b(?![^.]*\bboard\b)/i, "drag-and-drop arrangement"],
  // the app writing or suggesting, not people ("authors write posts", "members suggest books")
  [
    pattern(
      "i",
      /\b(ai|generat\w+|auto-?generated?|summari[sz]\w*)\b|\b(?:it|that|which|app|tool|assistant|bot)\s+/,
      /(?:also\s+)?(?:writes?|suggests?|drafts?|recommends?)\b|\b/,
      /(?:write|suggest|draft|recommend)s?\s+(?:\w+\s+)?for (?:me|us)\b/,
    ),
    "generated text (it needs a language model)",
  ],
  [/\b(votes?|voting)\b/i, UNMODELLED_VOTING],
  [/\b(timers?|pomodoro|countdown)\b/i, "a timer"],
  [/\bmaps?\b/i, "a map"],
  // sharing outside the app: a link, page or URL made public or shared
  [/\b(?:share|sharing|shareable|public|publish\w*)(?: (?:a|an|the|its|their))? (?:links?|pages?|urls?)\b/i, "public or shared links"],
  [/\b(syntax[- ]highlight\w*|one-click copy|lightbox)\b/i, "code highlighting, copy buttons and viewers"],
  // a mode that drives practice: scheduled review, asking in reverse, against the clock
  [/\b(spaced repetition|study modes?|practice modes?|both directions|both ways|in reverse|timed \w+|time limits?)\b/i, "study and quiz modes"],
  [/\brandom\b/i, "random picks"],
  // figures computed across records: forecasts, balances between people, rankings, orders compared by strategy
  [
    /\b(forecasts?|projections?|weighted averages?|leaderboards?|standings|heatmap|owes?|owed|settle(?: up|ments?)|balances? between|compar\w+ [\w ,-]*?(?:strateg(?:y|ies)|methods|approaches))\b/i,
    "calculated results such as forecasts, averages and rankings (the dashboard charts counts and sums instead)",
  ],
  [/\b(import|export|csv|pdf)\b/i, "import and export"],
  [/\b(emails?|newsletters?) (?:sends?|scheduled sends)\b|\bsend(?:s|ing)? (?:an? )?emails?\b/i, "sending e-mail"],
];
