import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { App } from "../../../../../schemas/app";
import { type AppError, type EditorMessage, FrameMessage, createPageUrl } from "../../../../../schemas/preview";
import { appQuery } from "../../../api/apps";
import { realtime } from "../../../realtime/socket";
import { type FileMap, filesOf } from "../appFiles";
import { pageOfUrl, previewOrigin } from "./previewUrl";

const MAX_ISSUES = 20;
const sameIssue = (a: AppError, b: AppError) => a.title === b.title && a.componentName === b.componentName;

/**
 * The editor's side of the preview frame (spec 01 §7 frame messages): the app's
 * files go in whenever they change (the runtime recompiles what changed, no reload; a
 * pushed change goes in as soon as the socket delivers it, ahead of the editor's own
 * re-render, whose repeat of the same files the runtime finds unchanged), page picks go in
 * as navigation, and out come the app's errors ("Issues Found", cleared when new files
 * arrive) and its address (the page picker follows it).
 * Messages count only from the frame's own window and origin, and go only to it.
 */
export function usePreviewFrame(app: App, files: FileMap, page: string | null, token: string | null, onPageShown: (page: string) => void) {
  const frame = useRef<HTMLIFrameElement>(null);
  const origin = previewOrigin(app.slug);
  const [mounted, setMounted] = useState(false);
  const [issues, setIssues] = useState<AppError[]>([]);
  /** the page the frame last said it shows, so that following it does not echo back as navigation */
  const shown = useRef<string | null>(page);
  const latest = useRef({ files, app, token, onPageShown });
  latest.current = { files, app, token, onPageShown };

  const post = useCallback((message: EditorMessage) => frame.current?.contentWindow?.postMessage(message, origin), [origin]);
  /** other listeners of the frame (Visual Edit), given each message that passed the checks */
  const listeners = useRef(new Set<(message: FrameMessage) => void>());
  const subscribe = useCallback((listener: (message: FrameMessage) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const postFiles = useCallback(() => post({ type: "kiln:files", files: latest.current.files, main_page: latest.current.app.main_page }), [post]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const parsed = FrameMessage.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      for (const listener of listeners.current) listener(message);
      if (message.type === "app_error") {
        setIssues((list) => (list.some((issue) => sameIssue(issue, message.error)) ? list : [...list, message.error].slice(-MAX_ISSUES)));
      } else if (message.type === "sandbox:beforeUpdate") {
        // The same list when there is nothing to clear, so an update without issues does not re-render the pane a second time.
        setIssues((list) => (list.length ? [] : list));
      } else if (message.type === "kiln:token-request") {
        if (latest.current.token) post({ type: "kiln:token", token: latest.current.token });
      } else if (message.type === "sandbox:onMounted") {
        setMounted(true);
        postFiles(); // files that changed while the frame was loading
      } else if (message.type === "app_changed_url") {
        const { app: current } = latest.current;
        const next = pageOfUrl(message.url, Object.keys(current.pages), current.main_page);
        if (next) {
          shown.current = next;
          latest.current.onPageShown(next);
        }
      }
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin, post, postFiles]);

  useEffect(() => {
    if (mounted) postFiles();
  }, [mounted, files, app.main_page, postFiles]);

  const client = useQueryClient();
  useEffect(() => {
    if (!mounted) return;
    const { queryKey } = appQuery(app.id);
    return realtime.subscribe((event) => {
      if (event.event !== "update_model" || event.room !== app.id || !event.data._files) return;
      // After this message's other listeners, so the cached app (useAppRoom) already holds the change.
      queueMicrotask(() => {
        const current = client.getQueryData(queryKey);
        if (current) post({ type: "kiln:files", files: filesOf(current), main_page: current.main_page });
      });
    });
  }, [mounted, app.id, client, post]);

  useEffect(() => {
    if (mounted && page && page !== shown.current) {
      shown.current = page;
      post({ type: "kiln:navigate", path: createPageUrl(page) });
    }
  }, [mounted, page, post]);

  /** A new frame is loading (refresh): nothing goes in until it has mounted. */
  const reloading = useCallback(() => {
    setMounted(false);
    setIssues([]);
    shown.current = page;
  }, [page]);

  return { frame, mounted, issues, reloading, post, subscribe };
}
