import { beforeAll, describe, expect, it } from "vitest";
import { SeedArticles } from "../../functions/core/identity/seed";
import { Docs } from "../../functions/core/support/docs";
import { SupportRules } from "../../schemas/support";
import { call, signedIn, tokenFor, useStackLinks } from "./helpers";

/** Spec 03 §2.12, §5 Articles and Internal categories, §7.11: the documentation manager's calls. */

useStackLinks();
let admin: string;
beforeAll(async () => {
  admin = await tokenFor("admin@kiln.local");
});

describe("/api/docs/articles", () => {
  it("a fresh stack is seeded with help articles for the draft to quote", async () => {
    const ids = ((await call("GET", "/api/docs/articles", { token: admin })).body.articles as { id: string }[]).map((a) => a.id);
    expect(ids).toEqual(expect.arrayContaining(["seed-custom-domains", "seed-preview-blank", "seed-credits"]));
  });

  it("a seeded article still saying what an earlier seed said is brought up to date; one an admin edited is kept", async () => {
    const blank = SeedArticles.find((a) => a.id === "seed-preview-blank")!;
    const put = (content: string) => call("PUT", `/api/docs/articles/${blank.id}`, { token: admin, body: { title: blank.title, content } });
    const stored = async () => ((await call("GET", "/api/docs/articles", { token: admin })).body.articles as { id: string; content: string }[]).find((a) => a.id === blank.id)!.content;
    expect((await put(blank.replaces![0])).status).toBe(200);
    expect(await stored()).toContain("**Fix with AI**");
    await Docs.ensure(SeedArticles);
    expect(await stored()).toBe(blank.content);
    expect((await put("Our own words on blank previews.")).status).toBe(200);
    await Docs.ensure(SeedArticles);
    expect(await stored()).toBe("Our own words on blank previews.");
    expect((await put(blank.content)).status).toBe(200);
  });

  it("creates with trimmed values, lists, edits and deletes an article", async () => {
    const created = await call("POST", "/api/docs/articles", { token: admin, body: { title: "  Custom domains  ", content: "\n# Custom domains\n\nPoint a CNAME at Kiln.\n" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: "Custom domains", content: "# Custom domains\n\nPoint a CNAME at Kiln." });
    const id = created.body.id as string;
    const listed = (await call("GET", "/api/docs/articles", { token: admin })).body.articles as { id: string }[];
    expect(listed.map((a) => a.id)).toContain(id);

    const edited = await call("PUT", `/api/docs/articles/${id}`, { token: admin, body: { title: "Domains", content: "Point a CNAME record at Kiln." } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id, title: "Domains", content: "Point a CNAME record at Kiln.", created_date: created.body.created_date });

    expect((await call("DELETE", `/api/docs/articles/${id}`, { token: admin })).status).toBe(200);
    expect(((await call("GET", "/api/docs/articles", { token: admin })).body.articles as { id: string }[]).map((a) => a.id)).not.toContain(id);
    expect((await call("DELETE", `/api/docs/articles/${id}`, { token: admin })).status).toBe(404);
    const gone = await call("PUT", `/api/docs/articles/${id}`, { token: admin, body: { title: "Back", content: "Again" } });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe(SupportRules.ARTICLE_NOT_FOUND);
    expect((await call("PUT", `/api/docs/articles/${"x".repeat(3000)}`, { token: admin, body: { title: "Long", content: "Long" } })).status).toBe(404);
  });

  it.each([
    [{ title: "   ", content: "Something" }, SupportRules.ARTICLE_TITLE_REQUIRED],
    [{ title: "A title", content: " \n " }, SupportRules.ARTICLE_CONTENT_REQUIRED],
    [{ content: "Something" }, SupportRules.ARTICLE_TITLE_REQUIRED],
  ])("refuses %j: title and content must be non-empty after trimming", async (body, message) => {
    const before = (await call("GET", "/api/docs/articles", { token: admin })).body.articles.length;
    const res = await call("POST", "/api/docs/articles", { token: admin, body });
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(message);
    expect((await call("GET", "/api/docs/articles", { token: admin })).body.articles.length).toBe(before);
  });

  it("is for admins only", async () => {
    const { token } = await signedIn("docs-intruder");
    expect((await call("GET", "/api/docs/articles", { token })).status).toBe(403);
    expect((await call("POST", "/api/docs/articles", { token, body: { title: "Mine", content: "Mine" } })).status).toBe(403);
    expect((await call("GET", "/api/docs/agent", { token })).status).toBe(403);
  });
});

describe("/api/docs/agent", () => {
  it("answers the system prompts and internal categories; PUT changes only what it sends, categories trimmed and unique", async () => {
    const before = (await call("GET", "/api/docs/agent", { token: admin })).body;
    expect(Object.keys(before).sort()).toEqual(["internal_category_options", "polish_system_prompt", "response_system_prompt"]);
    expect(before.response_system_prompt.length).toBeGreaterThan(20);

    const res = await call("PUT", "/api/docs/agent", { token: admin, body: { internal_category_options: [" Refund ", "Refund", "", "Bug confirmed"] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...before, internal_category_options: ["Refund", "Bug confirmed"] });
    const prompt = await call("PUT", "/api/docs/agent", { token: admin, body: { polish_system_prompt: "Fix grammar only." } });
    expect(prompt.body).toEqual({ ...before, internal_category_options: ["Refund", "Bug confirmed"], polish_system_prompt: "Fix grammar only." });
    expect((await call("GET", "/api/docs/agent", { token: admin })).body).toEqual(prompt.body);
    // put back what other tests may rely on
    expect((await call("PUT", "/api/docs/agent", { token: admin, body: before })).body).toEqual(before);
  });

  it("refuses an empty change and unknown fields", async () => {
    expect((await call("PUT", "/api/docs/agent", { token: admin, body: {} })).status).toBe(400);
    expect((await call("PUT", "/api/docs/agent", { token: admin, body: { temperature: 2 } })).status).toBe(400);
  });
});
