/**
 * A message can hold several requests ("add a priority field to tasks and make the
 * header blue"). It is split where a new sentence or an "and"/"then" starts another
 * command, never inside a list ("add date, hours and project" stays whole).
 */
const VERB =
  "(?:please\\s+)?(?:also\\s+)?(?:add|create|make|rename|remove|delete|drop|change|set|use|switch|turn|colou?r|paint|put|give|include|call|hide|get rid of|build|show|set up|link|connect|assign|let|filter|search|sort|mark|track)\\b";

// a verb starts another request only with words after it: "…, trim, remove" ends a list of choices, and so does
// "…, colour or both" (a list's last item after "or"/"and" is a word of the list, not the object of a verb)
const NEXT = "\\s+(?!(?:or|and|nor|etc)\\b)\\S";
/** "and each rehearsal is for a concert": a link said after another request */
const EACH_LINKS = "(?:each|every)\\s+[a-z]+\\s+(?:is|are|has|have|belongs?|should|must|needs?|goes|gets)\\b";
/** "… and a kanban please": a view asked without a verb after another request */
const AND_VIEW = "(?:an?|the)\\s+(?:\\w+\\s+)?(?:kanban|board|calendar)(?:\\s+view)?(?:\\s+(?:by|please|too|as well)\\b|\\s*$)";
const BOUNDARY = new RegExp(
  `\\s*(?:[.;!?]+\\s+|\\n+|,?\\s+and\\s+(?=${AND_VIEW})|,?\\s+(?:and\\s+)?then\\s+|,?\\s+(?:and|so)\\s+(?=${VERB}${NEXT})|,\\s*(?=${VERB}${NEXT})|,?\\s+and\\s+(?=${EACH_LINKS})|,\\s*(?=${EACH_LINKS}))`,
  "i",
);

/** "let me sort", "can I search": a request that ends on its verb, whose object is the next one's. */
const ENDS_ON_VERB = new RegExp(`(?:^|\\s)${VERB}[.!?]*$`, "i");

/** A part of a message that asks nothing: thanks, a greeting, "one more thing". */
const CHATTER_ONLY = /^(?:thanks|thank you|thx|cheers|ta|hi|hello|hey|oh|ah|hmm+|um+|right|well|so|ok(?:ay)?|actually|alright|great|perfect|cool|nice|one (?:more|last|other) thing|another thing|last thing|quick one)(?:\s+(?:so|very)\s+much|\s+a\s+lot)?[\s!.,:)]*$/i;

/** The requests of a message, in order (the whole message when it is one). */
export function splitRequests(message: string): string[] {
  const text = message.split(/\n\s*-{3,}\s*\n/)[0].trim();
  const parts = text
    .split(BOUNDARY)
    .map((p) => p.trim())
    .filter((p) => /[a-z]/i.test(p));
  // "one more thing, …", "… Thanks!": a part that only greets, thanks or turns to the next ask is none
  const asks = parts.filter((p) => !CHATTER_ONLY.test(p));
  // "let me sort and filter jobs by customer": two verbs sharing one object are one request
  const joined = (asks.length ? asks : parts).reduce<string[]>((out, p) => (out.length && ENDS_ON_VERB.test(out[out.length - 1]) ? [...out.slice(0, -1), `${out[out.length - 1]} and ${p}`] : [...out, p]), []);
  return joined.length ? joined : [text];
}
