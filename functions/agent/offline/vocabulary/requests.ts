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

/** words that name a part or a feature of the app, not a field of its records ("add a search bar", "add pagination") */
export const APP_FEATURE_WORDS = wordSet(`
  page pages screen screens bar button buttons menu navigation nav sidebar header footer tab tabs link links
  login logins logout signin signup sign auth authentication password passwords account accounts user users feature features
  pagination sorting sort search filter filters export import report reports dashboard chart charts graph graphs map maps
  theme logo favicon layout mode style colour color font animation animations notification notifications setting settings
`);

/** pages people ask for that hold no records ("add an about page"): the offline engine writes pages of records only */
export const FREE_PAGES = wordSet(`
  about contact help faq faqs settings profile landing home pricing terms privacy login signin signup welcome
`);
