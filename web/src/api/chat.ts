import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import * as z from "zod";
import { type App, AppMeta } from "../../../schemas/app";
import { ChatMessage, ChatSuggestions, type SendMessageBody } from "../../../schemas/chat";
import { appQuery } from "./apps";
import { call } from "./client";

/** Spec 01 §7 Chat calls, typed by schemas/. */
export const Chat = {
  messages: (appId: string) => call("GET /api/apps/{id}/chat/messages", { params: { id: appId }, schema: z.object({ messages: z.array(ChatMessage), total: z.number() }) }),
  send: (appId: string, body: SendMessageBody) =>
    call("POST /api/apps/{id}/chat/message", {
      params: { id: appId },
      body,
      schema: z.object({ user_message: ChatMessage, assistant_message: ChatMessage, app: AppMeta }),
    }),
  undo: (appId: string, messageId: string) =>
    call("POST /api/apps/{id}/chat/message/{msgId}/undo", {
      params: { id: appId, msgId: messageId },
      schema: z.object({ content: z.string(), app: AppMeta }),
    }),
  stop: (appId: string) => call("POST /api/apps/{id}/chat/stop", { params: { id: appId }, schema: AppMeta }),
  /** 200 with the suggestions, or 202 {queued: true} when they will arrive over the socket. */
  generateSuggestions: (appId: string) =>
    call("POST /api/apps/{id}/chat/generate-suggestions", { params: { id: appId }, schema: z.union([ChatSuggestions, z.object({ queued: z.literal(true) })]) }),
};

/** Visible messages only (hidden ones are never listed), in time order (ULID ids sort by time). */
export function visibleMessages(messages: ChatMessage[]): ChatMessage[] {
  return messages.filter((m) => !m.hidden);
}

/** Union by id; a message already held is replaced only by what is passed in `newer`. */
function unionMessages(older: ChatMessage[], newer: ChatMessage[]): ChatMessage[] {
  const byId = new Map(older.map((m) => [m.id, m]));
  for (const m of newer) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Metadata from a call's answer, keeping whichever status is newer (the socket may have run ahead). */
function withMeta(current: App, meta: AppMeta): App {
  const newer = meta.status.last_updated_date >= current.status.last_updated_date ? meta.status : current.status;
  return { ...current, ...meta, status: newer };
}

function patchApp(client: QueryClient, appId: string, patch: (app: App) => App) {
  client.setQueryData(appQuery(appId).queryKey, (current: App | undefined) => (current ? patch(current) : current));
}

/**
 * POST chat/message. Our own socket does not hear the echo of this call, so the
 * two new messages and the app's new status go into the cache from the answer;
 * a message the socket already delivered (with streamed content) is kept.
 */
export function useSendMessage(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => Chat.send(appId, body),
    onSuccess: ({ user_message, assistant_message, app: meta }) =>
      patchApp(client, appId, (current) => {
        const held = new Set(current.conversation.messages.map((m) => m.id));
        const fresh = [user_message, assistant_message].filter((m) => !held.has(m.id));
        return {
          ...withMeta(current, meta),
          conversation: {
            ...current.conversation,
            messages: unionMessages(current.conversation.messages, fresh),
            total: current.conversation.total + fresh.length,
          },
        };
      }),
  });
}

/** POST chat/message/{id}/undo: the files and messages change wholesale, so the app is reloaded. */
export function useUndoMessage(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => Chat.undo(appId, messageId),
    onSuccess: ({ app: meta }) => {
      patchApp(client, appId, (current) => withMeta(current, meta));
      return client.invalidateQueries({ queryKey: appQuery(appId).queryKey });
    },
  });
}

export function useStopChat(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => Chat.stop(appId),
    onSuccess: (meta) => patchApp(client, appId, (current) => withMeta(current, meta)),
  });
}

/** 'Load entire conversation': every visible message, merged with anything pushed meanwhile. */
export function useLoadAllMessages(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => Chat.messages(appId),
    onSuccess: ({ messages, total }) =>
      patchApp(client, appId, (current) => ({
        ...current,
        conversation: { messages: unionMessages(visibleMessages(messages), current.conversation.messages), total, complete: true },
      })),
  });
}

/** Ask for the three follow-up suggestions; failures are silently ignored (spec 01 §8). */
export async function requestSuggestions(client: QueryClient, appId: string): Promise<void> {
  try {
    const answer = await Chat.generateSuggestions(appId);
    if ("queued" in answer) return;
    patchApp(client, appId, (current) => ({ ...current, suggestions: answer }));
  } catch {
    // silently ignored
  }
}
