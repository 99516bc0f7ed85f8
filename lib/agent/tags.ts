import { type ActionType, TAG } from "./protocol";

/**
 * Reading Kiln's tags in a stream (DESIGN §5): an opening tag with its attributes, and the closing tag of an
 * action in each spelling models write it. Pure, like the parser that uses it.
 */

/**
 * A tag name as models spell it, read as one: `kiln-write`, `kiln_write`, `Kiln-Write` and `kilnWrite`
 * are the same action, so a slip in spelling never turns a file into chat text.
 */
const spelling = (name: string) => name.toLowerCase().replace(/[-_]/g, "");
const typeOfTag = new Map(Object.entries(TAG).map(([type, tag]) => [spelling(tag), type as ActionType]));
const tagNames = [...typeOfTag.keys()];
/** The closing tag of each action in every spelling the opening tag may have, lower-cased (`</kiln-write>`, `</kiln_write>`, `</kilnwrite>`). */
const closings = new Map(
  Object.entries(TAG).map(([type, tag]) => {
    const word = tag.slice("kiln-".length);
    return [type as ActionType, ["-", "_", ""].map((joint) => `</kiln${joint}${word}>`)];
  }),
);
const closingPattern = new Map(Object.entries(TAG).map(([type, tag]) => [type as ActionType, new RegExp(`</\\s*kiln[-_]?${tag.slice("kiln-".length)}\\s*>`, "i")]));
const MAX_TAG_CHARS = 2000;

export type TagScan =
  | { kind: "partial" }
  /** `unknown`: a Kiln-looking tag naming no action (`<kiln-file`), `attributes` when something follows its name (`<kiln-file path=…`) */
  | { kind: "none"; malformed?: string; unknown?: string; attributes?: boolean }
  | { kind: "tag"; type: ActionType; attrs: Record<string, string>; selfClosing: boolean; length: number };

/**
 * Reads an opening kiln tag at the start of `s` (which starts with "<"). "partial"
 * only when `s` ends before the answer is known, so the answer never depends on chunking.
 */
export function scanOpenTag(s: string): TagScan {
  let i = 1;
  while (i < s.length && /[\w-]/.test(s[i])) i++;
  const name = spelling(s.slice(1, i));
  if (i === s.length) return tagNames.some((t) => t.startsWith(name)) ? { kind: "partial" } : { kind: "none" };
  const type = typeOfTag.get(name);
  if (!type) return name.startsWith("kiln") && name.length > 4 ? { kind: "none", unknown: s.slice(0, i), attributes: /\s/.test(s[i]) } : { kind: "none" };
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

/** Where the closing tag of `type` is in `text` (any spelling), or null. */
export function closingIn(text: string, type: ActionType): { at: number; length: number } | null {
  const m = closingPattern.get(type)!.exec(text);
  return m ? { at: m.index, length: m[0].length } : null;
}

/** How many trailing characters of `text` could be the start of a closing tag of `type`. */
export function partialClosing(text: string, type: ActionType): number {
  const at = text.lastIndexOf("<");
  if (at < 0) return 0;
  const tail = text.slice(at).toLowerCase();
  const could = closings.get(type)!.some((close) => close.startsWith(tail) || (tail.startsWith(close.slice(0, -1)) && !tail.slice(close.length - 1).trim()));
  return could ? text.length - at : 0;
}
