/**
 * Masking an app's secret values out of text the owner reads (function logs, the app's log):
 * secrets are write-only (DESIGN §6), so a value a function prints or throws is stored as
 * `[secret NAME]`, wherever it stands in the line.
 */
export namespace SecretMask {
  /**
   * Values shorter than this are left alone: a 1–3 character value ("1", "eu", "yes") is no
   * credential, and masking it would blot out ordinary words and digits in every line. The
   * same floor CircleCI uses for its secret masking.
   */
  export const MIN_CHARS = 4;

  export type Mask = (text: string) => string;

  /** A mask for these secrets (name → value), as the value is written and as JSON or a URL would escape it. */
  export function of(secrets: Record<string, string>): Mask {
    const found = new Map<string, string>();
    for (const [name, value] of Object.entries(secrets)) {
      for (const form of [value, value.trim(), JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]) {
        if (form.length >= MIN_CHARS && !found.has(form)) found.set(form, name);
      }
    }
    // the longest first, so a secret that contains another is masked whole
    const forms = [...found].sort((a, b) => b[0].length - a[0].length);
    if (!forms.length) return (text) => text;
    return (text) => {
      // each value is first replaced by a marker (NUL and its index), so a shorter value is never found inside a name already written
      let out = text.replaceAll("\u0000", "");
      forms.forEach(([form], i) => {
        if (out.includes(form)) out = out.split(form).join(`\u0000${i}\u0000`);
      });
      return out.replace(/\u0000(\d+)\u0000/g, (_, i: string) => `[secret ${forms[Number(i)]![1]}]`);
    };
  }

  /** Nothing to mask (a call that never saw the app's secrets). */
  export const none: Mask = (text) => text;
}
