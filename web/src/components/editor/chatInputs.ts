import { useRef } from "react";
import type { App } from "../../../../schemas/app";
import type { ChatMessage } from "../../../../schemas/chat";
import { type FileMap, samePaths } from "./appFiles";

/** The app's fields that hold its files: the chat reads none of them. */
const fileFields = ["pages", "components", "entities", "layout", "functions"] as const satisfies readonly (keyof App)[];

const sameExceptFiles = (a: App, b: App) =>
  (Object.keys(a) as (keyof App)[]).every((k) => (fileFields as readonly string[]).includes(k) || a[k] === b[k]) &&
  Object.keys(a).length === Object.keys(b).length;

/**
 * The app and file map the chat is given, kept the same objects across a file change the chat does not show,
 * so saving a file re-renders the preview and not the whole conversation. The chat reads a file's content only
 * for the progress of a step still streaming, and otherwise only the paths (AI Controls' frozen files).
 */
export function useChatInputs(app: App, files: FileMap, messages: ChatMessage[]): { app: App; files: FileMap } {
  const held = useRef({ app, files });
  const streaming = messages.some((m) => m.state === "streaming");
  const next = {
    app: sameExceptFiles(held.current.app, app) ? held.current.app : app,
    files: !streaming && samePaths(held.current.files, files) ? held.current.files : files,
  };
  if (next.app !== held.current.app || next.files !== held.current.files) held.current = next;
  return held.current;
}
