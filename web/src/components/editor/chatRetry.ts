import { createContext, useContext } from "react";

/**
 * Retry for a failed answer, provided by the chat panel: `retry` sends again the user
 * message that answer failed on; `canRetry` holds only for the newest answer while the
 * app is not working. Null outside a chat panel.
 */
export interface ChatRetry {
  canRetry(assistantMessageId: string): boolean;
  retry(assistantMessageId: string): void;
}

export const ChatRetryContext = createContext<ChatRetry | null>(null);

export const useChatRetry = () => useContext(ChatRetryContext);
