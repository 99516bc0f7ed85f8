import type { AppMeta } from "../../schemas/app";
import type { ChatMessage, SendMessageBody } from "../../schemas/chat";
import type { User } from "../../schemas/user";
import { AppEvents } from "./app-events";
import { Apps } from "./apps";
import { Checkpoints } from "./checkpoints";
import { Credits } from "./credits";
import { VisibleError } from "./errors";
import { Jobs } from "./jobs";
import { Messages } from "./messages";
import { DISCUSSION_COST, MESSAGE_COST } from "./tiers";

/**
 * A chat turn's life on the request side (DESIGN §4): the message is stored, a
 * checkpoint of the files is written, the app goes to `processing`, a job is
 * queued, and the call returns at once. The worker does the rest.
 */
export namespace Chat {
  export function costOf(body: Pick<SendMessageBody, "additional_message_params">): number {
    const params = body.additional_message_params;
    if (params?.automated_fix) return 0; // automated error fixes are never charged
    return params?.discussion_mode ? DISCUSSION_COST : MESSAGE_COST;
  }

  export async function send(
    user: User,
    app: AppMeta,
    body: SendMessageBody,
    senderSid: string | null,
    options: { firstTurn?: boolean } = {},
  ): Promise<{ user_message: ChatMessage; assistant_message: ChatMessage; app: AppMeta }> {
    // A new app is created already "processing" (spec 01 §4); every later message waits for the turn before it.
    if (!options.firstTurn) Apps.assertNotProcessing(app);
    const cost = costOf(body);
    const chargedAt = new Date();
    await Credits.charge(user, cost, chargedAt);
    try {
      const checkpoint = await Checkpoints.create(app.id, { before_message: body.content }, null);
      const userMessage = await Messages.append(
        app.id,
        {
          role: "user",
          content: body.content,
          file_urls: body.file_urls,
          custom_context: body.custom_context,
          additional_message_params: body.additional_message_params,
          checkpoint_id: checkpoint.id,
        },
        user.email,
      );
      const assistant = await Messages.append(
        app.id,
        { role: "assistant", content: "", state: "streaming", base_checkpoint_id: checkpoint.id },
        null,
      );
      const updated = await Apps.update(app.id, {
        status: { state: "processing", details: "Thinking...", last_updated_date: new Date().toISOString() },
        _last_msg_id: assistant.id,
        turn_id: assistant.id,
        stop_requested: null,
        suggestions: null,
      });
      await AppEvents.publish(app.id, { app: { status: updated.status }, message: userMessage }, senderSid);
      await AppEvents.publish(app.id, { message: assistant }, senderSid);
      await Jobs.enqueue("ai-turn", {
        app_id: app.id,
        user_id: user.id,
        user_message_id: userMessage.id,
        assistant_message_id: assistant.id,
        sender_sid: senderSid,
        charged: cost,
        charged_at: chargedAt.toISOString(),
      });
      return { user_message: userMessage, assistant_message: assistant, app: updated };
    } catch (err) {
      await Credits.refund(user.id, cost, chargedAt);
      throw err;
    }
  }

  /**
   * Stop: ask the running turn to abort (it keeps what it already applied) and
   * free the app at once, so a turn that died elsewhere cannot leave it stuck.
   */
  export async function stop(app: AppMeta): Promise<AppMeta> {
    const updated = await Apps.update(app.id, {
      stop_requested: app.turn_id ?? null,
      status: { state: "ready", details: "Stopped", last_updated_date: new Date().toISOString() },
    });
    await AppEvents.publish(app.id, { app: { status: updated.status } });
    return updated;
  }

  /** Revert a user message: load the checkpoint taken before it and hide it and everything after it. */
  export async function undo(app: AppMeta, messageId: string, senderSid: string | null): Promise<{ content: string; app: AppMeta }> {
    const message = await Messages.get(app.id, messageId);
    if (message.role !== "user") throw new VisibleError("input", "Only user messages can be reverted");
    if (!message.checkpoint_id) throw new VisibleError("input", "This message has no checkpoint to return to");
    if (app.status.state === "processing") await stop(app);
    await Checkpoints.load(app.id, message.checkpoint_id);
    const { messages } = await Messages.list(app.id);
    for (const m of messages) if (m.id >= messageId) await Messages.update(app.id, m.id, { hidden: true });
    const updated = await Apps.update(app.id, {
      status: { state: "ready", details: null, last_updated_date: new Date().toISOString() },
      suggestions: null,
    });
    await AppEvents.publish(app.id, { app: { status: updated.status } }, senderSid);
    await AppEvents.refetch(app.id, senderSid);
    return { content: message.content, app: updated };
  }
}
