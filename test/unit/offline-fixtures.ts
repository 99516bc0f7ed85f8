/** Running the offline engine's answers through Kiln's own parser and applier, as a turn does. */
import { transformSync } from "esbuild";
import { expect } from "vitest";
import { EntitySchema, filePathPattern } from "../../schemas/app-files";
import { applyAction } from "../../functions/agent/apply";
import { type EngineInput, planOffline } from "../../functions/agent/offline";
import { parseMessage } from "../../functions/agent/parser";
import type { Action } from "../../functions/agent/protocol";

export type Files = Record<string, string>;

/** The actions of an answer; every one must be well formed. */
export function actionsOf(text: string): Action[] {
  return parseMessage(text).flatMap((s) => {
    if (s.kind !== "action") return [];
    expect(s.complete && s.action, `a malformed action in:\n${s.body}`).toBeTruthy();
    return [s.action!];
  });
}

/** Applies the actions as a turn does; every one must apply. */
export function applyAll(files: Files, actions: Action[], frozen: string[] = []): Files {
  let out = files;
  for (const a of actions) {
    const applied = applyAction(out, a, new Set(frozen));
    expect(applied.problem, JSON.stringify(a).slice(0, 300)).toBeUndefined();
    out = applied.files;
  }
  return out;
}

const ALLOWED_IMPORT = /^(react|react-router-dom|lucide-react|date-fns|@\/utils|@\/entities\/\w+|@\/components\/ui\/(button|card|input|textarea|label|badge|select|table|dialog|checkbox)|@\/components\/[\w/]+)$/;

/** Every code file compiles as JSX and imports only what exists; every entity is a valid schema. */
export function checkTree(files: Files) {
  for (const [path, content] of Object.entries(files)) {
    expect(path).toMatch(filePathPattern);
    if (path.startsWith("entities/")) {
      expect(EntitySchema.safeParse(JSON.parse(content)).success, path).toBe(true);
      continue;
    }
    expect(() => transformSync(content, { loader: "jsx" }), path).not.toThrow();
    for (const m of content.matchAll(/^import .* from "([^"]+)";$/gm)) {
      expect(m[1], `${path} imports ${m[1]}`).toMatch(ALLOWED_IMPORT);
      const local = /^@\/(entities|components)\/(?!ui\/)(.+)$/.exec(m[1]);
      if (local) expect(files[`${local[1]}/${local[2]}`], `${path} imports ${m[1]}`).toBeDefined();
    }
    for (const m of content.matchAll(/createPageUrl\("([A-Za-z]\w*)"\)|page: "([A-Za-z]\w*)"/g)) expect(files[`pages/${m[1] ?? m[2]}`], `${path} links to ${m[1] ?? m[2]}`).toBeDefined();
  }
}

export function build(message: string): Files {
  return applyAll({}, actionsOf(planOffline({ message, files: {}, appName: "" })));
}

/** One follow-up turn: the answer, its actions and the files after them. */
export function follow(files: Files, message: string, extra: Partial<EngineInput> = {}) {
  const text = planOffline({ message, files, appName: "App", ...extra });
  const actions = actionsOf(text);
  return { text, actions, files: applyAll(files, actions, extra.frozen ?? []) };
}

export const entity = (files: Files, name: string) => JSON.parse(files[`entities/${name}`]);
export const touched = (actions: Action[]) => actions.flatMap((a) => (a.type === "rename" ? [a.from, a.to] : a.type === "plan" || a.type === "secrets" ? [] : [a.path]));
