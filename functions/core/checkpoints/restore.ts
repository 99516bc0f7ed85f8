import type { AppMeta } from "../../../schemas/app";
import type { FileTree } from "../../../schemas/app-files";
import type * as z from "zod";
import type { LoadCheckpointBody } from "../../../schemas/chat";
import { AppFiles } from "../apps/files";
import { Apps } from "../apps/apps";
import { Checkpoints } from "./checkpoints";

/** Version History's restore: the app's code (and, when asked, its records) put back as they were at a checkpoint. */
export namespace CheckpointRestore {
  /** A refused restore leaves no checkpoint of its own behind. */
  const forget = (appId: string, id: string) => async (err: unknown): Promise<never> => {
    await Checkpoints.remove(appId, id);
    throw err;
  };

  /**
   * Code only, or (`restore_data`) code and the entity records as they were at the checkpoint;
   * entities keep their current security rules unless `restore_rules` asks for the checkpoint's.
   */
  export async function restore(
    meta: AppMeta,
    checkpointId: string,
    input: z.infer<typeof LoadCheckpointBody>,
  ): Promise<{ success: true; files: FileTree; data: { entities: string[]; records: number } | null; rules: "restored" | "kept" }> {
    Apps.assertNotProcessing(meta);
    const checkpoint = await Checkpoints.get(meta.id, checkpointId);
    if (input.restore_data) Checkpoints.assertDataRestorable(checkpoint);
    // Restoring is itself undoable: the files (and records) as they are now become a checkpoint first.
    const current = await AppFiles.tree(meta.id);
    const before = await Checkpoints.create(meta.id, { before_restore: true }, null, current);
    // From the record history, both must be placed among the changes before anything changes; if the stream is behind, nothing does.
    const history = input.restore_data && Checkpoints.keptAsHistory(checkpoint);
    const [target, until] = history ? await Checkpoints.placed(meta.id, [checkpoint, before]).catch(forget(meta.id, before.id)) : [checkpoint];
    const files = await Checkpoints.load(meta.id, checkpoint.id, { keepRules: !input.restore_rules, current });
    const data = input.restore_data ? await Checkpoints.loadData(meta.id, target, files, current, until) : null;
    await Apps.replaced(meta.id);
    return { success: true, files, data, rules: input.restore_rules ? "restored" : "kept" };
  }
}
