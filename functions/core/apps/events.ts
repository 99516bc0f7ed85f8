import type { AppMeta } from "../../../schemas/app";
import type { ChatMessage } from "../../../schemas/chat";
import type { MessageDelta } from "../../../schemas/message-delta";
import { Realtime } from "../realtime/rooms";

/**
 * What the builder's per-app room hears (`update_model` in room = app id):
 * changed app fields, the newest message as `_last_msg`, and changed files as
 * `_files` (path -> content, null when deleted). A frame too big for the socket
 * (API Gateway's 128 KB) is replaced by `_refetch`, and the tab reloads the app.
 */
export namespace AppEvents {
  const MAX_FRAME = 100_000;

  export interface Change {
    app?: Partial<AppMeta>;
    message?: ChatMessage;
    /** what a streaming message grew by, as `_msg_delta` (schemas/message-delta.ts) */
    messageDelta?: MessageDelta;
    files?: Record<string, string | null>;
  }

  /** Tell the room to reload the whole app (after an undo or a checkpoint restore). */
  export function refetch(appId: string, senderSid: string | null = null): Promise<void> {
    return broadcastSafely(appId, { _refetch: true }, senderSid);
  }

  /** The room's members read ahead, beside a write whose publish must wait for it (undefined: publish reads them itself). */
  export const members = (appId: string): Promise<string[] | undefined> => Realtime.members(appId).catch(() => undefined);

  export async function publish(appId: string, change: Change, senderSid: string | null = null, known?: string[]): Promise<void> {
    let data: Record<string, unknown> = { ...change.app };
    if (change.message) data._last_msg = change.message;
    if (change.messageDelta) data._msg_delta = change.messageDelta;
    if (change.files) data._files = change.files;
    if (JSON.stringify(data).length > MAX_FRAME) {
      data = { ...change.app, _refetch: true, _last_msg_id: change.message?.id };
    }
    await broadcastSafely(appId, data, senderSid, known);
  }

  async function broadcastSafely(appId: string, data: Record<string, unknown>, senderSid: string | null, known?: string[]) {
    try {
      await Realtime.broadcast(appId, data, senderSid, known);
    } catch (err) {
      // The change itself is saved; a tab that missed it catches up on its next load.
      console.error(`[app-events] broadcast to ${appId} failed:`, (err as Error).message);
    }
  }
}
