/** A short name for the app a description asks for, and the parts of it the offline planner can't build. */
import { ADJ, APP_NOUNS, DET, looksPlural, VERBS } from "./nouns";

const CUT = /^(for|with|to|that|which|where|who|of|in|on|at|by|from|and|so|listing|logging|tracking|including|plus|using|:)$/;
const GENERIC = /^(app|application|tool|website|site|system|platform|thing|way|place|program)$/;
/** what people do, said right after who does it ("teachers create quizzes") */
const acts = (w: string) => VERBS.has(w) || /^(create|take|book|borrow|submit|sign|enrol|enroll|rent|buy|order|adopt|apply|attend|reserve|suggest|post|rate|share|send|join|sell|teach|grade|need|want|can|will|my|our|we|i|they|you)s?$/.test(w);
const VERB_TITLES: Record<string, string> = { plan: "Planner", track: "Tracker", manage: "Manager", log: "Log", organise: "Organiser", organize: "Organizer", split: "Splitter", organiser: "Organiser" };

/** The original spelling of each word ("CRM", "OKR", "B2B" stay as written). */
const word = (w: string) => (/[A-Z].*[A-Z]|\d/.test(w) ? w : w[0].toUpperCase() + w.slice(1).toLowerCase());

/**
 * "A sales pipeline: our agency …" -> "Sales Pipeline"; "A CRM for plumbers …" -> "CRM for Plumbers";
 * "Plan videos: …" -> "Video Planner"; null when the description names no app ("an app to …", "Track …").
 */
export function appNameFrom(description: string): string | null {
  const words: string[] = description.replace(/[“”"()]/g, " ").match(/[A-Za-z0-9]+(?:[-'’][A-Za-z0-9]+)*|[,:.;]/g) ?? [];
  let k = 0;
  /** "I run a bakery", "we own a gym": the business named next is what the app is for */
  let business = false;
  const skip = () => {
    while (k < words.length && (DET.has(words[k].toLowerCase()) || ADJ.has(words[k].toLowerCase()) || /^(i|we|want|need|would|like|build|make|create|me|us|please|help|just|run|own|have|got|am)$/i.test(words[k]))) {
      if (/^(run|own)$/i.test(words[k])) business = true;
      k++;
    }
  };
  skip();
  // "an app for my book club": the name is what it is for
  if (GENERIC.test(words[k]?.toLowerCase() ?? "") && words[k + 1]?.toLowerCase() === "for") {
    k += 2;
    skip();
  }
  const lead = words[k]?.toLowerCase();
  if (lead && VERB_TITLES[lead] && words[k + 1] && !/^[,:.;]$/.test(words[k + 1])) {
    const colon = words.indexOf(":");
    if (colon > 0 && colon <= k + 3) {
      const object = (words.slice(k + 1, colon).find((w) => !DET.has(w.toLowerCase())) ?? words[k + 1]).toLowerCase().replace(/s$/, "");
      return `${word(object)} ${VERB_TITLES[lead]}`;
    }
    return null;
  }
  const out: string[] = [];
  for (; k < words.length && out.length < 4; k++) {
    const w = words[k];
    if (/^[,:.;]$/.test(w) || CUT.test(w.toLowerCase())) break;
    out.push(w);
  }
  while (out.length && ADJ.has(out[0].toLowerCase())) out.shift();
  if (!out.length || (out.length === 1 && GENERIC.test(out[0].toLowerCase()))) return null;
  // "Teachers create quizzes …", "Help me manage my …": a sentence, not a name
  if (out.length > 1 && (VERB_TITLES[out[0].toLowerCase()] || (looksPlural(out[0].toLowerCase()) && acts(out[1].toLowerCase())))) return null;
  if (business && out.length <= 2 && !APP_NOUNS.has(out[out.length - 1].toLowerCase())) return `${out.map(word).join(" ")} Manager`;
  const last = out[out.length - 1].toLowerCase();
  if (GENERIC.test(last) && out.length > 2) out.pop();
  let name = out.map(word).join(" ");
  // "A CRM for plumbers", "An inventory for a bakery": say who it is for when the name is one word
  const after = words.slice(k);
  if (out.length === 1 && after[0]?.toLowerCase() === "for") {
    const who = after.slice(1).filter((w) => !DET.has(w.toLowerCase()) && !ADJ.has(w.toLowerCase()));
    const end = who.findIndex((w) => /^[,:.;]$/.test(w) || CUT.test(w.toLowerCase()));
    const phrase = (end < 0 ? who : who.slice(0, end)).slice(0, 2);
    if (phrase.length) name = `${name} for ${phrase.map(word).join(" ")}`;
  }
  if (!APP_NOUNS.has(last) && out.length === 1 && !/[A-Z]{2}/.test(out[0])) return null;
  return name.slice(0, 40).trim();
}

const VOTING = "voting";

const UNMODELLED: [RegExp, string][] = [
  [/\b(reminders?|notifications?|alerts?|notify|nudges?)\b/i, "reminders and notifications (nothing runs on a schedule)"],
  [/\bdrag[- ]and[- ]drop\b(?![^.]*\bboard\b)/i, "drag-and-drop arrangement"],
  // the app writing or suggesting, not people ("authors write posts", "members suggest books")
  [/\b(ai|generat\w+|auto-?generated?|summari[sz]\w*)\b|\b(?:it|that|which|app|tool|assistant|bot)\s+(?:also\s+)?(?:writes?|suggests?|drafts?|recommends?)\b|\b(?:write|suggest|draft|recommend)s?\s+(?:\w+\s+)?for (?:me|us)\b/i, "generated text (it needs a language model)"],
  [/\b(votes?|voting)\b/i, VOTING],
  [/\b(timers?|pomodoro|countdown)\b/i, "a timer"],
  [/\bmaps?\b/i, "a map"],
  // sharing outside the app: a link, page or URL made public or shared
  [/\b(?:share|sharing|shareable|public|publish\w*)(?: (?:a|an|the|its|their))? (?:links?|pages?|urls?)\b/i, "public or shared links"],
  [/\b(syntax[- ]highlight\w*|one-click copy|lightbox)\b/i, "code highlighting, copy buttons and viewers"],
  // a mode that drives practice: scheduled review, asking in reverse, against the clock
  [/\b(spaced repetition|study modes?|practice modes?|both directions|both ways|in reverse|timed \w+|time limits?)\b/i, "study and quiz modes"],
  [/\brandom\b/i, "random picks"],
  // figures computed across records: forecasts, balances between people, rankings, orders compared by strategy
  [/\b(forecasts?|projections?|weighted averages?|leaderboards?|standings|heatmap|owes?|owed|settle(?: up|ments?)|balances? between|compar\w+ [\w ,-]*?(?:strateg(?:y|ies)|methods|approaches))\b/i, "calculated results such as forecasts, averages and rankings (the dashboard charts counts and sums instead)"],
  [/\b(import|export|csv|pdf)\b/i, "import and export"],
  [/\b(emails?|newsletters?) (?:sends?|scheduled sends)\b|\bsend(?:s|ing)? (?:an? )?emails?\b/i, "sending e-mail"],
];

/** What a description asks for that the offline engine builds no logic for; voting is built when the app tallies its votes. */
export function unmodelled(description: string, tallied = false): string[] {
  return UNMODELLED.filter(([re, what]) => re.test(description) && !(tallied && what === VOTING)).map(([, what]) => what);
}
