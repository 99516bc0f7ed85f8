import { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
import { javascript } from "@codemirror/lang-javascript";
import { json } from "@codemirror/lang-json";
import { bracketMatching, defaultHighlightStyle, foldGutter, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { EditorState, type Extension } from "@codemirror/state";
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from "@codemirror/view";

/** The languages the code viewers know: entities are JSON schemas, everything else is JavaScript with JSX. */
export type CodeLanguage = "javascript" | "json" | "css";

export function languageOfPath(path: string): CodeLanguage {
  return path.startsWith("entities/") ? "json" : "javascript";
}

/** The language support for a kind of file (no CSS grammar is bundled; CSS shows as plain text). */
export function languageExtension(language: CodeLanguage): Extension {
  if (language === "json") return json();
  if (language === "javascript") return javascript({ jsx: true });
  return [];
}

/** Colours follow Chakra's semantic tokens, so the viewers sit in the app's theme (and its dark mode). */
const theme = EditorView.theme({
  "&": {
    fontSize: "12.5px",
    backgroundColor: "var(--chakra-colors-bg-panel, #fff)",
    color: "var(--chakra-colors-fg, #18181b)",
  },
  "&.cm-focused": { outline: "none" },
  ".cm-scroller": {
    fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
    lineHeight: "1.6",
  },
  ".cm-gutters": {
    backgroundColor: "var(--chakra-colors-bg-subtle, #fafafa)",
    color: "var(--chakra-colors-fg-subtle, #666670)",
    borderRight: "1px solid var(--chakra-colors-border, #e4e4e7)",
  },
  ".cm-activeLineGutter": { backgroundColor: "transparent" },
  ".cm-lineNumbers .cm-gutterElement": { padding: "0 8px 0 12px" },
  ".cm-content": { padding: "8px 0" },
  ".cm-foldPlaceholder": { backgroundColor: "transparent", border: "none", color: "var(--chakra-colors-fg-muted, #71717a)" },
  // merge view: changed lines and the bar of collapsed unchanged lines
  ".cm-collapsedLines": {
    fontFamily: "inherit",
    fontSize: "12px",
    color: "var(--chakra-colors-fg-muted, #71717a)",
    background: "var(--chakra-colors-bg-muted, #f4f4f5)",
    padding: "4px 12px",
  },
  // the stock "⦚" marks are missing from many fonts; an arrow says "click to expand" as well
  ".cm-collapsedLines:before": { content: '"↕"', marginRight: "6px" },
  ".cm-collapsedLines:after": { content: '""' },
});

/** What viewers and the editor share: line numbers, folding, syntax colours, selection. */
function baseSetup(): Extension {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    foldGutter(),
    highlightSpecialChars(),
    drawSelection(),
    bracketMatching(),
    syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
    theme,
  ];
}

/** Everything a read-only viewer needs: line numbers, folding, syntax colours, selection and copy, no editing. */
export function readOnlySetup(): Extension {
  // read-only but still focusable: keyboard navigation, select all and copy keep working
  return [baseSetup(), EditorState.readOnly.of(true)];
}

/**
 * The code workspace's editor (spec 02 "Code workspace"): the viewer's look, editable,
 * `onChange` with every new text and Mod-s for `onSave`. `readOnly` (the free plan) keeps
 * it a viewer.
 */
export function editorSetup({ readOnly, onChange, onSave }: { readOnly: boolean; onChange(text: string): void; onSave(): void }): Extension {
  return [
    baseSetup(),
    highlightActiveLine(),
    EditorState.readOnly.of(readOnly),
    history(),
    indentOnInput(),
    keymap.of([{ key: "Mod-s", preventDefault: true, run: () => (onSave(), true) }, indentWithTab, ...defaultKeymap, ...historyKeymap]),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) onChange(update.state.doc.toString());
    }),
  ];
}

/** A theme that makes the editor fill its box and scroll inside it. */
export const fillHeight = EditorView.theme({
  "&": { height: "100%" },
  ".cm-scroller": { overflow: "auto" },
});

/**
 * The smallest single change turning `from` into `to` (common prefix and suffix kept),
 * so a file streaming in only appends, and the view keeps its scroll position and selection.
 */
export function minimalChange(from: string, to: string): { from: number; to: number; insert: string } | null {
  if (from === to) return null;
  const max = Math.min(from.length, to.length);
  let start = 0;
  while (start < max && from.charCodeAt(start) === to.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && from.charCodeAt(from.length - 1 - end) === to.charCodeAt(to.length - 1 - end)) end++;
  return { from: start, to: from.length - end, insert: to.slice(start, to.length - end) };
}

// Loaded on demand by CodeView.tsx (`import("./codemirror")`), so CodeMirror is its own chunk.
export { MergeView } from "@codemirror/merge";
export { Compartment, EditorState } from "@codemirror/state";
export { EditorView } from "@codemirror/view";
