import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { fileVersion } from "../../../../../schemas/coding";
import type { EditorMessage, ElementSelection, FrameMessage } from "../../../../../schemas/preview";
import { Coding } from "../../../api/coding";
import { detailOf } from "../../../api/client";
import { isStaleSave } from "../../workspace/code/files";
import { parseSourceLocation, rewriteClassAttribute } from "./classes";

/** `base`: the element's file as it was when the element was picked; the save is made from it. */
export type VisualEditState = { mode: "off" } | { mode: "on" } | { mode: "selected"; selection: ElementSelection; classes: string; base: string | undefined };

interface Frame {
  post(message: EditorMessage): void;
  subscribe(listener: (message: FrameMessage) => void): () => void;
}

/**
 * Visual Edit's state machine (spec 01 §4): off → on → element selected (the form) →
 * saved or discarded (back to on; a save refreshes the preview). Leaving the preview
 * turns it off; sending a chat message discards an open edit. A save names the version of
 * the file the element was picked from; if the file changed since, it is refused (409) and
 * the panel offers to reload.
 */
export function useVisualEdit({ frame, appId, files, active }: { frame: Frame; appId: string; files: Record<string, string>; active: boolean }) {
  const [state, setState] = useState<VisualEditState>({ mode: "off" });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const filesRef = useRef(files);
  filesRef.current = files;
  const { post, subscribe } = frame;
  const client = useQueryClient();

  useEffect(
    () =>
      subscribe((message) => {
        const mode = stateRef.current.mode;
        if (message.type === "element-selected" && mode !== "off") {
          setError(null);
          setStale(false);
          const file = parseSourceLocation(message.data.visualSelectorId)?.file;
          setState({ mode: "selected", selection: message.data, classes: message.data.classes, base: file ? filesRef.current[file] : undefined });
        } else if (message.type === "unselect-element" && mode === "selected") {
          setState({ mode: "on" });
        } else if (message.type === "visual-edit-agent-ready" && mode !== "off") {
          // The frame (re)loaded: switch its agent back on.
          post({ type: "toggle-visual-edit-mode", data: { enabled: true } });
          setState({ mode: "on" });
        }
      }),
    [subscribe, post],
  );

  const setEnabled = useCallback(
    (enabled: boolean) => {
      post({ type: "toggle-visual-edit-mode", data: { enabled } });
      setError(null);
      setState(enabled ? { mode: "on" } : { mode: "off" });
    },
    [post],
  );

  useEffect(() => {
    if (!active && stateRef.current.mode !== "off") setEnabled(false);
  }, [active, setEnabled]);

  /** Live preview of the form's classes in the frame. */
  const preview = useCallback(
    (classes: string) => {
      const current = stateRef.current;
      if (current.mode !== "selected") return;
      setState({ ...current, classes });
      post({ type: "update-classes", data: { visualSelectorId: current.selection.visualSelectorId, classes } });
    },
    [post],
  );

  const discard = useCallback(() => {
    if (stateRef.current.mode !== "selected") return;
    post({ type: "unselect-element", data: { restore: true } });
    setError(null);
    setState({ mode: "on" });
  }, [post]);

  const save = useCallback(async () => {
    const current = stateRef.current;
    if (current.mode !== "selected") return;
    const at = parseSourceLocation(current.selection.visualSelectorId);
    const content = at ? (current.base ?? files[at.file]) : undefined;
    const next = at && content !== undefined ? rewriteClassAttribute(content, at.line, at.column, current.classes) : null;
    if (!at || !next) {
      setError("This element's classes are set in code, so it cannot be edited visually. Ask the assistant, or change it in the code.");
      return;
    }
    setSaving(true);
    try {
      if (next !== content) {
        await Coding.write(appId, { file_path: at.file, content: next, version: await fileVersion(at.file, content!) });
        // The room pushes the change too; reading it back makes the chat's note certain even if a push was missed.
        void client.invalidateQueries({ queryKey: ["app", appId] });
      }
      post({ type: "unselect-element", data: { restore: false } });
      post({ type: "refresh-page" });
      setState({ mode: "on" });
      setError(null);
    } catch (err) {
      setStale(isStaleSave(err));
      setError(detailOf(err));
    } finally {
      setSaving(false);
    }
  }, [appId, files, post, client]);

  /** After a refused save: drop the edit, read the app again and reload the frame, to pick the element anew. */
  const reload = useCallback(() => {
    post({ type: "unselect-element", data: { restore: true } });
    void client.invalidateQueries({ queryKey: ["app", appId] });
    post({ type: "refresh-page" });
    setError(null);
    setStale(false);
    setState({ mode: "on" });
  }, [appId, post, client]);

  return { state, saving, error, stale, setEnabled, preview, discard, save, reload };
}

export type VisualEdit = ReturnType<typeof useVisualEdit>;
