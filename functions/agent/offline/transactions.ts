/**
 * What people do to things that is a record of its own: "members book classes" is a booking
 * linking a member and a class, "families adopt pets" an adoption. Part of the offline planner
 * (planner.ts), pure like it.
 */
import { enumProp, type FieldDraft } from "./fields";
import { isPerson } from "./knowledge";
import { singularize } from "./naming";
import { DET, findNamed, looksPlural, namesNoun } from "./nouns";

/** The part of a planned entity the transactions fit. */
interface Drafted {
  noun: string;
  fields: FieldDraft[];
}


/**
 * What people do to things that is a record of its own ("members book classes": a booking of a
 * class by a member), by the verb phrase that says it; the record links the doer and the thing.
 */
const TRANSACTIONS: [string, string][] = [
  ["book|books|reserve|reserves|make bookings for|make reservations for", "booking"],
  ["borrow|borrows|check out|checks out|loan|loans", "loan"],
  ["rent|rents|hire|hires", "rental"],
  ["lease|leases", "lease"],
  ["buy|buys|purchase|purchases", "purchase"],
  ["order|orders|place orders for|places orders for", "order"],
  ["sign up for|signs up for|sign up to|signs up to|volunteer for|volunteers for|sign up", "sign-up"],
  ["enrol in|enrols in|enroll in|enrolls in|enrol on|enrols on|enrol|enroll", "enrolment"],
  ["register for|registers for|register", "registration"],
  ["attend|attends", "attendance"],
  ["submit|submits|hand in|hands in|turn in|turns in", "submission"],
  ["apply for|applies for|apply to|applies to", "application"],
  ["adopt|adopts", "adoption"],
];
const TRANSACTION = new RegExp(`\\b([a-z]+)\\s+(?:can\\s+|will\\s+|may\\s+|who\\s+)?(${TRANSACTIONS.map(([v]) => v).join("|")})\\s+(?:(?:a|an|the|their|some|any)\\s+)?([a-z]+(?:-[a-z]+)?)(?:\\s+([a-z]+))?`, "g");

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
const ENROLLING = /\b([a-z]+) (enrol|enrols|enroll|enrolls|register|registers|sign up|signs up) (?:their|a|an|the|some) ([a-z]+) (?:in|for|on|to) (?:(?:a|an|the)\s)?([a-z]+(?:-[a-z]+)?)(?: ([a-z]+))?/g;

/** Things that are themselves what was booked, submitted or asked for: their own record of who did it. */
const SELF_RECORDS = /(^| )(appointment|session|visit|consultation|reservation|request|application|ticket|order|booking|claim|report|complaint|submission)$/;

/** The thing named by `first` (and `second` when the two make one name: "menu items", "yoga classes"), singular. */
function thingOf(first: string, second: string | undefined): string {
  const two = second && looksPlural(second) && !looksPlural(first) && !DET.has(first) ? `${first} ${singularize(second)}` : null;
  return two ?? (looksPlural(first) || IRREGULAR.test(first) ? singularize(first) : first);
}

const recordOf = (verb: string) => TRANSACTIONS.find(([v]) => new RegExp(`^(?:${v})$`).test(verb))![1];
const actor = (who: string) => isPerson(who) || /^(family|team|household|company|business|school|club|group)$/.test(who);
const notThing = (what: string) => DET.has(what) || isPerson(what) || /^(up|in|on|for|to|it|them|time|money|things?|stuff)$/.test(what) || what.length < 3;

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
    const what = thing === "ticket" && /^(buy|buys|purchase|purchases|book|books|order|orders|reserve|reserves)$/.test(verb) ? "event ticket" : thing;
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
  const attending = /\b(?:take|takes|taking|log|logs|mark|marks|record|records|track|tracks) attendance\b/.test(description.toLowerCase());
  const recorded = kept.some((t) => t.record && ATTENDED.test(t.record));
  if (attending && !recorded && !has("attendance") && listed.length < max) listed.push({ noun: "attendance" });
  return kept;
}
