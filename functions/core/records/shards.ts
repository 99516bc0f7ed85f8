import { randomInt } from "node:crypto";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { monotonicFactory } from "ulid";
import { db, isConditionFailure, table } from "../db";
import { Keys, RECORD_SHARD_DIGITS } from "../keys";
import { RecordIndexes } from "./indexes";

/**
 * An entity's records spread over partitions, so a hot entity is not held to what one DynamoDB partition
 * takes (about 1,000 write units a second; a transactional create of a record with its counter costs 4 or more).
 *
 * An entity starts in one partition (shard 0: the keys of before). Its state item's `spread` says over how many
 * shards new records go; it only grows, doubling each time DynamoDB throttles a write of the entity (`widen`),
 * up to MAX. A record's shard is fixed at its creation and carried in its id: with a spread above 1 an id is the
 * ULID and one base-32 digit (27 characters), a plain ULID is shard 0, so reading a record by id needs nothing but
 * its id. Everything of a record lives in its shard (keys.ts): the record with its gsi1..gsi3 keys, its index
 * entries and the counter its create and delete move. A list or query reads every shard below the spread at once
 * and merges them in key order (records.ts), so results, order and cursors are the same as from one partition.
 */
export namespace RecordShards {
  /** One base-32 digit: up to 32 partitions, some 32,000 write units a second for one entity. */
  export const MAX = RECORD_SHARD_DIGITS.length;

  const nextId = monotonicFactory();

  /** The entity's spread now (the request's first batch holds its state item for a create or a list). */
  export async function spreadOf(appId: string, entity: string): Promise<number> {
    return RecordIndexes.spreadOf(await RecordIndexes.readState(appId, entity));
  }

  /** A new record's id: time-ordered as every id, in a shard picked at random below the spread. */
  export function newId(spread: number): string {
    const id = nextId().toLowerCase();
    return spread > 1 ? `${id}${RECORD_SHARD_DIGITS[randomInt(Math.min(spread, MAX))]}` : id;
  }

  /** The shards an entity of this spread reads: 0 … spread − 1. */
  export const all = (spread: number) => Array.from({ length: Math.min(Math.max(spread, 1), MAX) }, (_, k) => k);

  /**
   * Double the entity's spread (at least to `to`, at most MAX); true when this call widened it. Creates read the
   * spread with the state item they read anyway, so the next create already lands in the new shards.
   */
  export async function widen(appId: string, entity: string, to?: number): Promise<boolean> {
    const current = RecordIndexes.spreadOf(await RecordIndexes.readState(appId, entity, true));
    const next = Math.min(MAX, Math.max(to ?? current * 2, current));
    if (next <= current) return false;
    try {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.recordIndexState(appId, entity),
          UpdateExpression: "SET spread = :to, spread_at = :at",
          ConditionExpression: "attribute_not_exists(spread) OR spread < :to",
          ExpressionAttributeValues: { ":to": next, ":at": new Date().toISOString() },
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false; // another writer widened it first
      throw err;
    }
  }
}
