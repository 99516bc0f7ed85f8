/**
 * Colours for named parts of a generated app ("make the header blue"): each part is
 * one or more tokens of components/Theme whose colour classes are swapped for the
 * chosen palette, so the style's shapes, borders and shadows stay as they were.
 */
import type { ThemeTokens } from "./theme-tokens";

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

const STEPS = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];

/** "dark green" -> its palette and shade word ("green", "dark"); a plain colour has no shade. */
export function toneOf(value: string): { name: string; shade: "dark" | "light" | null } {
  const [first, second] = value.split(" ");
  return second ? { name: second, shade: first === "dark" ? "dark" : "light" } : { name: first, shade: null };
}

/** The class colour of `value` at the part's usual step, two steps darker or lighter for a "dark" or "light" colour: "green-800". */
function at(value: string, step: number): string {
  const { name, shade } = toneOf(value);
  const i = STEPS.indexOf(step) + (shade === "dark" ? 2 : shade === "light" ? -2 : 0);
  return `${name}-${STEPS[Math.max(0, Math.min(STEPS.length - 1, i))]}`;
}

/** The tokens with the parts' colours applied (the header after the sidebar, since both set the brand). */
export function applyParts(tokens: ThemeTokens, parts: PartColours | undefined, dark: boolean): ThemeTokens {
  if (!parts) return tokens;
  const t = { ...tokens };
  const c = parts;
  // a dark background or card is dark in either mode, with light text on it
  const deep = (value: string) => dark || toneOf(value).shade === "dark";
  if (c.background)
    t.page = recolour(t.page, deep(c.background) ? `bg-${at(c.background, toneOf(c.background).shade ? 700 : 950)} text-slate-100` : `bg-${at(c.background, 50)} text-slate-900`);
  if (c.sidebar) {
    t.sidebar = recolour(t.sidebar, `bg-${at(c.sidebar, 700)} border-${at(c.sidebar, 800)}`);
    t.navItem = recolour(t.navItem, "text-white/80 hover:bg-white/15 hover:text-white");
    t.navItemActive = recolour(t.navItemActive, "bg-white/25 text-white");
    t.brand = recolour(t.brand, "text-white");
  }
  if (c.header) t.brand = recolour(t.brand, `bg-${at(c.header, 600)} text-white`);
  if (c.buttons) t.primaryButton = recolour(t.primaryButton, `bg-${at(c.buttons, 600)} text-white hover:bg-${at(c.buttons, 700)}`);
  if (c.links) t.link = recolour(t.link, `text-${at(c.links, dark ? 400 : 600)}`);
  if (c.cards)
    t.card = recolour(
      t.card,
      deep(c.cards) ? `bg-${at(c.cards, toneOf(c.cards).shade ? 700 : 950)} border-${at(c.cards, 800)} text-slate-100` : `bg-${at(c.cards, 50)} border-${at(c.cards, 200)}`,
    );
  if (c.headings) t.heading = recolour(t.heading, `text-${at(c.headings, dark ? 300 : 700)}`);
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
    const [part, ...rest] = pair.split(" ");
    const colour = rest.join(" ");
    const shaded = rest.length === 1 || (rest.length === 2 && /^(dark|light)$/.test(rest[0]));
    if ((PARTS as readonly string[]).includes(part) && colours.includes(toneOf(colour).name) && shaded) out[part as ThemePart] = colour;
  }
  return Object.keys(out).length ? out : undefined;
}

export const partLine = (parts: PartColours | undefined): string[] => {
  const text = formatParts(parts);
  return text ? [`// Colours: ${text}.`] : [];
};
