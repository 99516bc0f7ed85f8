/**
 * The action protocol the agent streams (DESIGN §5), defined once. A model's answer
 * is chat text with action tags among it:
 *
 *   <kiln-plan>One short line: what this turn will do.</kiln-plan>
 *   <kiln-write path="pages/Dashboard">
 *   …the whole file…
 *   </kiln-write>
 *   <kiln-edit path="components/TaskCard">
 *   <<<<<<< SEARCH
 *   exact lines now in the file
 *   =======
 *   the lines to put in their place
 *   >>>>>>> REPLACE
 *   </kiln-edit>
 *   <kiln-delete path="pages/Old" />
 *   <kiln-rename from="pages/Tasks" to="pages/Todos" />
 *   <kiln-secrets>[{"secretName": "SLACK_WEBHOOK_URL", "description": "…"}]</kiln-secrets>
 *   <kiln-list under="pages" />  <kiln-read path="pages/Old" />  <kiln-search query="useState" />
 *
 * Whole-file writes are for new or small files; search/replace edits for changes
 * to large ones, so a small change never costs a rewrite (or a lazy "rest of code"
 * placeholder). Entity schemas are written as JSON to entities/<Name>. Every action
 * names its target path, so the UI links it to the code view, except the plan and the
 * secret request: a JSON list of the secrets (schemas/secrets.ts SecretRequestItem) a
 * backend function reads with Deno.env.get, which the chat asks the owner to enter.
 * List, read and search change nothing: they ask Kiln for files that did not fit in the
 * prompt, and the turn answers them in a next model call (context.ts).
 */
import type { SecretRequestItem } from "../../schemas/secrets";

export const TAG = {
  plan: "kiln-plan",
  write: "kiln-write",
  edit: "kiln-edit",
  delete: "kiln-delete",
  rename: "kiln-rename",
  secrets: "kiln-secrets",
  list: "kiln-list",
  read: "kiln-read",
  search: "kiln-search",
} as const;

export type ActionType = keyof typeof TAG;

export interface SearchReplace {
  search: string;
  replace: string;
}

export type Action =
  | { type: "plan"; content: string }
  | { type: "write"; path: string; content: string }
  | { type: "edit"; path: string; edits: SearchReplace[] }
  | { type: "delete"; path: string }
  | { type: "rename"; from: string; to: string }
  | { type: "secrets"; secrets: SecretRequestItem[] }
  | { type: "list"; under?: string }
  | { type: "read"; path: string }
  | { type: "search"; query: string };

/** The actions that ask for files rather than change them. */
export type FileRequest = Extract<Action, { type: "list" | "read" | "search" }>;

export function isFileRequest(action: Action): action is FileRequest {
  return action.type === "list" || action.type === "read" || action.type === "search";
}

/** The path an action is about (its target), for links and progress. */
export function targetOf(action: Action): string | null {
  switch (action.type) {
    case "plan":
    case "secrets":
    case "list":
    case "search":
      return null;
    case "rename":
      return action.to;
    default:
      return action.path;
  }
}

/** The most secrets one request may ask for (as many as ChatMessage.secret_request holds). */
export const SECRET_REQUEST_MAX = 20;

export const SEARCH_MARK = "<<<<<<< SEARCH";
export const DIVIDER_MARK = "=======";
export const REPLACE_MARK = ">>>>>>> REPLACE";

/** Writes an action back as protocol text (the canonical form stored in a message). */
export function serialize(action: Action): string {
  switch (action.type) {
    case "plan":
      return `<${TAG.plan}>${action.content}</${TAG.plan}>`;
    case "write":
      return `<${TAG.write} path="${action.path}">\n${action.content}\n</${TAG.write}>`;
    case "edit":
      return `<${TAG.edit} path="${action.path}">\n${action.edits
        .map((e) => `${SEARCH_MARK}\n${e.search}\n${DIVIDER_MARK}\n${e.replace}\n${REPLACE_MARK}`)
        .join("\n")}\n</${TAG.edit}>`;
    case "delete":
      return `<${TAG.delete} path="${action.path}" />`;
    case "rename":
      return `<${TAG.rename} from="${action.from}" to="${action.to}" />`;
    case "list":
      return action.under ? `<${TAG.list} under="${action.under}" />` : `<${TAG.list} />`;
    case "read":
      return `<${TAG.read} path="${action.path}" />`;
    case "search":
      return `<${TAG.search} query=${attribute(action.query)} />`;
    case "secrets":
      // "<" escaped, so a description can never close the tag early
      return `<${TAG.secrets}>${JSON.stringify(action.secrets).replace(/</g, "\\u003c")}</${TAG.secrets}>`;
  }
}

/** A quoted attribute value: double quotes unless the value holds one (the parser reads either). */
function attribute(value: string): string {
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}
