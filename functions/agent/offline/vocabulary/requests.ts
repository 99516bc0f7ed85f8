/** Words around what a follow-up asks for that the offline engine reads past. */
import { wordSet } from "./word-set";

/** polite openers and fillers before the request itself ("please", "could you", "ok, now"); regex alternatives */
export const POLITE_WORDS: readonly string[] = [
  ...["please", "pls", "can you", "could you", "would you", "will you", "kindly", "now", "also", "and", "then", "ok(?:ay)?"],
  ...["great", "thanks", "thank you", "hey", "hi", "i'd like you to", "i want you to"],
];

/** how a request may open before its verb ("could we filter …", "I'd love to see …", "is it possible to add …"); regex alternatives */
export const REQUEST_OPENERS: readonly string[] = [
  ...["(?:can|could|would|may|shall)\\s+(?:we|i|you|it)(?:\\s+please)?", "(?:is it|would it be)\\s+possible\\s+to", "how\\s+about\\s+(?:we\\s+)?", "maybe"],
  ...["(?:i|we)(?:'d| would)\\s+(?:love|like)\\s+(?:you\\s+)?(?:to\\s+)?", "(?:i|we)\\s+(?:want|need|wanna)\\s+(?:you\\s+)?to", "(?:i|we)(?:'d| would)\\s+(?:really\\s+)?appreciate\\s+(?:it\\s+)?if\\s+you\\s+could"],
  ...["it\\s+would\\s+be\\s+(?:really\\s+|very\\s+)?(?:nice|great|good|handy|useful)\\s+to", "(?:let|help)\\s+(?:me|us)", "let'?s", "(?:i|we)\\s+(?:think|guess|reckon|feel)(?:\\s+that)?", "perhaps|probably|ideally|honestly|actually", "(?:i|we)\\s+(?:also\\s+)?(?:need|want)\\s+to\\s+be\\s+able\\s+to"],
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
