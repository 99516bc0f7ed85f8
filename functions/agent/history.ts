import type { ChatMessage } from "../../schemas/chat";

/**
 * The conversation before `userMessageId` as a model should see it: each user message with
 * the answer it got. A turn that failed (its answer an error, or nothing at all) is left out
 * whole, so its message never rides along with, or merges into, the next one.
 */
export function conversationBefore(messages: ChatMessage[], userMessageId: string): { role: "user" | "assistant"; content: string }[] {
  const earlier = messages.filter((m) => m.id < userMessageId && m.role !== "tool");
  const out: { role: "user" | "assistant"; content: string }[] = [];
  for (let i = 0; i < earlier.length; i++) {
    const asked = earlier[i];
    if (asked.role !== "user") continue;
    const answer = earlier[i + 1]?.role === "assistant" ? earlier[i + 1] : undefined;
    if (answer) i++;
    if (!answer || answer.state === "error" || answer.state === "streaming" || !answer.content.trim() || !asked.content.trim()) continue;
    out.push({ role: "user", content: asked.content }, { role: "assistant", content: answer.content });
  }
  return out;
}
