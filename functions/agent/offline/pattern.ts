/**
 * One regular expression written in parts: each part a regex literal (its source is used as it is)
 * or a word table (its words as alternatives), so a long request grammar reads line by line.
 */
export function pattern(flags: string, ...parts: (RegExp | readonly string[])[]): RegExp {
  return new RegExp(parts.map((p) => (p instanceof RegExp ? p.source : `(?:${p.join("|")})`)).join(""), flags);
}
