/**
 * How a pushed `update_model` changes what the tab holds: fields replace fields,
 * and a pushed last message (`_last_msg`) replaces the message with the same id
 * in `conversation.messages` or is appended (spec 01 §4 Real-time channel).
 */
export function mergeModel<T extends object>(current: T | undefined, data: Record<string, unknown>): T | undefined {
  if (current === undefined) return current;
  const { _last_msg, ...fields } = data as { _last_msg?: { id: string } } & Record<string, unknown>;
  const merged = { ...current, ...fields } as T & { conversation?: { messages?: { id: string }[] } };
  if (_last_msg && typeof _last_msg === "object") {
    const messages = [...(merged.conversation?.messages ?? [])];
    const at = messages.findIndex((m) => m.id === _last_msg.id);
    if (at >= 0) messages[at] = _last_msg;
    else messages.push(_last_msg);
    merged.conversation = { ...merged.conversation, messages };
  }
  return merged;
}
