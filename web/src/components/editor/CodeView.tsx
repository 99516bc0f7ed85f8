import { Box, Grid, Text } from "@chakra-ui/react";
import type { Compartment, StateEffect } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";
import { useEffect, useRef } from "react";
import type { CodeLanguage } from "./codemirror";

/** CodeMirror is loaded on first use: its own chunk, not part of the editor route's. */
type CM = typeof import("./codemirror");
let loading: Promise<CM> | null = null;
const loadCodeMirror = () => (loading ??= import("./codemirror"));

/**
 * A read-only CodeMirror viewer of one file. The editor is made once; a new `content`
 * is applied in place as the smallest change (a streaming file only grows), so the view
 * never remounts and keeps its scroll position. A new `path` swaps the language and
 * scrolls back to the top.
 */
export function CodeView({ path, content, height = "100%" }: { path: string; content: string; height?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<{ cm: CM; view: EditorView; language: Compartment; path: string; lang: CodeLanguage } | null>(null);
  const latest = useRef({ path, content });

  /** Brings the editor to the latest path and content, in one transaction. */
  const sync = () => {
    const current = editor.current;
    if (!current) return;
    const { cm, view } = current;
    const { path, content } = latest.current;
    const lang = cm.languageOfPath(path);
    const change = cm.minimalChange(view.state.doc.toString(), content);
    const newFile = current.path !== path;
    const effects: StateEffect<unknown>[] = [];
    if (current.lang !== lang) effects.push(current.language.reconfigure(cm.languageExtension(lang)));
    if (newFile) effects.push(cm.EditorView.scrollIntoView(0, { y: "start" }));
    Object.assign(current, { path, lang });
    if (!change && effects.length === 0) return;
    view.dispatch({ changes: change ?? undefined, selection: newFile ? { anchor: 0 } : undefined, effects });
  };

  useEffect(() => {
    let cancelled = false;
    let made: EditorView | null = null;
    void loadCodeMirror().then((cm) => {
      if (cancelled || !host.current) return;
      const { path, content } = latest.current;
      const lang = cm.languageOfPath(path);
      const language = new cm.Compartment();
      made = new cm.EditorView({
        parent: host.current,
        state: cm.EditorState.create({ doc: content, extensions: [cm.readOnlySetup(), cm.fillHeight, language.of(cm.languageExtension(lang))] }),
      });
      editor.current = { cm, view: made, language, path, lang };
    });
    return () => {
      cancelled = true;
      made?.destroy();
      editor.current = null;
    };
  }, []);

  useEffect(() => {
    latest.current = { path, content };
    sync();
    // sync reads refs only
  }, [path, content]);

  return <Box ref={host} height={height} overflow="hidden" bg="bg.panel" data-testid="code-view" data-path={path} />;
}

/**
 * The code workspace's editable CodeMirror. It owns the text while the owner types
 * (`onChange` reports it); the document is replaced with `doc` only when `path` or
 * `revision` changes (another file, Discard, a fresh load). `line` (1-based) puts the
 * cursor on that line and scrolls it into view.
 */
export function CodeEditor({
  path,
  doc,
  revision,
  readOnly,
  line,
  onChange,
  onSave,
}: {
  path: string;
  doc: string;
  revision: number;
  readOnly: boolean;
  line?: number;
  onChange(text: string): void;
  onSave(): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<{ cm: CM; view: EditorView; language: Compartment; setup: Compartment; shown: { path: string; line?: number } | null } | null>(null);
  const latest = useRef({ path, doc, readOnly, line, onChange, onSave });
  latest.current = { path, doc, readOnly, line, onChange, onSave };

  const setupOf = (cm: CM) =>
    cm.editorSetup({ readOnly: latest.current.readOnly, onChange: (t) => latest.current.onChange(t), onSave: () => latest.current.onSave() });

  /** The document, language and cursor of the latest `path`/`doc`/`line`. */
  const load = () => {
    const current = editor.current;
    if (!current) return;
    const { cm, view } = current;
    const { path, doc, line } = latest.current;
    // a save coming back as the loaded text changes nothing: keep the cursor where it is
    if (current.shown?.path === path && current.shown.line === line && view.state.doc.toString() === doc) return;
    current.shown = { path, line };
    view.dispatch({
      changes: { from: 0, to: view.state.doc.length, insert: doc },
      effects: current.language.reconfigure(cm.languageExtension(cm.languageOfPath(path))),
    });
    const at = view.state.doc.line(Math.min(Math.max(1, line ?? 1), view.state.doc.lines)).from;
    view.dispatch({ selection: { anchor: at }, effects: cm.EditorView.scrollIntoView(at, { y: line ? "center" : "start" }) });
  };

  useEffect(() => {
    let cancelled = false;
    let made: EditorView | null = null;
    void loadCodeMirror().then((cm) => {
      if (cancelled || !host.current) return;
      const language = new cm.Compartment();
      const setup = new cm.Compartment();
      made = new cm.EditorView({
        parent: host.current,
        state: cm.EditorState.create({ doc: "", extensions: [setup.of(setupOf(cm)), cm.fillHeight, language.of([])] }),
      });
      editor.current = { cm, view: made, language, setup, shown: null };
      load();
    });
    return () => {
      cancelled = true;
      made?.destroy();
      editor.current = null;
    };
    // made once; everything else is applied by the effects below
  }, []);

  useEffect(() => {
    load();
    // a new file, a discard or a reload replaces the text; typing does not come back through here
  }, [path, revision, line]);

  useEffect(() => {
    const current = editor.current;
    if (current) current.view.dispatch({ effects: current.setup.reconfigure(setupOf(current.cm)) });
  }, [readOnly]);

  return <Box ref={host} height="100%" overflow="hidden" bg="bg.panel" data-testid="code-editor" data-path={path} data-readonly={readOnly || undefined} />;
}

/**
 * Original against modified, side by side (CodeMirror's MergeView), read-only, with
 * unchanged stretches collapsed to a clickable bar.
 */
export function DiffView({
  original,
  modified,
  language,
  height = "100%",
}: {
  original: string;
  modified: string;
  language: CodeLanguage;
  height?: string;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    let merge: { destroy(): void } | null = null;
    void loadCodeMirror().then((cm) => {
      if (cancelled || !host.current) return;
      const extensions = [cm.readOnlySetup(), cm.languageExtension(language)];
      merge = new cm.MergeView({
        a: { doc: original, extensions },
        b: { doc: modified, extensions },
        parent: host.current,
        gutter: true,
        highlightChanges: true,
        collapseUnchanged: { margin: 3, minSize: 4 },
      });
    });
    return () => {
      cancelled = true;
      merge?.destroy();
    };
  }, [original, modified, language]);

  return (
    <Box height={height} display="flex" flexDirection="column" bg="bg.panel" data-testid="diff-view">
      <Grid templateColumns="1fr 1fr" borderBottomWidth="1px" bg="bg.subtle" flexShrink={0}>
        <Text px="3" py="1.5" fontSize="xs" fontWeight="medium" color="fg.muted" borderRightWidth="1px">
          Original
        </Text>
        <Text px="3" py="1.5" fontSize="xs" fontWeight="medium" color="fg.muted">
          Modified
        </Text>
      </Grid>
      <Box ref={host} flex="1" minH="0" css={{ "& .cm-mergeView": { height: "100%" } }} />
    </Box>
  );
}
