import type { AppMeta } from "../../../schemas/app";
import type { ChatMessage, SendMessageBody } from "../../../schemas/chat";
import type { User } from "../../../schemas/user";
import { AppEvents } from "../apps/events";
import { Apps } from "../apps/apps";
import { Checkpoints } from "../checkpoints/checkpoints";
import { Credits } from "../billing/credits";
import { VisibleError } from "../errors";
import { Jobs } from "../jobs";
import { Messages } from "./messages";
import { DISCUSSION_COST, MAX_AUTOMATED_FIXES_PER_TURN, MESSAGE_COST } from "../../../lib/tiers";
import { Turns } from "./turns";

/**
 * A chat turn's life on the request side (DESIGN §4): the message is stored, a
 * checkpoint of the files is written, the app goes to `processing`, a job is
 * queued, and the call returns at once. The worker does the rest.
 */
export namespace Chat {
  /**
   * What a message costs. Whatever the client puts in `additional_message_params`, a message
   * it sends is charged, except an automated fix (freeFix): the server's own fix loop inside a turn
   * (functions/agent/turn.ts) sends no message, and "Resolve with AI" is one.
   */
  export function costOf(body: Pick<SendMessageBody, "additional_message_params">, automatedFix = false): number {
    if (automatedFix) return 0;
    return body.additional_message_params?.discussion_mode ? DISCUSSION_COST : MESSAGE_COST;
  }

  /**
   * Whether a "Resolve with AI" message is a free automated fix: it follows a paid message whose turn it fixes,
   * and fewer than MAX_AUTOMATED_FIXES_PER_TURN free fixes came since (the same cap as the turn's own fix loop),
   * so pressing it cannot make every message free.
   */
  async function freeFix(appId: string): Promise<boolean> {
    const { messages } = await Messages.list(appId, 2 * (MAX_AUTOMATED_FIXES_PER_TURN + 1));
    const users = messages.filter((m) => m.role === "user").reverse();
    const fixes = users.findIndex((m) => !m.additional_message_params?.automated_fix);
    return fixes >= 0 && fixes < MAX_AUTOMATED_FIXES_PER_TURN && !users[fixes].additional_message_params?.discussion_mode;
  }

  export async function send(
    user: User,
    app: AppMeta,
    body: SendMessageBody,
    senderSid: string | null,
    /** automatedFix: the server's own free fix turn (Fix All's findings for the assistant), whatever the body says */
    options: { firstTurn?: boolean; automatedFix?: boolean } = {},
  ): Promise<{ user_message: ChatMessage; assistant_message: ChatMessage; app: AppMeta }> {
    const userMessageId = Messages.newId();
    const turnId = Messages.newId();
    const automatedFix = options.automatedFix === true || (body.resolve_issues === true && (await freeFix(app.id)));
    // One turn per app: claimed by a conditional write before anything is charged, so a second send answers 409 and costs nothing.
    const claimed = await Apps.startTurn(app, turnId, options.firstTurn);
    let charge;
    try {
      charge = await Credits.charge(user, costOf(body, automatedFix));
    } catch (err) {
      await release(app, turnId);
      throw err;
    }
    try {
      const deadlineAt = new Date(Date.now() + Turns.deadlineMs()).toISOString();
      await Turns.register(app.id, turnId, deadlineAt);
      const checkpoint = await Checkpoints.create(app.id, { before_message: body.content }, null);
      // automated_fix is the server's to set (a fix it runs itself, or a free "Resolve with AI"): a client's claim is not stored.
      const { automated_fix: _, discussion_mode: discussion, ...rest } = body.additional_message_params ?? {};
      const params = automatedFix ? { ...rest, automated_fix: true } : { ...rest, ...(discussion === undefined ? {} : { discussion_mode: discussion }) };
      const userMessage = await Messages.append(
        app.id,
        {
          id: userMessageId,
          role: "user",
          content: body.content,
          file_urls: body.file_urls,
          custom_context: body.custom_context,
          additional_message_params: body.additional_message_params || automatedFix ? params : undefined,
          checkpoint_id: checkpoint.id,
        },
        user.email,
      );
      const assistant = await Messages.append(app.id, { id: turnId, role: "assistant", content: "", state: "streaming", base_checkpoint_id: checkpoint.id }, null);
      await AppEvents.publish(app.id, { app: { status: claimed.status }, message: userMessage }, senderSid);
      await AppEvents.publish(app.id, { message: assistant }, senderSid);
      await Jobs.enqueue("ai-turn", {
        app_id: app.id,
        user_id: user.id,
        user_message_id: userMessage.id,
        assistant_message_id: assistant.id,
        sender_sid: senderSid,
        charge,
        deadline_at: deadlineAt,
      });
      return { user_message: userMessage, assistant_message: assistant, app: claimed };
    } catch (err) {
      await Credits.refund(user.id, charge);
      await release(app, turnId);
      throw err;
    }
  }

  /** Give the app back after a turn that never started: its status as before the claim, unless another turn took it since. */
  async function release(before: AppMeta, turnId: string): Promise<void> {
    const status = before.status.state === "processing" ? { state: "ready" as const, details: null, last_updated_date: new Date().toISOString() } : before.status;
    const meta = await Apps.update(before.id, { status }, false, (a) => a.turn_id === turnId && a.status.state === "processing");
    await Turns.clear(before.id, turnId);
    await AppEvents.publish(before.id, { app: { status: meta.status } });
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
