/** What the scan's groups share about an app's code files (`pages/Home`, `components/x`, `layout/main`, `functions/name`). */

/** Code that runs in the visitor's browser: anyone who opens the app can read it. */
export function isClientFile(path: string): boolean {
  return path.startsWith("pages/") || path.startsWith("components/") || path.startsWith("layout/");
}

/** The 1-based line of a character index. */
export function lineAt(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index && i < source.length; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** Every module specifier the code imports: `import … from "x"`, `import "x"`, `import("x")`, `require("x")`, `export … from "x"`. */
export function importSpecifiers(source: string): { specifier: string; index: number }[] {
  const found: { specifier: string; index: number }[] = [];
  const patterns = [/\b(?:import|export)\s+(?:[^'"`;]*?\s+from\s+)?(["'])([^"'\n]+)\1/g, /\b(?:import|require)\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push({ specifier: m[2], index: m.index });
  return found.sort((a, b) => a.index - b.index);
}

/** The npm package a bare specifier names (`@scope/pkg/sub` -> `@scope/pkg`), or null for a relative, alias or URL import. */
export function packageOf(specifier: string): string | null {
  if (/^(\.|\/|@\/|[a-z]+:)/.test(specifier)) return null;
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(name) ? name : null;
}
