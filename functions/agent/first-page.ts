import type { FileTree } from "../../schemas/app-files";

/** The app files a file imports ("@/components/X", "@/entities/X", "@/functions/x"); the built-in UI kit is not one. */
function importsOf(content: string): string[] {
  const found: string[] = [];
  for (const m of content.matchAll(/from\s+["']@\/((?:components|entities|functions)\/[\w/-]+)["']/g)) {
    if (!m[1].startsWith("components/ui/")) found.push(m[1]);
  }
  return found;
}

/** Whether `path` and every app file it imports, transitively, are in the tree: a page that can render. */
function complete(path: string, files: FileTree, seen = new Set<string>()): boolean {
  if (seen.has(path)) return true;
  seen.add(path);
  const content = files[path];
  if (content === undefined) return false;
  return path.startsWith("entities/") || importsOf(content).every((p) => complete(p, files, seen));
}

/**
 * The page a new app's preview can open on while its first turn still streams: Dashboard when it
 * is complete, else the first complete page; null while no page has all its files yet.
 */
export function firstCompletePage(files: FileTree): string | null {
  const pages = Object.keys(files)
    .filter((p) => p.startsWith("pages/"))
    .sort((a, b) => Number(b === "pages/Dashboard") - Number(a === "pages/Dashboard"));
  const ready = pages.find((p) => complete(p, files));
  return ready ? ready.slice("pages/".length) : null;
}
