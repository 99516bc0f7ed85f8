import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { type FileTree, FileTree as FileTreeSchema } from "../../../schemas/app-files";
import { Checkpoint, RecordsSnapshot } from "../../../schemas/chat";
import { withCurrentRules } from "../../../schemas/restore";
import type { EntityRecord } from "../../../schemas/entities";
import { AppFiles } from "../apps/files";
import { Config } from "../config";
import { db, isConditionFailure, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Keys, stripKeys } from "../keys";
import { RecordHistory } from "../records/history";
import { Records } from "../records/records";
import { Storage } from "../storage";

/**
 * Checkpoints: an item per checkpoint plus an S3 object holding the whole file tree at that
 * moment. The app's records are not copied: the table's stream places the checkpoint among the
 * app's record changes (functions/core/records/history.ts), and a restore with data undoes the
 * changes made after it. Older checkpoints kept a copy of the records in S3 and restore from it.
 */
export namespace Checkpoints {
  /** The records an older checkpoint copied, as JSON; past this it kept code only and says so. */
  export const MAX_SNAPSHOT_BYTES = 20 * 1024 * 1024;
  /** How long a data restore waits for the stream to place its checkpoints (well inside API Gateway's 30 s). */
  export const PLACE_WAIT_MS = 20_000;

  /** What a checkpoint is taken before; its name says so, since restoring it brings back the app as it was then. */
  export type Reason = { before_message: string } | { before_edit: string } | { before_restore: true } | { remix_of: string };

  const excerpt = (text: string) => {
    const line = text.replace(/\s+/g, " ").trim();
    return line.length > 80 ? `${line.slice(0, 79)}…` : line;
  };

  /** "Before: <message>", "Before: manual edit of <path>", "Before: restoring an earlier version"; an app with no files yet is "Empty app". */
  export function nameOf(reason: Reason, fileCount: number): string {
    // a remix's first checkpoint is where it starts: the source's code as it was copied
    if ("remix_of" in reason) return `Remixed from ${excerpt(reason.remix_of)}`;
    const before =
      "before_message" in reason ? excerpt(reason.before_message) : "before_edit" in reason ? `manual edit of ${reason.before_edit}` : "restoring an earlier version";
    return fileCount === 0 ? `Empty app (before: ${before})` : `Before: ${before}`;
  }

  /** The files' copy and one item, whatever the app's data: the stream places the item among the record changes ("pending" until then). */
  export async function create(appId: string, reason: Reason, messageId: string | null, files?: FileTree): Promise<Checkpoint> {
    const tree = files ?? (await AppFiles.tree(appId));
    const name = nameOf(reason, Object.keys(tree).length);
    const id = ulid();
    // the object before the item: a listed checkpoint always has its files
    await Storage.client().send(
      new PutObjectCommand({ Bucket: Config.bucket, Key: Keys.checkpointObject(appId, id), Body: JSON.stringify(tree), ContentType: "application/json" }),
    );
    const checkpoint: Checkpoint = {
      id,
      app_id: appId,
      name: name.slice(0, 200),
      created_date: new Date().toISOString(),
      message_id: messageId,
      file_count: Object.keys(tree).length,
      data_snapshot: "pending",
      record_count: 0,
    };
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.checkpoint(appId, id), ...checkpoint } }));
    return checkpoint;
  }

  export async function get(appId: string, id: string): Promise<Checkpoint> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.checkpoint(appId, id) }));
    if (!Item) throw notFound("Checkpoint not found");
    return Checkpoint.parse(stripKeys(Item));
  }

  /** Newest first. */
  export async function list(appId: string, limit = 100): Promise<Checkpoint[]> {
    const { pk, skPrefix } = Keys.checkpoints(appId);
    const { Items = [] } = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
        ExpressionAttributeValues: { ":p": pk, ":s": skPrefix },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.map((i) => Checkpoint.parse(stripKeys(i)));
  }

  export async function tree(appId: string, id: string): Promise<FileTree> {
    await get(appId, id);
    const object = await Storage.client().send(new GetObjectCommand({ Bucket: Config.bucket, Key: Keys.checkpointObject(appId, id) }));
    return FileTreeSchema.parse(JSON.parse(await object.Body!.transformToString()));
  }

  /**
   * Put the app's files back as they were at the checkpoint; with `keepRules`, every entity that
   * exists now keeps the security rules it has now (Version History's default).
   */
  export async function load(appId: string, id: string, options: { keepRules?: boolean; current?: FileTree } = {}): Promise<FileTree> {
    const saved = await tree(appId, id);
    const current = options.current ?? (await AppFiles.tree(appId));
    const files = options.keepRules ? withCurrentRules(saved, current) : saved;
    await AppFiles.replaceTree(appId, files, current);
    return files;
  }

  /** Entities whose records a checkpoint keeps: those with a schema file (app users live apart, in AppUsers). */
  const entitiesOf = (files: FileTree) =>
    Object.keys(files)
      .filter((path) => path.startsWith("entities/"))
      .map((path) => path.slice("entities/".length))
      .filter((name) => name !== "User");

  /** A checkpoint whose records are restored by undoing the changes made after it (not from an S3 copy). */
  export const keptAsHistory = (checkpoint: Checkpoint) => checkpoint.data_snapshot === "pending" || checkpoint.data_seq !== undefined;

  /** Refuses (before anything changes) a data restore from a checkpoint that kept no data. */
  export function assertDataRestorable(checkpoint: Checkpoint): void {
    if (checkpoint.data_snapshot === "none") throw new VisibleError("input", "This checkpoint was made before data was saved with checkpoints; restore its code only.");
    if (checkpoint.data_snapshot === "too_large") {
      throw new VisibleError("input", `This checkpoint's data was larger than ${MAX_SNAPSHOT_BYTES / 1024 / 1024} MB and was not saved with it; restore its code only.`);
    }
    // the changes since it are kept this long: past it some may be gone, and the restore would be wrong
    if (keptAsHistory(checkpoint) && Date.now() - Date.parse(checkpoint.created_date) > RecordHistory.KEEP_DAYS * 86_400_000) {
      throw new VisibleError("input", `This checkpoint is older than ${RecordHistory.KEEP_DAYS} days and its data is no longer kept; restore its code only.`);
    }
  }

  /**
   * These checkpoints once the stream has placed them among the record changes, waited for up
   * to PLACE_WAIT_MS. The last one is taken now, so once it is placed every change before now is
   * in the history; if the stream is further behind, the restore is refused rather than made from
   * a history missing changes.
   */
  export async function placed(appId: string, checkpoints: Checkpoint[]): Promise<Checkpoint[]> {
    const deadline = Date.now() + PLACE_WAIT_MS;
    const found: Checkpoint[] = [];
    for (const checkpoint of checkpoints) {
      let current = checkpoint;
      while (current.data_seq === undefined) {
        if (Date.now() > deadline) {
          throw new VisibleError("conflict", "The app's latest data changes are still being recorded; try restoring with data again in a minute.");
        }
        await new Promise((r) => setTimeout(r, 50));
        current = await get(appId, checkpoint.id);
      }
      found.push(current);
    }
    return found;
  }

  /**
   * Put the app's records back as they were at the checkpoint. From the history (`until`: a
   * placed checkpoint taken just now): every record changed between the two gets the state the
   * first of those changes found (or is deleted, if it did not exist), and every other record
   * has not changed since, so each entity holds exactly what it held then. From an older S3
   * copy: every entity of the checkpoint's files and of the current files holds exactly its
   * snapshot (none if it had none). Records app users write while the restore runs may be overwritten.
   */
  export async function loadData(
    appId: string,
    checkpoint: Checkpoint,
    files: FileTree,
    current: FileTree,
    until?: Checkpoint,
  ): Promise<{ entities: string[]; records: number }> {
    assertDataRestorable(checkpoint);
    if (checkpoint.data_seq !== undefined && until?.data_seq !== undefined) return undoChanges(appId, checkpoint.data_seq, until.data_seq, checkpoint.record_count);
    if (keptAsHistory(checkpoint)) throw new Error("a history checkpoint restores only once it and the restore's own checkpoint are placed");
    let snapshot: RecordsSnapshot = { entities: {} };
    if (checkpoint.data_snapshot === "saved") {
      const object = await Storage.client().send(new GetObjectCommand({ Bucket: Config.bucket, Key: Keys.checkpointDataObject(appId, checkpoint.id) }));
      snapshot = RecordsSnapshot.parse(JSON.parse(await object.Body!.transformToString()));
    }
    const entities = [...new Set([...entitiesOf(files), ...entitiesOf(current), ...Object.keys(snapshot.entities)])];
    let records = 0;
    for (const entity of entities) records += (await Records.restore(appId, entity, snapshot.entities[entity] ?? [])).restored;
    return { entities, records };
  }

  /** Each changed record back to its state then, through the same conditional writes (and counters) as the entity API; work grows with the changes, not the records. */
  async function undoChanges(appId: string, fromSeq: string, untilSeq: string, count: number): Promise<{ entities: string[]; records: number }> {
    const changed = await RecordHistory.changedSince(appId, fromSeq, untilSeq);
    const work = [...changed].flatMap(([entity, then]) => [...then].map(([id, record]) => ({ entity, id, record })));
    // which fields each entity indexes, read once; records put back keep their old updated_date, so they settle together afterwards
    const readAt = Date.now();
    const indexed = new Map(await Promise.all([...changed.keys()].map(async (entity) => [entity, await Records.indexedFields(appId, entity)] as const)));
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let next = work.pop(); next; next = work.pop()) await putBack(appId, next.entity, next.id, next.record, indexed.get(next.entity)!);
      }),
    );
    for (const [entity, then] of changed) {
      await Records.settle(appId, entity, indexed.get(entity)!, readAt, [...then.values()].filter((r): r is EntityRecord => r !== null), true);
    }
    return { entities: [...changed.keys()], records: count };
  }

  /** One record as it was (null: absent); a write that loses to a concurrent one reads the record again and retries. */
  async function putBack(appId: string, entity: string, id: string, record: EntityRecord | null, indexed: string[]): Promise<void> {
    const later = { settleLater: true };
    for (let attempt = 0; attempt < 10; attempt++) {
      const now = await Records.get(appId, entity, id);
      if (!now && !record) return;
      if (!now) {
        try {
          return await Records.insert(appId, entity, record!, indexed, later);
        } catch (err) {
          // created meanwhile: read it again
          if (!isConditionFailure(err) && !String(err).includes("already exists")) throw err;
        }
      } else if (record ? await Records.replace(appId, entity, record, now, indexed, later) : await Records.remove(appId, entity, now, indexed, later)) return;
    }
    throw new Error(`${entity} ${id} kept changing while it was restored`);
  }

  /** Forget a checkpoint that was taken for a restore that was then refused. */
  export async function remove(appId: string, id: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.checkpoint(appId, id) }));
    await removeObjects(appId, [id]);
  }

  export async function removeObjects(appId: string, ids: string[]): Promise<void> {
    await Promise.all(
      ids.flatMap((id) =>
        [Keys.checkpointObject(appId, id), Keys.checkpointDataObject(appId, id)].map((Key) =>
          Storage.client()
            .send(new DeleteObjectCommand({ Bucket: Config.bucket, Key }))
            .catch(() => undefined),
        ),
      ),
    );
  }
}
