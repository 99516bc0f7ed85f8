import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type * as z from "zod";
import { type AgentSettings, type AgentSettingsBody, type Article, SupportRules } from "../../../schemas/support";
import { db, isConditionFailure, queryAll, table } from "../db";
import { notFound } from "../errors";
import { Keys } from "../keys";

/** The documentation manager (spec 03 §2.12, §7.11): help articles and the support agent's settings. */
export namespace Docs {
  /** What the agent starts with until an admin edits it (and what `npm start` seeds). */
  export const DEFAULT_AGENT: AgentSettings = {
    response_system_prompt:
      "You are Kiln's support agent. Draft a reply to the user's ticket: friendly, concise, and accurate. " +
      "Answer only from the help articles given below; quote or link them where they apply. " +
      "If the articles do not answer the question, say what information you need instead of guessing.",
    polish_system_prompt:
      "Fix the grammar, spelling and punctuation of the text you are given. Keep its meaning, tone, markdown and length. " +
      "Answer with the corrected text only, without any preamble.",
    internal_category_options: ["Bug confirmed", "Feature request", "Refund", "Needs engineering"],
  };

  const articleOf = (item: Record<string, unknown>): Article => ({
    id: String(item.id),
    title: String(item.title),
    content: String(item.content),
    created_date: String(item.created_date),
    updated_date: String(item.updated_date ?? item.created_date),
  });

  /** Every article, oldest first (the documentation is a handful of pages, one partition). */
  export async function articles(): Promise<Article[]> {
    const items = await queryAll({
      KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
      ExpressionAttributeValues: { ":p": Keys.articles.pk, ":s": Keys.articles.skPrefix },
    });
    return items.map(articleOf);
  }

  export async function createArticle(input: { title: string; content: string }, id = ulid().toLowerCase()): Promise<Article> {
    const now = new Date().toISOString();
    const article: Article = { id, title: input.title, content: input.content, created_date: now, updated_date: now };
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.article(id), ...article }, ConditionExpression: "attribute_not_exists(pk)" }));
    return article;
  }

  /** Article ids are ULIDs or the seed's names; a longer one names no article (and never reaches a key). */
  const known = (id: string) => {
    if (id.length > 64) throw notFound(SupportRules.ARTICLE_NOT_FOUND);
  };

  export async function updateArticle(id: string, input: { title: string; content: string }): Promise<Article> {
    known(id);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.article(id),
          UpdateExpression: "SET title = :t, content = :c, updated_date = :u",
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeValues: { ":t": input.title, ":c": input.content, ":u": new Date().toISOString() },
          ReturnValues: "ALL_NEW",
        }),
      );
      return articleOf(Attributes!);
    } catch (err) {
      if (isConditionFailure(err)) throw notFound(SupportRules.ARTICLE_NOT_FOUND);
      throw err;
    }
  }

  export async function removeArticle(id: string): Promise<void> {
    known(id);
    try {
      await db().send(new DeleteCommand({ TableName: table(), Key: Keys.article(id), ConditionExpression: "attribute_exists(pk)" }));
    } catch (err) {
      if (isConditionFailure(err)) throw notFound(SupportRules.ARTICLE_NOT_FOUND);
      throw err;
    }
  }

  export async function agent(): Promise<AgentSettings> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.agentSettings, ConsistentRead: true }));
    if (!Item) return DEFAULT_AGENT;
    return {
      response_system_prompt: String(Item.response_system_prompt ?? DEFAULT_AGENT.response_system_prompt),
      polish_system_prompt: String(Item.polish_system_prompt ?? DEFAULT_AGENT.polish_system_prompt),
      internal_category_options: (Item.internal_category_options as string[] | undefined) ?? DEFAULT_AGENT.internal_category_options,
    };
  }

  /** Only the fields sent change, in one update (the others keep their stored or default value). */
  export async function updateAgent(patch: z.output<typeof AgentSettingsBody>): Promise<AgentSettings> {
    const fields = Object.entries({ ...patch, updated_date: new Date().toISOString() }).filter(([, v]) => v !== undefined);
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.agentSettings,
        UpdateExpression: `SET ${fields.map((_, i) => `#f${i} = :v${i}`).join(", ")}`,
        ExpressionAttributeNames: Object.fromEntries(fields.map(([k], i) => [`#f${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(fields.map(([, v], i) => [`:v${i}`, v])),
      }),
    );
    return agent();
  }

  /** Seed: the default settings and these articles, each only when absent (idempotent); an article still saying what an earlier seed said is brought up to date. */
  export async function ensure(seedArticles: { id: string; title: string; content: string; replaces?: string[] }[]): Promise<number> {
    await db()
      .send(new PutCommand({ TableName: table(), Item: { ...Keys.agentSettings, ...DEFAULT_AGENT }, ConditionExpression: "attribute_not_exists(pk)" }))
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
    let created = 0;
    for (const a of seedArticles) {
      try {
        await createArticle(a, a.id);
        created++;
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        for (const old of a.replaces ?? []) await replaceSeeded(a, old);
      }
    }
    return created;
  }

  /** A seeded article whose text is still `old` (no admin has edited it) takes the new text; an edited one is left alone. */
  async function replaceSeeded(a: { id: string; title: string; content: string }, old: string): Promise<void> {
    await db()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.article(a.id),
          UpdateExpression: "SET title = :t, content = :c, updated_date = :u",
          ConditionExpression: "content = :old",
          ExpressionAttributeValues: { ":t": a.title, ":c": a.content, ":u": new Date().toISOString(), ":old": old },
        }),
      )
      .catch((err) => {
        if (!isConditionFailure(err)) throw err;
      });
  }
}
