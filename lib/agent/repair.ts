import { filePathPattern } from "../../schemas/app-files";
import { unwrapFence } from "./file-body";
import { type OpenAction, bodiless, parseMessage, toAction } from "./parser";
import { scanOpenTag } from "./tags";
import { type Action, TAG, serialize, targetOf } from "./protocol";

/**
 * The repair layer for malformed model output (DESIGN §5), so no code is ever lost
 * into chat text: code in plain fences that names a file, an action the stream left
 * open, an action whose closing tag is missing, tags wrapped in a fence, paths
 * written as `src/pages/X.jsx`. Stray and unknown tags stay text. Pure, like the parser.
 */
export interface Repaired {
  /** canonical content: the chat text with every action in protocol form */
  content: string;
  /** every action, in order (a path written twice keeps both; the later wins when applied) */
  actions: Action[];
  /** what was repaired, in words */
  repairs: string[];
  /** file actions (or named code fences) the answer ended inside: never applied, since their content is incomplete */
  cutOff: { path: string | null; type: Action["type"] }[];
}

/** "src/pages/Dashboard.jsx" -> "pages/Dashboard", "Layout.jsx" -> "layout/main"; null when it names no app file. */
export function normalizePath(raw: string): string | null {
  let path = raw
    .trim()
    .replace(/\\/g, "/")
    .replace(/^["'`]+|["'`]+$/g, "")
    .replace(/^\.?\//, "")
    .replace(/^src\//, "")
    .replace(/\.(jsx|js|tsx|ts|json)$/, "");
  if (/^(?:layouts?\/)?layout$/i.test(path)) return "layout/main";
  if (!filePathPattern.test(path) && path.endsWith("/index")) path = path.slice(0, -"/index".length);
  return filePathPattern.test(path) ? path : null;
}

type Tag = { kind: "tag"; open: OpenAction; body: string; closed: boolean };
/** `fenced`: an action made from code in a plain markdown fence (kept: the file of a fence the streaming answer is inside). */
type Piece = { kind: "text"; text: string } | { kind: "action"; action: Action; fenced?: boolean } | { kind: "kept"; raw: string; fenced?: string };

const lineStartTag = /(?:^|\n)[ \t]*(?=<kiln[-_]?[a-z]+)/gi;

/** Text and raw tags as the stream parser reads them, with run-on actions split. */
function readTags(source: string, repairs: string[]): (Tag | Piece)[] {
  const segments = parseMessage(source, (open, reason) => {
    if (!open) repairs.push(`${reason}; it was left as text`);
  });
  return segments.flatMap((s) => (s.kind === "text" ? [{ ...s }] : splitRunOn({ kind: "tag", open: s.open, body: s.body, closed: s.complete }, repairs)));
}

/** An action whose closing tag is missing swallows the next action: split it where that one begins. */
function splitRunOn(tag: Tag, repairs: string[]): (Tag | Piece)[] {
  if (bodiless.has(tag.open.type)) return [tag];
  for (const m of tag.body.matchAll(lineStartTag)) {
    const at = m.index! + m[0].length;
    if (scanOpenTag(tag.body.slice(at)).kind !== "tag") continue;
    repairs.push(`closed the ${describe(tag.open)} where the next action began (its closing tag was missing)`);
    const rest = readTags(tag.body.slice(at), repairs);
    // The closing tag that ended this body belongs to the last action of the rest, if one of its kind is still open.
    const last = rest[rest.length - 1];
    if (tag.closed && last?.kind === "tag" && !last.closed && last.open.type === tag.open.type) last.closed = true;
    const head: Tag = { ...tag, body: tag.body.slice(0, m.index! + (m[0].startsWith("\n") ? 1 : 0)), closed: true };
    return m[0].startsWith("\n") ? [head, { kind: "text", text: "\n" }, ...rest] : [head, ...rest];
  }
  return [tag];
}

function describe(open: OpenAction): string {
  const target = open.type === "rename" ? open.to : open.path;
  return target ? `${open.type} of ${target}` : open.type;
}

/** The tag as written (closed unless `closed` is false), for an action kept in the message though it is not applied. */
function tagText(open: OpenAction, body: string, closed = true): string {
  const name = TAG[open.type];
  const attrs = (["path", "from", "to"] as const)
    .flatMap((key) => (open[key] === undefined ? [] : [` ${key}=${open[key]!.includes('"') ? `'${open[key]}'` : `"${open[key]}"`}`]))
    .join("");
  if (bodiless.has(open.type)) return `<${name}${attrs} />`;
  return closed ? `<${name}${attrs}>${body}</${name}>` : `<${name}${attrs}>${body}`;
}

/** A raw tag as an action, after fixing what can be fixed; kept as written (unapplied) when it cannot or when it was cut off. */
function settle(tag: Tag, repairs: string[], cutOff: Repaired["cutOff"]): Piece {
  if (!tag.closed) {
    // The answer ended inside this action: its content is incomplete, so it stays unclosed text and is never applied.
    const path = (tag.open.type === "rename" ? tag.open.to : tag.open.path) ?? null;
    cutOff.push({ path: path && !filePathPattern.test(path) ? (normalizePath(path) ?? path) : path, type: tag.open.type });
    repairs.push(`left the ${describe(tag.open)} unapplied: the answer ended before its closing tag`);
    return { kind: "kept", raw: tagText(tag.open, tag.body, false) };
  }
  const notes: string[] = [];
  const open = { ...tag.open };
  for (const key of ["path", "from", "to"] as const) {
    const value = open[key];
    const fixed = value !== undefined && !filePathPattern.test(value) ? normalizePath(value) : null;
    if (fixed) {
      open[key] = fixed;
      notes.push(`read the path "${value}" as ${fixed}`);
    }
  }
  // toAction takes the content out of the fence itself (file-body.ts), as it did while the answer streamed
  if (open.type === "write" && unwrapFence(tag.body) !== null) notes.push(`took the content of ${open.path} out of the markdown fence around it`);
  const result = toAction(open, tag.body);
  if ("invalid" in result) {
    repairs.push(`left the ${describe(tag.open)} unapplied: ${result.invalid}`);
    return { kind: "kept", raw: tagText(tag.open, tag.body) };
  }
  repairs.push(...notes);
  return { kind: "action", action: result.action };
}

interface Fence {
  /** where the opening line starts, where the body starts and ends, and where the closing line ends */
  start: number;
  bodyStart: number;
  bodyEnd: number;
  end: number;
  marker: string;
  info: string;
  closed: boolean;
}

/** The markdown code fences of a text, the last possibly unclosed. */
function fencesIn(text: string): Fence[] {
  const fences: Fence[] = [];
  let open: Omit<Fence, "bodyEnd" | "end" | "closed"> | null = null;
  for (let start = 0; start <= text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline < 0 ? text.length : newline;
    const line = text.slice(start, end);
    if (!open) {
      const m = /^ {0,3}(`{3,}|~{3,})([^`]*)$/.exec(line);
      if (m) open = { start, bodyStart: Math.min(end + 1, text.length), marker: m[1], info: m[2].trim() };
    } else {
      const m = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (m && m[1][0] === open.marker[0] && m[1].length >= open.marker.length) {
        fences.push({ ...open, bodyEnd: Math.max(open.bodyStart, start - 1), end, closed: true });
        open = null;
      }
    }
    if (newline < 0) break;
    start = newline + 1;
  }
  if (open) fences.push({ ...open, bodyEnd: text.length, end: text.length, closed: false });
  return fences;
}

/** The file a fence's info string names: ```jsx pages/X, ```jsx:pages/X, ```jsx title="pages/X", ```pages/X.jsx. */
function pathInInfo(info: string): string | null {
  const named = [...info.matchAll(/\b(?:title|file|filename|path|name)\s*=\s*["']?([^"'\s]+)/gi)].map((m) => m[1]);
  const [first = "", ...rest] = info.split(/\s+/);
  const afterColon = first.includes(":") ? [first.slice(first.indexOf(":") + 1)] : [];
  for (const candidate of [...named, ...afterColon, ...rest, first]) {
    const path = candidate && normalizePath(candidate);
    if (path) return path;
  }
  return null;
}

/** Fences in other languages (bash, css, …) are never taken for an app file, whatever names them. */
const codeLanguages = new Set(["", "js", "jsx", "ts", "tsx", "javascript", "typescript", "react", "json", "json5"]);
/** A line that is only a file name: `pages/X.jsx`, **pages/X.jsx**, File: pages/X.jsx, ### `pages/X.jsx`: */
const labelLine = /^(?:#{1,6}\s*)?(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|__)?(?:(?:file(?:name)?|path)\s*:\s*)?(?:\*\*|__)?\s*`?([^`*\s]+?)`?\s*(?:\*\*|__)?\s*:?\s*(?:\*\*|__)?$/i;
/** A first line inside the fence that is only a comment naming the file: // pages/X.jsx, /* File: pages/X.jsx *\/ */
const commentLine = /^\s*(?:\/\/|\/\*|\{\/\*)\s*(?:file(?:name)?\s*:\s*)?([^\s*]+?)\s*(?:\*\/\}?)?\s*$/i;

/** The file a fence is for, from its info string, the line just before it or a comment on its first line. */
function fileOfFence(text: string, fence: Fence): { path: string; content: string; from: number } | null {
  const language = fence.info.split(/[\s:{]/)[0];
  if (!codeLanguages.has(language.toLowerCase()) && !normalizePath(language)) return null;
  let content = text.slice(fence.bodyStart, fence.bodyEnd);
  const lines = text.slice(0, fence.start).split("\n");
  lines.pop();
  if (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  const before = lines[lines.length - 1] ?? "";
  const labelStart = lines.slice(0, -1).join("\n").length + (lines.length > 1 ? 1 : 0);
  const label = labelLine.exec(before.trim())?.[1];
  const mentioned = before.trim().endsWith(":") ? [...before.matchAll(/`([^`\s]+)`|\*\*([^*\s]+)\*\*/g)].map((m) => m[1] ?? m[2]) : [];
  const firstLine = content.slice(0, content.indexOf("\n") < 0 ? content.length : content.indexOf("\n"));
  const comment = commentLine.exec(firstLine)?.[1];
  let found: { path: string; from: number } | null = null;
  const info = pathInInfo(fence.info);
  const labelled = label ? normalizePath(label) : null;
  const inSentence = mentioned.length === 1 ? normalizePath(mentioned[0]) : null;
  const commented = comment ? normalizePath(comment) : null;
  if (info) found = { path: info, from: fence.start };
  else if (labelled) found = { path: labelled, from: labelStart };
  else if (inSentence) found = { path: inSentence, from: fence.start };
  else if (commented) found = { path: commented, from: fence.start };
  if (!found) return null;
  if (commented === found.path) content = content.slice(firstLine.length + 1);
  return { ...found, content };
}

/**
 * Code in plain markdown fences that names a file becomes a write; fences that name no file, or that the
 * answer ended inside, stay text. While the answer still streams, a named fence it is inside shows as an open write.
 */
function fencesToWrites(text: string, atEnd: boolean, streaming: boolean, tagged: Set<string>, repairs: string[], cutOff: Repaired["cutOff"]): Piece[] {
  const pieces: Piece[] = [];
  let cursor = 0;
  for (const fence of fencesIn(text)) {
    if (!fence.closed && !atEnd) continue;
    const file = fileOfFence(text, fence);
    if (!file) continue;
    if (!fence.closed && streaming) {
      const from = Math.max(file.from, cursor);
      if (from > cursor) pieces.push({ kind: "text", text: text.slice(cursor, from) });
      pieces.push({ kind: "kept", raw: `<${TAG.write} path="${file.path}">\n${file.content}`, fenced: file.path });
      cursor = text.length;
      continue;
    }
    if (!fence.closed) {
      cutOff.push({ path: file.path, type: "write" });
      repairs.push(`left a code fence for ${file.path} as text: the answer ended inside it`);
      continue;
    }
    if (tagged.has(file.path)) {
      repairs.push(`left a code fence for ${file.path} as text: the answer already has an action for it`);
      continue;
    }
    const result = toAction({ id: -1, type: "write", path: file.path }, `\n${file.content}\n`);
    if ("invalid" in result) {
      repairs.push(`left a code fence for ${file.path} as text: ${result.invalid}`);
      continue;
    }
    const from = Math.max(file.from, cursor);
    if (from > cursor) pieces.push({ kind: "text", text: text.slice(cursor, from) });
    pieces.push({ kind: "action", action: result.action, fenced: true });
    repairs.push(`code for ${file.path} in a plain code fence became a write`);
    cursor = fence.end;
  }
  if (cursor < text.length) pieces.push({ kind: "text", text: text.slice(cursor) });
  return pieces;
}

/** Drops the fence lines around actions a model wrapped in ```xml … ```: the tags are tags. */
function unwrapFencedTags(pieces: Piece[], repairs: string[]): void {
  const blank = (p: Piece | undefined) => p?.kind === "text" && !p.text.trim();
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    if (piece.kind !== "text" || i + 1 >= pieces.length) continue;
    const last = fencesIn(piece.text).pop();
    if (!last || last.closed || piece.text.slice(last.bodyStart).trim()) continue;
    piece.text = piece.text.slice(0, last.start);
    let j = i + 1;
    while (j < pieces.length && (pieces[j].kind !== "text" || blank(pieces[j]))) j++;
    const after = pieces[j];
    const closing = new RegExp(`^\\s*${last.marker[0] === "`" ? "`" : "~"}{${last.marker.length},}[ \\t]*(?=\\n|$)`);
    if (after?.kind === "text") after.text = after.text.replace(closing, "");
    repairs.push("read the action tags inside a code fence as tags");
  }
}

/** Notes the kiln-looking tags that stay text: stray closing tags and tags of unknown kinds. */
function noteStrayTags(pieces: Piece[], repairs: string[]): void {
  const known = new Set<string>(Object.values(TAG));
  for (const piece of pieces) {
    if (piece.kind !== "text") continue;
    for (const m of piece.text.matchAll(/<(\/?)(kiln-[\w-]+)[^>\n]*>/g)) {
      if (!known.has(m[2])) {
        if (!m[1]) repairs.push(`left an unknown ${m[0]} tag as text`);
      } else if (m[1]) repairs.push(`left a stray ${m[0]} as text`);
    }
  }
}

/** The answer read as text and actions; `streaming`: it may still grow, so a named fence it ends inside is an open write. */
function piecesOf(raw: string, streaming: boolean): { pieces: Piece[]; repairs: string[]; cutOff: Repaired["cutOff"] } {
  const repairs: string[] = [];
  const cutOff: Repaired["cutOff"] = [];
  const read: Piece[] = [];
  for (const p of readTags(raw, repairs)) {
    const last = read[read.length - 1];
    if (p.kind === "text" && last?.kind === "text") last.text += p.text;
    else read.push(p.kind === "tag" ? settle(p, repairs, cutOff) : { ...p });
  }
  unwrapFencedTags(read, repairs);
  noteStrayTags(read, repairs);
  const tagged = new Set(read.flatMap((p) => (p.kind === "action" ? [targetOf(p.action) ?? ""] : [])));
  const pieces = read.flatMap((p, i) => (p.kind === "text" ? fencesToWrites(p.text, i === read.length - 1, streaming, tagged, repairs, cutOff) : [p]));
  return { pieces, repairs, cutOff };
}

/** The canonical form of a model's answer: its actions recovered and re-serialized, its chat text kept. */
export function repair(raw: string): Repaired {
  const { pieces, repairs, cutOff } = piecesOf(raw, false);
  return {
    cutOff,
    content: pieces.map((p) => (p.kind === "text" ? p.text : p.kind === "kept" ? p.raw : serialize(p.action))).join(""),
    actions: pieces.flatMap((p) => (p.kind === "action" ? [p.action] : [])),
    repairs,
  };
}

/** What a streaming answer's plain code fences hold so far: the writes of those closed, and the file of the one it is inside. */
export function streamedFences(raw: string): { writes: Action[]; writing: string | null } {
  const { pieces } = piecesOf(raw, true);
  const last = pieces[pieces.length - 1];
  return { writes: pieces.flatMap((p) => (p.kind === "action" && p.fenced ? [p.action] : [])), writing: last?.kind === "kept" ? (last.fenced ?? null) : null };
}

/** The file writes made so far from code in plain fences, for a turn to apply while the answer still streams. */
export const fencedWrites = (raw: string): Action[] => streamedFences(raw).writes;

/**
 * A streaming answer as the chat shows it: code in a plain fence that names a file is a file step at
 * once (open while the fence is), never raw code scrolling under "Thinking…".
 */
export function streamingView(raw: string): string {
  return piecesOf(raw, true)
    .pieces.map((p) => (p.kind === "text" ? p.text : p.kind === "kept" ? p.raw : serialize(p.action)))
    .join("");
}
