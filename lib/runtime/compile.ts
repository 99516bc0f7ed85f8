import { transform } from "sucrase";

/**
 * One file of a generated app compiled for the browser with sucrase (JSX, and
 * TypeScript harmlessly): ES imports become CommonJS `require` calls the module
 * registry answers (modules.ts), and JSX becomes `jsxDEV(type, props, key,
 * isStatic, {fileName, lineNumber, columnNumber})` calls, so each element can be
 * stamped with where it is written (jsx.ts). Pure: test/unit/runtime-compile.test.ts.
 */

export interface Compiled {
  /** CommonJS code; `//# sourceURL` names the file in stack traces */
  code: string;
  /** every module specifier the file imports, in order */
  imports: string[];
}

export class CompileError extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
    /** 1-based, when the compiler knows where */
    readonly line: number | null,
    readonly column: number | null,
    /** the lines around the error with a caret under it */
    readonly frame: string | null,
  ) {
    super(`${path}${line ? `:${line}:${column}` : ""}: ${reason}`);
    this.name = "CompileError";
  }
}

export function compile(path: string, source: string): Compiled {
  let result: ReturnType<typeof transform>;
  try {
    result = transform(source, {
      transforms: ["jsx", "typescript", "imports"],
      jsxRuntime: "automatic",
      production: false,
      filePath: path,
      disableESTransforms: true,
      sourceMapOptions: { compiledFilename: path },
    });
  } catch (err) {
    throw compileErrorOf(path, source, err);
  }
  const code = withColumns(result.code, result.sourceMap?.mappings ?? "");
  const imports = [...code.matchAll(/\brequire\((['"])([^'"\n]+)\1\)/g)].map((m) => m[2]);
  return { code: `${code}\n//# sourceURL=kiln-app:///${path}.jsx`, imports: [...new Set(imports)] };
}

function compileErrorOf(path: string, source: string, err: unknown): CompileError {
  const message = err instanceof Error ? err.message : String(err);
  const reason = message.replace(/^Error transforming [^:]*: /, "").replace(/\s*\(\d+:\d+\)$/, "");
  const pos = (err as { pos?: unknown }).pos;
  if (typeof pos !== "number") return new CompileError(path, reason, null, null, null);
  const before = source.slice(0, pos);
  const line = before.split("\n").length;
  const column = pos - before.lastIndexOf("\n");
  return new CompileError(path, reason, line, column, codeFrame(source, line, column));
}

/** Two lines either side of `line`, numbered, with a caret under `column`. */
export function codeFrame(source: string, line: number, column: number): string {
  const lines = source.split("\n");
  const first = Math.max(1, line - 2);
  const last = Math.min(lines.length, line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? ">" : " "} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === line) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1))}^`);
  }
  return out.join("\n");
}

/**
 * Sucrase gives each JSX element its line only; the column comes from its source
 * map, which maps every token (the `<` of an element becomes the start of its
 * `jsxDEV` call) back to the source. Calls open in source order and their location
 * argument closes after their children, so a stack pairs each location with its call.
 * `createElement` fallbacks (a key after a spread) carry `__source` and are left alone.
 */
function withColumns(code: string, mappings: string): string {
  const segments = decodeMappings(mappings);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };

  const token = /([\w$]+\.jsxDEV\.call\(void 0, )|(__source: )?\{fileName: (_jsxFileName\d*), lineNumber: (\d+)\}/g;
  const open: (number | null)[] = [];
  let out = "";
  let last = 0;
  for (const m of code.matchAll(token)) {
    if (m[1]) {
      const line = lineOf(m.index);
      const column = segments[line]?.get(m.index - lineStarts[line]);
      open.push(column === undefined ? null : column + 1);
    } else if (!m[2]) {
      const column = open.pop();
      if (column == null) continue;
      out += `${code.slice(last, m.index)}{fileName: ${m[3]}, lineNumber: ${m[4]}, columnNumber: ${column}}`;
      last = m.index + m[0].length;
    }
  }
  return out + code.slice(last);
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Source-map "mappings" (base64 VLQ) -> per generated line: generated column -> source column. */
function decodeMappings(mappings: string): Map<number, number>[] {
  const lines: Map<number, number>[] = [];
  let sourceColumn = 0;
  for (const text of mappings.split(";")) {
    const columns = new Map<number, number>();
    let generatedColumn = 0;
    for (const segment of text.split(",")) {
      if (!segment) continue;
      const fields = decodeVlq(segment);
      generatedColumn += fields[0];
      if (fields.length >= 4) {
        sourceColumn += fields[3];
        columns.set(generatedColumn, sourceColumn);
      }
    }
    lines.push(columns);
  }
  return lines;
}

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}
