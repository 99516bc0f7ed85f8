import { wordSet } from "./word-set";

/**
 * What people do to things that is a record of its own ("members book classes": a booking of a
 * class by a member), by the verb phrase that says it; the record links the doer and the thing.
 */
export const TRANSACTIONS: readonly (readonly [string, string])[] = [
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

/** verbs for enrolling someone else ("parents enrol their kids in camps") */
export const ENROLLING_VERBS: readonly string[] = ["enrol", "enrols", "enroll", "enrolls", "register", "registers", "sign up", "signs up"];

/** words after a transaction verb that are no thing of their own ("sign up for", "take time") */
export const NOT_THINGS = wordSet("up in on for to it them time money thing things stuff");

/** verbs for buying, so the ticket bought is an event ticket, not a support ticket */
export const BUYING_VERBS = wordSet("buy buys purchase purchases book books order orders reserve reserves");

/** verbs before "attendance" ("trainers take attendance") */
export const ATTENDANCE_VERBS: readonly string[] = ["take", "takes", "taking", "log", "logs", "mark", "marks", "record", "records", "track", "tracks"];
