import { type FileTree, languageOf } from "../../../schemas/app-files";
import type { Receipt } from "../../../schemas/chat";

export interface FileChange {
  path: string;
  change: "added" | "modified" | "deleted";
  language: "javascript" | "json" | "css";
  original: string;
  modified: string;
}

/** Per-file changes from one tree to another, in path order. */
export function changesBetween(before: FileTree, after: FileTree): FileChange[] {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changes: FileChange[] = [];
  for (const path of paths) {
    const a = before[path];
    const b = after[path];
    if (a === b) continue;
    changes.push({
      path,
      change: a === undefined ? "added" : b === undefined ? "deleted" : "modified",
      language: languageOf(path),
      original: a ?? "",
      modified: b ?? "",
    });
  }
  return changes;
}

const names = (tree: FileTree, kind: string) =>
  new Set(Object.keys(tree).filter((p) => p.startsWith(`${kind}/`)).map((p) => p.slice(kind.length + 1)));

/** Words of a name as a person would write them: "TaskCard" -> ["task card", "taskcard", "task"]. */
function mentions(request: string, name: string): boolean {
  const text = request.toLowerCase();
  const base = name.split("/").pop()!;
  const spaced = base.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  const singular = spaced.replace(/s$/, "");
  return [base.toLowerCase(), spaced, singular].some((w) => w.length > 1 && text.includes(w));
}

/**
 * What a turn really changed, from the checkpoints on either side of it, and which
 * removals (pages, entities, components) the user's request never mentioned —
 * the silent deletions peers' users complain about.
 */
export function receiptOf(before: FileTree, after: FileTree, request: string): Receipt {
  const changes = changesBetween(before, after);
  const diff = (kind: string) => {
    const a = names(before, kind);
    const b = names(after, kind);
    return { added: [...b].filter((n) => !a.has(n)).sort(), removed: [...a].filter((n) => !b.has(n)).sort() };
  };
  const entities = diff("entities");
  const pages = diff("pages");
  const components = diff("components");
  const unrequested = [
    ...pages.removed.map((n) => `pages/${n}`),
    ...entities.removed.map((n) => `entities/${n}`),
    ...components.removed.map((n) => `components/${n}`),
  ].filter((path) => !mentions(request, path.split("/").slice(1).join("/")));
  return {
    files: {
      added: changes.filter((c) => c.change === "added").map((c) => c.path),
      modified: changes.filter((c) => c.change === "modified").map((c) => c.path),
      deleted: changes.filter((c) => c.change === "deleted").map((c) => c.path),
    },
    entities,
    pages,
    unrequested_removals: unrequested,
  };
}
