import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { type FileTree, FileTree as FileTreeSchema } from "../../schemas/app-files";
import { Checkpoint, RecordsSnapshot } from "../../schemas/chat";
import { withCurrentRules } from "../../schemas/restore";
import type { EntityRecord } from "../../schemas/entities";
import { AppFiles } from "./app-files";
import { Config } from "./config";
import { db, table } from "./db";
import { VisibleError, notFound } from "./errors";
import { Keys, stripKeys } from "./keys";
import { Records } from "./records";
import { Storage } from "./storage";

/**
 * Checkpoints: an item per checkpoint plus S3 objects holding the whole file tree at that
 * moment and, when the app had any, its entity records (so a restore can bring data back too).
 */
export namespace Checkpoints {
  /** The records one checkpoint keeps, as JSON; past this the checkpoint keeps code only and says so. */
  export const MAX_SNAPSHOT_BYTES = 20 * 1024 * 1024;

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

  export async function create(appId: string, reason: Reason, messageId: string | null, files?: FileTree): Promise<Checkpoint> {
    const tree = files ?? (await AppFiles.tree(appId));
    const name = nameOf(reason, Object.keys(tree).length);
    const id = ulid();
    const snapshot = await snapshotRecords(appId, tree);
    await Promise.all([
      Storage.client().send(
        new PutObjectCommand({
          Bucket: Config.bucket,
          Key: Keys.checkpointObject(appId, id),
          Body: JSON.stringify(tree),
          ContentType: "application/json",
        }),
      ),
      snapshot.state === "saved" &&
        Storage.client().send(
          new PutObjectCommand({
            Bucket: Config.bucket,
            Key: Keys.checkpointDataObject(appId, id),
            Body: JSON.stringify(snapshot.data),
            ContentType: "application/json",
          }),
        ),
    ]);
    const checkpoint: Checkpoint = {
      id,
      app_id: appId,
      name: name.slice(0, 200),
      created_date: new Date().toISOString(),
      message_id: messageId,
      file_count: Object.keys(tree).length,
      data_snapshot: snapshot.state,
      record_count: snapshot.count,
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

  /** Every entity's records, read in parallel; empty entities cost one small Query and are left out. */
  async function snapshotRecords(appId: string, files: FileTree): Promise<{ state: Checkpoint["data_snapshot"]; count: number; data?: RecordsSnapshot }> {
    let bytes = 0;
    let count = 0;
    let tooLarge = false;
    const entities: Record<string, EntityRecord[]> = {};
    await Promise.all(
      entitiesOf(files).map(async (entity) => {
        const records: EntityRecord[] = [];
        for await (const { record } of Records.walk(appId, entity, { order: "created", descending: false })) {
          if (tooLarge) return;
          bytes += Buffer.byteLength(JSON.stringify(record));
          if (bytes > MAX_SNAPSHOT_BYTES) {
            tooLarge = true;
            return;
          }
          records.push(record);
        }
        if (records.length) {
          entities[entity] = records;
          count += records.length;
        }
      }),
    );
    if (tooLarge) return { state: "too_large", count: 0 };
    return count ? { state: "saved", count, data: { entities } } : { state: "empty", count: 0 };
  }

  /** Refuses (before anything changes) a data restore from a checkpoint that kept no data. */
  export function assertDataRestorable(checkpoint: Checkpoint): void {
    if (checkpoint.data_snapshot === "none") throw new VisibleError("input", "This checkpoint was made before data was saved with checkpoints; restore its code only.");
    if (checkpoint.data_snapshot === "too_large") {
      throw new VisibleError("input", `This checkpoint's data was larger than ${MAX_SNAPSHOT_BYTES / 1024 / 1024} MB and was not saved with it; restore its code only.`);
    }
  }

  /**
   * Put the app's records back as they were at the checkpoint: every entity of the
   * checkpoint's files and of the current files holds exactly its snapshot (none if it had none).
   */
  export async function loadData(appId: string, checkpoint: Checkpoint, files: FileTree, current: FileTree): Promise<{ entities: string[]; records: number }> {
    assertDataRestorable(checkpoint);
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
