import { stemmer } from "stemmer";

/**
 * Which help articles answer a ticket, without a model: Okapi BM25 over Porter-stemmed terms,
 * the title counting as a second, weightier field (BM25F's simple form). An article is quoted only
 * when it shares a distinctive word with the question (one that at most half of the articles use,
 * so "app" or "page" alone never pulls one in) and scores near the best one. Pure, tested in
 * test/unit/support-ranking.test.ts.
 */
export namespace ArticleRanking {
  const stopwords = new Set(
    ("the and for are but not you your with this that have has had was were can cannot could would should will " +
      "what when where which who why how does did doing from into onto about there their them then than they its " +
      "it's i'm im my me our ours we us a an to of in on at by or is be as do if so no yes any all get got just " +
      "please thanks thank hello hi help need want trying tried still also some more very really").split(" "),
  );

  /** BM25's usual constants: term-frequency saturation and length normalisation. */
  const K1 = 1.2;
  const B = 0.75;
  /** A title word counts as this many body words. */
  const TITLE_WEIGHT = 3;
  /** A word is distinctive when at most this share of the articles use it. */
  const DISTINCTIVE_DF = 0.5;
  /** Beside the best article, others are quoted only when they score at least this share of it. */
  const NEAR_BEST = 0.5;

  /** The words that carry meaning, lower-cased and Porter-stemmed ("exporting", "exported", "exports" → "export"). */
  export function terms(text: string): string[] {
    return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((t) => t.length > 2 && !stopwords.has(t)).map((t) => stemmer(t));
  }

  export interface Scored<A> {
    article: A;
    score: number;
  }

  /** The articles that answer the question, best first, at most `limit`; none when none covers enough of it. */
  export function rank<A extends { title: string; content: string }>(question: string, articles: A[], limit = 3): Scored<A>[] {
    const asked = [...new Set(terms(question))];
    if (!asked.length || !articles.length) return [];
    const docs = articles.map((article) => {
      const tf = counts(terms(article.title), TITLE_WEIGHT);
      for (const [t, n] of counts(terms(article.content), 1)) tf.set(t, (tf.get(t) ?? 0) + n);
      return { article, tf, length: [...tf.values()].reduce((a, b) => a + b, 0) };
    });
    const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / docs.length || 1;
    // BM25's idf, kept positive: a word most articles use weighs little
    const idf = new Map(asked.map((t) => [t, Math.log(1 + (docs.length - df(t) + 0.5) / (df(t) + 0.5))]));
    const distinctive = new Set(asked.filter((t) => df(t) <= Math.max(1, docs.length * DISTINCTIVE_DF)));
    function df(t: string) {
      return docs.filter((d) => d.tf.has(t)).length;
    }
    const scored = docs
      .filter((d) => asked.some((t) => distinctive.has(t) && d.tf.has(t)))
      .map((d) => {
        let score = 0;
        for (const t of asked) {
          const tf = d.tf.get(t) ?? 0;
          score += (idf.get(t)! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * d.length) / avgLength));
        }
        return { article: d.article, score };
      })
      .sort((a, b) => b.score - a.score);
    const best = scored[0]?.score ?? 0;
    return scored.filter((s) => s.score > 0 && s.score >= best * NEAR_BEST).slice(0, limit);
  }

  function counts(list: string[], weight: number): Map<string, number> {
    const m = new Map<string, number>();
    for (const t of list) m.set(t, (m.get(t) ?? 0) + weight);
    return m;
  }

  /** The paragraph of an article that shares the most terms with the question (the quote in a draft), at most `max` characters. */
  export function bestPassage(question: string, content: string, max = 400): string {
    const asked = new Set(terms(question));
    const paragraphs = content.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
    let best = paragraphs[0] ?? "";
    let bestHits = -1;
    for (const p of paragraphs) {
      const hits = new Set(terms(p).filter((t) => asked.has(t))).size;
      if (hits > bestHits) {
        best = p;
        bestHits = hits;
      }
    }
    return best.length > max ? `${best.slice(0, max - 1).trimEnd()}…` : best;
  }
}
