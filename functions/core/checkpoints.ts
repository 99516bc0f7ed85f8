import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { type FileTree, FileTree as FileTreeSchema } from "../../schemas/app-files";
import { Checkpoint } from "../../schemas/chat";
import { AppFiles } from "./app-files";
import { Config } from "./config";
import { db, table } from "./db";
import { notFound } from "./errors";
import { Keys, stripKeys } from "./keys";
import { Storage } from "./storage";

/** Checkpoints: an item per checkpoint plus an S3 object holding the whole file tree at that moment. */
export namespace Checkpoints {
  export async function create(appId: string, name: string, messageId: string | null, files?: FileTree): Promise<Checkpoint> {
    const tree = files ?? (await AppFiles.tree(appId));
    const id = ulid();
    await Storage.client().send(
      new PutObjectCommand({
        Bucket: Config.bucket,
        Key: Keys.checkpointObject(appId, id),
        Body: JSON.stringify(tree),
        ContentType: "application/json",
      }),
    );
    const checkpoint: Checkpoint = {
      id,
      app_id: appId,
      name: name.slice(0, 200),
      created_date: new Date().toISOString(),
      message_id: messageId,
      file_count: Object.keys(tree).length,
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

  /** Put the app's files back as they were at the checkpoint. */
  export async function load(appId: string, id: string): Promise<FileTree> {
    const files = await tree(appId, id);
    await AppFiles.replaceTree(appId, files);
    return files;
  }

  export async function removeObjects(appId: string, ids: string[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        Storage.client()
          .send(new DeleteObjectCommand({ Bucket: Config.bucket, Key: Keys.checkpointObject(appId, id) }))
          .catch(() => undefined),
      ),
    );
  }
}
