/** The words by which a description asks for what the offline engine does not build (read as lemmas). */
import { wordSet } from "./word-set";

export const REMINDER_WORDS = wordSet("remind reminder nudge");
export const NOTIFY_WORDS = wordSet("notify notification alert ping heads-up");
export const MAIL_WORDS = wordSet("email e-mail mail newsletter");
export const SMS_WORDS = wordSet("sms whatsapp texting");
/** "text" is a message only where it is sent or used as a verb ("text the parents", "send a text") */
export const TEXT_WORDS = wordSet("text txt");
/** sending verbs that make the noun after them a message ("send them a text", "get an email") */
export const SEND_VERBS = wordSet("send get receive schedule blast deliver");
/** what an e-mail or text carries, said right after it ("email reminders", "text alerts") */
export const MESSAGE_KINDS = wordSet(`
  reminder notification alert digest summary confirmation receipt update blast campaign invitation invite message
`);
/** objects that make the word before them a verb ("ping me", "email them", "mark it") */
export const MESSAGE_OBJECTS = wordSet("me us them him her you it everyone everybody");

/** what an app would do by itself: said without a person doing it, with a schedule or a condition, it is an automation */
export const APP_ACTIONS = wordSet(`
  post generate create reset renew charge bill escalate flag mark move archive close assign update rotate publish add
  send
`);
/** a rule the app would enforce ("block bookings from people who aren't inducted") */
export const RULE_VERBS = wordSet("block prevent forbid disallow stop refuse restrict");
export const AUTOMATION_WORDS = wordSet("automate automation automatic automatically workflow trigger");
/** units of time that "every" or "each" makes a schedule of ("every Monday", "each morning") */
export const TIME_UNITS = wordSet(`
  day morning afternoon evening night week weekend weekday month year quarter hour minute monday tuesday wednesday
  thursday friday saturday sunday
`);
export const PERIODIC = wordSet("daily weekly monthly nightly hourly yearly annually fortnightly");
export const CONDITIONS = wordSet("when whenever once if");
/** who does it by hand ("when a member pays, I mark them paid") */
export const SUBJECT_PRONOUNS = wordSet("I we you they he she staff");

/** figures the engine does not compute, by what people call them (lemmas) */
export const COMPUTED_KINDS: Readonly<Record<string, string>> = {
  total: "totals",
  sum: "totals",
  subtotal: "totals",
  average: "averages",
  median: "averages",
  rank: "rankings",
  ranking: "rankings",
  leaderboard: "rankings",
  standings: "rankings",
  overdue: "overdue flags",
  owe: "balances",
  settle: "balances",
  forecast: "forecasts",
  projection: "forecasts",
  percentage: "percentages",
  percent: "percentages",
  calculate: "calculations",
  calc: "calculations",
  compute: "calculations",
  formula: "calculations",
  streak: "streaks",
  heatmap: "heatmaps",
};
/** money or time summed over a period or a group ("a monthly bill per group", "hours per week") */
export const SUMMED = wordSet("bill cost costs spend spending revenue income earnings profit hours mileage usage consumption");
/** what a total is "per" besides people, groups and periods */
export const PER_GROUP_WORDS = wordSet("category project client customer team department dept job site");

/** "late" is a flag when said of a record ("who is late", "late returns"), not in "late fee" */
export const LATE_NOUNS_NOT_FLAGGED = wordSet("fee fees fine fines charge charges night nights shift shifts checkout");
/** what a comparison of strategies compares ("comparing snowball and avalanche strategies") */
export const COMPARED = wordSet("strategy method approach option plan scenario");

export const EXPORT_WORDS = wordSet("export download print printable printout");
/** a file kept rather than made ("upload the PDF", "attach a CSV") */
export const KEEP_VERBS = wordSet("upload attach scan store keep save file");
/** file formats that are an export when made, not when uploaded ("print a PDF", "upload the PDF") */
export const FILE_FORMATS = wordSet("csv pdf excel xlsx");


export const PAYMENT_SERVICES = wordSet("stripe paypal checkout venmo square");
/** "pay" is taken through the app when said with one of these near it ("pay online", "pay by card") */
export const PAYMENT_CHANNELS = wordSet("online card credit debit app website site link stripe paypal checkout");
export const TAKE_VERBS = wordSet("take accept collect process receive");
