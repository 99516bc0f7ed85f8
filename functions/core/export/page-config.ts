/**
 * A page's `export const pageConfig = { ... }` (schemas/app-files.ts PageConfig) read from its
 * source without running it, so the exported router knows every page's settings while loading
 * each page only when it is visited. Only a plain literal is read (keys, strings, numbers,
 * booleans, null); anything else answers undefined and that page is imported with the app.
 */

const DECLARATION = /export\s+const\s+pageConfig\s*=\s*/;

/** null: the page has no pageConfig; undefined: it has one that is not a plain literal declared in place. */
export function pageConfigOf(source: string): Record<string, unknown> | null | undefined {
  const found = DECLARATION.exec(source);
  // exported some other way (`export { pageConfig }`): read where it is, with the app
  if (!found) return /\bpageConfig\b/.test(source) ? undefined : null;
  const reader = new LiteralReader(source, found.index + found[0].length);
  try {
    const value = reader.object();
    return reader.ended() ? value : undefined;
  } catch {
    return undefined;
  }
}

class LiteralReader {
  constructor(
    private readonly text: string,
    private at: number,
  ) {}

  object(): Record<string, unknown> {
    // no prototype: a "__proto__" key is a key like any other
    const out: Record<string, unknown> = Object.create(null);
    this.expect("{");
    while (!this.take("}")) {
      const key = this.key();
      this.expect(":");
      out[key] = this.value();
      if (!this.take(",")) {
        this.expect("}");
        break;
      }
    }
    return out;
  }

  /** The literal is the whole value: a `;` or the line's end follows it. */
  ended(): boolean {
    return this.take(";") || /^[ \t]*(\/\/[^\n]*)?(\r?\n|$)/.test(this.text.slice(this.at));
  }

  private key(): string {
    this.space();
    const quoted = this.string();
    if (quoted !== null) return quoted;
    return this.match(/^[A-Za-z_$][\w$]*/, "a key");
  }

  private value(): unknown {
    this.space();
    const quoted = this.string();
    if (quoted !== null) return quoted;
    if (this.text[this.at] === "{") return this.object();
    const word = this.match(/^(true|false|null|-?\d+(\.\d+)?)(?![\w$])/, "a plain value");
    return word === "true" ? true : word === "false" ? false : word === "null" ? null : Number(word);
  }

  private string(): string | null {
    const quote = this.text[this.at];
    if (quote !== '"' && quote !== "'") return null;
    // a double-quoted string as JSON reads it; a single-quoted one without escapes
    const found = (quote === '"' ? /^"(?:[^"\\\n]|\\.)*"/ : /^'[^'\\\n]*'/).exec(this.text.slice(this.at));
    if (!found) throw new Error("not a plain string");
    this.at += found[0].length;
    return quote === '"' ? (JSON.parse(found[0]) as string) : found[0].slice(1, -1);
  }

  private match(pattern: RegExp, what: string): string {
    this.space();
    const found = pattern.exec(this.text.slice(this.at));
    if (!found) throw new Error(`expected ${what}`);
    this.at += found[0].length;
    return found[0];
  }

  private take(token: string): boolean {
    this.space();
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    return true;
  }

  private expect(token: string) {
    if (!this.take(token)) throw new Error(`expected ${token}`);
  }

  /** White space and comments. */
  private space() {
    const found = /^(\s|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/.exec(this.text.slice(this.at));
    this.at += found![0].length;
  }
}
