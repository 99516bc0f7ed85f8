import { type App, AppMeta } from "../../../schemas/app";
import { EntitySchema } from "../../../schemas/app-files";
import { ChatMessage } from "../../../schemas/chat";
import { MessageDelta } from "../../../schemas/message-delta";
import { appendDelta } from "./messageDelta";

/** What one `update_model` frame of an app's room changes in the tab's copy of the app (spec 01 §4 Real-time channel). */

type Files = Pick<App, "pages" | "components" | "entities" | "layout" | "functions">;

/** Pushed app fields, each checked against its own schema so one odd field never drops the rest. */
function metaFields(data: Record<string, unknown>): Partial<AppMeta> {
  const shape = AppMeta.shape as Record<string, { safeParse(v: unknown): { success: boolean; data?: unknown } }>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!(key in shape)) continue;
    const parsed = shape[key].safeParse(value);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Partial<AppMeta>;
}

/** `_files` ({path: content | null}) applied to the app's file groups; null deletes. */
export function applyFiles(current: Files, changed: Record<string, unknown>): Files {
  const next: Files = {
    pages: { ...current.pages },
    components: { ...current.components },
    entities: { ...current.entities },
    layout: current.layout,
    functions: { ...current.functions },
  };
  for (const [path, content] of Object.entries(changed)) {
    if (content !== null && typeof content !== "string") continue;
    const slash = path.indexOf("/");
    const kind = path.slice(0, slash);
    const name = path.slice(slash + 1);
    if (path === "layout/main") next.layout = content;
    else if (kind === "pages" || kind === "components" || kind === "functions") {
      if (content === null) delete next[kind][name];
      else next[kind][name] = content;
    } else if (kind === "entities") {
      if (content === null) delete next.entities[name];
      else {
        try {
          const parsed = EntitySchema.safeParse(JSON.parse(content));
          if (parsed.success) next.entities[name] = parsed.data;
        } catch {
          // a malformed schema is never applied by the server either
        }
      }
    }
  }
  return next;
}

/** `_last_msg`: replaces the message with the same id, else is appended; a hidden one leaves the list. */
export function applyMessage(conversation: App["conversation"], message: ChatMessage): App["conversation"] {
  const messages = [...conversation.messages];
  const at = messages.findIndex((m) => m.id === message.id);
  if (message.hidden) {
    if (at < 0) return conversation;
    messages.splice(at, 1);
    return { ...conversation, messages, total: Math.max(0, conversation.total - 1) };
  }
  if (at >= 0) {
    messages[at] = message;
    return { ...conversation, messages };
  }
  messages.push(message);
  return { ...conversation, messages, total: conversation.total + 1 };
}

/** What one `update_model` frame changes in the cached app (fields, `_last_msg`, `_files`). */
export function appPatch(current: App | undefined, data: Record<string, unknown>): Partial<App> | undefined {
  if (!current) return undefined;
  const patch: Partial<App> = metaFields(data);
  const message = data._last_msg === undefined ? null : ChatMessage.safeParse(data._last_msg);
  if (message?.success) patch.conversation = applyMessage(current.conversation, message.data);
  if (data._files && typeof data._files === "object") Object.assign(patch, applyFiles(current, data._files as Record<string, unknown>));
  return patch;
}

/**
 * `frames` applied in order to an app fetched while they arrived: fields, files and the last
 * message replace what the fetch read, streamed growth is appended where it follows on.
 * A fetch answers the app as it was when the server read it, so a frame that landed meanwhile
 * is either in it already (applying it again changes nothing) or newer (and must be applied).
 */
export function replayFrames(app: App, frames: readonly Record<string, unknown>[]): App {
  let current = app;
  for (const data of frames) {
    current = { ...current, ...appPatch(current, data) };
    const delta = MessageDelta.safeParse(data._msg_delta);
    if (delta.success) {
      const grown = appendDelta(current.conversation, delta.data);
      if (grown !== "gap") current = { ...current, conversation: grown };
    }
  }
  return current;
}
