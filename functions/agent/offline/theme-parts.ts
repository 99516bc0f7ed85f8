/**
 * Colours for named parts of a generated app ("make the header blue"): each part is
 * one or more tokens of components/Theme whose colour classes are swapped for the
 * chosen palette, so the style's shapes, borders and shadows stay as they were.
 */
import type { ThemeTokens } from "./styles";

export const PARTS = ["header", "sidebar", "buttons", "background", "links", "cards", "headings"] as const;
export type ThemePart = (typeof PARTS)[number];
export type PartColours = Partial<Record<ThemePart, string>>;

/** The words people use for each part. */
export const PART_WORDS: [RegExp, ThemePart][] = [
  [/^(?:header|headers|top ?bar|title ?bar|banner|app ?bar)$/, "header"],
  [/^(?:sidebar|side ?bar|nav|navigation|nav ?bar|menu|side menu)$/, "sidebar"],
  [/^(?:buttons?|primary buttons?)$/, "buttons"],
  [/^(?:background|backgrounds|backdrop|page background)$/, "background"],
  [/^(?:links?)$/, "links"],
  [/^(?:cards?|panels?|tiles?|boxes)$/, "cards"],
  [/^(?:headings?|page titles?|titles)$/, "headings"],
];

const NAMES = "slate|gray|zinc|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose";
const COLOUR_CLASS = new RegExp(`^(?:[a-z-]+:)*(?:bg|text|border|from|via|to)-(?:(?:${NAMES})-\\d{2,3}|white|black|transparent)(?:\\/\\d+)?$|^bg-gradient-to-\\w+$`);

/** The token's classes without their colours, plus `add`. */
function recolour(token: string, add: string): string {
  const kept = token.split(/\s+/).filter((c) => c && !COLOUR_CLASS.test(c));
  return [...kept, add].join(" ");
}

/** The tokens with the parts' colours applied (the header after the sidebar, since both set the brand). */
export function applyParts(tokens: ThemeTokens, parts: PartColours | undefined, dark: boolean): ThemeTokens {
  if (!parts) return tokens;
  const t = { ...tokens };
  const c = parts;
  if (c.background) t.page = recolour(t.page, dark ? `bg-${c.background}-950 text-slate-100` : `bg-${c.background}-50 text-slate-900`);
  if (c.sidebar) {
    t.sidebar = recolour(t.sidebar, `bg-${c.sidebar}-700 border-${c.sidebar}-800`);
    t.navItem = recolour(t.navItem, "text-white/80 hover:bg-white/15 hover:text-white");
    t.navItemActive = recolour(t.navItemActive, "bg-white/25 text-white");
    t.brand = recolour(t.brand, "text-white");
  }
  if (c.header) t.brand = recolour(t.brand, `bg-${c.header}-600 text-white`);
  if (c.buttons) t.primaryButton = recolour(t.primaryButton, `bg-${c.buttons}-600 text-white hover:bg-${c.buttons}-700`);
  if (c.links) t.link = recolour(t.link, dark ? `text-${c.links}-400` : `text-${c.links}-600`);
  if (c.cards) t.card = recolour(t.card, dark ? `bg-${c.cards}-950 border-${c.cards}-800 text-slate-100` : `bg-${c.cards}-50 border-${c.cards}-200`);
  if (c.headings) t.heading = recolour(t.heading, dark ? `text-${c.headings}-300` : `text-${c.headings}-700`);
  return t;
}

/** "header blue, sidebar slate" for the Theme file's second comment line, or null when no part has its own colour. */
export function formatParts(parts: PartColours | undefined): string | null {
  const set = PARTS.filter((p) => parts?.[p]);
  return set.length ? set.map((p) => `${p} ${parts![p]}`).join(", ") : null;
}

const LINE = /^\/\/ Colours: ([a-z, ]+)\.$/m;

/** The part colours a Theme file was written with. */
export function parseParts(content: string | undefined, colours: readonly string[]): PartColours | undefined {
  const m = content ? LINE.exec(content) : null;
  if (!m) return undefined;
  const out: PartColours = {};
  for (const pair of m[1].split(/,\s*/)) {
    const [part, colour] = pair.split(" ");
    if ((PARTS as readonly string[]).includes(part) && colours.includes(colour)) out[part as ThemePart] = colour;
  }
  return Object.keys(out).length ? out : undefined;
}

export const partLine = (parts: PartColours | undefined): string[] => {
  const text = formatParts(parts);
  return text ? [`// Colours: ${text}.`] : [];
};
