import type { BatchGetCommand, BatchGetCommandOutput } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * core/db.ts batchGet against a stand-in of DynamoDB's BatchGetItem that hands keys back
 * unprocessed, as DynamoDB does under throttling: every item must still arrive, 100 keys a call.
 */

const TABLE = "kiln-unit";
let batchGet: typeof import("../../functions/core/db").batchGet;

beforeAll(async () => {
  // sst's Resource reads SST_RESOURCE_* on first access, so this must be set before db.ts is used.
  process.env.SST_RESOURCE_Table = JSON.stringify({ name: TABLE });
  ({ batchGet } = await import("../../functions/core/db"));
});

type Key = { pk: string; sk: string };
const keyOf = (i: number): Key => ({ pk: `ITEM#${i}`, sk: "ITEM" });

/**
 * A BatchGetItem stand-in over `stored` items: each call answers at most `served` of the keys it
 * is asked for (the rest come back as UnprocessedKeys), and records what it was asked.
 */
function fakeTable(stored: Key[], served: (call: number) => number) {
  const items = new Map(stored.map((k) => [`${k.pk}|${k.sk}`, { ...k, value: k.pk }]));
  const calls: { keys: Key[]; request: Record<string, unknown> }[] = [];
  const client = {
    async send(command: BatchGetCommand): Promise<BatchGetCommandOutput> {
      const request = command.input.RequestItems![TABLE]! as Record<string, unknown>;
      const keys = request.Keys as Key[];
      calls.push({ keys, request });
      if (keys.length > 100) throw new Error("Too many items requested for the BatchGetItem call");
      if (new Set(keys.map((k) => `${k.pk}|${k.sk}`)).size !== keys.length) throw new Error("Provided list of item keys contains duplicates");
      const n = served(calls.length);
      const answered = keys.slice(0, n).flatMap((k) => items.get(`${k.pk}|${k.sk}`) ?? []);
      const rest = keys.slice(n);
      return {
        $metadata: {},
        Responses: { [TABLE]: answered },
        UnprocessedKeys: rest.length ? { [TABLE]: { Keys: rest } } : {},
      };
    },
  };
  return { client, calls };
}

describe("batchGet", () => {
  it("asks again for unprocessed keys until every item has arrived, 100 keys a call", async () => {
    const keys = Array.from({ length: 250 }, (_, i) => keyOf(i));
    // 240 exist; each call serves only 30 of the keys it names
    const { client, calls } = fakeTable(keys.slice(0, 240), () => 30);
    const items = await batchGet([...keys, keys[0]!], { client, backoffMs: 1 });
    expect(items.map((i) => i.pk).sort()).toEqual(keys.slice(0, 240).map((k) => k.pk).sort());
    expect(Math.max(...calls.map((c) => c.keys.length))).toBe(100);
    // chunks of 100, 100, 50, each served 30 at a time: 4 + 4 + 2 calls
    expect(calls).toHaveLength(10);
  });

  it("passes consistency and projection on every call, retries included", async () => {
    const { client, calls } = fakeTable([keyOf(1), keyOf(2)], (n) => (n === 1 ? 1 : 100));
    const items = await batchGet([keyOf(1), keyOf(2)], { client, consistent: true, projection: "pk, #v", names: { "#v": "value" }, backoffMs: 1 });
    expect(items).toHaveLength(2);
    expect(calls).toHaveLength(2);
    for (const c of calls) expect(c.request).toMatchObject({ ConsistentRead: true, ProjectionExpression: "pk, #v", ExpressionAttributeNames: { "#v": "value" } });
  });

  it("fails, rather than answering a silent gap, when keys stay unprocessed", async () => {
    const { client, calls } = fakeTable([keyOf(1)], () => 0);
    await expect(batchGet([keyOf(1)], { client, backoffMs: 1 })).rejects.toThrow(/unprocessed/);
    expect(calls).toHaveLength(8);
  });

  it("sends nothing for no keys", async () => {
    const { client, calls } = fakeTable([], () => 100);
    expect(await batchGet([], { client })).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});
