import { expect } from "vitest";
import { type EngineInput, planOffline } from "../../functions/agent/offline";
import { type Files, checkTree as checkAppTree } from "./offline-fixtures";

/**
 * Whole turns of the offline engine, read back by a tiny extractor of the protocol's tags (not
 * Kiln's parser, so the engine is checked against the protocol itself) and applied strictly.
 */

export type Parsed =
  | { type: "plan"; content: string }
  | { type: "write"; path: string; content: string }
  | { type: "edit"; path: string; edits: { search: string; replace: string }[] }
  | { type: "delete"; path: string }
  | { type: "rename"; from: string; to: string };

/** A tiny extractor for the protocol's tags (the project's parser is separate). */
export function parse(text: string): Parsed[] {
  const out: Parsed[] = [];
  const tag =
    /<kiln-plan>([\s\S]*?)<\/kiln-plan>|<kiln-write path="([^"]+)">\n([\s\S]*?)\n<\/kiln-write>|<kiln-edit path="([^"]+)">\n([\s\S]*?)\n<\/kiln-edit>|<kiln-delete path="([^"]+)" \/>|<kiln-rename from="([^"]+)" to="([^"]+)" \/>/g;
  for (const m of text.matchAll(tag)) {
    if (m[1] !== undefined) out.push({ type: "plan", content: m[1] });
    else if (m[2]) out.push({ type: "write", path: m[2], content: m[3] });
    else if (m[4]) {
      const edits = [...m[5].matchAll(/<<<<<<< SEARCH\n([\s\S]*?)\n=======\n([\s\S]*?)\n>>>>>>> REPLACE/g)].map((e) => ({ search: e[1], replace: e[2] }));
      out.push({ type: "edit", path: m[4], edits });
    } else if (m[6]) out.push({ type: "delete", path: m[6] });
    else out.push({ type: "rename", from: m[7], to: m[8] });
  }
  return out;
}

/** Applies actions; every search must match exactly once. */
export function apply(files: Files, actions: Parsed[]): Files {
  const next = { ...files };
  for (const a of actions) {
    if (a.type === "write") next[a.path] = a.content;
    else if (a.type === "delete") delete next[a.path];
    else if (a.type === "rename") {
      next[a.to] = next[a.from];
      delete next[a.from];
    } else if (a.type === "edit") {
      let text = next[a.path];
      expect(text, `edit of a missing file ${a.path}`).toBeDefined();
      for (const e of a.edits) {
        expect(text.split(e.search).length - 1, `search in ${a.path} occurs once:\n${e.search}`).toBe(1);
        text = text.replace(e.search, () => e.replace);
      }
      next[a.path] = text;
    }
  }
  return next;
}

/** What the engine's files may import, first turn and follow-ups alike. */
const ENGINE_IMPORT = /^(react|react-router-dom|lucide-react|date-fns|@\/utils|@\/integrations\/Core|@\/entities\/\w+|@\/components\/ui\/(button|card|input|textarea|label|badge|select|table|dialog|checkbox)|@\/components\/[\w/]+)$/;
/** Every file compiles, imports only what the runtime provides and the app has, links only to its pages; every entity is a valid schema (so of type "object"). */
export const checkTree = (files: Files) => checkAppTree(files, ENGINE_IMPORT);

export const CRM = "A CRM to track customers, deals and follow-up tasks";
export const build = (message = CRM, style: string | null = null): { text: string; files: Files } => {
  const text = planOffline({ message, files: {}, appName: "", style });
  return { text, files: apply({}, parse(text)) };
};
export const follow = (files: Files, message: string, extra: Partial<EngineInput> = {}) => {
  const text = planOffline({ message, files, appName: "CRM", ...extra });
  const actions = parse(text);
  return { text, actions, files: apply(files, actions) };
};
export const paths = (actions: Parsed[]) => actions.map((a) => (a.type === "rename" ? a.to : a.type === "plan" ? "" : a.path)).filter(Boolean);
