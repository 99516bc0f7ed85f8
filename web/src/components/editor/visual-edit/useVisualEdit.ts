import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { Coding } from "../../../api/coding";
import { detailOf } from "../../../api/client";
import { parseSourceLocation, rewriteClassAttribute } from "./classes";

/** What the frame's agent reports when an element is clicked (web/runtime/visual-edit-agent.ts). */
export interface Selection {
  tagName: string;
  classes: string;
  visualSelectorId: string;
  isTextElement: boolean;
  content: string;
}

export type VisualEditState = { mode: "off" } | { mode: "on" } | { mode: "selected"; selection: Selection; classes: string };

/**
 * Visual Edit's state machine (spec 01 §4): off → on → element selected (the form) →
 * saved or discarded (back to on, the preview refreshed). Messages go only to and from
 * the preview frame's own window.
 */
export function useVisualEdit({ frame, appId, files, active }: { frame: RefObject<HTMLIFrameElement | null>; appId: string; files: Record<string, string>; active: boolean }) {
  const [state, setState] = useState<VisualEditState>({ mode: "off" });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const post = useCallback((message: Record<string, unknown>) => frame.current?.contentWindow?.postMessage(message, "*"), [frame]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (!frame.current || e.source !== frame.current.contentWindow) return;
      const message = e.data as { type?: string; data?: Selection };
      if (message?.type === "element-selected" && message.data && stateRef.current.mode !== "off") {
        setError(null);
        setState({ mode: "selected", selection: message.data, classes: message.data.classes });
      } else if (message?.type === "unselect-element" && stateRef.current.mode === "selected") {
        setState({ mode: "on" });
      } else if (message?.type === "visual-edit-agent-ready" && stateRef.current.mode !== "off") {
        // The frame reloaded: switch its agent back on.
        post({ type: "toggle-visual-edit-mode", data: { enabled: true } });
        setState({ mode: "on" });
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [frame, post]);

  const setEnabled = useCallback(
    (enabled: boolean) => {
      post({ type: "toggle-visual-edit-mode", data: { enabled } });
      setError(null);
      setState(enabled ? { mode: "on" } : { mode: "off" });
    },
    [post],
  );

  // Leaving a preview route resets it.
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
      if (next !== content) await Coding.write(appId, { file_path: at.file, content: next });
      post({ type: "unselect-element", data: { restore: false } });
      post({ type: "refresh-page" });
      setState({ mode: "on" });
      setError(null);
    } catch (err) {
      setError(detailOf(err));
    } finally {
      setSaving(false);
    }
  }, [appId, files, post]);

  return { state, saving, error, setEnabled, preview, discard, save };
}

export type VisualEdit = ReturnType<typeof useVisualEdit>;
