/**
 * A message can hold several requests ("add a priority field to tasks and make the
 * header blue"). It is split where a new sentence or an "and"/"then" starts another
 * command, never inside a list ("add date, hours and project" stays whole).
 */
const VERB =
  "(?:please\\s+)?(?:also\\s+)?(?:add|create|make|rename|remove|delete|drop|change|set|use|switch|turn|colou?r|paint|put|give|include|call|hide|get rid of|build|show|set up|link|connect|assign|let|filter|search|mark|track)\\b";

// a verb starts another request only with words after it: "…, trim, remove" ends a list of choices
/** "and each rehearsal is for a concert": a link said after another request */
const EACH_LINKS = "(?:each|every)\\s+[a-z]+\\s+(?:is|are|has|have|belongs?|should|must|needs?|goes|gets)\\b";
const BOUNDARY = new RegExp(
  `\\s*(?:[.;!?]+\\s+|\\n+|,?\\s+(?:and\\s+)?then\\s+|,?\\s+(?:and|so)\\s+(?=${VERB}\\s+\\S)|,\\s*(?=${VERB}\\s+\\S)|,?\\s+and\\s+(?=${EACH_LINKS})|,\\s*(?=${EACH_LINKS}))`,
  "i",
);

/** The requests of a message, in order (the whole message when it is one). */
export function splitRequests(message: string): string[] {
  const text = message.split(/\n\s*-{3,}\s*\n/)[0].trim();
  const parts = text
    .split(BOUNDARY)
    .map((p) => p.trim())
    .filter((p) => /[a-z]/i.test(p));
  return parts.length ? parts : [text];
}
