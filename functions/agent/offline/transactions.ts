/**
 * What people do to things that is a record of its own: "members book classes" is a booking
 * linking a member and a class, "families adopt pets" an adoption. Part of the offline planner
 * (planner.ts), pure like it.
 */
import { enumProp, type FieldDraft } from "./fields";
import { isPerson } from "./knowledge";
import { singularize } from "./naming";
import { findNamed, looksPlural, namesNoun } from "./nouns";
import { DETERMINERS } from "./vocabulary/grammar";
import { SELF_RECORD_NOUNS } from "./vocabulary/records";
import { ATTENDANCE_VERBS, BUYING_VERBS, ENROLLING_VERBS, NOT_THINGS, TRANSACTIONS } from "./vocabulary/transactions";
import { lastWordIn } from "./vocabulary/word-set";

/** The part of a planned entity the transactions fit. */
interface Drafted {
  noun: string;
  fields: FieldDraft[];
}

const TRANSACTION = new RegExp(
  `\\b([a-z]+)\\s+(?:can\\s+|will\\s+|may\\s+|who\\s+)?(${TRANSACTIONS.map(([v]) => v).join("|")})\\s+(?:(?:a|an|the|their|some|any)\\s+)?([a-z]+(?:-[a-z]+)?)(?:\\s+([a-z]+))?`,
  "g",
);

export interface Transaction {
  /** the doer and the thing, singular ("member", "class") */
  who: string;
  what: string;
  /** the record of it ("booking"); null when the thing is that record itself ("patients book appointments") */
  record: string | null;
  /** the verb as written ("book", "sign up for") */
  verb: string;
}

/** "parents enrol their kids in camps": the one enrolled and where, recorded as the verb says. */
const ENROLLING = new RegExp(
  `\\b([a-z]+) (${ENROLLING_VERBS.join("|")}) (?:their|a|an|the|some) ([a-z]+) (?:in|for|on|to) (?:(?:a|an|the)\\s)?([a-z]+(?:-[a-z]+)?)(?: ([a-z]+))?`,
  "g",
);

/** Things that are themselves what was booked, submitted or asked for: their own record of who did it. */
const SELF_RECORDS = lastWordIn(SELF_RECORD_NOUNS, " ");

/** The thing named by `first` (and `second` when the two make one name: "menu items", "yoga classes"), singular. */
function thingOf(first: string, second: string | undefined): string {
  const two = second && looksPlural(second) && !looksPlural(first) && !DETERMINERS.has(first) ? `${first} ${singularize(second)}` : null;
  return two ?? (looksPlural(first) || IRREGULAR.test(first) ? singularize(first) : first);
}

const recordOf = (verb: string) => TRANSACTIONS.find(([v]) => new RegExp(`^(?:${v})$`).test(verb))![1];
const actor = (who: string) => isPerson(who) || /^(family|team|household|company|business|school|club|group)$/.test(who);
const notThing = (what: string) => DETERMINERS.has(what) || isPerson(what) || NOT_THINGS.has(what) || what.length < 3;

/** "members book classes", "volunteers sign up for shifts", "customers place orders for menu items". */
export function transactionsIn(text: string): Transaction[] {
  const out: Transaction[] = [];
  const plain = text.toLowerCase().replace(/\s+/g, " ");
  for (const m of plain.matchAll(TRANSACTION)) {
    const [, doer, verb, first, second] = m;
    if (!looksPlural(doer) && !/^(people|staff)$/.test(doer)) continue;
    const who = doer === "people" ? "person" : doer === "staff" ? "staff member" : singularize(doer);
    // people, and the groups of them that act as one ("families adopt pets", "teams book rooms")
    if (!actor(who)) continue;
    // "fans buy tickets": a ticket bought is an event ticket, not a support ticket
    const thing = thingOf(first, second);
    const what = thing === "ticket" && BUYING_VERBS.has(verb) ? "event ticket" : thing;
    if (notThing(what)) continue;
    const record = recordOf(verb);
    out.push({ who, what, record: what === record || SELF_RECORDS.test(what) ? null : record, verb });
  }
  for (const m of plain.matchAll(ENROLLING)) {
    const [, , verb, one, first, second] = m;
    const who = looksPlural(one) || IRREGULAR.test(one) ? singularize(one) : one;
    const what = thingOf(first, second);
    if (!isPerson(who) || notThing(what) || out.some((t) => t.who === who && t.what === what)) continue;
    out.push({ who, what, record: recordOf(verb.replace(/s$/, "").replace(/^signs up$/, "sign up")), verb });
  }
  return out;
}
const IRREGULAR = /^(people|children|men|women)$/;

/** The records that can say who attended (a booking with an "attended" box); other attendance is a record of its own. */
const ATTENDED = /^(booking|sign-up|registration|enrolment)$/;

/** What a thing lent or hired out can be, instead of what it is to its owner (a library's book is on loan, not being read). */
const OUT_STATES: Record<string, string[]> = { loan: ["available", "on_loan", "lost"], rental: ["available", "rented", "maintenance"] };

/**
 * Fields the transactions imply: a thing lent or hired out shows whether it is available, and a
 * booking, sign-up, registration or enrolment whose attendance is taken says who attended.
 */
export function fitTransactions(transactions: Transaction[], drafts: Drafted[], description: string): void {
  const find = (noun: string) => findNamed(drafts, noun);
  for (const t of transactions) {
    const states = t.record ? OUT_STATES[t.record] : undefined;
    const thing = find(t.what);
    if (states && thing) {
      const at = thing.fields.findIndex((f) => f.name === "status");
      const field = { name: "status", prop: enumProp(states) };
      if (at >= 0) thing.fields[at] = field;
      else thing.fields.splice(1, 0, field);
    }
  }
  if (!/\battend(ance|ed|s)?\b/i.test(description) || find("attendance")) return;
  const record = transactions.map((t) => t.record && find(t.record)).find((d) => d && ATTENDED.test(d.noun));
  if (record && !record.fields.some((f) => /attend/.test(f.name) || (Array.isArray(f.prop.enum) && f.prop.enum.includes("attended")))) {
    record.fields.push({ name: "attended", prop: { type: "boolean", default: false } });
  }
}

/**
 * The transactions a description states, their doers, things and records added to the listed
 * nouns while `max` allows (those that do not fit are left out), and an attendance record when
 * attendance is taken with no booking or sign-up to say it ("teachers take attendance").
 */
export function plannedTransactions(description: string, listed: { noun: string }[], max: number): Transaction[] {
  const found = transactionsIn(description);
  // "tenants who lease apartments": the verb is not a kind of apartment
  // ... and "fans buy tickets": the tickets listed are the event tickets
  const misread = (noun: string) => found.some((t) => noun === `${t.verb.split(" ").pop()} ${t.what}` || (t.what === "event ticket" && noun === "ticket"));
  for (let i = listed.length - 1; i >= 0; i--) if (misread(listed[i].noun)) listed.splice(i, 1);
  const has = (n: string) => listed.some((m) => namesNoun(m.noun, n));
  const kept = found.filter((t) => {
    const needed = [t.who, t.what, t.record ?? t.what].filter((n, i, all) => all.indexOf(n) === i && !has(n));
    if (listed.length + needed.length > max) return false;
    for (const noun of needed) listed.push({ noun });
    return true;
  });
  const attending = new RegExp(`\\b(?:${ATTENDANCE_VERBS.join("|")}) attendance\\b`).test(description.toLowerCase());
  const recorded = kept.some((t) => t.record && ATTENDED.test(t.record));
  if (attending && !recorded && !has("attendance") && listed.length < max) listed.push({ noun: "attendance" });
  return kept;
}
