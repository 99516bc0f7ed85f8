import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { type AgentSettings, type Article, type DraftResult, SupportRules, type TicketMessage } from "../../../schemas/support";
import { languageModelFor } from "../../agent/provider-settings";
import { db, table } from "../db";
import { VisibleError } from "../errors";
import { Keys } from "../keys";
import { Docs } from "./docs";
import { TicketEvents } from "./events";
import { ArticleRanking } from "./ranking";
import { type StoredTicket, Tickets } from "./tickets";

/**
 * The AI side of the inbox: a draft reply and the grammar polish, through the provider
 * registry with the documentation's system prompts. Without a model the draft quotes the
 * best-matching articles and the polish refuses; neither ever invents an answer.
 */
export namespace SupportDrafts {
  /** The platform's default model serves the support desk. */
  const served = () => languageModelFor("default");

  export async function draft(id: string): Promise<DraftResult> {
    const found = await Tickets.withMessages(id);
    if (!found) throw new VisibleError("not_found", SupportRules.NOT_FOUND);
    const { ticket, messages } = found;
    const question = [ticket.title, ticket.content, ...messages.filter((m) => m.role === "user").map((m) => m.content)].join("\n");
    const [articles, settings] = await Promise.all([Docs.articles(), Docs.agent()]);
    const best = ArticleRanking.rank(question, articles).map((s) => s.article);
    const model = await served();
    let result: DraftResult;
    if (model) {
      await setDraft(ticket, { is_bot_writing: true });
      try {
        result = { draft: await withModel(model, settings, ticket, messages, best), source: "model", articles: best.map(({ id, title }) => ({ id, title })) };
      } catch (err) {
        await setDraft(ticket, { is_bot_writing: false });
        throw err;
      }
    } else {
      result = { draft: fromArticles(ticket, best), source: "articles", articles: best.map(({ id, title }) => ({ id, title })) };
    }
    await setDraft(ticket, { is_bot_writing: false, draft: result.draft });
    return result;
  }

  export async function polish(text: string): Promise<{ text: string }> {
    const model = await served();
    if (!model) throw new VisibleError("input", SupportRules.POLISH_NEEDS_MODEL);
    return { text: await ask(model, (await Docs.agent()).polish_system_prompt, text) };
  }

  type Served = NonNullable<Awaited<ReturnType<typeof languageModelFor>>>;

  /** The model's draft: the response prompt and the matching articles as its system, the thread as the question. */
  export function withModel(model: Served, settings: AgentSettings, t: Pick<StoredTicket, "title" | "category">, messages: TicketMessage[], articles: Article[]): Promise<string> {
    return ask(model, `${settings.response_system_prompt}\n\n${articlesBlock(articles)}`, threadOf(t, messages));
  }

  /** One question to the model; a provider's failure is a 502 in its own words. */
  export async function ask(model: Served, system: string, prompt: string): Promise<string> {
    // the AI SDK loads with the first question, not with every support handler's cold start
    const { generateText, readableError } = await import("../../agent/model-sdk");
    try {
      const { text } = await generateText({ model: model.model, maxRetries: model.maxRetries, maxOutputTokens: 4096, system, prompt });
      return text.trim();
    } catch (err) {
      throw new VisibleError("upstream", readableError(model.provider, err).message);
    }
  }

  function articlesBlock(articles: Article[]): string {
    if (!articles.length) return "No help article matches this ticket.";
    return `Help articles:\n\n${articles.map((a) => `## ${a.title}\n${a.content}`).join("\n\n")}`;
  }

  function threadOf(t: Pick<StoredTicket, "title" | "category">, messages: TicketMessage[]): string {
    const lines = messages.map((m) => `${m.additional_message_params.is_admin_message ? "Support" : "User"}: ${m.content}`);
    return `Ticket "${t.title}" (category ${t.category}).\n\n${lines.join("\n\n")}\n\nDraft the support team's next reply.`;
  }

  /** The retrieval-based draft: the matching articles, quoted; or, with none, a plain acknowledgement that asks for details. */
  export function fromArticles(t: Pick<StoredTicket, "title" | "content">, articles: Article[]): string {
    const question = `${t.title}\n${t.content}`;
    if (!articles.length) {
      return "Thanks for reaching out. None of our help articles covers this yet, so could you tell us the steps that lead to the problem and what you expected to happen?";
    }
    const docs = process.env.KILN_DOCS_URL?.trim();
    const quoted = articles.map((a) => {
      const heading = docs ? `[${a.title}](${docs.replace(/\/$/, "")}#${a.id})` : `**${a.title}**`;
      const quote = ArticleRanking.bestPassage(question, a.content).split("\n").map((l) => `> ${l}`).join("\n");
      return `${heading}\n${quote}`;
    });
    return `Thanks for reaching out. These articles from our documentation should help:\n\n${quoted.join("\n\n")}\n\nIf they don't solve it, reply here and we'll look into it.`;
  }

  /** The draft fields only (no counter moves), versioned like every ticket write, and announced to the admins. */
  async function setDraft(t: StoredTicket, fields: { is_bot_writing: boolean; draft?: string }): Promise<void> {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.ticket(t.id),
        UpdateExpression: `SET is_bot_writing = :b${fields.draft !== undefined ? ", draft = :d" : ""} ADD version :one`,
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":b": fields.is_bot_writing, ":one": 1, ...(fields.draft !== undefined ? { ":d": fields.draft } : {}) },
        ReturnValues: "ALL_NEW",
      }),
    );
    if (Attributes) await TicketEvents.publish("ticket_updated", Tickets.fromItem(Attributes));
  }
}
