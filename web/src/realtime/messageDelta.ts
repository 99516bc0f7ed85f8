import type { App } from "../../../schemas/app";
import { MessageDelta } from "../../../schemas/message-delta";

type Conversation = App["conversation"];

/**
 * A streaming message's pushed growth (`_msg_delta`) appended to the tab's copy: the conversation
 * with it, the same conversation when the tab already has that text (or the message has finished),
 * or "gap" when the tab's copy is shorter than where the delta starts (it missed a piece).
 */
export function appendDelta(conversation: Conversation, delta: MessageDelta): Conversation | "gap" {
  const at = conversation.messages.findIndex((m) => m.id === delta.id);
  if (at < 0) return "gap";
  const message = conversation.messages[at];
  if (message.state !== "streaming") return conversation;
  const have = message.content.length;
  if (delta.offset > have) return "gap";
  if (delta.length <= have) return conversation;
  const messages = [...conversation.messages];
  messages[at] = { ...message, content: message.content + delta.text.slice(have - delta.offset) };
  return { ...conversation, messages };
}

/**
 * Reads `_msg_delta` frames for one tab: each appended, and on a gap (a tab that joined or
 * reconnected mid-turn) the app is fetched once, its deltas ignored until that fetch lands.
 */
export function deltaReader(refetch: () => Promise<unknown>) {
  const fetching = new Set<string>();
  return (conversation: Conversation | undefined, raw: unknown): Conversation | undefined => {
    const parsed = MessageDelta.safeParse(raw);
    if (!parsed.success || !conversation || fetching.has(parsed.data.id)) return undefined;
    const next = appendDelta(conversation, parsed.data);
    if (next !== "gap") return next === conversation ? undefined : next;
    const id = parsed.data.id;
    fetching.add(id);
    void refetch().finally(() => fetching.delete(id));
    return undefined;
  };
}
