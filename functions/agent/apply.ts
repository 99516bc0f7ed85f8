import { EntitySchema, type FileTree, filePathPattern } from "../../schemas/app-files";
import type { SecretRequestItem } from "../../schemas/secrets";
import { type Action, SECRET_REQUEST_MAX, type SearchReplace } from "../../lib/agent/protocol";

export interface Applied {
  /** the tree after the action */
  files: FileTree;
  /** path -> new content, or null when the file was removed */
  changed: Record<string, string | null>;
  /** why (part of) the action was not applied, in words for the chat */
  problem?: string;
}

/** Every place `search` occurs in `text`: exactly, else line by line ignoring trailing whitespace and indentation. */
function occurrences(text: string, search: string): { start: number; end: number }[] {
  const exact: { start: number; end: number }[] = [];
  if (search) for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + 1)) exact.push({ start: at, end: at + search.length });
  if (exact.length) return exact;
  const lines = text.split("\n");
  const wanted = search.split("\n").map((l) => l.trim());
  while (wanted.length && wanted[wanted.length - 1] === "") wanted.pop();
  if (!wanted.length) return [];
  const found: { start: number; end: number }[] = [];
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    if (wanted.every((w, j) => lines[i + j].trim() === w)) {
      const start = lines.slice(0, i).join("\n").length + (i ? 1 : 0);
      const end = lines.slice(0, i + wanted.length).join("\n").length;
      found.push({ start, end });
    }
  }
  return found;
}

/**
 * Apply search/replace blocks in order. Each SEARCH must occur exactly once in the file
 * as it is by then: otherwise nothing is applied and `problem` says which block and why,
 * since a guess at the wrong place (or a partial edit) breaks a working file.
 */
export function applyEdits(text: string, edits: SearchReplace[]): { text: string; problem?: string } {
  let out = text;
  for (const [i, edit] of edits.entries()) {
    const found = occurrences(out, edit.search);
    const which = edits.length > 1 ? `block ${i + 1} of ${edits.length}` : "its SEARCH block";
    if (found.length === 0) return { text, problem: `${which} does not match the file` };
    if (found.length > 1) return { text, problem: `${which} matches ${found.length} places in the file, so where to change it is ambiguous` };
    out = out.slice(0, found[0].start) + edit.replace + out.slice(found[0].end);
  }
  return { text: out };
}

function checkEntity(path: string, content: string): string | undefined {
  if (!path.startsWith("entities/")) return undefined;
  try {
    const parsed = EntitySchema.safeParse(JSON.parse(content));
    return parsed.success ? undefined : `${path} is not a valid entity schema: ${parsed.error.issues[0]?.message}`;
  } catch {
    return `${path} is not valid JSON`;
  }
}

/**
 * Apply one action to an in-memory file tree. Pure: the caller persists `changed`.
 * Frozen files are never written, deleted or renamed.
 */
export function applyAction(files: FileTree, action: Action, frozen: ReadonlySet<string>): Applied {
  const refuse = (problem: string): Applied => ({ files, changed: {}, problem });
  switch (action.type) {
    case "plan":
    case "secrets": // changes no file: the turn records it on its message (secretRequestOf)
    case "list":
    case "read":
    case "search": // asks for files: the turn answers it in its next model call (context.ts)
      return { files, changed: {} };
    case "write": {
      if (!filePathPattern.test(action.path)) return refuse(`${action.path} is not a valid file path`);
      if (frozen.has(action.path)) return refuse(`${action.path} is frozen, so it was not changed.`);
      const invalid = checkEntity(action.path, action.content);
      if (invalid) return refuse(invalid);
      if (files[action.path] === action.content) return { files, changed: {} };
      return { files: { ...files, [action.path]: action.content }, changed: { [action.path]: action.content } };
    }
    case "edit": {
      if (frozen.has(action.path)) return refuse(`${action.path} is frozen, so it was not changed.`);
      const current = files[action.path];
      if (current === undefined) return refuse(`${action.path} does not exist, so it could not be edited.`);
      const { text, problem } = applyEdits(current, action.edits);
      if (problem) return refuse(`The edit of ${action.path} was not applied: ${problem}.`);
      const invalid = checkEntity(action.path, text);
      if (invalid) return refuse(invalid);
      return text === current ? { files, changed: {} } : { files: { ...files, [action.path]: text }, changed: { [action.path]: text } };
    }
    case "delete": {
      if (frozen.has(action.path)) return refuse(`${action.path} is frozen, so it was not deleted.`);
      if (!(action.path in files)) return { files, changed: {} };
      const { [action.path]: _, ...rest } = files;
      return { files: rest, changed: { [action.path]: null } };
    }
    case "rename": {
      if (frozen.has(action.from) || frozen.has(action.to)) return refuse(`${action.from} is frozen, so it was not renamed.`);
      if (!filePathPattern.test(action.to)) return refuse(`${action.to} is not a valid file path`);
      const content = files[action.from];
      if (content === undefined) return refuse(`${action.from} does not exist, so it could not be renamed.`);
      const { [action.from]: _, ...rest } = files;
      return { files: { ...rest, [action.to]: content }, changed: { [action.from]: null, [action.to]: content } };
    }
  }
}

/**
 * What a turn's secret requests ask the owner for: each name once (its first description),
 * only names the app does not have yet, at most `max`; empty when nothing is missing.
 */
export function secretRequestOf(requested: SecretRequestItem[], have: Iterable<string>, max = SECRET_REQUEST_MAX): SecretRequestItem[] {
  const skip = new Set(have);
  const out: SecretRequestItem[] = [];
  for (const item of requested) {
    if (skip.has(item.secretName) || out.length >= max) continue;
    skip.add(item.secretName);
    out.push(item);
  }
  return out;
}
