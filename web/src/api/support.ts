import { queryOptions } from "@tanstack/react-query";
import * as z from "zod";
import {
  AgentSettings,
  type AgentSettingsBody,
  Article,
  ArticleList,
  type CreateTicketBody,
  DraftResult,
  Inbox,
  type InboxQuery,
  PolishResult,
  type PostMessageBody,
  ResolveManyResult,
  Ticket,
  TicketDetail,
  type TicketEvent,
  TicketList,
  TicketMessage,
} from "../../../schemas/support";
import { call } from "./client";

/** Spec 03 §7.9–7.11: the support desk's calls, typed by schemas/support.ts. */
export const Support = {
  list: (appId?: string) =>
    call("GET /api/support/conversations", {
      query: { app_id: appId },
      schema: TicketList,
    }),
  create: (body: CreateTicketBody) => call("POST /api/support/conversations", { body, schema: Ticket }),
  get: (ticketId: string) => call("GET /api/support/conversations/{id}", { params: { id: ticketId }, schema: Ticket }),
  post: (ticketId: string, body: PostMessageBody) =>
    call("POST /api/support/conversations/{id}/messages", {
      params: { id: ticketId },
      body,
      schema: TicketMessage,
    }),
  notifications: (ticketId: string, on: boolean) =>
    call("PUT /api/support/conversations/{id}/notifications", {
      params: { id: ticketId },
      body: { notify_via_email_on_admin_response: on },
      schema: Ticket,
    }),

  inbox: (query: InboxQuery) => call("GET /api/support/admin", { query, schema: Inbox }),
  detail: (ticketId: string) => call("GET /api/support/admin/{id}", { params: { id: ticketId }, schema: TicketDetail }),
  setTicketState: (ticketId: string, status: Ticket["ticket_status"]) =>
    call("PATCH /api/support/admin/{id}/change_ticket_status", {
      params: { id: ticketId },
      body: { status },
      schema: Ticket,
    }),
  assign: (ticketId: string, email: string) =>
    call("PATCH /api/support/admin/{id}/assign", {
      params: { id: ticketId },
      body: { user_email: email },
      schema: Ticket,
    }),
  setInternalCategories: (ticketId: string, categories: string[]) =>
    call("PATCH /api/support/admin/{id}/internal_categories", {
      params: { id: ticketId },
      body: { internal_categories: categories },
      schema: Ticket,
    }),
  resolveMany: (ticketIds: string[]) =>
    call("PATCH /api/support/admin/resolve-many", {
      body: { ticket_ids: ticketIds },
      schema: ResolveManyResult,
    }),
  deleteMessage: (ticketId: string, messageId: string) =>
    call("DELETE /api/support/admin/{id}/messages", {
      params: { id: ticketId },
      body: { message_id: messageId },
      schema: z.object({ id: z.string(), deleted: z.literal(true) }),
    }),
  polish: (ticketId: string, text: string) =>
    call("POST /api/support/admin/{id}/messages/polish", {
      params: { id: ticketId },
      body: { text },
      schema: PolishResult,
    }),
  draft: (ticketId: string) =>
    call("POST /api/support/admin/{id}/draft", {
      params: { id: ticketId },
      schema: DraftResult,
    }),

  articles: () => call("GET /api/docs/articles", { schema: ArticleList }),
  createArticle: (body: { title: string; content: string }) => call("POST /api/docs/articles", { body, schema: Article }),
  updateArticle: (articleId: string, body: { title: string; content: string }) =>
    call("PUT /api/docs/articles/{id}", {
      params: { id: articleId },
      body,
      schema: Article,
    }),
  removeArticle: (articleId: string) =>
    call("DELETE /api/docs/articles/{id}", {
      params: { id: articleId },
      schema: z.object({ id: z.string(), deleted: z.literal(true) }),
    }),
  agent: () => call("GET /api/docs/agent", { schema: AgentSettings }),
  updateAgent: (body: z.input<typeof AgentSettingsBody>) => call("PUT /api/docs/agent", { body, schema: AgentSettings }),
};

export const myTicketsQuery = (appId?: string) =>
  queryOptions({
    queryKey: ["support", "mine", appId ?? null] as const,
    queryFn: () => Support.list(appId),
  });
export const ticketQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ["support", "ticket", ticketId] as const,
    queryFn: () => Support.get(ticketId),
    retry: false,
  });
export const inboxQuery = (query: InboxQuery) =>
  queryOptions({
    queryKey: ["support", "inbox", query] as const,
    queryFn: () => Support.inbox(query),
  });
export const ticketDetailQuery = (ticketId: string) =>
  queryOptions({
    queryKey: ["support", "detail", ticketId] as const,
    queryFn: () => Support.detail(ticketId),
    retry: false,
  });
export const articlesQuery = queryOptions({
  queryKey: ["docs", "articles"] as const,
  queryFn: Support.articles,
});
export const agentQuery = queryOptions({
  queryKey: ["docs", "agent"] as const,
  queryFn: Support.agent,
});

/** A message into a thread once: our own send and its echo over the socket carry the same id. */
export function withMessage(ticket: Ticket, message: TicketMessage): Ticket {
  const messages = ticket.messages ?? [];
  if (messages.some((m) => m.id === message.id)) return ticket;
  return { ...ticket, messages: [...messages, message] };
}

/**
 * A live update (the ticket's or the inbox room's `update_model` frame) applied to a ticket
 * held with its thread: the pushed ticket replaces the fields, the thread keeps its messages.
 */
export function applyTicketEvent(ticket: Ticket, event: TicketEvent): Ticket {
  if (event.ticket_id !== ticket.id) return ticket;
  // the creator's room never carries the draft or internal categories: keep what an admin already holds
  const fields = event.ticket
    ? {
        ...event.ticket,
        messages: ticket.messages,
        draft: event.ticket.draft ?? ticket.draft,
      }
    : {};
  let next: Ticket = { ...ticket, ...fields };
  if (event.type === "message_created" && event.message) next = withMessage(next, event.message);
  if (event.type === "message_deleted" && event.message_id)
    next = {
      ...next,
      messages: (next.messages ?? []).filter((m) => m.id !== event.message_id),
    };
  return next;
}

/** Ticket ids display as their first 8 characters (spec 03 §9). */
export const shortId = (ticketId: string) => ticketId.slice(0, 8);
