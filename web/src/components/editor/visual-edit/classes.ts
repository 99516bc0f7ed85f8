/**
 * Visual Edit's vocabulary (spec 01 §5, §9) and the pure edits it makes to a class list
 * and to a source line. The element panel only ever changes utility classes; everything
 * here is plain string work, unit-tested in test/unit/visual-edit.test.ts.
 */

export const COLOR_FAMILIES = [
  "slate", "gray", "zinc", "neutral", "stone", "red", "orange", "amber", "yellow", "lime", "green",
  "emerald", "teal", "cyan", "sky", "blue", "indigo", "violet", "purple", "fuchsia", "pink", "rose",
] as const;
export const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950] as const;
export const SPACING = ["0", "1", "2", "3", "4", "5", "6", "8", "10", "12", "16", "20", "24", "32", "40", "48", "64"] as const;
export const FONT_SIZES = ["xs", "sm", "base", "lg", "xl", "2xl", "3xl", "4xl"] as const;
export const FONT_WEIGHTS = ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"] as const;
/** Text & Font is offered only for these tags. */
export const TEXT_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "span", "a", "label"]);

export type ColorTarget = "text" | "bg" | "border";
export type SpacingTarget = "p" | "px" | "py" | "m" | "mx" | "my";

const colorValue = `(?:${COLOR_FAMILIES.join("|")})-(?:${SHADES.join("|")})|black|white|transparent`;
const patterns = {
  color: (t: ColorTarget) => new RegExp(`^${t}-(?:${colorValue})$`),
  spacing: (t: SpacingTarget) => new RegExp(`^${t}-(?:${SPACING.join("|").replace(/\./g, "\\.")}|auto)$`),
  fontSize: new RegExp(`^text-(?:${FONT_SIZES.join("|")})$`),
  fontWeight: new RegExp(`^font-(?:${FONT_WEIGHTS.join("|")})$`),
};

export const splitClasses = (classes: string) => classes.split(/\s+/).filter(Boolean);

/** Replace the classes `pattern` matches with `value` (none when null); other classes keep their order. */
function setUtility(classes: string, pattern: RegExp, value: string | null): string {
  const kept = splitClasses(classes).filter((c) => !pattern.test(c));
  return (value ? [...kept, value] : kept).join(" ");
}

function currentOf(classes: string, pattern: RegExp): string | null {
  return splitClasses(classes).find((c) => pattern.test(c)) ?? null;
}

export const Utilities = {
  color: {
    get: (classes: string, target: ColorTarget) => currentOf(classes, patterns.color(target))?.slice(target.length + 1) ?? null,
    set: (classes: string, target: ColorTarget, color: string | null) => setUtility(classes, patterns.color(target), color && `${target}-${color}`),
  },
  spacing: {
    get: (classes: string, target: SpacingTarget) => currentOf(classes, patterns.spacing(target))?.slice(target.length + 1) ?? null,
    set: (classes: string, target: SpacingTarget, step: string | null) => setUtility(classes, patterns.spacing(target), step && `${target}-${step}`),
  },
  fontSize: {
    get: (classes: string) => currentOf(classes, patterns.fontSize)?.slice(5) ?? null,
    set: (classes: string, size: string | null) => setUtility(classes, patterns.fontSize, size && `text-${size}`),
  },
  fontWeight: {
    get: (classes: string) => currentOf(classes, patterns.fontWeight)?.slice(5) ?? null,
    set: (classes: string, weight: string | null) => setUtility(classes, patterns.fontWeight, weight && `font-${weight}`),
  },
};

/** `pages/Home:12:7` (as the runtime stamps `data-source-location`) → file and 1-based line. */
export function parseSourceLocation(location: string): { file: string; line: number; column: number } | null {
  const m = /^(.+):(\d+):(\d+)$/.exec(location);
  if (!m) return null;
  return { file: m[1], line: Number(m[2]), column: Number(m[3]) };
}

/**
 * The file with the class attribute of the element that starts at `line`:`column` (1-based)
 * set to `classes`. The attribute is the first className/class of that element's opening
 * tag; a plain reference (`{theme.heading}`) is replaced by the literal of what it showed. A tag
 * without one gets `className="…"` after its name. Answers null when this cannot be a one-line
 * edit: no tag there, classes computed by an expression (a call, a condition), or an opening tag
 * that continues on the next lines (its class may sit there).
 */
export function rewriteClassAttribute(content: string, line: number, column: number, classes: string): string | null {
  const lines = content.split("\n");
  const text = lines[line - 1];
  if (text === undefined) return null;
  const start = Math.max(0, column - 1);
  const tag = /<([A-Za-z][\w.]*)/y;
  tag.lastIndex = text.indexOf("<", start) === start ? start : text.indexOf("<", start);
  const opening = tag.exec(text);
  if (!opening) return null;
  const afterName = opening.index + opening[0].length;
  const end = findTagEnd(text, afterName);
  const head = text.slice(afterName, end);
  // A literal, or a plain reference such as {theme.heading}: the panel showed its value, which becomes the literal.
  const attr = /\b(className|class)\s*=\s*("[^"]*"|'[^']*'|\{`[^`$]*`\}|\{"[^"]*"\}|\{'[^']*'\}|\{\s*[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*\})/.exec(head);
  const value = classes.trim().replace(/["'`{}]/g, "");
  let next: string;
  if (attr) {
    const from = afterName + attr.index;
    next = `${text.slice(0, from)}${attr[1]}="${value}"${text.slice(from + attr[0].length)}`;
  } else if (/\b(className|class)\s*=/.test(head) || end === text.length) {
    // Classes computed in code, or a tag that goes on past this line (its class may be there): not a one-line edit.
    return null;
  } else {
    next = `${text.slice(0, afterName)} className="${value}"${text.slice(afterName)}`;
  }
  lines[line - 1] = next;
  return lines.join("\n");
}

/** Index of the `>` closing an opening tag on this line (or the line's end), skipping quoted strings and {…} expressions. */
function findTagEnd(text: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if (ch === "{") depth++;
    else if (ch === "}") depth--;
    else if (ch === ">" && depth === 0) return i;
  }
  return text.length;
}
