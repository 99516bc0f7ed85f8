import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { FileTree } from "../../../schemas/app-files";
import { batchWrite, db, isConditionFailure, queryAll, table } from "../db";
import { Keys } from "../keys";

/** An app's code: one item per file in the app's partition, so a file write touches one item. */
export namespace AppFiles {
  /** The app's files, or only those under `folder` ("entities/"). */
  export async function tree(appId: string, folder = ""): Promise<FileTree> {
    const { pk, skPrefix } = Keys.appFiles(appId);
    const items = await queryAll({ KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues: { ":p": pk, ":s": skPrefix + folder } });
    return Object.fromEntries(items.map((item) => [item.path as string, item.content as string]));
  }

  const itemOf = (appId: string, path: string, content: string) => ({ ...Keys.appFile(appId, path), path, content, updated_date: new Date().toISOString() });

  export async function write(appId: string, path: string, content: string): Promise<void> {
    await db().send(new PutCommand({ TableName: table(), Item: itemOf(appId, path, content) }));
  }

  /**
   * Write a file only if it still holds `expected` (undefined: only if it does not exist yet);
   * false when someone changed it first, and then nothing is written.
   */
  export async function writeIf(appId: string, path: string, content: string, expected: string | undefined): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: itemOf(appId, path, content),
          ...(expected === undefined
            ? { ConditionExpression: "attribute_not_exists(pk)" }
            : { ConditionExpression: "#c = :expected", ExpressionAttributeNames: { "#c": "content" }, ExpressionAttributeValues: { ":expected": expected } }),
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  export async function remove(appId: string, path: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.appFile(appId, path) }));
  }

  /** Make the app's files exactly `next` (checkpoint restore), writing only what differs. */
  export async function replaceTree(appId: string, next: FileTree, current?: FileTree): Promise<void> {
    const now = current ?? (await tree(appId));
    const requests: Record<string, unknown>[] = [];
    for (const path of Object.keys(now)) {
      if (!(path in next)) requests.push({ DeleteRequest: { Key: Keys.appFile(appId, path) } });
    }
    for (const [path, content] of Object.entries(next)) {
      if (now[path] !== content) {
        requests.push({ PutRequest: { Item: itemOf(appId, path, content) } });
      }
    }
    await batchWrite(requests);
  }

  /** Group a file tree the way an App answers it (spec 01 §3: pages, components, entities, layout). */
  export function grouped(files: FileTree) {
    const pages: Record<string, string> = {};
    const components: Record<string, string> = {};
    const functions: Record<string, string> = {};
    const entities: Record<string, unknown> = {};
    let layout: string | null = null;
    for (const [path, content] of Object.entries(files)) {
      const [kind, ...rest] = path.split("/");
      const name = rest.join("/");
      if (kind === "pages") pages[name] = content;
      else if (kind === "components") components[name] = content;
      else if (kind === "functions") functions[name] = content;
      else if (kind === "layout") layout = content;
      else if (kind === "entities") {
        try {
          entities[name] = JSON.parse(content);
        } catch {
          // an entity that is not JSON is skipped here; the code view still shows the file
        }
      }
    }
    return { pages, components, functions, entities, layout };
  }
}
