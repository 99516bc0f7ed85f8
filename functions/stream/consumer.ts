import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { User } from "../../schemas/user";
import { Jobs } from "../core/jobs";
import { Keys } from "../core/keys";
import { Realtime } from "../core/realtime/rooms";
import { RecordHistory } from "../core/records/history";

/** The app files whose queries are read for the fields to index (stacks/jobs.ts lets their changes through). */
export const CODE_FILES = ["pages/", "components/", "functions/"];

/** What a pushed user carries, and the tab that made the change (its own echo is skipped). */
const pushed = [...User.keyof().options, "last_socket_id"];

/**
 * The table's change stream. A changed user is pushed to that user's own room,
 * so every open tab and device sees new settings or a new API key at once.
 * Each record stands alone: one that cannot be read is logged and skipped, and the rest of the batch still goes out.
 * Every change to an app's records is also kept, with checkpoints placed among them (functions/core/records/history.ts).
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  for (const record of event.Records) {
    await pushUser(record).catch((err) => console.error(`[stream] skipped the change to ${JSON.stringify(record.dynamodb?.Keys ?? null)}:`, err));
    await queueDeploy(record).catch((err) => console.error(`[stream] could not queue the deploy of ${JSON.stringify(record.dynamodb?.Keys ?? null)}:`, err));
    await queueRecordUpkeep(record).catch((err) => console.error(`[stream] could not queue the record upkeep of ${JSON.stringify(record.dynamodb?.Keys ?? null)}:`, err));
  }
  // Not skipped on failure: a change missing from the history would make a data restore wrong, so the batch is retried.
  await RecordHistory.keep(event.Records);
}

async function pushUser(record: DynamoDBRecord): Promise<void> {
  const key = record.dynamodb?.Keys;
  const image = record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined;
  if (record.eventName !== "MODIFY" || !image || Keys.kindOf(key?.pk?.S ?? "", key?.sk?.S ?? "") !== "user") return;
  // Only the attributes pushed are read: DynamoDB Local's stream describes an empty map as {}, which cannot be unmarshalled.
  const item = unmarshall(Object.fromEntries(pushed.filter((name) => name in image).map((name) => [name, image[name]])));
  const user = User.parse(item);
  await Realtime.broadcast(Realtime.userRoom(user.id), { user }, (item.last_socket_id as string | null | undefined) ?? null);
}

/**
 * A backend function's file was written (by the assistant, a save, a restore or a remix): its
 * deployment is built by the worker now, so the first call does not wait on resolving packages.
 */
async function queueDeploy(record: DynamoDBRecord): Promise<void> {
  const key = record.dynamodb?.Keys;
  const [pk, sk] = [key?.pk?.S ?? "", key?.sk?.S ?? ""];
  if (record.eventName === "REMOVE" || Keys.kindOf(pk, sk) !== "file" || !sk.startsWith("FILE#functions/")) return;
  await Jobs.enqueue("deploy-function", { app_id: pk.slice("APP#".length), function_name: sk.slice("FILE#functions/".length) });
}

/**
 * An entity file written or removed, or an app deleted: its records are indexed, counted or cleaned up by the worker
 * (records/upkeep.ts); a page, component or function written: the fields its queries use are indexed (code-queries.ts).
 */
async function queueRecordUpkeep(record: DynamoDBRecord): Promise<void> {
  const key = record.dynamodb?.Keys;
  const [pk, sk] = [key?.pk?.S ?? "", key?.sk?.S ?? ""];
  const kind = Keys.kindOf(pk, sk);
  if (kind === "file" && sk.startsWith("FILE#entities/")) await Jobs.enqueue("record-upkeep", { app_id: pk.slice("APP#".length), entity: sk.slice("FILE#entities/".length) });
  else if (kind === "file" && record.eventName !== "REMOVE" && CODE_FILES.some((p) => sk.startsWith(`FILE#${p}`))) {
    await Jobs.enqueue("code-indexes", { app_id: pk.slice("APP#".length), path: sk.slice("FILE#".length) });
  }
  else if (kind === "app" && record.eventName === "REMOVE") await Jobs.enqueue("record-upkeep", { app_id: pk.slice("APP#".length), entity: null });
}
