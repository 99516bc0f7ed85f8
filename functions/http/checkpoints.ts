import { LoadCheckpointBody } from "../../schemas/chat";
import { Actor } from "../core/actor";
import { AppEvents } from "../core/apps/events";
import { AppFiles } from "../core/apps/files";
import { Apps } from "../core/apps/apps";
import { changesBetween } from "../core/apps/changes";
import { Checkpoints } from "../core/checkpoints/checkpoints";
import { VisibleError } from "../core/errors";
import { Messages } from "../core/chat/messages";
import { body, callGroup } from "./group";

/** A refused restore leaves no checkpoint of its own behind. */
const forget = (appId: string, id: string) => async (err: unknown): Promise<never> => {
  await Checkpoints.remove(appId, id);
  throw err;
};

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

  /**
   * Code only, or (`restore_data`) code and the entity records as they were at the checkpoint;
   * entities keep their current security rules unless `restore_rules` asks for the checkpoint's.
   */
  async load(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const input = await body(c, LoadCheckpointBody);
    Apps.assertNotProcessing(meta);
    const checkpoint = await Checkpoints.get(meta.id, c.req.param("cp")!);
    if (input.restore_data) Checkpoints.assertDataRestorable(checkpoint);
    // Restoring is itself undoable: the files (and records) as they are now become a checkpoint first.
    const current = await AppFiles.tree(meta.id);
    const before = await Checkpoints.create(meta.id, { before_restore: true }, null, current);
    // From the record history, both must be placed among the changes before anything changes; if the stream is behind, nothing does.
    const history = input.restore_data && Checkpoints.keptAsHistory(checkpoint);
    const [target, until] = history ? await Checkpoints.placed(meta.id, [checkpoint, before]).catch(forget(meta.id, before.id)) : [checkpoint];
    const files = await Checkpoints.load(meta.id, checkpoint.id, { keepRules: !input.restore_rules, current });
    const data = input.restore_data ? await Checkpoints.loadData(meta.id, target, files, current, until) : null;
    await Apps.update(meta.id, {});
    await AppEvents.refetch(meta.id, Actor.socketId());
    return c.json({ success: true, files, data, rules: input.restore_rules ? "restored" : "kept" });
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
