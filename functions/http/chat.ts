import { FeedbackBody, SendMessageBody } from "../../schemas/chat";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { Chat } from "../core/chat/chat";
import { Feedback } from "../core/chat/feedback";
import { Jobs } from "../core/jobs";
import { Messages } from "../core/chat/messages";
import { body, callGroup } from "./group";

/** Spec 01 §7 Chat: send, undo, stop, suggestions; plus the full history and per-action feedback. */
export const { app, handler } = callGroup("chat", {
  async messages(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await Messages.list(meta.id));
  },

  async send(c) {
    const user = Actor.user();
    const meta = await Apps.assertAccess(user, c.req.param("id")!);
    const input = await body(c, SendMessageBody);
    return c.json(await Chat.send(user, meta, input, Actor.socketId()), 201);
  },

  async undo(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!, "You do not have access to this app");
    return c.json(await Chat.undo(meta, c.req.param("msgId")!, Actor.socketId()));
  },

  async stop(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await Chat.stop(meta));
  },

  async suggestions(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    if (meta.suggestions) return c.json(meta.suggestions);
    await Jobs.enqueue("chat-suggestions", { app_id: meta.id });
    return c.json({ queued: true }, 202);
  },

  async feedback(c) {
    const user = Actor.user();
    const input = await body(c, FeedbackBody);
    return c.json(await Feedback.record(user, input), 201);
  },
});
