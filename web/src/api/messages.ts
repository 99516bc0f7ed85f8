import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import * as z from "zod";
import type { FeedbackBody } from "../../../schemas/chat";
import { ApiError, call, detailOf } from "./client";

/** One file an assistant message changed: its text before (original) and after (modified). */
export const FileChange = z.object({
  path: z.string(),
  change: z.enum(["added", "modified", "deleted"]),
  language: z.enum(["javascript", "json", "css"]),
  original: z.string(),
  modified: z.string(),
});
export type FileChange = z.infer<typeof FileChange>;

export const MessageChanges = z.object({ message_id: z.string(), files: z.array(FileChange) });
export type MessageChanges = z.infer<typeof MessageChanges>;

export const NO_CHANGES = "No file changes detected for this message.";

/** The calls of the Message Details and feedback dialogs (spec 01 §2, §7). */
export const Messages = {
  /** GET /apps/{id}/chat/message/{msgId}/changes: the message's file changes against the previous checkpoint. */
  changes: (appId: string, messageId: string) => call("GET /api/apps/{id}/chat/message/{msgId}/changes", { params: { id: appId, msgId: messageId }, schema: MessageChanges }),
  /** POST /feedback */
  feedback: (body: z.input<typeof FeedbackBody>) =>
    call("POST /api/feedback", { body, schema: z.looseObject({ id: z.string().optional() }) }),
};

export const messageChangesQuery = (appId: string, messageId: string) =>
  queryOptions({
    queryKey: ["apps", appId, "messages", messageId, "changes"],
    queryFn: () => Messages.changes(appId, messageId),
    staleTime: 30_000,
  });

export type ChangesState =
  | { kind: "loading" }
  | { kind: "empty" }
  | { kind: "error"; text: string }
  | { kind: "files"; files: FileChange[] };

/** The Code Changes tab's data, with the spec's texts: no changes (400 or an empty list), 'Message not found' (404), else the detail. */
export function useMessageChanges(appId: string, messageId: string, enabled = true): ChangesState {
  const query = useQuery({ ...messageChangesQuery(appId, messageId), enabled });
  if (query.isPending) return { kind: "loading" };
  if (query.isError) {
    const err = query.error;
    if (err instanceof ApiError && err.status === 404) return { kind: "error", text: "Message not found" };
    if (err instanceof ApiError && err.status === 400 && err.detail === NO_CHANGES) return { kind: "empty" };
    return { kind: "error", text: detailOf(err) };
  }
  return query.data.files.length === 0 ? { kind: "empty" } : { kind: "files", files: query.data.files };
}

export function useSendFeedback() {
  return useMutation({ mutationFn: Messages.feedback });
}
