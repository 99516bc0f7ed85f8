/**
 * From a change to the model to the actions that carry it out: entity schemas are
 * written whole (they are small JSON), other files get search/replace edits computed
 * from the difference between the old and new renderings, applied to the file as it
 * is now. A file someone changed by hand is edited only where the edits still fit,
 * and otherwise left alone and named in the answer.
 */
import type { Action } from "../../../lib/agent/protocol";
import { applyExact, editsAreSmall, planEdits } from "./diff";
import { printEntity } from "./entities";
import type { AppModel } from "./model";
import { renderAll } from "./templates";

export interface Changes {
  actions: Action[];
  /** files that could not be updated because they were changed by hand */
  skipped: string[];
}

/** A copy of the model that can be changed freely. */
export const cloneModel = (model: AppModel): AppModel => JSON.parse(JSON.stringify(model)) as AppModel;

/** An edit or a write that turns `current` into the new version, or null when nothing needs doing. */
export function updateFile(path: string, base: string | undefined, next: string, current: string | undefined): Action | "skip" | null {
  if (current === next) return null;
  if (current === undefined) return { type: "write", path, content: next };
  if (base === undefined || base === current) {
    const plan = planEdits(current, next);
    if (plan && editsAreSmall(plan.edits, next)) return { type: "edit", path, edits: plan.edits };
    return { type: "write", path, content: next };
  }
  const plan = planEdits(base, next, current);
  if (!plan) return "skip";
  if (plan.edits.length === 0) return null;
  if (editsAreSmall(plan.edits, plan.result)) return { type: "edit", path, edits: plan.edits };
  return { type: "write", path, content: plan.result };
}

/**
 * The actions from `before` to `after`. `renamed` maps a page's new path to its old
 * one; the caller emits those renames, and they come first.
 */
export function diffModels(files: Record<string, string>, before: AppModel, after: AppModel, renamed: Record<string, string> = {}): Changes {
  const actions: Action[] = [];
  const deletes: Action[] = [];
  const skipped: string[] = [];
  for (const [to, from] of Object.entries(renamed)) actions.push({ type: "rename", from, to });

  for (const def of after.entities) {
    const path = `entities/${def.name}`;
    const old = before.entities.find((e) => e.name === def.name);
    const text = printEntity(def.schema);
    if (!old || printEntity(old.schema) !== text) {
      if (files[path] !== text) actions.push({ type: "write", path, content: text });
    }
  }

  const oldFiles = renderAll(before);
  const newFiles = renderAll(after);
  const sources = new Set(Object.values(renamed));
  for (const [path, next] of Object.entries(newFiles)) {
    const from = renamed[path] ?? path;
    const base = oldFiles[from];
    const current = files[from];
    if (base !== undefined && current === undefined) continue; // removed by hand: leave it out
    if (base === next && from === path) continue;
    const action = updateFile(path, base, next, current);
    if (action === "skip") skipped.push(path);
    else if (action) actions.push(action);
  }
  // New pages need the shared components; bring back any that are missing.
  const creates = actions.some((a) => a.type === "write" && a.path.startsWith("pages/") && !(a.path in files));
  if (creates) {
    const missing: Action[] = Object.keys(newFiles)
      .filter((path) => path.startsWith("components/") && !(path in files) && !actions.some((a) => a.type === "write" && a.path === path))
      .map((path) => ({ type: "write", path, content: newFiles[path] }));
    const firstPage = actions.findIndex((a) => a.type === "write" && a.path.startsWith("pages/"));
    actions.splice(firstPage, 0, ...missing);
  }
  for (const path of Object.keys(oldFiles)) {
    if (!(path in newFiles) && !sources.has(path) && path in files) deletes.push({ type: "delete", path });
  }
  for (const def of before.entities) {
    const path = `entities/${def.name}`;
    if (!after.entities.some((e) => e.name === def.name) && path in files) deletes.push({ type: "delete", path });
  }
  deletes.sort((x, y) => Number(x.type === "delete" && x.path.startsWith("entities/")) - Number(y.type === "delete" && y.path.startsWith("entities/")));
  return { actions: [...actions, ...deletes], skipped };
}

/** Textual edits to a file (for pages the model does not describe). */
export function textEdit(path: string, current: string, next: string): Action | null {
  if (current === next) return null;
  const plan = planEdits(current, next);
  if (plan && editsAreSmall(plan.edits, next) && applyExact(current, plan.edits) === next) return { type: "edit", path, edits: plan.edits };
  return { type: "write", path, content: next };
}
