/**
 * The look of a generated app. Each style preset maps to concrete Tailwind classes
 * (borders, shadows, radii, colours), written into components/Theme; the layout,
 * pages and components read their classes from there, so a new style, a dark mode
 * or another primary colour only rewrites that one small file.
 */
import { applyParts, type PartColours, parseParts, partLine } from "./theme-parts";
import type { ThemeTokens } from "./theme-tokens";

export const STYLES = ["neo-brutalism", "neumorphism", "glassmorphism", "material-design", "claymorphism"] as const;
export type StyleName = (typeof STYLES)[number];

export interface ThemeSettings {
  style: StyleName | null;
  primary: string;
  dark: boolean;
  /** named parts with a colour of their own ("make the header blue") */
  parts?: PartColours;
}

export const COLOURS = [
  "slate",
  "gray",
  "zinc",
  "stone",
  "red",
  "orange",
  "amber",
  "yellow",
  "lime",
  "green",
  "emerald",
  "teal",
  "cyan",
  "sky",
  "blue",
  "indigo",
  "violet",
  "purple",
  "fuchsia",
  "pink",
  "rose",
] as const;

/** Colour words people use, mapped to Tailwind palettes. */
export const COLOUR_WORDS: Record<string, string> = {
  ...Object.fromEntries(COLOURS.map((c) => [c, c])),
  grey: "gray",
  black: "zinc",
  navy: "blue",
  turquoise: "teal",
  aqua: "cyan",
  gold: "amber",
  golden: "amber",
  magenta: "fuchsia",
  mint: "emerald",
  lavender: "violet",
  brown: "amber",
  crimson: "red",
  coral: "rose",
  olive: "lime",
};

const DEFAULT_PRIMARY: Record<string, string> = {
  clean: "indigo",
  "neo-brutalism": "yellow",
  neumorphism: "indigo",
  glassmorphism: "violet",
  "material-design": "blue",
  claymorphism: "violet",
};

export const defaultPrimary = (style: StyleName | null): string => DEFAULT_PRIMARY[style ?? "clean"];

export function defaultTheme(style: StyleName | null = null): ThemeSettings {
  return { style, primary: defaultPrimary(style), dark: false };
}

/** "Neo Brutalism", "neobrutalism", "glass" ... -> a style name. */
export function styleFrom(text: string): StyleName | null {
  const t = text.toLowerCase();
  if (/neo[\s-]?brutal|brutalis[tm]/.test(t)) return "neo-brutalism";
  if (/neumorph|soft ui/.test(t)) return "neumorphism";
  if (/glass/.test(t)) return "glassmorphism";
  if (/material/.test(t)) return "material-design";
  if (/claymorph|\bclay\b/.test(t)) return "claymorphism";
  return null;
}

type Palette = (c: string) => ThemeTokens;

const clean: Record<"light" | "dark", Palette> = {
  light: (c) => ({
    page: "bg-slate-50 text-slate-900",
    sidebar: "bg-white border-b border-slate-200 md:border-b-0 md:border-r",
    brand: `font-bold text-${c}-600`,
    navItem: "rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900",
    navItemActive: `rounded-lg bg-${c}-50 font-medium text-${c}-700`,
    card: "rounded-xl border border-slate-200 bg-white shadow-sm",
    heading: "text-2xl font-bold tracking-tight",
    muted: "text-slate-500",
    accent: `text-${c}-600`,
    link: `text-${c}-600 hover:underline`,
    primaryButton: `bg-${c}-600 text-white hover:bg-${c}-700`,
    secondaryButton: "border border-slate-300 bg-white text-slate-700 hover:bg-slate-100",
    input: "border-slate-300 bg-white",
  }),
  dark: (c) => ({
    page: "bg-slate-950 text-slate-100",
    sidebar: "bg-slate-900 border-b border-slate-800 md:border-b-0 md:border-r",
    brand: `font-bold text-${c}-400`,
    navItem: "rounded-lg text-slate-400 hover:bg-slate-800 hover:text-white",
    navItemActive: `rounded-lg bg-${c}-500/15 font-medium text-${c}-300`,
    card: "rounded-xl border border-slate-800 bg-slate-900 text-slate-100",
    heading: "text-2xl font-bold tracking-tight text-white",
    muted: "text-slate-400",
    accent: `text-${c}-400`,
    link: `text-${c}-400 hover:underline`,
    primaryButton: `bg-${c}-500 text-white hover:bg-${c}-400`,
    secondaryButton: "border border-slate-700 bg-slate-900 text-slate-200 hover:bg-slate-800",
    input: "border-slate-700 bg-slate-900 text-slate-100",
  }),
};

const brutal =
  (ink: string, paper: string, surface: string, text: string, muted: string): Palette =>
  (c) => ({
    page: `${paper} ${text}`,
    sidebar: `${surface} border-b-4 md:border-b-0 md:border-r-4 border-${ink}`,
    brand: "font-black uppercase tracking-tight",
    navItem: "border-2 border-transparent font-bold hover:border-current",
    navItemActive: `border-2 border-${ink} bg-${c}-400 font-black text-black shadow-[3px_3px_0_0_${ink === "black" ? "#000" : "#fff"}]`,
    card: `rounded-none border-2 border-${ink} ${surface} shadow-[6px_6px_0_0_${ink === "black" ? "#000" : "#fff"}]`,
    heading: "text-3xl font-black uppercase tracking-tight",
    muted: `font-medium ${muted}`,
    accent: ink === "black" ? "text-black" : `text-${c}-400`,
    link: "font-bold underline decoration-2 underline-offset-2",
    primaryButton: `rounded-none border-2 border-${ink} bg-${c}-400 font-bold text-black shadow-[3px_3px_0_0_${ink === "black" ? "#000" : "#fff"}] hover:bg-${c}-300 hover:shadow-none`,
    secondaryButton: `rounded-none border-2 border-${ink} ${surface} font-bold shadow-[3px_3px_0_0_${ink === "black" ? "#000" : "#fff"}] hover:shadow-none`,
    input: `rounded-none border-2 border-${ink} ${surface}`,
  });

const neu =
  (base: string, dark: string, light: string, text: string, muted: string): Palette =>
  (c) => {
    const out = `shadow-[6px_6px_12px_${dark},-6px_-6px_12px_${light}]`;
    const inset = `shadow-[inset_4px_4px_8px_${dark},inset_-4px_-4px_8px_${light}]`;
    return {
      page: `${base} ${text}`,
      sidebar: `${base} ${out}`,
      brand: `font-bold text-${c}-500`,
      navItem: `rounded-xl ${muted} hover:${out}`,
      navItemActive: `rounded-xl font-semibold text-${c}-500 ${inset}`,
      card: `rounded-3xl border-0 ${base} shadow-[8px_8px_16px_${dark},-8px_-8px_16px_${light}]`,
      heading: "text-2xl font-bold",
      muted,
      accent: `text-${c}-500`,
      link: `text-${c}-500 hover:underline`,
      primaryButton: `rounded-xl border-0 ${base} font-semibold text-${c}-500 ${out} hover:${base} active:${inset}`,
      secondaryButton: `rounded-xl border-0 ${base} ${muted} ${out} hover:${base} active:${inset}`,
      input: `rounded-xl border-0 ${base} ${inset}`,
    };
  };

const glass: Record<"light" | "dark", Palette> = {
  light: (c) => ({
    page: `bg-gradient-to-br from-${c}-300 via-purple-200 to-pink-200 text-slate-900`,
    sidebar: "border-b border-white/40 bg-white/30 backdrop-blur-xl md:border-b-0 md:border-r",
    brand: "font-bold text-slate-900",
    navItem: "rounded-xl text-slate-700 hover:bg-white/40",
    navItemActive: "rounded-xl bg-white/60 font-semibold text-slate-900 shadow-sm",
    card: "rounded-2xl border border-white/50 bg-white/40 shadow-xl backdrop-blur-lg",
    heading: "text-3xl font-semibold tracking-tight",
    muted: "text-slate-600",
    accent: `text-${c}-700`,
    link: `text-${c}-800 hover:underline`,
    primaryButton: `rounded-xl bg-${c}-600/90 text-white shadow-lg backdrop-blur hover:bg-${c}-600`,
    secondaryButton: "rounded-xl border border-white/60 bg-white/40 text-slate-800 backdrop-blur hover:bg-white/60",
    input: "rounded-xl border-white/60 bg-white/50 backdrop-blur",
  }),
  dark: (c) => ({
    page: `bg-gradient-to-br from-slate-900 via-${c}-900 to-black text-slate-100`,
    sidebar: "border-b border-white/10 bg-white/5 backdrop-blur-xl md:border-b-0 md:border-r",
    brand: "font-bold text-white",
    navItem: "rounded-xl text-slate-300 hover:bg-white/10",
    navItemActive: "rounded-xl bg-white/20 font-semibold text-white",
    card: "rounded-2xl border border-white/15 bg-white/10 text-slate-100 shadow-2xl backdrop-blur-lg",
    heading: "text-3xl font-semibold tracking-tight text-white",
    muted: "text-slate-300",
    accent: `text-${c}-300`,
    link: `text-${c}-300 hover:underline`,
    primaryButton: `rounded-xl bg-${c}-500/80 text-white shadow-lg backdrop-blur hover:bg-${c}-500`,
    secondaryButton: "rounded-xl border border-white/20 bg-white/10 text-slate-100 backdrop-blur hover:bg-white/20",
    input: "rounded-xl border-white/20 bg-white/10 text-slate-100 backdrop-blur",
  }),
};

const material =
  (dark: boolean): Palette =>
  (c) => ({
    page: dark ? "bg-gray-900 text-gray-100" : "bg-gray-100 text-gray-900",
    sidebar: dark ? "bg-gray-800 shadow-lg" : "bg-white shadow-md",
    brand: `text-lg font-medium ${dark ? `text-${c}-300` : `text-${c}-700`}`,
    navItem: dark ? "rounded-r-full text-gray-300 hover:bg-gray-700" : "rounded-r-full text-gray-700 hover:bg-gray-100",
    navItemActive: dark ? `rounded-r-full bg-${c}-900 font-medium text-${c}-100` : `rounded-r-full bg-${c}-100 font-medium text-${c}-800`,
    card: dark ? "rounded-lg border-0 bg-gray-800 text-gray-100 shadow-lg" : "rounded-lg border-0 bg-white shadow-md",
    heading: "text-2xl font-normal tracking-tight",
    muted: dark ? "text-gray-400" : "text-gray-600",
    accent: dark ? `text-${c}-300` : `text-${c}-600`,
    link: dark ? `text-${c}-300 hover:underline` : `text-${c}-700 hover:underline`,
    primaryButton: `rounded text-sm font-medium uppercase tracking-wider bg-${c}-600 text-white shadow-md hover:bg-${c}-700 hover:shadow-lg`,
    secondaryButton: dark
      ? `rounded text-sm font-medium uppercase tracking-wider border border-gray-600 bg-transparent text-${c}-300 hover:bg-gray-700`
      : `rounded text-sm font-medium uppercase tracking-wider border border-gray-300 bg-white text-${c}-700 hover:bg-${c}-50`,
    input: dark ? "rounded border-gray-600 bg-gray-900 text-gray-100" : "rounded border-gray-400 bg-white",
  });

const clay =
  (dark: boolean): Palette =>
  (c) => {
    const soft = dark
      ? "shadow-[10px_10px_24px_rgba(0,0,0,0.45),inset_-6px_-6px_12px_rgba(0,0,0,0.25),inset_6px_6px_12px_rgba(255,255,255,0.06)]"
      : "shadow-[10px_10px_24px_rgba(0,0,0,0.08),inset_-6px_-6px_12px_rgba(0,0,0,0.04),inset_6px_6px_12px_rgba(255,255,255,0.9)]";
    const puffy = "shadow-[6px_6px_12px_rgba(0,0,0,0.15),inset_-3px_-3px_6px_rgba(0,0,0,0.15),inset_3px_3px_6px_rgba(255,255,255,0.45)]";
    return {
      page: dark ? "bg-slate-900 text-slate-100" : `bg-${c}-50 text-slate-800`,
      sidebar: dark ? `bg-slate-800 md:rounded-r-[2rem] ${soft}` : `bg-white/80 md:rounded-r-[2rem] ${soft}`,
      brand: `font-extrabold ${dark ? `text-${c}-300` : `text-${c}-600`}`,
      navItem: dark ? "rounded-2xl text-slate-300 hover:bg-slate-700" : "rounded-2xl text-slate-600 hover:bg-slate-100",
      navItemActive: `rounded-2xl bg-${c}-${dark ? "500" : "200"} font-bold ${dark ? "text-white" : `text-${c}-900`} ${puffy}`,
      card: `rounded-[2rem] border-0 ${dark ? "bg-slate-800 text-slate-100" : "bg-white"} ${soft}`,
      heading: "text-3xl font-extrabold",
      muted: dark ? "text-slate-400" : "text-slate-500",
      accent: dark ? `text-${c}-300` : `text-${c}-500`,
      link: dark ? `font-semibold text-${c}-300 hover:underline` : `font-semibold text-${c}-600 hover:underline`,
      primaryButton: `rounded-full border-0 bg-${c}-400 font-bold text-white ${puffy} hover:bg-${c}-500`,
      secondaryButton: dark
        ? "rounded-full border-0 bg-slate-700 font-semibold text-slate-100 shadow-[4px_4px_10px_rgba(0,0,0,0.35)] hover:bg-slate-600"
        : "rounded-full border-0 bg-white font-semibold text-slate-700 shadow-[4px_4px_10px_rgba(0,0,0,0.08)] hover:bg-slate-50",
      input: dark
        ? "rounded-2xl border-0 bg-slate-900 text-slate-100 shadow-[inset_3px_3px_6px_rgba(0,0,0,0.4)]"
        : "rounded-2xl border-0 bg-slate-100 shadow-[inset_3px_3px_6px_rgba(0,0,0,0.06)]",
    };
  };

const PALETTES: Record<string, Record<"light" | "dark", Palette>> = {
  clean,
  "neo-brutalism": {
    light: brutal("black", "bg-amber-50", "bg-white", "text-black", "text-black/70"),
    dark: brutal("white", "bg-zinc-900", "bg-zinc-800", "text-white", "text-zinc-300"),
  },
  neumorphism: {
    light: neu("bg-slate-200", "#b8bec7", "#ffffff", "text-slate-700", "text-slate-500"),
    dark: neu("bg-slate-800", "#151d2b", "#27354d", "text-slate-200", "text-slate-400"),
  },
  glassmorphism: glass,
  "material-design": { light: material(false), dark: material(true) },
  claymorphism: { light: clay(false), dark: clay(true) },
};

export function themeTokens(settings: ThemeSettings): ThemeTokens {
  return PALETTES[settings.style ?? "clean"][settings.dark ? "dark" : "light"](settings.primary);
}

export function styleLabel(style: StyleName | null): string {
  return style ?? "clean";
}

const HEADER = /Theme: ([\w-]+) style, (\w+) primary colour, (light|dark) mode\./;

export function renderTheme(settings: ThemeSettings): string {
  const tokens = applyParts(themeTokens(settings), settings.parts, settings.dark);
  const body = Object.entries(tokens)
    .map(([key, value]) => `  ${key}: ${JSON.stringify(value)},`)
    .join("\n");
  return [
    `// Theme: ${styleLabel(settings.style)} style, ${settings.primary} primary colour, ${settings.dark ? "dark" : "light"} mode.`,
    ...partLine(settings.parts),
    "// The layout, pages and components take their Tailwind classes from here,",
    "// so a new style or colour only changes this file.",
    "export const theme = {",
    body,
    "};",
    "",
  ].join("\n");
}

/** The settings a Theme file was written with (defaults when it is missing or hand-written). */
export function parseTheme(content: string | undefined): ThemeSettings {
  const m = content ? HEADER.exec(content) : null;
  if (!m) return defaultTheme(null);
  const style = (STYLES as readonly string[]).includes(m[1]) ? (m[1] as StyleName) : null;
  const primary = (COLOURS as readonly string[]).includes(m[2]) ? m[2] : defaultPrimary(style);
  const parts = parseParts(content, COLOURS);
  return { style, primary, dark: m[3] === "dark", ...(parts ? { parts } : {}) };
}
