/**
 * How the runtime satisfies an import of a generated app's code (DESIGN §5): the
 * app's own files (`@/pages/X`, `@/components/...`, `@/Layout`), its entities and
 * backend functions, and the modules Kiln provides. Pure: unit-tested in
 * test/unit/runtime-resolve.test.ts.
 */

/** The parts of the shadcn-style UI kit, `@/components/ui/<part>` (web/runtime/ui/). */
export const UI_PARTS = [
  "accordion", "alert", "alert-dialog", "avatar", "badge", "button", "calendar", "card", "checkbox", "dialog",
  "dropdown-menu", "input", "label", "popover", "progress", "radio-group", "scroll-area", "select", "separator",
  "sheet", "skeleton", "slider", "switch", "table", "tabs", "textarea", "toast", "toaster", "tooltip", "use-toast",
] as const;
export type UiPart = (typeof UI_PARTS)[number];

/** Every module Kiln provides, by the specifier generated code imports it with. */
export const BUILTINS = [
  "react",
  "react/jsx-runtime",
  "react/jsx-dev-runtime",
  "react-dom",
  "react-dom/client",
  "react-router-dom",
  "react-router",
  "lucide-react",
  "date-fns",
  "clsx",
  "tailwind-merge",
  "class-variance-authority",
  "sonner",
  "@base44/sdk",
  "@/api/base44Client",
  "@/api/entities",
  "@/api/integrations",
  "@/api/functions",
  "@/integrations/Core",
  "@/utils",
  "@/lib/utils",
  "@/hooks/use-mobile",
  ...UI_PARTS.map((part) => `@/components/ui/${part}` as const),
] as const;
export type BuiltinId = (typeof BUILTINS)[number];

const builtinIds: ReadonlySet<string> = new Set(BUILTINS);

/** Other spellings of the same module that apps written for base44 use. */
const ALIASES: Record<string, BuiltinId> = {
  "@/entities": "@/api/entities",
  "@/entities/all": "@/api/entities",
  "@/integrations": "@/api/integrations",
  "@/functions": "@/api/functions",
  "@/hooks/use-toast": "@/components/ui/use-toast",
  "@/components/ui/sonner": "sonner",
  "@/lib/utils/index": "@/lib/utils",
};

/** The app's layout file, and the names apps import it by. */
export const LAYOUT_PATH = "layout/main";
const LAYOUT_NAMES = new Set(["Layout", "layout", "layout/main", "pages/Layout", "components/Layout"]);

export type Target =
  | { kind: "file"; path: string }
  | { kind: "builtin"; id: BuiltinId }
  | { kind: "entity"; name: string }
  | { kind: "function"; name: string };

/** An import nothing satisfies: a compile error of the importing file. */
export class ImportError extends Error {
  /** the 1-based line of the import, once known */
  line: number | null = null;

  constructor(
    readonly from: string,
    readonly specifier: string,
    message: string,
  ) {
    super(message);
    this.name = "ImportError";
  }
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const PACKAGES = BUILTINS.filter((id) => !id.startsWith("@/") && !id.includes("/jsx-")).join(", ");

/** "pages/Home" + "../components/x" -> "components/x"; null when it leaves the app. */
function joinRelative(from: string, specifier: string): string | null {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "." || part === "") continue;
    if (part === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join("/");
}

/**
 * What `specifier`, imported by the file at `from`, refers to. `files` is the
 * app's file tree (paths like pages/Home). Throws ImportError, naming the file
 * and the import, when nothing matches.
 */
export function resolveImport(specifier: string, from: string, files: Readonly<Record<string, string>>): Target {
  let spec = specifier.trim().replace(/\.(jsx|js|tsx|ts)$/, "");
  if (spec.startsWith("./") || spec.startsWith("../")) {
    const joined = joinRelative(from, spec);
    if (joined === null) throw new ImportError(from, specifier, `${from} imports "${specifier}", which points outside the app.`);
    spec = `@/${joined}`;
  }
  spec = spec.replace(/^@\/src\//, "@/").replace(/\/index$/, "");
  if (spec in ALIASES) spec = ALIASES[spec];
  // An app may carry its own copy of a UI part (components/ui/x); its file wins.
  const own = spec.startsWith("@/") ? spec.slice(2) : null;
  if (builtinIds.has(spec) && !(own !== null && own in files)) return { kind: "builtin", id: spec as BuiltinId };
  if (!spec.startsWith("@/")) {
    throw new ImportError(from, specifier, `${from} imports the package "${specifier}", which Kiln apps cannot use. Available packages: ${PACKAGES}.`);
  }

  const rest = spec.slice(2);
  const [head, ...tail] = rest.split("/");
  const name = tail.join("/");
  // Entity schemas and backend functions are files too, but code reaches them through the API.
  if (head === "entities" && NAME.test(name)) return { kind: "entity", name };
  if (head === "functions" && NAME.test(name)) return { kind: "function", name };
  if (rest in files) return { kind: "file", path: rest };
  if (LAYOUT_NAMES.has(rest)) {
    if (LAYOUT_PATH in files) return { kind: "file", path: LAYOUT_PATH };
    throw new ImportError(from, specifier, `${from} imports the layout ("${specifier}"), but the app has no ${LAYOUT_PATH}.`);
  }
  if (head === "pages" || head === "components") {
    const lower = rest.toLowerCase();
    const match = Object.keys(files).filter((path) => path.toLowerCase() === lower);
    if (match.length === 1) return { kind: "file", path: match[0] };
    if (head === "components" && tail[0] === "ui" && tail.length === 2) {
      throw new ImportError(from, specifier, `${from} imports "${specifier}", which is not part of Kiln's UI kit. Available: ${UI_PARTS.join(", ")}.`);
    }
    throw new ImportError(from, specifier, `${from} imports "${specifier}", but the app has no file ${rest}.`);
  }
  throw new ImportError(from, specifier, `${from} imports "${specifier}", which does not exist in Kiln apps.`);
}
