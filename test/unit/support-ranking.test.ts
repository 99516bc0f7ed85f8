import { describe, expect, it } from "vitest";
import { ArticleRanking } from "../../functions/core/support/ranking";

const articles = [
  { id: "domains", title: "Custom domains", content: "Add a domain in the workspace, then point a CNAME record at Kiln and press Verify." },
  { id: "billing", title: "Billing and invoices", content: "Invoices are e-mailed monthly. Change your plan on the Billing page." },
  { id: "login", title: "Signing in", content: "If the login page keeps loading, clear cookies.\n\nPassword resets arrive by e-mail within a minute." },
];

describe("ArticleRanking.rank (the draft's retrieval without a model)", () => {
  it("puts the article sharing the most, rarest terms first, a title match counting double", () => {
    const ranked = ArticleRanking.rank("My custom domain will not verify, what CNAME do I need?", articles);
    expect(ranked.map((r) => r.article.id)).toEqual(["domains"]);
    expect(ArticleRanking.rank("where are my invoices for the billing plan", articles)[0].article.id).toBe("billing");
  });

  it("folds plurals and -ing endings, and ignores stop words", () => {
    expect(ArticleRanking.rank("domains", articles)[0].article.id).toBe("domains");
    expect(ArticleRanking.rank("the and what please help", articles)).toEqual([]);
  });

  it("answers nothing when nothing overlaps, and at most `limit` articles", () => {
    expect(ArticleRanking.rank("quantum flux capacitor", articles)).toEqual([]);
    expect(ArticleRanking.rank("page e-mail plan domain login", articles, 2)).toHaveLength(2);
  });

  it("quotes the paragraph that matches best, cut to the limit", () => {
    expect(ArticleRanking.bestPassage("password reset e-mail", articles[2].content)).toBe("Password resets arrive by e-mail within a minute.");
    expect(ArticleRanking.bestPassage("x", "a".repeat(1000), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
