import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "tailwindcss";
import { THEME_CSS } from "../../../lib/runtime/theme";

/**
 * Tailwind v4 compiled on the server, as @tailwindcss/browser compiles it in the preview's page:
 * `@import "tailwindcss"` and the runtime's theme (lib/runtime/theme.ts), built for the classes
 * written in the app's files and in the runtime's own screens, UI kit and theme (RUNTIME_DIRS), which the
 * page would otherwise have found in its DOM. In the cloud the stylesheets and the runtime's
 * sources are copied beside the handler (stacks/api.ts, the publish group).
 */
const root = process.env.LAMBDA_TASK_ROOT ?? fileURLToPath(new URL("../../../", import.meta.url));

/** The package's stylesheets by the names its index.css imports them with. */
function stylesheet(id: string): string {
  const name = id === "tailwindcss" ? "index" : id.replace(/^tailwindcss\//, "").replace(/^\.\//, "").replace(/\.css$/, "");
  if (!/^(index|preflight|theme|utilities)$/.test(name)) throw new Error(`Tailwind asked for an unknown stylesheet: ${id}`);
  return readFileSync(path.join(root, "node_modules/tailwindcss", `${name}.css`), "utf8");
}

/** The runtime's folders: its screens and UI kit, and its theme and compiler, shared with the server (lib/runtime). */
const RUNTIME_DIRS = ["web/runtime", "lib/runtime"];

let runtimeSources: string[] | undefined;

/** The runtime's own .ts/.tsx files: their classes (sign-in screens, error panels, the UI kit) show in a published app too. */
function runtimeTexts(): string[] {
  if (runtimeSources) return runtimeSources;
  runtimeSources = RUNTIME_DIRS.flatMap((folder) => {
    const dir = path.join(root, folder);
    return readdirSync(dir, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => readFileSync(path.join(dir, f), "utf8"));
  });
  return runtimeSources;
}

/**
 * Every word of the texts that could be a class: split where a class list cannot continue, with
 * surrounding punctuation trimmed. Tailwind answers only the words that are utilities.
 */
export function candidatesOf(texts: Iterable<string>): Set<string> {
  const found = new Set<string>();
  for (const text of texts) {
    for (const word of text.split(/[\s"'`]+/)) {
      if (!word || word.length > 120) continue;
      found.add(word);
      const trimmed = word.replace(/^[({,;]+|[)},;:]+$/g, "");
      if (trimmed && trimmed !== word) found.add(trimmed);
    }
  }
  return found;
}

/** The CSS of the app whose files are `appTexts`: the theme, preflight and the utilities it uses, nothing else. */
export async function tailwindCss(appTexts: string[]): Promise<string> {
  const compiler = await compile(`@import "tailwindcss";${THEME_CSS}`, {
    base: "/",
    loadStylesheet: async (id, base) => ({ path: id, base, content: stylesheet(id) }),
  });
  return compiler.build([...candidatesOf([...appTexts, ...runtimeTexts()])]);
}
