import { Fragment, jsx, jsxs } from "react/jsx-runtime";

/** Where an element is written, as sucrase passes it to `jsxDEV` (compile.ts adds the column). */
interface Source {
  fileName?: string;
  lineNumber?: number;
  columnNumber?: number;
}

/** `data-source-location="pages/Home:12:5"`: the file and 1-based line and column of an element, for Visual Edit. */
export function sourceLocation(source: Source | undefined): string | null {
  if (!source?.fileName || !source.lineNumber) return null;
  return `${source.fileName}:${source.lineNumber}:${source.columnNumber ?? 1}`;
}

/**
 * `react/jsx-dev-runtime` for generated code: every element but a fragment carries
 * `data-source-location` (components that spread their props, like the UI kit's,
 * pass it on to their DOM node, as @base44/vite-plugin's visual-edit transform does),
 * then React's production `jsx`/`jsxs` build it.
 */
export function jsxDEV(type: unknown, props: Record<string, unknown>, key: unknown, isStatic: boolean, source?: Source): unknown {
  const location = type === Fragment ? null : sourceLocation(source);
  const finalProps = location ? { ...props, "data-source-location": location } : props;
  const build = isStatic ? jsxs : jsx;
  return key === undefined ? build(type as never, finalProps) : build(type as never, finalProps, key as never);
}

export { Fragment };
