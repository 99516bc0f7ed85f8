import * as z from "zod";
import { FilePath } from "../../schemas/app-files";
import { SecretRequestItem } from "../../schemas/secrets";
import { type Action, type ActionType, SECRET_REQUEST_MAX, type SearchReplace, TAG } from "./protocol";

/**
 * The agent's streaming action parser (DESIGN §5): a small explicit state machine
 * over the character stream, after bolt.diy's message parser. Pure: no storage, no
 * HTTP, no Node or DOM, so the web client parses the same way the server does.
 */

export interface OpenAction {
  id: number;
  type: ActionType;
  path?: string;
  from?: string;
  to?: string;
  /** a search's text and a listing's folder */
  query?: string;
  under?: string;
}

export interface ParserCallbacks {
  /** chat text outside actions (may arrive in pieces) */
  onText?(text: string): void;
  /** as soon as an opening tag is complete */
  onActionOpen?(open: OpenAction): void;
  /** body chunks; length = body chars so far */
  onActionStream?(open: OpenAction, chunk: string, length: number): void;
  /** the finished, validated action */
  onActionClose?(open: OpenAction, action: Action): void;
  /** an action that closed but is not valid (open), or a kiln tag whose attributes could not be read (null; it stays text) */
  onInvalid?(open: OpenAction | null, reason: string, raw: string): void;
}

const typeOfTag = new Map(Object.entries(TAG).map(([type, tag]) => [tag as string, type as ActionType]));
const tagNames = [...typeOfTag.keys()];
/** Delete, rename and the file requests carry no body: `<kiln-delete path="x" />` or `<kiln-delete path="x"></kiln-delete>`. */
export const bodiless: ReadonlySet<ActionType> = new Set<ActionType>(["delete", "rename", "list", "read", "search"]);
const MAX_TAG_CHARS = 2000;

export type TagScan =
  | { kind: "partial" }
  | { kind: "none"; malformed?: string }
  | { kind: "tag"; type: ActionType; attrs: Record<string, string>; selfClosing: boolean; length: number };

/**
 * Reads an opening kiln tag at the start of `s` (which starts with "<"). "partial"
 * only when `s` ends before the answer is known, so the answer never depends on chunking.
 */
export function scanOpenTag(s: string): TagScan {
  let i = 1;
  while (i < s.length && /[\w-]/.test(s[i])) i++;
  const name = s.slice(1, i);
  if (i === s.length) return tagNames.some((t) => t.startsWith(name)) ? { kind: "partial" } : { kind: "none" };
  const type = typeOfTag.get(name);
  if (!type) return { kind: "none" };
  const attrs: Record<string, string> = {};
  const malformed = (): TagScan => ({ kind: "none", malformed: s.slice(0, Math.min(i + 1, s.length)) });
  const tag = (end: number, selfClosing: boolean): TagScan => ({ kind: "tag", type, attrs, selfClosing, length: end });
  const skipSpace = () => {
    while (i < s.length && /\s/.test(s[i])) i++;
  };
  for (;;) {
    if (i > MAX_TAG_CHARS) return malformed();
    const start = i;
    skipSpace();
    if (i === s.length) return { kind: "partial" };
    if (s[i] === ">") return tag(i + 1, false);
    if (s[i] === "/") {
      if (i + 1 === s.length) return { kind: "partial" };
      return s[i + 1] === ">" ? tag(i + 2, true) : malformed();
    }
    if (i === start) return malformed();
    const keyStart = i;
    while (i < s.length && /[\w-]/.test(s[i])) i++;
    if (i === s.length) return { kind: "partial" };
    if (i === keyStart) return malformed();
    const key = s.slice(keyStart, i).toLowerCase();
    skipSpace();
    if (i === s.length) return { kind: "partial" };
    if (s[i] !== "=") return malformed();
    i++;
    skipSpace();
    if (i === s.length) return { kind: "partial" };
    const quoted = s[i] === '"' || s[i] === "'";
    const quote = s[i];
    const ends = quoted ? (c: string) => c === quote || c === "\n" || c === "<" : (c: string) => /[\s"'<>=`]/.test(c);
    let j = quoted ? i + 1 : i;
    while (j < s.length && j <= MAX_TAG_CHARS && !ends(s[j])) j++;
    if (j === s.length) return { kind: "partial" };
    let value = s.slice(quoted ? i + 1 : i, j);
    if (quoted) {
      i = j;
      if (s[j] !== quote) return malformed();
      i++;
    } else {
      // An unquoted value runs up to the "/>" of a self-closing tag: paths never end in "/".
      if (value.endsWith("/") && s[j] === ">") {
        value = value.slice(0, -1);
        j--;
      }
      if (!value) return malformed();
      i = j;
    }
    attrs[key] = value.trim();
  }
}

const SEARCH_LINE = /^\s*<{5,}\s*SEARCH\s*$/;
const DIVIDER_LINE = /^\s*={5,}\s*$/;
const REPLACE_LINE = /^\s*>{5,}\s*REPLACE\s*$/;

/** The complete SEARCH/REPLACE blocks of an edit body, markers on their own lines; an unfinished last block is left out. */
export function parseEdits(body: string): SearchReplace[] {
  const edits: SearchReplace[] = [];
  const lines = body.split(/\r?\n/);
  let i = 0;
  const until = (marker: RegExp) => {
    const taken: string[] = [];
    while (i < lines.length && !marker.test(lines[i])) taken.push(lines[i++]);
    return i < lines.length ? (i++, taken.join("\n")) : null;
  };
  while (i < lines.length) {
    if (!SEARCH_LINE.test(lines[i++])) continue;
    const search = until(DIVIDER_LINE);
    const replace = search === null ? null : until(REPLACE_LINE);
    if (search === null || replace === null) break;
    edits.push({ search, replace });
  }
  return edits;
}

/** A write body without the one line break after the opening tag and the one before the closing tag. */
function writeContent(body: string): string {
  return body.replace(/^\r?\n/, "").replace(/\r?\n$/, "");
}

function pathProblem(path: string | undefined, what: string): string | null {
  if (path === undefined) return `the ${what} is missing`;
  const checked = FilePath.safeParse(path);
  return checked.success ? null : `"${path}" is not a valid ${what}: ${checked.error.issues[0].message}`;
}

const SecretRequestList = z.array(SecretRequestItem).min(1, "it asks for no secret").max(SECRET_REQUEST_MAX, `it asks for more than ${SECRET_REQUEST_MAX} secrets`);

function secretsOf(body: string): { action: Action } | { invalid: string } {
  const shape = 'must be a JSON list like [{"secretName": "OPENAI_API_KEY", "description": "…"}]';
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (e) {
    return { invalid: `the secret request ${shape}: ${(e as Error).message}` };
  }
  const checked = SecretRequestList.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return { invalid: `the secret request ${shape}: ${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}` };
  }
  return { action: { type: "secrets", secrets: checked.data } };
}

/** The finished action for an opening tag and its body, or why it is not valid. */
export function toAction(open: OpenAction, body: string): { action: Action } | { invalid: string } {
  switch (open.type) {
    case "plan":
      return { action: { type: "plan", content: body.trim() } };
    case "write": {
      const bad = pathProblem(open.path, "path");
      if (bad) return { invalid: bad };
      const content = writeContent(body);
      if (open.path!.startsWith("entities/")) {
        try {
          JSON.parse(content);
        } catch (e) {
          return { invalid: `${open.path} must be JSON (an entity schema): ${(e as Error).message}` };
        }
      }
      return { action: { type: "write", path: open.path!, content } };
    }
    case "edit": {
      const bad = pathProblem(open.path, "path");
      if (bad) return { invalid: bad };
      const edits = parseEdits(body);
      if (!edits.length) return { invalid: `the edit of ${open.path} has no complete SEARCH/=======/REPLACE block` };
      return { action: { type: "edit", path: open.path!, edits } };
    }
    case "delete": {
      const bad = pathProblem(open.path, "path");
      return bad ? { invalid: bad } : { action: { type: "delete", path: open.path! } };
    }
    case "rename": {
      const bad = pathProblem(open.from, "source path") ?? pathProblem(open.to, "target path");
      return bad ? { invalid: bad } : { action: { type: "rename", from: open.from!, to: open.to! } };
    }
    case "secrets":
      return secretsOf(body);
    case "list": {
      const under = open.under?.replace(/\/+$/, "");
      return { action: under ? { type: "list", under } : { type: "list" } };
    }
    case "read": {
      const bad = pathProblem(open.path, "path");
      return bad ? { invalid: bad } : { action: { type: "read", path: open.path! } };
    }
    case "search":
      return open.query?.trim() ? { action: { type: "search", query: open.query.trim() } } : { invalid: 'the search has no query (write it as query="text")' };
  }
}

/** How many trailing characters of `text` could be the start of `token`. */
function partialSuffix(text: string, token: string): number {
  for (let n = Math.min(token.length - 1, text.length); n > 0; n--) {
    if (token.startsWith(text.slice(text.length - n))) return n;
  }
  return 0;
}

/**
 * States: "text" passes chat through, holding back a "<" until it is known whether
 * a kiln tag starts there; "body" streams an action's body, where only the exact
 * closing tag ends it (JSX's own `</div>` is body); "closing" swallows the optional
 * closing tag of a bodiless action.
 */
export class ActionStreamParser {
  private state: "text" | "body" | "closing" = "text";
  private buffer = "";
  private open: OpenAction | null = null;
  private openText = "";
  private body = "";
  private nextId = 0;

  constructor(private readonly cb: ParserCallbacks = {}) {}

  push(chunk: string): void {
    this.buffer += chunk;
    this.drain(false);
  }

  /** End of stream: flushes held-back text and answers the action left open, if any, with its body so far. */
  end(): { unclosed: OpenAction | null; bodySoFar: string } {
    this.drain(true);
    const result = { unclosed: this.state === "body" ? this.open : null, bodySoFar: this.state === "body" ? this.body : "" };
    this.state = "text";
    this.open = null;
    this.body = "";
    return result;
  }

  private drain(final: boolean): void {
    for (;;) {
      if (this.state === "body") {
        const close = `</${TAG[this.open!.type]}>`;
        const at = this.buffer.indexOf(close);
        const upTo = at >= 0 ? at : this.buffer.length - (final ? 0 : partialSuffix(this.buffer, close));
        this.stream(this.buffer.slice(0, upTo));
        this.buffer = this.buffer.slice(at >= 0 ? at + close.length : upTo);
        if (at < 0) return;
        this.close(close);
        continue;
      }
      if (this.state === "closing") {
        const close = `</${TAG[this.open!.type]}>`;
        const rest = this.buffer.trimStart();
        if (rest.startsWith(close)) {
          this.buffer = rest.slice(close.length);
        } else if (!final && close.startsWith(rest)) {
          return;
        }
        this.state = "text";
        this.open = null;
        continue;
      }
      const lt = this.buffer.indexOf("<");
      this.text(lt < 0 ? this.buffer : this.buffer.slice(0, lt));
      this.buffer = lt < 0 ? "" : this.buffer.slice(lt);
      if (lt < 0) return;
      const scan = scanOpenTag(this.buffer);
      if (scan.kind === "partial" && !final) return;
      if (scan.kind === "tag") {
        const openText = this.buffer.slice(0, scan.length);
        this.buffer = this.buffer.slice(scan.length);
        this.begin(scan.type, scan.attrs, scan.selfClosing, openText);
        continue;
      }
      if (scan.kind === "none" && scan.malformed) this.cb.onInvalid?.(null, `could not read the tag ${scan.malformed} (attributes look like path="pages/Name")`, scan.malformed);
      this.text("<");
      this.buffer = this.buffer.slice(1);
    }
  }

  private text(text: string): void {
    if (text) this.cb.onText?.(text);
  }

  private begin(type: ActionType, attrs: Record<string, string>, selfClosing: boolean, openText: string): void {
    const open: OpenAction = { id: this.nextId++, type };
    for (const key of ["path", "from", "to", "query", "under"] as const) if (attrs[key] !== undefined) open[key] = attrs[key];
    this.open = open;
    this.openText = openText;
    this.body = "";
    this.cb.onActionOpen?.(open);
    if (selfClosing) {
      this.close("");
      this.state = "text";
    } else if (bodiless.has(type)) {
      this.close("");
      this.open = open;
      this.state = "closing";
    } else {
      this.state = "body";
    }
  }

  private stream(chunk: string): void {
    if (!chunk) return;
    this.body += chunk;
    this.cb.onActionStream?.(this.open!, chunk, this.body.length);
  }

  private close(closeText: string): void {
    const open = this.open!;
    const result = toAction(open, this.body);
    if ("action" in result) this.cb.onActionClose?.(open, result.action);
    else this.cb.onInvalid?.(open, result.invalid, this.openText + this.body + closeText);
    this.state = "text";
    this.open = null;
    this.body = "";
  }
}

export type Segment =
  | { kind: "text"; text: string }
  | { kind: "action"; open: OpenAction; action: Action | null; complete: boolean; body: string };

/**
 * A whole (possibly still-streaming) message for display: text and actions in
 * order. An action's body is as streamed (its first line break included); an
 * invalid action is complete with no action; the last one may be incomplete.
 * `onInvalid` hears why, as the stream parser's callback does.
 */
export function parseMessage(content: string, onInvalid?: ParserCallbacks["onInvalid"]): Segment[] {
  const segments: Segment[] = [];
  const byId = new Map<number, Extract<Segment, { kind: "action" }>>();
  const parser = new ActionStreamParser({
    onText: (text) => {
      const last = segments[segments.length - 1];
      if (last?.kind === "text") last.text += text;
      else segments.push({ kind: "text", text });
    },
    onActionOpen: (open) => {
      const segment = { kind: "action" as const, open, action: null, complete: false, body: "" };
      byId.set(open.id, segment);
      segments.push(segment);
    },
    onActionStream: (open, chunk) => void (byId.get(open.id)!.body += chunk),
    onActionClose: (open, action) => Object.assign(byId.get(open.id)!, { action, complete: true }),
    onInvalid: (open, reason, raw) => {
      if (open) byId.get(open.id)!.complete = true;
      onInvalid?.(open, reason, raw);
    },
  });
  parser.push(content);
  parser.end();
  return segments;
}

/** The complete, valid actions of a message, in order. */
export function actionsOf(content: string): Action[] {
  return parseMessage(content).flatMap((s) => (s.kind === "action" && s.action ? [s.action] : []));
}
