/** The words the offline engine's backend functions read: services it has no template for, and status values. */
import { wordSet } from "./word-set";

/** services a function could call but the offline engine has no template for; regex alternatives */
export const OTHER_SERVICE_NAMES: readonly string[] = [
  "openai",
  "chatgpt",
  "gpt",
  "anthropic",
  "claude",
  "stripe",
  "sendgrid",
  "mailgun",
  "resend",
  "twilio",
  "github",
  "notion",
  "airtable",
  "hubspot",
  "telegram",
  "google sheets?",
  "zapier",
  "shopify",
  "paypal",
  "whatsapp",
  "teams",
];

/** status values that mean a record is no longer open */
export const CLOSED_VALUES = wordSet(`
  done complete completed closed resolved finished delivered paid cancelled canceled archived rejected lost former
  graduated withdrawn churned
`);

/** status values that mean a record is done */
export const FINISHED_VALUES = wordSet(`
  done complete completed closed resolved finished delivered paid
`);

/** words of a request for a function that name nothing ("add a function that returns the number of …") */
export const REQUEST_FILLER = wordSet(`
  a an the all each every new my our of to that which number count many how returns return it its in on app
  records record post posts send sends notify notifies share shares when is are created added
`);

/** what people call the records still open ("the number of open tasks"); one word or phrase each */
export const OPEN_WORDS: ReadonlySet<string> = new Set(["open", "active", "unfinished", "incomplete", "outstanding", "pending", "current", "remaining", "undone", "not done"]);

/** what people call the records that are done ("the number of finished tasks") */
export const DONE_WORDS = wordSet("done complete completed closed finished resolved");
