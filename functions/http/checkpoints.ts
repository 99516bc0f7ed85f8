import { LoadCheckpointBody } from "../../schemas/chat";
import { Actor } from "../core/actor";
import { AppFiles } from "../core/apps/files";
import { Apps } from "../core/apps/apps";
import { changesBetween } from "../core/apps/changes";
import { CheckpointRestore } from "../core/checkpoints/restore";
import { Checkpoints } from "../core/checkpoints/checkpoints";
import { VisibleError } from "../core/errors";
import { Messages } from "../core/chat/messages";
import { body, callGroup } from "./group";

/** Spec 01 §7 Checkpoints, and the per-message code changes of the Message Details dialog. */
export const { app, handler } = callGroup("checkpoints", {
  async list(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await Checkpoints.list(meta.id));
  },

  async fileTree(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json({ files: await Checkpoints.tree(meta.id, c.req.param("cp")!) });
  },

  /** Version History's restore: code only, or code and data; the rules as they are now unless asked for the checkpoint's. */
  async load(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const input = await body(c, LoadCheckpointBody);
    return c.json(await CheckpointRestore.restore(meta, c.req.param("cp")!, input));
  },

  /** The files an assistant message changed: its turn's starting checkpoint against what came after it. */
  async messageChanges(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const message = await Messages.get(meta.id, c.req.param("msgId")!);
    if (message.role !== "assistant" || !message.base_checkpoint_id) throw new VisibleError("input", "No file changes detected for this message.");
    const before = await Checkpoints.tree(meta.id, message.base_checkpoint_id);
    const { messages } = await Messages.list(meta.id);
    const next = messages.find((m) => m.id > message.id && m.role === "user" && m.checkpoint_id);
    const after = next?.checkpoint_id ? await Checkpoints.tree(meta.id, next.checkpoint_id) : await AppFiles.tree(meta.id);
    return c.json({ message_id: message.id, files: changesBetween(before, after) });
  },
});
