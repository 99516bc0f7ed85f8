import { marshall } from "@aws-sdk/util-dynamodb";
import type { DynamoDBRecord, DynamoDBStreamEvent } from "aws-lambda";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Keys } from "../../functions/core/keys";
import { SocketClient, call, signedIn, useStackLinks } from "./helpers";

/**
 * The table's change stream handler (functions/stream/consumer.ts), run in this process against the test stack's
 * stand-ins with a batch shaped as DynamoDB Local's stream delivers it: an empty map reads `{}` there.
 */
useStackLinks();
const { handler } = await import("../../functions/stream/consumer");

function modified(item: Record<string, unknown>, raw: Record<string, object> = {}): DynamoDBRecord {
  const keys = { pk: { S: item.pk as string }, sk: { S: item.sk as string } };
  return { eventName: "MODIFY", dynamodb: { Keys: keys, NewImage: { ...marshall(item, { removeUndefinedValues: true }), ...raw } } } as DynamoDBRecord;
}

afterEach(() => vi.restoreAllMocks());

describe("the change stream", () => {
  it("pushes a user's change even when its batch holds changes it cannot read, and logs each of those once", async () => {
    const { token, user } = await signedIn("stream");
    const me = (await call("GET", "/api/auth/me", { token })).body;
    const tab = await SocketClient.open(token);
    await tab.join(`user:${user.id}`);
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);

    const event: DynamoDBStreamEvent = {
      Records: [
        // another item with an empty map, as DynamoDB Local describes it
        modified({ ...Keys.app("01streamapp"), name: "An app" }, { suggestions: {} }),
        // the user's own item carrying an empty map beside the fields that are pushed
        modified({ ...Keys.user(user.id), ...me, full_name: "Through The Stream", last_socket_id: null }, { preferences: {} }),
        // a user item whose pushed field cannot be read
        modified({ ...Keys.user("01brokenuser"), ...me, id: "01brokenuser" }, { email: {} }),
      ],
    };
    await handler(event);

    const update = await tab.next((e) => e.event === "update_model");
    expect(update).toMatchObject({ room: `user:${user.id}`, data: { user: { id: user.id, full_name: "Through The Stream", email: me.email } } });
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0][0])).toContain("01brokenuser");
    tab.close();
  });
});
