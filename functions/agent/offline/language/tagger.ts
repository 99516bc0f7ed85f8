/**
 * English as the offline engine reads it: wink-nlp's tokenizer, part-of-speech tagger and lemmatizer
 * (the wink-eng-lite-web-model ships in the package; loaded once, ~60 ms). A description becomes
 * sentences of tagged words; the engine's rules then read tags and lemmas, not hand-made word lists.
 */
import winkNLP, { type ItemSentence, type ItemToken, type ItsFunction } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/** Universal POS tags as wink gives them. */
export type Pos = "ADJ" | "ADP" | "ADV" | "AUX" | "CCONJ" | "DET" | "INTJ" | "NOUN" | "NUM" | "PART" | "PRON" | "PROPN" | "PUNCT" | "SCONJ" | "SYM" | "VERB" | "X" | "SPACE";

export interface Word {
  /** as written */
  text: string;
  lower: string;
  pos: Pos;
  /** the dictionary form ("routes" -> "route", "sent" -> "send") */
  lemma: string;
  /** index in its sentence */
  at: number;
}

let nlp: ReturnType<typeof winkNLP> | null = null;
const reader = () => (nlp ??= winkNLP(model));

export namespace Tagger {
  /** The text's sentences, each a list of tagged words. */
  export function sentences(text: string): Word[][] {
    const its = reader().its;
    // wink's typings declare the lemma helper with the add-ons argument wider than `out` accepts; it is a token helper
    const lemma = its.lemma as unknown as ItsFunction<string>;
    const doc = reader().readDoc(text);
    const out: Word[][] = [];
    doc.sentences().each((sentence: ItemSentence) => {
      const words: Word[] = [];
      sentence.tokens().each((t: ItemToken) => {
        const written = t.out();
        words.push({ text: written, lower: written.toLowerCase(), pos: t.out(its.pos) as Pos, lemma: t.out(lemma).toLowerCase(), at: words.length });
      });
      out.push(words);
    });
    return out;
  }

  /** One phrase's words, as one sentence (a follow-up's field list, a name). */
  export const words = (text: string): Word[] => sentences(text).flat().map((w, at) => ({ ...w, at }));
}
