/**
 * Which help articles answer a ticket: a term-overlap score weighted by how rare each
 * term is among the articles (a title match counts double). Pure, tested in
 * test/unit/support-ranking.test.ts; no search library is a dependency, and the
 * documentation is a handful of pages.
 */
export namespace ArticleRanking {
  const stopwords = new Set(
    ("the and for are but not you your with this that have has had was were can cannot could would should will " +
      "what when where which who why how does did doing from into onto about there their them then than they its " +
      "it's i'm im my me our ours we us a an to of in on at by or is be as do if so no yes any all get got just " +
      "please thanks thank hello hi help need want trying tried still also some more very really").split(" "),
  );

  export function terms(text: string): string[] {
    return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((t) => t.length > 2 && !stopwords.has(t)).map(stem);
  }

  /** Plural and -ing/-ed endings folded, so "deploying" meets "deploy" and "domains" meets "domain". */
  function stem(t: string): string {
    if (t.length > 5 && t.endsWith("ing")) return t.slice(0, -3);
    if (t.length > 4 && t.endsWith("ed")) return t.slice(0, -2);
    if (t.length > 3 && t.endsWith("s") && !t.endsWith("ss")) return t.slice(0, -1);
    return t;
  }

  export interface Scored<A> {
    article: A;
    score: number;
  }

  /** The articles sharing terms with the question, best first, at most `limit`; none when nothing overlaps. */
  export function rank<A extends { title: string; content: string }>(question: string, articles: A[], limit = 3): Scored<A>[] {
    const asked = [...new Set(terms(question))];
    if (!asked.length || !articles.length) return [];
    const docs = articles.map((a) => ({ article: a, title: new Set(terms(a.title)), body: counts(terms(a.content)) }));
    const df = new Map(asked.map((t) => [t, docs.filter((d) => d.title.has(t) || d.body.has(t)).length]));
    const scored = docs.map((d) => {
      let score = 0;
      for (const t of asked) {
        const idf = Math.log(1 + docs.length / (1 + df.get(t)!));
        const inBody = d.body.get(t) ?? 0;
        // a term repeated in the body counts with diminishing returns
        score += idf * ((d.title.has(t) ? 2 : 0) + (inBody ? 1 + Math.log(inBody) : 0));
      }
      return { article: d.article, score };
    });
    return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score).slice(0, limit);
  }

  function counts(list: string[]): Map<string, number> {
    const m = new Map<string, number>();
    for (const t of list) m.set(t, (m.get(t) ?? 0) + 1);
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
      if (hits > bestHits) (best = p), (bestHits = hits);
    }
    return best.length > max ? `${best.slice(0, max - 1).trimEnd()}…` : best;
  }
}
