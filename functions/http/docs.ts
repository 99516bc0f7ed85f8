import { AgentSettingsBody, ArticleBody } from "../../schemas/support";
import { Docs } from "../core/support/docs";
import { body, callGroup } from "./group";

/** Spec 03 §7.11 Documentation (admins only, per the route table): help articles and the support agent's settings. */
export const { app, handler } = callGroup("docs", {
  async listArticles(c) {
    return c.json({ articles: await Docs.articles() });
  },

  async createArticle(c) {
    return c.json(await Docs.createArticle(await body(c, ArticleBody)), 201);
  },

  async updateArticle(c) {
    return c.json(await Docs.updateArticle(c.req.param("id")!, await body(c, ArticleBody)));
  },

  async removeArticle(c) {
    const id = c.req.param("id")!;
    await Docs.removeArticle(id);
    return c.json({ id, deleted: true });
  },

  async agent(c) {
    return c.json(await Docs.agent());
  },

  async updateAgent(c) {
    return c.json(await Docs.updateAgent(await body(c, AgentSettingsBody)));
  },
});
