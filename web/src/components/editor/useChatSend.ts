import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { App } from "../../../../schemas/app";
import { usageQuery } from "../../api/apps";
import { useSendMessage } from "../../api/chat";
import { ApiError } from "../../api/client";
import { toast } from "../ui/toaster";

export interface Outgoing {
  content: string;
  fileUrls?: string[];
  discussion: boolean;
  /** "Resolve with AI": a fix of the preview's errors, free as an automated fix while the server allows it */
  resolve?: boolean;
}

/**
 * Sending a chat message (spec 01 §5 Chat input): non-empty after trimming, never
 * while the app is processing; the current page travels along. 402 raises the
 * 'Out of credits' notice, any other failure 'Failed to send message'.
 */
export function useChatSend(app: App, currentPage: string | null) {
  const client = useQueryClient();
  const mutation = useSendMessage(app.id);
  const [outOfCredits, setOutOfCredits] = useState(false);

  const send = async ({ content, fileUrls, discussion, resolve }: Outgoing): Promise<boolean> => {
    const text = content.trim();
    if (!text || app.status.state === "processing" || mutation.isPending) return false;
    const params = { current_page: currentPage ?? undefined, discussion_mode: discussion || undefined };
    try {
      await mutation.mutateAsync({
        content: text,
        file_urls: fileUrls?.length ? fileUrls : undefined,
        additional_message_params: params.current_page || params.discussion_mode ? params : undefined,
        ...(resolve ? { resolve_issues: true } : {}),
      });
      setOutOfCredits(false);
      void client.invalidateQueries({ queryKey: usageQuery.queryKey });
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) setOutOfCredits(true);
      else toast.error("Failed to send message");
      return false;
    }
  };

  return { send, sending: mutation.isPending, outOfCredits, dismissOutOfCredits: () => setOutOfCredits(false) };
}
