import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type { AppLogRecord, AppLogType } from "../../schemas/app-logs";
import type { AppCaller } from "./app-caller";
import { db, table } from "./db";
import { Keys } from "./keys";

/**
 * An app's own log (spec 02 Logs Explorer and Analytics): page visits and the calls its
 * code makes. One item per record in the app's partition, sorted by time, indexed by type
 * (analytics reads visits of a date range) and by user; every record expires after
 * RETENTION_DAYS, so the partition stays bounded.
 */
export namespace AppLogs {
  export const RETENTION_DAYS = 90;
  /** Inputs and outputs are kept as a summary for the explorer, never whole payloads. */
  const MAX_DETAIL_CHARS = 2000;

  export interface Entry {
    appId: string;
    type: AppLogType;
    objectName: string;
    /** who made the call; the record keeps their e-mail or anonymous id */
    caller: AppCaller;
    status?: AppLogRecord["status"];
    inputs?: unknown;
    outputs?: unknown;
    error?: string | null;
  }

  export async function record(entry: Entry): Promise<void> {
    const id = ulid().toLowerCase();
    const created = new Date().toISOString();
    const { caller } = entry;
    const email = caller.kind === "visitor" ? null : caller.user.email;
    const anonymousId = caller.kind === "visitor" ? caller.anonymousId : null;
    const user = email ?? (anonymousId ? `anon:${anonymousId}` : null);
    const item: AppLogRecord = {
      id,
      app_id: entry.appId,
      log_type: entry.type,
      object_name: entry.objectName.slice(0, 200),
      user_email: email,
      anonymous_id: anonymousId,
      status: entry.status ?? "success",
      created_date: created,
      inputs: summary(entry.inputs),
      outputs: summary(entry.outputs),
      error: entry.error?.slice(0, MAX_DETAIL_CHARS) ?? null,
    };
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: {
          ...Keys.appLog(entry.appId, created, id),
          ...Keys.appLogTypeIndex(entry.appId, entry.type, created, id),
          ...(user ? Keys.appLogUserIndex(entry.appId, user, created, id) : {}),
          ...item,
          ttl: Math.floor(Date.now() / 1000) + RETENTION_DAYS * 86_400,
        },
      }),
    );
  }

  /** Small values as they are; large ones as the start of their JSON, marked as cut. */
  function summary(value: unknown): unknown {
    if (value === undefined || value === null) return null;
    const json = JSON.stringify(value);
    if (json === undefined) return null;
    return json.length <= MAX_DETAIL_CHARS ? value : `${json.slice(0, MAX_DETAIL_CHARS)}… (cut)`;
  }
}
