/**
 * What a description asks for that the offline engine does not build: reminders, notifications,
 * e-mail, text messages, automations, computed figures, export and payments, recognised by meaning
 * (lemmas and their neighbours, after chat-isms are written out) wherever they are said; and a few
 * features named by their own words (a map, a timer, voting…). The first answer says each plainly.
 */
import { writtenOut } from "./chatisms";
import { isPerson } from "./knowledge";
import { Tagger, type Word } from "./language/tagger";
import { WordNet } from "./language/wordnet";
import { pattern } from "./pattern";
import {
  APP_ACTIONS,
  AUTOMATION_WORDS,
  COMPARED,
  COMPUTED_KINDS,
  CONDITIONS,
  EXPORT_WORDS,
  FILE_FORMATS,
  KEEP_VERBS,
  LATE_NOUNS_NOT_FLAGGED,
  MAIL_WORDS,
  MESSAGE_KINDS,
  MESSAGE_OBJECTS,
  NOTIFY_WORDS,
  PAYMENT_CHANNELS,
  PAYMENT_SERVICES,
  PER_GROUP_WORDS,
  PERIODIC,
  REMINDER_WORDS,
  RULE_VERBS,
  SEND_VERBS,
  SUMMED,
  SMS_WORDS,
  SUBJECT_PRONOUNS,
  TAKE_VERBS,
  TEXT_WORDS,
  TIME_UNITS,
} from "./vocabulary/unbuilt";

/** What the engine leaves out, in the order the answer says it. */
export const GAPS = [
  "reminders",
  "notifications",
  "emails",
  "sms",
  "automations",
  "computed",
  "export",
  "payments",
  "voting",
  "generated",
  "drag",
  "timer",
  "map",
  "shared",
  "code",
  "study",
  "random",
] as const;
export type Gap = (typeof GAPS)[number];

/** Each gap asked for, with the words that asked ("totals", "rankings"; "csv", "import"). */
export type Asks = Map<Gap, Set<string>>;

/** the words within `span` before index `i` */
const before = (s: Word[], i: number, span: number) => s.slice(Math.max(0, i - span), i);
const after = (s: Word[], i: number, span: number) => s.slice(i + 1, i + 1 + span);
const isWord = (w: Word | undefined, set: ReadonlySet<string>) => !!w && (set.has(w.lemma) || set.has(w.lower));

/** a plural noun naming people ("owners", "customers") */
const people = (w: Word | undefined) => !!w && w.pos === "NOUN" && w.lemma !== w.lower && isPerson(w.lemma);

/** used as a verb: tagged so, or taking an object right after it ("text the parents", "ping me", "email customers") */
function verbUse(s: Word[], i: number): boolean {
  const [prev, next] = [s[i - 1], s[i + 1]];
  if (s[i].pos === "VERB") return true;
  if (prev && (prev.pos === "DET" || prev.pos === "ADJ" || prev.pos === "ADP")) return false;
  return !!next && (MESSAGE_OBJECTS.has(next.lower) || next.pos === "DET" || people(next));
}

/** a message sent (e-mail or text): a verb of it, a sending verb before it, or what it carries after it */
function messageAt(s: Word[], i: number): boolean {
  return verbUse(s, i) || before(s, i, 3).some((w) => SEND_VERBS.has(w.lemma)) || isWord(s[i + 1], MESSAGE_KINDS) || /^(?:by|via)$/.test(s[i - 1]?.lower ?? "");
}

/** done by the app, not by someone: no person right before the verb */
const byTheApp = (s: Word[], i: number) => !SUBJECT_PRONOUNS.has(s[i - 1]?.text ?? "") && !SUBJECT_PRONOUNS.has(s[i - 1]?.lower ?? "");
/** an order or a wish ("mark it", "post them"), not a record's state ("sent y/n", "moving through stages") */
const asked = (w: Word) => w.lower === w.lemma;
/** one item of a list of things ("services, alerts, fixes"), not something asked of the app */
const listItem = (s: Word[], i: number) => /^(?:,|and)$/.test(s[i - 1]?.lower ?? "") && (!s[i + 1] || /^(?:,|and|\.|;|\))$/.test(s[i + 1].lower));

/** The words between the commas around word `i`. */
function clauseOf(s: Word[], i: number): Word[] {
  const breaks = (w: Word) => /^[,;:]$/.test(w.text);
  let [from, to] = [i, i];
  while (from > 0 && !breaks(s[from - 1])) from--;
  while (to < s.length - 1 && !breaks(s[to + 1])) to++;
  return s.slice(from, to + 1);
}

function automation(s: Word[]): boolean {
  if (s.some((w) => AUTOMATION_WORDS.has(w.lemma))) return true;
  const ruled = (w: Word, i: number) => RULE_VERBS.has(w.lemma) && asked(w) && !listItem(s, i) && /^(?:NOUN|PROPN|DET|PRON)$/.test(s[i + 1]?.pos ?? "") && byTheApp(s, i);
  if (s.some(ruled)) return true;
  // "send a reminder every Friday" is said as a reminder, not again as an automation
  const message = (i: number) => clauseOf(s, i).some((w) => isWord(w, REMINDER_WORDS) || isWord(w, NOTIFY_WORDS) || isWord(w, MAIL_WORDS) || isWord(w, TEXT_WORDS));
  const acts = (w: Word, i: number) => isWord(w, APP_ACTIONS) && !(w.lemma === "send" && message(i)) && asked(w) && (w.pos === "VERB" || verbUse(s, i)) && byTheApp(s, i);
  const actions = s.map((w, i) => (acts(w, i) ? i : -1)).filter((i) => i >= 0);
  if (!actions.length) return false;
  const scheduled = s.some((w, i) => PERIODIC.has(w.lower) || (/^(?:every|each)$/.test(w.lower) && isWord(s[i + 1], TIME_UNITS)) || (w.lower === "on" && s[i + 2]?.lower === "schedule"));
  const condition = s.findIndex((w) => CONDITIONS.has(w.lower));
  // "when a bike is returned, mark it available": the action is the main clause after the condition, or an order before it
  const conditional = condition >= 0 && actions.some((i) => i > condition + 1 || i === 0 || s[i - 1].pos === "PUNCT" || s[i - 1].lower === "then");
  return scheduled || conditional;
}

/** "per research group", "per week": a total over a group or a period, not a rate per unit ("cost per kg") */
const perGroup = (w: Word | undefined) => !!w && (TIME_UNITS.has(w.lemma) || ["person", "group", "time"].includes(WordNet.lexOf(w.lemma) ?? "") || isWord(w, PER_GROUP_WORDS));

function computed(s: Word[]): string[] {
  const out: string[] = [];
  s.forEach((w, i) => {
    const kind = COMPUTED_KINDS[w.lemma] ?? COMPUTED_KINDS[w.lower];
    // "who owes whom", "how much each person owes": money between people, not "reports we owe"
    const owed = w.lemma !== "owe" || s.slice(Math.max(0, i - 4), i + 2).some((x) => /^(?:much|whom|who|money)$/.test(x.lower));
    if (kind && owed && !listItem(s, i)) out.push(kind);
    // "a life list count": a count asked for, not a count field in a list
    if (w.lemma === "count" && w.pos === "NOUN" && before(s, i, 3).some((x) => x.pos === "DET") && !listItem(s, i)) out.push("totals");
    const named = s[i + 1] && (COMPUTED_KINDS[s[i + 1].lemma] ?? COMPUTED_KINDS[s[i + 1].lower]);
    if (SUMMED.has(w.lower) && !named && (PERIODIC.has(s[i - 1]?.lower ?? "") || (s[i + 1]?.lower === "per" && perGroup(s[i + 2])))) out.push("totals");
    if (w.lower === "late" && !isWord(s[i + 1], LATE_NOUNS_NOT_FLAGGED)) out.push("overdue flags");
    if (w.lemma === "compare" && after(s, i, 6).some((x) => COMPARED.has(x.lemma))) out.push("comparisons");
    if (w.lower === "balances" && s[i + 1]?.lower === "between") out.push("balances");
    // "see the yield per batch", "profit per event": a figure worked out for each record, not a field typed in
    const figure = (x: Word | undefined) => !!x && x.pos === "NOUN" && WordNet.lexesOf(x.lemma, 2).some((lex) => ["quantity", "possession", "attribute"].includes(lex));
    if (w.lower === "per" && figure(s[i - 1]) && before(s, i, 6).some((x) => /^(?:see|show|know|view|get|calculate|work)$/.test(x.lemma))) out.push("totals");
    // "which dish sells best", "who sells the most": a ranking
    if (/^(?:best|most|worst|least)$/.test(w.lower) && before(s, i, 4).some((x) => /^(?:which|who|what)$/.test(x.lower)) && before(s, i, 2).some((x) => x.pos === "VERB")) out.push("rankings");
    // "who hasn't paid", "who still owes": unpaid ones picked out
    if (w.lemma === "pay" && /^(?:not|hasnt|havent|didnt|never)$/.test(s[i - 1]?.lower ?? "") && before(s, i, 4).some((x) => x.lower === "who")) out.push("overdue flags");
    // "top 10 customers", "the most borrowed books"
    if ((w.lower === "top" && s[i + 1]?.pos === "NUM") || (w.lower === "most" && /^(?:ADJ|VERB)$/.test(s[i + 1]?.pos ?? "") && s[i - 1]?.lower === "the")) out.push("rankings");
  });
  return out;
}

function exported(s: Word[]): string[] {
  const out: string[] = [];
  s.forEach((w, i) => {
    // "print a roster", "printable", but not "3d printing" or "print date"
    if (w.lemma === "print" ? verbUse(s, i) && asked(w) : EXPORT_WORDS.has(w.lower) || EXPORT_WORDS.has(w.lemma)) out.push(w.lemma === "print" || w.lower.startsWith("print") ? "printing" : "export");
    if (w.lemma === "import" && verbUse(s, i)) out.push("import");
    if (FILE_FORMATS.has(w.lower) && !before(s, i, 3).some((x) => KEEP_VERBS.has(x.lemma))) out.push(w.lower);
  });
  return out;
}

function payments(s: Word[]): boolean {
  return s.some(
    (w, i) =>
      PAYMENT_SERVICES.has(w.lower) ||
      // "pay online", "pay by card"; "paid cash/card" is a record of it
      (w.lemma === "pay" && w.lower !== "paid" && [...before(s, i, 2), ...after(s, i, 4)].some((x) => PAYMENT_CHANNELS.has(x.lower))) ||
      (/^payments?$/.test(w.lower) && (before(s, i, 3).some((x) => TAKE_VERBS.has(x.lemma)) || PAYMENT_CHANNELS.has(s[i - 1]?.lower ?? "") || s[i + 1]?.lower === "link" || s[i + 1]?.lower === "links")) ||
      (w.lemma === "charge" && verbUse(s, i) && !after(s, i, 1).some((x) => x.pos === "NUM")),
  );
}

/** features named by their own words, with the rule that says they were asked */
const NAMED: readonly (readonly [Gap, RegExp])[] = [
  ["drag", /\bdrag[- ]and[- ]drop\b(?![^.]*\bboard\b)/i],
  // the app writing or suggesting, not people ("authors write posts", "members suggest books")
  [
    "generated",
    pattern(
      "i",
      /\b(ai|generat\w+|auto-?generated?|summari[sz]\w*)\b|\b(?:it|that|which|app|tool|assistant|bot)\s+/,
      /(?:also\s+)?(?:writes?|suggests?|drafts?|recommends?)\b|\b/,
      /(?:write|suggest|draft|recommend)s?\s+(?:\w+\s+)?for (?:me|us)\b/,
    ),
  ],
  ["voting", /\b(votes?|voting)\b/i],
  ["timer", /\b(timers?|pomodoro|countdown)\b/i],
  ["map", /\bmaps?\b/i],
  // sharing outside the app: a link, page or URL made public or shared
  ["shared", /\b(?:share|sharing|shareable|public|publish\w*)(?: (?:a|an|the|its|their))? (?:links?|pages?|urls?)\b/i],
  ["code", /\b(syntax[- ]highlight\w*|one-click copy|lightbox)\b/i],
  // a mode that drives practice: scheduled review, asking in reverse, against the clock
  ["study", /\b(spaced repetition|study modes?|practice modes?|both directions|both ways|in reverse|timed \w+|time limits?)\b/i],
  ["random", /\brandom\b/i],
];

/** What the description asks for that the engine does not build, by gap, in the answer's order. */
export function unbuiltAsks(description: string): Asks {
  const found = new Map<Gap, Set<string>>();
  const add = (gap: Gap, ...words: string[]) => {
    const set = found.get(gap) ?? new Set<string>();
    for (const w of words) set.add(w);
    found.set(gap, set);
  };
  const text = writtenOut(description);
  for (const s of Tagger.sentences(text)) {
    s.forEach((w, i) => {
      if (REMINDER_WORDS.has(w.lemma) || REMINDER_WORDS.has(w.lower)) add("reminders", "reminders");
      if ((NOTIFY_WORDS.has(w.lemma) || NOTIFY_WORDS.has(w.lower)) && !listItem(s, i)) add("notifications", "notifications");
      if (MAIL_WORDS.has(w.lemma) || MAIL_WORDS.has(w.lower)) if (messageAt(s, i) || w.lemma === "newsletter") add("emails", "e-mails");
      if (SMS_WORDS.has(w.lower) || (/^text(?:ed)?$/.test(w.lower) && w.pos === "VERB" && /^(?:PRON|PROPN|NOUN|DET)$/.test(s[i + 1]?.pos ?? "")) || (TEXT_WORDS.has(w.lower.replace(/s$/, "")) && messageAt(s, i)) || (w.lower === "text" && s[i + 1]?.lemma === "message")) add("sms", "text messages");
    });
    if (automation(s)) add("automations", "automations");
    const figures = computed(s);
    if (figures.length) add("computed", ...figures);
    const files = exported(s);
    if (files.length) add("export", ...files);
    if (payments(s)) add("payments", "payments");
  }
  for (const [gap, re] of NAMED) if (re.test(text)) add(gap, gap);
  return new Map(GAPS.filter((g) => found.has(g)).map((g) => [g, found.get(g)!]));
}
