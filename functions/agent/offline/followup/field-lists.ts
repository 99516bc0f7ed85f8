/**
 * Field lists said the long way round: "add the score to matches, home goals and away goals as
 * numbers" is "add home goals (number) and away goals (number) to matches". A type said once after
 * the list ("as numbers", "as dates") is every field's type, and a name for the group before the
 * records ("the score") only introduces those fields.
 */
import type { AppModel } from "../model";
import { resolveEntity } from "../resolve";
import { splitParts } from "./fields";

const PLURAL_TYPES: Record<string, string> = { numbers: "number", dates: "date", checkboxes: "checkbox", "yes/no": "yes/no", "yes/nos": "yes/no", text: "text", amounts: "number", prices: "number" };

const GROUP = /^(add|track|record|include|keep)\s+(?:the\s+|a\s+|an\s+|their\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:to|on|for)\s+(?:the\s+|each\s+|every\s+|all\s+)?([a-z][a-z\s]*?)\s*[,:]\s*(.+)$/i;
const TYPED_LIST = /^(.+?)\s+(?:both\s+|all\s+)?as\s+(numbers|dates|checkboxes|yes\/nos?|text|amounts|prices)((?:\s+(?:to|on|for)\s+.+)?)$/i;

/** The request with a group name dropped and a shared type given to each field; the same text when neither is said. */
export function spreadFieldList(m: string, model: AppModel): string {
  let text = m;
  // the group name goes only before fields given a type: "add a status to jobs: open, closed" lists choices
  const group = GROUP.exec(text);
  if (group && resolveEntity(model, group[2]) && /,|\s(?:and|&)\s/i.test(group[3]) && TYPED_LIST.test(group[3])) text = `${group[1]} ${group[3]} to ${group[2]}`;
  const typed = TYPED_LIST.exec(text);
  if (!typed) return text;
  const head = /^(\w+)\s+(.+)$/.exec(typed[1]);
  const tail = /\s+(?:to|on|for)\s+(?:the\s+)?[a-z][a-z\s]*$/i.exec(head ? head[2] : "");
  const list = head ? head[2].slice(0, tail ? tail.index : undefined) : "";
  const parts = splitParts(list);
  if (!head || parts.length < 2) return text;
  const hint = PLURAL_TYPES[typed[2].toLowerCase()];
  return `${head[1]} ${parts.map((p) => `${p} (${hint})`).join(", ")}${tail ? tail[0] : ""}${typed[3]}`;
}
