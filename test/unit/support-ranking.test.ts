import { describe, expect, it } from "vitest";
import { SeedArticles } from "../../functions/core/identity/seed";
import { ArticleRanking } from "../../functions/core/support/ranking";

const articles = [
  { id: "domains", title: "Custom domains", content: "Add a domain in the workspace, then point a CNAME record at Kiln and press Verify." },
  { id: "billing", title: "Billing and invoices", content: "Invoices are e-mailed monthly. Change your plan on the Billing page." },
  { id: "login", title: "Signing in", content: "If the login page keeps loading, clear cookies.\n\nPassword resets arrive by e-mail within a minute." },
];

describe("ArticleRanking.rank (the draft's retrieval without a model)", () => {
  it("puts the article sharing the most, rarest terms first, a title match counting more", () => {
    const ranked = ArticleRanking.rank("My custom domain will not verify, what CNAME do I need?", articles);
    expect(ranked.map((r) => r.article.id)).toEqual(["domains"]);
    expect(ArticleRanking.rank("where are my invoices for the billing plan", articles)[0].article.id).toBe("billing");
  });

  it("folds plurals and -ing endings (Porter stemming), and ignores stop words", () => {
    expect(ArticleRanking.rank("domains", articles)[0].article.id).toBe("domains");
    expect(ArticleRanking.rank("verifying", articles)[0].article.id).toBe("domains");
    expect(ArticleRanking.terms("exporting exported exports")).toEqual(["export", "export", "export"]);
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

/** The seeded help articles against tickets written for this test, none of them used to tune the ranking. */
describe("ArticleRanking on the seeded help articles", () => {
  const ids = (question: string, articles = SeedArticles) => ArticleRanking.rank(question, articles).map((r) => r.article.id);
  const cases: [string, string[]][] = [
    ["How do I export my app and what happens to its secrets?", ["seed-export", "seed-secrets"]],
    ["How can I download my project's source code as a zip?", ["seed-export"]],
    ["Where do I put my Stripe API key so my function can use it?", ["seed-secrets"]],
    ["My domain has been pending verification for hours", ["seed-custom-domains"]],
    ["Hi, I bought a domain yesterday and added the records in Domains but it still says pending after 3 hours. What am I doing wrong?", ["seed-custom-domains"]],
    ["The preview is just a white screen after my last message", ["seed-preview-blank"]],
    ["Why was I charged for a message that failed?", ["seed-credits"]],
    ["Can I downgrade my subscription at the end of the month?", ["seed-credits"]],
    ["i ran out of messages today, when do i get more credits?", ["seed-credits"]],
    ["How do I change my profile photo?", []],
  ];
  it.each(cases)("%s", (question, expected) => {
    expect(ids(question)).toEqual(expected);
  });

  it("a question no article covers quotes none, rather than the articles that merely say 'app'", () => {
    const withoutExport = SeedArticles.filter((a) => a.id !== "seed-export" && a.id !== "seed-secrets");
    expect(ids("How do I export my app and what happens to its secrets?", withoutExport)).toEqual([]);
    expect(ids("Can I export my app's code and secrets to GitHub?", withoutExport)).toEqual([]);
  });

  it("the articles say what the product says: 'Resolve with AI', DNS 'up to 48 hours'", () => {
    const text = SeedArticles.map((a) => a.content).join("\n");
    expect(text).toContain("**Resolve with AI**");
    expect(text).not.toContain("Fix with AI");
    expect(text).toContain("up to 48 hours");
    expect(text).not.toContain("up to an hour");
  });
});
