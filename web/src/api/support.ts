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

const id = (value: string) => encodeURIComponent(value);

/** Spec 03 §7.9–7.11: the support desk's calls, typed by schemas/support.ts. */
export const Support = {
  list: (appId?: string) =>
    call("/support/conversations", {
      query: { app_id: appId },
      schema: TicketList,
    }),
  create: (body: CreateTicketBody) => call("/support/conversations", { method: "POST", body, schema: Ticket }),
  get: (ticketId: string) => call(`/support/conversations/${id(ticketId)}`, { schema: Ticket }),
  post: (ticketId: string, body: PostMessageBody) =>
    call(`/support/conversations/${id(ticketId)}/messages`, {
      method: "POST",
      body,
      schema: TicketMessage,
    }),
  notifications: (ticketId: string, on: boolean) =>
    call(`/support/conversations/${id(ticketId)}/notifications`, {
      method: "PUT",
      body: { notify_via_email_on_admin_response: on },
      schema: Ticket,
    }),

  inbox: (query: InboxQuery) => call("/support/admin", { query, schema: Inbox }),
  detail: (ticketId: string) => call(`/support/admin/${id(ticketId)}`, { schema: TicketDetail }),
  setTicketState: (ticketId: string, status: Ticket["ticket_status"]) =>
    call(`/support/admin/${id(ticketId)}/change_ticket_status`, {
      method: "PATCH",
      body: { status },
      schema: Ticket,
    }),
  assign: (ticketId: string, email: string) =>
    call(`/support/admin/${id(ticketId)}/assign`, {
      method: "PATCH",
      body: { user_email: email },
      schema: Ticket,
    }),
  setInternalCategories: (ticketId: string, categories: string[]) =>
    call(`/support/admin/${id(ticketId)}/internal_categories`, {
      method: "PATCH",
      body: { internal_categories: categories },
      schema: Ticket,
    }),
  resolveMany: (ticketIds: string[]) =>
    call("/support/admin/resolve-many", {
      method: "PATCH",
      body: { ticket_ids: ticketIds },
      schema: ResolveManyResult,
    }),
  deleteMessage: (ticketId: string, messageId: string) =>
    call(`/support/admin/${id(ticketId)}/messages`, {
      method: "DELETE",
      body: { message_id: messageId },
      schema: z.object({ id: z.string(), deleted: z.literal(true) }),
    }),
  polish: (ticketId: string, text: string) =>
    call(`/support/admin/${id(ticketId)}/messages/polish`, {
      method: "POST",
      body: { text },
      schema: PolishResult,
    }),
  draft: (ticketId: string) =>
    call(`/support/admin/${id(ticketId)}/draft`, {
      method: "POST",
      schema: DraftResult,
    }),

  articles: () => call("/docs/articles", { schema: ArticleList }),
  createArticle: (body: { title: string; content: string }) => call("/docs/articles", { method: "POST", body, schema: Article }),
  updateArticle: (articleId: string, body: { title: string; content: string }) =>
    call(`/docs/articles/${id(articleId)}`, {
      method: "PUT",
      body,
      schema: Article,
    }),
  removeArticle: (articleId: string) =>
    call(`/docs/articles/${id(articleId)}`, {
      method: "DELETE",
      schema: z.object({ id: z.string(), deleted: z.literal(true) }),
    }),
  agent: () => call("/docs/agent", { schema: AgentSettings }),
  updateAgent: (body: z.input<typeof AgentSettingsBody>) => call("/docs/agent", { method: "PUT", body, schema: AgentSettings }),
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
