import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { EditorMessage, ElementSelection, FrameMessage } from "../../../../../schemas/preview";
import { Coding } from "../../../api/coding";
import { detailOf } from "../../../api/client";
import { parseSourceLocation, rewriteClassAttribute } from "./classes";

export type VisualEditState = { mode: "off" } | { mode: "on" } | { mode: "selected"; selection: ElementSelection; classes: string };

interface Frame {
  post(message: EditorMessage): void;
  subscribe(listener: (message: FrameMessage) => void): () => void;
}

/**
 * Visual Edit's state machine (spec 01 §4): off → on → element selected (the form) →
 * saved or discarded (back to on; a save refreshes the preview). Leaving the preview
 * turns it off; sending a chat message discards an open edit.
 */
export function useVisualEdit({ frame, appId, files, active }: { frame: Frame; appId: string; files: Record<string, string>; active: boolean }) {
  const [state, setState] = useState<VisualEditState>({ mode: "off" });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const { post, subscribe } = frame;
  const client = useQueryClient();

  useEffect(
    () =>
      subscribe((message) => {
        const mode = stateRef.current.mode;
        if (message.type === "element-selected" && mode !== "off") {
          setError(null);
          setState({ mode: "selected", selection: message.data, classes: message.data.classes });
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
    const content = at ? files[at.file] : undefined;
    const next = at && content !== undefined ? rewriteClassAttribute(content, at.line, at.column, current.classes) : null;
    if (!at || !next) {
      setError("This element's classes are set in code, so it cannot be edited visually. Ask the assistant, or change it in the code.");
      return;
    }
    setSaving(true);
    try {
      if (next !== content) {
        await Coding.write(appId, { file_path: at.file, content: next });
        // The room pushes the change too; reading it back makes the chat's note certain even if a push was missed.
        void client.invalidateQueries({ queryKey: ["app", appId] });
      }
      post({ type: "unselect-element", data: { restore: false } });
      post({ type: "refresh-page" });
      setState({ mode: "on" });
      setError(null);
    } catch (err) {
      setError(detailOf(err));
    } finally {
      setSaving(false);
    }
  }, [appId, files, post, client]);

  return { state, saving, error, setEnabled, preview, discard, save };
}

export type VisualEdit = ReturnType<typeof useVisualEdit>;
