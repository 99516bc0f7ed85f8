import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { unmarshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBStreamEvent } from "aws-lambda";
import { User } from "../schemas/user";
import { Keys, stripKeys } from "./core/keys";
import { Realtime } from "./core/realtime";

/**
 * The table's change stream. A changed user is pushed to that user's own room,
 * so every open tab and device sees new settings or a new API key at once.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  for (const record of event.Records) {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== "MODIFY" || !image) continue;
    const item = unmarshall(image as Record<string, AttributeValue>);
    if (Keys.kindOf(item.pk, item.sk) !== "user") continue;
    const user = User.parse(stripKeys(item));
    await Realtime.broadcast(Realtime.userRoom(user.id), { user }, (item.last_socket_id as string | null) ?? null);
  }
}
