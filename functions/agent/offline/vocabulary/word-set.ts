/** A table of words written as one text, split at whitespace. */
export const wordSet = (words: string): ReadonlySet<string> => new Set(words.trim().split(/\s+/));

/** A pattern for a name whose last word (after `joiner`, or the whole name) is one of `words`. */
export const lastWordIn = (words: Iterable<string>, joiner: " " | "_"): RegExp => new RegExp(`(^|${joiner})(${[...words].join("|")})$`);
