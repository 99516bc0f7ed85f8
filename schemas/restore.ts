import type { FileTree } from "./app-files";
import { shownText } from "./coding";

/**
 * What restoring a checkpoint's code does to the app's files, shared by the server (which
 * applies it) and Version History's confirmation (which says it). Security rules (`rls` in
 * `entities/<Name>`) are kept as they are now unless the restore asks for the checkpoint's.
 */

const rulesOf = (content: string | undefined): unknown => {
  if (content === undefined) return undefined;
  try {
    return (JSON.parse(content) as { rls?: unknown }).rls;
  } catch {
    return undefined;
  }
};

const sameRules = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The checkpoint's files with each entity that exists now keeping the rules it has now. */
export function withCurrentRules(target: FileTree, current: FileTree): FileTree {
  const out: FileTree = { ...target };
  for (const [path, content] of Object.entries(target)) {
    if (!path.startsWith("entities/") || current[path] === undefined) continue;
    const now = rulesOf(current[path]);
    if (sameRules(rulesOf(content), now)) continue;
    try {
      const schema = JSON.parse(content) as Record<string, unknown>;
      if (now === undefined) delete schema.rls;
      else schema.rls = now;
      out[path] = JSON.stringify(schema, null, 2);
    } catch {
      // a file that is not JSON has no rules to keep
    }
  }
  return out;
}

export interface RestoreChanges {
  added: string[];
  removed: string[];
  changed: string[];
  /** entities whose security rules the restore changes (none when the current rules are kept, except entities it removes or brings back) */
  rules: string[];
}

/** The files a code restore adds, removes and changes, and whose rules it changes. */
export function restoreChanges(current: FileTree, checkpoint: FileTree, restoreRules: boolean): RestoreChanges {
  const target = restoreRules ? checkpoint : withCurrentRules(checkpoint, current);
  const paths = [...new Set([...Object.keys(current), ...Object.keys(target)])].sort();
  const changes: RestoreChanges = { added: [], removed: [], changed: [], rules: [] };
  for (const path of paths) {
    const now = current[path];
    const then = target[path];
    if (now === undefined) changes.added.push(path);
    else if (then === undefined) changes.removed.push(path);
    else if (shownText(path, now) !== shownText(path, then)) changes.changed.push(path);
    if (path.startsWith("entities/") && !sameRules(rulesOf(now), rulesOf(then))) changes.rules.push(path.slice("entities/".length));
  }
  return changes;
}
