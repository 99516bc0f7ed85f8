/** Words around what a follow-up asks for that the offline engine reads past. */
import { wordSet } from "./word-set";

/** polite openers and fillers before the request itself ("please", "could you", "ok, now"); regex alternatives */
export const POLITE_WORDS: readonly string[] = [
  ...["please", "pls", "can you", "could you", "would you", "will you", "kindly", "now", "also", "and", "then", "ok(?:ay)?"],
  ...["great", "thanks", "thank you", "hey", "hi", "i'd like you to", "i want you to"],
];

/** words that may follow a colour in a colour request ("blue and the sidebar green", "blue please") */
export const AFTER_COLOUR = wordSet(`
  and the with too also colour colours color colors please instead now then background text as well in on of for
`);
