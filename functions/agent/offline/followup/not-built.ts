/**
 * Requests for what the offline engine does not build: things that happen by themselves ("e-mail
 * me when …", "text the customer the day before", "remind members …", "every Monday send …"),
 * exports, online payments and computed totals. The answer says plainly that nothing was built,
 * why, and what would build it; never a silent no-op and never "I didn't understand".
 */
import { listing } from "../naming";
import type { AppModel } from "../model";
import { CONFIGURE, examples } from "../texts";
import { pattern } from "../pattern";

interface Kind {
  /** what the request asks for, as the answer names it */
  what: string;
  test: RegExp;
  /** something that runs by itself (an automation), rather than a feature of a page */
  automatic?: boolean;
}

const KINDS: Kind[] = [
  { what: "e-mails", automatic: true, test: /^(?:e-?mail|mail)\s+(?!address|field|column)\w+|\b(?:e-?mail|mail)\s+(?:me|us|them|him|her|the\s+\w+|each\s+\w+|every\s+\w+|all\s+\w+|customers?|clients?|members?|users?|staff|owners?|parents?|admins?)\b|\bsend\s+(?:(?:me|us|them|him|her)\s+)?(?:an?\s+|the\s+)?(?:\w+\s+)?e-?mails?\b|\be-?mails?\s+(?:to|when|whenever|if|every|each|after|before)\b|\b(?:by|via|an?)\s+e-?mail\b|\be-?mail(?:ed|s)?\s+(?:to|out|over)\b/i },
  { what: "text messages", automatic: true, test: /^(?:text|sms|whatsapp)\s+\w+|\btext\s+(?:me|us|them|him|her|the\s+\w+|each\s+\w+|every\s+\w+|customers?|clients?|members?|parents?)\b|\b(?:sms|whatsapp|text messages?)\b|\bsend\s+(?:(?:me|us|them|him|her|(?:the|each|every|all)\s+\w+)\s+)?(?:an?\s+)?texts?\b/i },
  { what: "reminders", automatic: true, test: /\bremind(?:s|ing|ers?)?\b/i },
  { what: "notifications", automatic: true, test: /\bnotif(?:y|ies|ied|ication|ications)\b|\balert\s+(?:me|us|them|the)\b|\b(?:push|get)\s+(?:an?\s+)?alerts?\b|\blet\s+(?:me|us|them)\s+know\s+(?:when|if)\b|\b(?:ping|buzz|flag up to|warn)\s+(?:me|us|them|the\s+\w+)\s+(?:when|if|whenever|as soon as)\b/i },
  {
    what: "scheduled jobs",
    automatic: true,
    test: pattern(
      "i",
      /\b(?:every|each)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|morning|evening|night|week|month|year|hour|weekday)\b/,
      /|\b(?:daily|weekly|monthly|nightly|hourly)\s+(?:e-?mails?|summary|summaries|digest|reports?|reminders?|backups?|exports?)\b/,
      /|\bon a schedule\b|\bautomatically\b|\bauto-?(?:send|email|remind|archive|delete|close|assign)\b/,
      // "stock should go down by itself when an order ships": something that happens with no one doing it
      /|\b(?:by|of)\s+(?:itself|themselves)\b|\bon\s+(?:its|their)\s+own\b/,
    ),
  },
  { what: "an export (CSV or PDF)", test: /\bexport(?:s|ed|ing)?\b|\b(?:as|to|into|in)\s+(?:an?\s+)?(?:csv|pdf|excel|spreadsheet)\b|\bdownload\b.*\b(?:csv|pdf|excel|spreadsheet)\b|\bprint(?:able)?\s+(?:an?\s+|the\s+)?(?:pdf|report|invoice|receipt|certificate)/i },
  { what: "online payments", test: /\bpay(?:s|ing)?\s+(?:\w+\s+){0,3}(?:online|by card|with (?:a )?card|through|via)\b|\b(?:take|accept|collect|receive)\s+(?:online\s+|card\s+)?payments?\b|\b(?:stripe|paypal|checkout|card payments?)\b|\b(?:can|could|should)\s+(?:the\s+)?\w+\s+pay\s+(?:a|the|their|an|for)\b|\bcharge\s+(?:\w+\s+){0,3}(?:card|cards|every|monthly|each month|a fee|a deposit)\b|\brefund(?:s|ed|ing)?\s+(?:the|their|them|a|an|his|her|my|our)\b/i },
  {
    what: "computed values",
    test: /\b(?:total|sum|average|averages|count)\s+(?:\w+\s+){0,2}(?:per|for each|by each|across|of all)\b|\b(?:calculate|compute|work out|auto-?calculate)s?\b|\b(?:totall?ed|summed|added up|averaged|counted)\s+(?:\w+\s+){0,2}(?:per|for each|by|across)\b|\b(?:leaderboard|league table|standings|ranking)\b|\bhow many\s+\w+\s+(?:each|every|per)\b|\boverdue\b|\b(?:age|days?)\s+(?:from|since|until|left)\b|\bwork(?:s|ed)?\s+(?:itself|themselves|it|them)\s+out\b|\b(?:win|loss|conversion|success|attendance|occupancy|completion|hit|return)\s+rates?\b|\b(?:sold|sells|sell|went|goes|ran|runs)\s+(?:out\s+)?(?:fastest|quickest|slowest|soonest)\b/i,
  },
  // "sort the jobs by price", "order repairs by date": the list's order (never "sort and filter", a filter)
  { what: "sorting", test: /^(?:(?:can|could|would)\s+(?:we|you|i)\s+|please\s+|let\s+me\s+|i\s+(?:want|need|would like|'d like)\s+to\s+)?(?:sort|order|arrange)\s+(?!and\b)(?:the\s+|my\s+|our\s+|all\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:by|in order of|from)\b(?!.*\bfilter)|\bsort(?:ed|able)?\s+by\b(?!.*\bfilter)/i },
];

/** What a request asks for that the engine does not build, or an empty list. */
function notBuiltKinds(m: string): Kind[] {
  // "add an email field", "an email column": a field, not a message
  if (/\b(?:e-?mail|phone|text)\s+(?:field|column|address|property)\b/i.test(m)) return [];
  // "add a reminder date to tasks", "a notification sent checkbox": a field that records it
  if (/^(?:add|include|store|track)\b.*\b(?:field|column|date|time|checkbox|yes\/no|flag)\b/i.test(m)) return [];
  // "search singers by email", "filter clients by phone": the field to look by, not a message to send
  if (/\b(?:filter|search|find|look\s+up|sort|group)\w*\b.*\b(?:by|on|using)\s+(?:their\s+|the\s+)?(?:e-?mail|phone|mobile|text)\b/i.test(m)) return [];
  // "add a billing email to customers": an e-mail address to keep, not one to send
  const keeps = /^(?:add|include|give|store|record|capture|keep|track)\b/i.test(m) && !/\b(?:send|sends|sent|when|whenever|every|each time|automatic(?:ally)?)\b/i.test(m);
  return KINDS.filter((k) => k.test.test(m) && !(keeps && (k.what === "e-mails" || k.what === "text messages")));
}

/** Why each kind is not built, and what would build it. */
function reasons(kinds: Kind[]): string[] {
  const out: string[] = [];
  const automatic = kinds.filter((k) => k.automatic);
  if (automatic.length)
    out.push(
      "Kiln apps have no automations yet: nothing in the app runs by itself on a schedule or when a record changes, and the offline engine writes no code that sends e-mails, text messages, reminders or notifications. " +
        `A backend function that sends ${automatic.some((k) => k.what === "e-mails") ? "the e-mail (through the Core SendEmail integration)" : "the message"} when a page calls it would do it; an AI model can write one.`,
    );
  if (kinds.some((k) => k.what.startsWith("an export")))
    out.push("The offline engine makes list, detail and form pages, and no page that writes a file; an AI model can add an export button that builds the CSV (or a printable page) from the records.");
  if (kinds.some((k) => k.what === "online payments"))
    out.push("Taking a payment needs a payment provider (Stripe and the like) wired into the app, which the offline engine does not do; an AI model can set it up, or record payments by hand in a field for now.");
  if (kinds.some((k) => k.what === "sorting"))
    out.push("The list pages the offline engine writes show the newest records first, with a search box and filters; it has no setting for another order, so I did not change it. An AI model can add sorting by a column to a list page.");
  if (kinds.some((k) => k.what === "computed values"))
    out.push("The offline engine stores what is typed in and does not calculate values from other records, except the dashboard's charts (a count or a sum by a choice, link or month: ask e.g. \"add a chart of … by …\"); an AI model can add the calculation to a page.");
  return out;
}

/** The plain answer to a request for something the engine does not build: not built, why, and what would. */
export function notBuiltRequest(m: string, model: AppModel): { reply: string } | null {
  const kinds = notBuiltKinds(m);
  if (!kinds.length) return null;
  return {
    reply: [
      [`I did not build ${listing(kinds.map((k) => (k.what.startsWith("an ") ? k.what : `the ${k.what}`)))} you asked for.`, ...reasons(kinds), `To have it built, ${CONFIGURE}.`].join(" "),
      `What I can do on this app right now is, for example, ${examples(model).slice(0, 2).join(" or ")}.`,
    ].join(" "),
  };
}
