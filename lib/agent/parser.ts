import * as z from "zod";
import { FilePath } from "../../schemas/app-files";
import { SecretRequestItem } from "../../schemas/secrets";
import { writeContent } from "./file-body";
import { closingIn, partialClosing, scanOpenTag } from "./tags";
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
  /** an opening tag that looks like Kiln's (`<kiln-file …>`) but names no action: it stays text; `attributes` when it has some (it likely meant a file) */
  onUnknownTag?(name: string, attributes: boolean): void;
}

/** Plan and secret request: their bodies hold no code, so a Kiln action tag inside one means its closing tag was forgotten. */
const proseBodies: ReadonlySet<ActionType> = new Set<ActionType>(["plan", "secrets"]);
/** Delete, rename and the file requests carry no body: `<kiln-delete path="x" />` or `<kiln-delete path="x"></kiln-delete>`. */
export const bodiless: ReadonlySet<ActionType> = new Set<ActionType>(["delete", "rename", "list", "read", "search"]);

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

/**
 * States: "text" passes chat through, holding back a "<" until it is known whether
 * a kiln tag starts there; "body" streams an action's body, where only its closing tag
 * (in any spelling) ends it (JSX's own `</div>` is body), except that a plan or secret
 * request also ends where the next action begins; "closing" swallows the optional
 * closing tag of a bodiless action.
 */
export class ActionStreamParser {
  private state: "text" | "body" | "closing" = "text";
  private buffer = "";
  private open: OpenAction | null = null;
  private openText = "";
  private body = "";
  private nextId = 0;
  /** characters pushed so far, and where the open action's opening tag starts among them */
  private pushed = 0;
  private openedAt = 0;
  /** a plan or secret request that ended where the next action began: its late closing tag is swallowed */
  private leftOpen: ActionType | null = null;

  constructor(private readonly cb: ParserCallbacks = {}) {}

  push(chunk: string): void {
    this.buffer += chunk;
    this.pushed += chunk.length;
    this.drain(false);
  }

  /** The action the stream is inside now (its body so far, and where its opening tag starts in what was pushed), or null. */
  pending(): { open: OpenAction; body: string; startsAt: number } | null {
    return this.state === "body" ? { open: this.open!, body: this.body + this.buffer, startsAt: this.openedAt } : null;
  }

  /** How many of the pushed characters the parser has read (the rest is held back until it is unambiguous). */
  consumed(): number {
    return this.pushed - this.buffer.length;
  }

  /** The closing tag that ends the open action where the stream stands: what a normal end of the stream implies. */
  closingFor(open: OpenAction): string {
    return `${(this.body + this.buffer).endsWith("\n") ? "" : "\n"}</${TAG[open.type]}>`;
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
        if (!this.drainBody(final)) return;
        continue;
      }
      if (this.state === "closing") {
        const rest = this.buffer.trimStart();
        const close = closingIn(rest, this.open!.type);
        if (close?.at === 0) {
          this.buffer = rest.slice(close.length);
        } else if (!final && rest.length && partialClosing(rest, this.open!.type) === rest.length) {
          return;
        } else if (!final && !rest.length) {
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
      if (this.leftOpen) {
        // the closing tag of a plan that already ended where the next action began: it closes nothing, so it is no chat text
        const close = closingIn(this.buffer, this.leftOpen);
        if (close?.at === 0) {
          this.buffer = this.buffer.slice(close.length);
          this.leftOpen = null;
          continue;
        }
        if (!final && partialClosing(this.buffer, this.leftOpen) === this.buffer.length) return;
      }
      const scan = scanOpenTag(this.buffer);
      if (scan.kind === "partial" && !final) return;
      if (scan.kind === "tag") {
        const openText = this.buffer.slice(0, scan.length);
        this.openedAt = this.pushed - this.buffer.length;
        this.buffer = this.buffer.slice(scan.length);
        this.begin(scan.type, scan.attrs, scan.selfClosing, openText);
        continue;
      }
      if (scan.kind === "none" && scan.malformed) this.cb.onInvalid?.(null, `could not read the tag ${scan.malformed} (attributes look like path="pages/Name")`, scan.malformed);
      else if (scan.kind === "none" && scan.unknown) this.cb.onUnknownTag?.(scan.unknown, scan.attributes === true);
      this.text("<");
      this.buffer = this.buffer.slice(1);
    }
  }

  /** Streams the open action's body up to its end, if that has arrived (true: the action closed, read on). */
  private drainBody(final: boolean): boolean {
    const type = this.open!.type;
    const close = closingIn(this.buffer, type);
    const next = proseBodies.has(type) ? this.nextActionIn(close ? this.buffer.slice(0, close.at) : this.buffer, final) : null;
    if (next && next.at !== null) {
      // a plan left open ends where the next action begins, so it never swallows the answer's files
      this.stream(this.buffer.slice(0, next.at));
      this.buffer = this.buffer.slice(next.at);
      this.leftOpen = type;
      this.close("");
      return true;
    }
    const held = close ? 0 : Math.max(final ? 0 : partialClosing(this.buffer, type), next?.held ?? 0);
    const upTo = close ? close.at : this.buffer.length - held;
    this.stream(this.buffer.slice(0, upTo));
    if (!close) {
      this.buffer = this.buffer.slice(upTo);
      return false;
    }
    const closeText = this.buffer.slice(close.at, close.at + close.length);
    this.buffer = this.buffer.slice(close.at + close.length);
    this.close(closeText);
    return true;
  }

  /** Where an action tag begins in a prose body (null: none yet), and how much of its end may be the start of one. */
  private nextActionIn(text: string, final: boolean): { at: number | null; held: number } {
    for (let at = text.indexOf("<"); at >= 0; at = text.indexOf("<", at + 1)) {
      const scan = scanOpenTag(text.slice(at));
      if (scan.kind === "tag") return { at, held: 0 };
      if (scan.kind === "partial" && !final) return { at: null, held: text.length - at };
    }
    return { at: null, held: 0 };
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
