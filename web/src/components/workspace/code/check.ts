import { EntitySchema } from "../../../../../schemas/app-files";
import { CompileError, compile } from "../../../../../lib/runtime/compile";

/** Pure helpers of the code workspace: test/unit/code-workspace.test.ts. */

/** The file tree's search starts at this many characters (spec 02 §2 "Code workspace"). */
export const SEARCH_MIN = 2;

/**
 * What is wrong with a file's text, as the runtime would find it: pages, components and
 * the layout are compiled with the runtime's own sucrase step; entities must be valid
 * entity schemas. A warning only — saving stays possible (spec 02 §4 "Code editor").
 */
export function fileError(path: string, text: string): string | null {
  if (path.startsWith("entities/")) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      return `Invalid JSON: ${(err as Error).message}`;
    }
    const parsed = EntitySchema.safeParse(json);
    return parsed.success ? null : `Invalid entity schema: ${parsed.error.issues[0]?.message}`;
  }
  try {
    compile(path, text);
    return null;
  } catch (err) {
    if (err instanceof CompileError) return err.line ? `Line ${err.line}: ${err.reason}` : err.reason;
    return (err as Error).message;
  }
}

/** The files whose path contains the query, once it is long enough; all of them before. */
export function filterFiles(paths: string[], query: string): string[] {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN) return paths;
  return paths.filter((p) => p.toLowerCase().includes(q));
}
