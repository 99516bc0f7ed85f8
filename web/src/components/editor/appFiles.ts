import type { App } from "../../../../schemas/app";
import type { ChatMessage } from "../../../../schemas/chat";
import { parseMessage } from "../../../../lib/agent/parser";

export type Segment = ReturnType<typeof parseMessage>[number];
export type ActionSegment = Extract<Segment, { kind: "action" }>;

/** path -> content of every file of an app, in the paths the agent uses (pages/X, layout/main, …). */
export type FileMap = Record<string, string>;

export const fileGroups = [
  { kind: "pages", label: "Pages" },
  { kind: "components", label: "Components" },
  { kind: "entities", label: "Entities" },
  { kind: "layout", label: "Layout" },
  { kind: "functions", label: "Functions" },
] as const;
export type FileKind = (typeof fileGroups)[number]["kind"];

export function filesOf(app: Pick<App, "pages" | "components" | "entities" | "layout" | "functions">): FileMap {
  const files: FileMap = {};
  for (const [name, code] of Object.entries(app.pages)) files[`pages/${name}`] = code;
  for (const [name, code] of Object.entries(app.components)) files[`components/${name}`] = code;
  for (const [name, schema] of Object.entries(app.entities)) files[`entities/${name}`] = JSON.stringify(schema, null, 2);
  if (app.layout !== null) files["layout/main"] = app.layout;
  for (const [name, code] of Object.entries(app.functions)) files[`functions/${name}`] = code;
  return files;
}

/** The two maps hold the same paths (their contents may differ). */
export function samePaths(a: FileMap, b: FileMap): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b);
}

export const kindOfPath = (path: string) => path.slice(0, path.indexOf("/")) as FileKind;
export const nameOfPath = (path: string) => path.slice(path.indexOf("/") + 1);

/** The path a file action is about: its target (the new name for a rename). */
export function actionPath(segment: ActionSegment): string | null {
  const { open } = segment;
  return open.type === "rename" ? (open.to ?? null) : (open.path ?? null);
}

/** Streamed file text without the line break that follows the opening tag. */
export const streamedText = (body: string) => body.replace(/^\r?\n/, "");

/** The file the assistant is writing right now: the open action at the end of a streaming message. */
export interface LiveFile {
  path: string;
  type: ActionSegment["open"]["type"];
  /** the partial content of a whole-file write; null for edits (the file shows as it is) */
  content: string | null;
}

export function liveFileOf(messages: ChatMessage[]): LiveFile | null {
  const last = messages[messages.length - 1];
  if (!last || last.role !== "assistant" || last.state !== "streaming") return null;
  const segments = parseMessage(last.content);
  const tail = segments[segments.length - 1];
  if (!tail || tail.kind !== "action" || tail.complete) return null;
  const path = actionPath(tail);
  if (!path) return null;
  return { path, type: tail.open.type, content: tail.open.type === "write" ? streamedText(tail.body) : null };
}

/** Progress of a file action still streaming: its length against the file's (15,000 when new), at most 100 %. */
export function actionProgress(segment: ActionSegment, files: FileMap): number {
  if (segment.complete) return 100;
  const path = actionPath(segment);
  const existing = (path && files[path]?.length) || 15_000;
  return Math.min(100, Math.round((segment.body.length / existing) * 100));
}
