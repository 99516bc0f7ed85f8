import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { monotonicFactory } from "ulid";
import { ChatMessage } from "../../../schemas/chat";
import { Config } from "../config";
import { db, isConditionFailure, table } from "../db";
import { notFound } from "../errors";
import { Keys, stripKeys } from "../keys";
import { Storage } from "../storage";

/**
 * An app's conversation: one item per message in the app's partition, ids are
 * ULIDs so the sort key is time order. A message whose content would push the
 * item toward DynamoDB's 400 KB limit keeps its content in S3 instead.
 */
export namespace Messages {
  export const INLINE_LIMIT = 300_000;
  export const INITIAL_COUNT = 20;

  type New = Omit<ChatMessage, "id" | "metadata"> & { id?: string; metadata?: Partial<ChatMessage["metadata"]> };

  /** Ids that sort in the order they were made, even within one millisecond (a user message, then its answer). */
  export const newId = monotonicFactory();

  const s3Key = (appId: string, id: string) => `apps/${appId}/messages/${id}.txt`;

  async function toMessage(item: Record<string, unknown>): Promise<ChatMessage> {
    if (typeof item.content_s3 === "string") {
      const object = await Storage.client().send(new GetObjectCommand({ Bucket: Config.bucket, Key: item.content_s3 }));
      item = { ...item, content: await object.Body!.transformToString() };
    }
    const { content_s3: _, app_id: __, ...rest } = stripKeys(item);
    return ChatMessage.parse(rest);
  }

  async function contentFields(appId: string, id: string, content: string) {
    if (content.length <= INLINE_LIMIT) return { content, content_s3: null };
    const key = s3Key(appId, id);
    await Storage.client().send(new PutObjectCommand({ Bucket: Config.bucket, Key: key, Body: content, ContentType: "text/plain; charset=utf-8" }));
    return { content: content.slice(0, 1000), content_s3: key };
  }

  export async function append(appId: string, message: New, createdByEmail: string | null): Promise<ChatMessage> {
    const id = message.id ?? newId();
    const full = ChatMessage.parse({
      ...message,
      id,
      metadata: { created_date: new Date().toISOString(), created_by_email: createdByEmail, ...message.metadata },
    });
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...Keys.message(appId, id), app_id: appId, ...full, ...(await contentFields(appId, id, full.content)) },
      }),
    );
    return full;
  }

  /** Merge fields into a message (the growing assistant answer, its state, its receipt). */
  /** Merge `patch` into a message; `alongside` are writes that must land in the same transaction (a refund). */
  export async function update(appId: string, id: string, patch: Partial<Omit<ChatMessage, "id">>, alongside: object[] = []): Promise<void> {
    const fields: Record<string, unknown> = { ...patch };
    if (typeof patch.content === "string") Object.assign(fields, await contentFields(appId, id, patch.content));
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    if (!entries.length && !alongside.length) return;
    const update = {
      TableName: table(),
      Key: Keys.message(appId, id),
      UpdateExpression: `SET ${entries.map(([k]) => `#${k} = :${k}`).join(", ")}`,
      ConditionExpression: "attribute_exists(pk)",
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k]) => [`#${k}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
    };
    if (!alongside.length) await db().send(new UpdateCommand(update));
    else await db().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...alongside] as never }));
  }

  /**
   * Mark the assistant message's turn as started, once: a job delivered twice (a retry, a
   * duplicate) finds it taken and does nothing, so a turn never runs or applies twice.
   */
  export async function claimRun(appId: string, id: string): Promise<boolean> {
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.message(appId, id),
          UpdateExpression: "SET run_started = :now",
          ConditionExpression: "attribute_exists(pk) AND attribute_not_exists(run_started)",
          ExpressionAttributeValues: { ":now": new Date().toISOString() },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  export async function get(appId: string, id: string): Promise<ChatMessage> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.message(appId, id), ConsistentRead: true }));
    if (!Item) throw notFound("Message not found");
    return toMessage(Item);
  }

  /** A query of the app's visible (not hidden) messages. */
  function visibleQuery(appId: string) {
    const { pk, skPrefix } = Keys.messages(appId);
    return {
      TableName: table(),
      KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
      FilterExpression: "attribute_not_exists(#h) OR #h = :f",
      ExpressionAttributeNames: { "#h": "hidden" },
      ExpressionAttributeValues: { ":p": pk, ":s": skPrefix, ":f": false },
    };
  }

  /** The visible conversation in time order: the newest `limit` messages, or all of them. */
  export async function list(appId: string, limit?: number): Promise<{ messages: ChatMessage[]; total: number }> {
    const base = visibleQuery(appId);
    const items: Record<string, unknown>[] = [];
    let total = 0;
    let cursor: Record<string, unknown> | undefined;
    // Newest first, stopping once `limit` visible messages are in hand; the total is a count-only query.
    do {
      const page = await db().send(new QueryCommand({ ...base, ScanIndexForward: false, ExclusiveStartKey: cursor, Limit: limit ? limit * 2 : undefined }));
      items.push(...(page.Items ?? []));
      cursor = page.LastEvaluatedKey;
    } while (cursor && (!limit || items.length < limit));
    if (limit && (cursor || items.length > limit)) {
      let countCursor: Record<string, unknown> | undefined;
      do {
        const page = await db().send(new QueryCommand({ ...base, Select: "COUNT", ExclusiveStartKey: countCursor }));
        total += page.Count ?? 0;
        countCursor = page.LastEvaluatedKey;
      } while (countCursor);
    } else {
      total = items.length;
    }
    const chosen = (limit ? items.slice(0, limit) : items).reverse();
    return { messages: await Promise.all(chosen.map(toMessage)), total };
  }

  /** The newest visible message (list's last) without counting the conversation: one query where list(id, 1) makes two. */
  export async function latest(appId: string): Promise<ChatMessage | undefined> {
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new QueryCommand({ ...visibleQuery(appId), ScanIndexForward: false, ExclusiveStartKey: cursor, Limit: 2 }));
      if (page.Items?.length) return toMessage(page.Items[0]);
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return undefined;
  }
}
