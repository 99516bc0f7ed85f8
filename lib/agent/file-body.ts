/**
 * A write's body as the file it means (DESIGN §5): models wrap a file in a markdown fence inside its own
 * tag, or put a line of prose before that fence ("Here is the page:"). Read the same way the moment the
 * write closes while streaming and at the end of the turn, so the preview never shows a fence as code.
 * Pure, like the parser.
 */

/** Fence languages a file's code is written in (a fence in another language is not taken for the file). */
const codeFence = /^[ \t]*(`{3,}|~{3,})[ \t]*(?:js|jsx|ts|tsx|javascript|typescript|react|json|json5)?(?:[ \t:][^\n`]*)?$/i;
/** A line of prose: words and punctuation, none of the marks code is made of. */
const proseLine = /^[ \t]*[A-Za-z*#][^;{}()<>=`]*$/;
/** The most prose lines before a fence that still read as a preamble, not as the file. */
const PREAMBLE_LINES = 2;

/**
 * The body without the fence around its content (and any short preamble before it, or prose after its
 * closing fence); null when the body is not wrapped. The result keeps the body's framing line breaks.
 */
export function unwrapFence(body: string): string | null {
  const lines = body.split("\n");
  let first = 0;
  while (first < lines.length && !lines[first].trim()) first++;
  let open = -1;
  for (let i = first, prose = 0; i < lines.length; i++) {
    if (codeFence.test(lines[i])) {
      open = i;
      break;
    }
    if (!lines[i].trim()) continue;
    if (!proseLine.test(lines[i]) || ++prose > PREAMBLE_LINES) break;
  }
  const marker = open >= 0 ? /^[ \t]*(`{3,}|~{3,})/.exec(lines[open])![1] : null;
  const isClose = (line: string) => {
    const m = /^[ \t]*(`{3,}|~{3,})[ \t]*$/.exec(line);
    return Boolean(m && (!marker || (m[1][0] === marker[0] && m[1].length >= marker.length)));
  };
  let close = -1;
  for (let i = lines.length - 1; i > open; i--) {
    if (isClose(lines[i])) {
      close = i;
      break;
    }
    // after the closing fence only prose may follow (a line saying what the file does)
    if (lines[i].trim() && (open < 0 || !proseLine.test(lines[i]))) break;
  }
  if (open < 0 && close < 0) return null;
  // a lone closing fence is a wrapper's end only when no fence opens before it (then it closes that one, in another language)
  if (open < 0 && lines.slice(0, close).some((l) => /^[ \t]*(`{3,}|~{3,})/.test(l))) return null;
  const end = close >= 0 ? close : lines.length - (lines[lines.length - 1] === "" ? 1 : 0);
  const inner = lines.slice(open + 1, end).join("\n");
  // without an opening fence the body's own first line break is still in `inner`
  return `${open >= 0 ? "\n" : ""}${inner}\n`;
}

/** A write body without the one line break after the opening tag and the one before the closing tag, and out of any fence around it. */
export function writeContent(body: string): string {
  return (unwrapFence(body) ?? body).replace(/^\r?\n/, "").replace(/\r?\n$/, "");
}
