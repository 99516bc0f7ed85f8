import { BatchGetCommand, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { type CatalogEntry, CatalogItem, CatalogItemId } from "../../schemas/catalog";
import type { User } from "../../schemas/user";
import { Actor } from "./actor";
import { db, isConditionFailure, queryAll, table } from "./db";
import { VisibleError, notFound } from "./errors";
import { Keys, stripKeys } from "./keys";

/**
 * The integrations catalogue (spec 03 §2.7): items that teach the assistant one
 * integration and name the secrets it needs. Only reading and seeding live here
 * for now; creating, upvoting and approving come with the catalogue screens.
 */
export namespace Catalog {
  export const Info = CatalogItem;

  type Stored = CatalogItem & { upvotes: number };

  /** The item as stored: its fields plus the upvote count kept beside them. */
  const toStored = (item: Record<string, unknown>): Stored => {
    const { upvotes, ...rest } = stripKeys(item);
    return { ...CatalogItem.parse(rest), upvotes: Number(upvotes ?? 0) };
  };

  /** Public approved items are for everyone; anything else only for its owner and platform admins. */
  export function canSee(user: User, item: CatalogItem): boolean {
    return (!item.is_private && item.status === "approved") || item.owner_email === user.email || Actor.isAdmin(user);
  }

  /** The item whatever its visibility (server use, e.g. an app's prompt); undefined for unknown or malformed ids. */
  export async function get(id: string): Promise<Stored | undefined> {
    if (!CatalogItemId.safeParse(id).success) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.catalogItem(id) }));
    return Item ? toStored(Item) : undefined;
  }

  /** One item as the caller may see it; a hidden item and a missing one look alike. */
  export async function entry(user: User, id: string): Promise<CatalogEntry> {
    const item = await get(id);
    if (!item || !canSee(user, item)) throw notFound("Integration not found");
    const [entry] = await entries(user, [item]);
    return entry;
  }

  /** Public approved items, newest first. */
  export async function listPublic(user: User): Promise<CatalogEntry[]> {
    const stored = await queryAll({
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :p",
      ExpressionAttributeValues: { ":p": Keys.catalogPublicPartition },
      ScanIndexForward: false,
    });
    // Only catalogue items belong to this index; anything else here was planted and is not read.
    const isItem = (item: Record<string, unknown>) => {
      const key = Keys.catalogItem(String(item.id));
      return item.pk === key.pk && item.sk === key.sk;
    };
    const items = stored.filter(isItem).map(toStored);
    return entries(user, items.filter((item) => canSee(user, item)));
  }

  /** The items behind an app's chosen ids, in order, each checked to exist and be visible to the caller. */
  export async function usable(user: User, ids: string[]): Promise<CatalogItem[]> {
    const items: CatalogItem[] = [];
    for (const id of [...new Set(ids)]) {
      const item = await get(id);
      if (!item || !canSee(user, item)) throw new VisibleError("input", `Integration "${id.slice(0, 64)}" was not found in the catalogue`);
      items.push(item);
    }
    return items;
  }

  /** What the assistant is told about an app's integrations; items removed since the app was made are skipped. */
  export async function promptsOf(ids: string[]): Promise<{ name: string; prompt: string }[]> {
    const items = await Promise.all(ids.map(get));
    return items.filter((i) => i !== undefined).map((i) => ({ name: i.name, prompt: i.prompt }));
  }

  /** The catalogue wrapper: the item plus its votes and the caller's relation to it. */
  async function entries(user: User, items: Stored[]): Promise<CatalogEntry[]> {
    const voted = new Set<string>();
    for (let i = 0; i < items.length; i += 100) {
      const { Responses } = await db().send(
        new BatchGetCommand({
          RequestItems: { [table()]: { Keys: items.slice(i, i + 100).map((it) => Keys.catalogUpvote(it.id, user.id)), ProjectionExpression: "pk" } },
        }),
      );
      for (const r of Responses?.[table()] ?? []) voted.add(r.pk as string);
    }
    return items.map(({ upvotes, ...item }) => ({
      item,
      upvotes,
      did_current_user_upvote: voted.has(Keys.catalogItem(item.id).pk),
      is_user_the_owner: item.owner_email === user.email,
      user_info: { email: item.owner_email },
    }));
  }

  /** Writes an item unless one with its id exists (seeding is idempotent and never overwrites edits). */
  export async function ensure(item: CatalogItem): Promise<boolean> {
    const parsed = CatalogItem.parse(item);
    const listed = !parsed.is_private && parsed.status === "approved";
    try {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: { ...Keys.catalogItem(parsed.id), ...(listed ? Keys.catalogPublicIndex(parsed.created_at, parsed.id) : {}), ...parsed, upvotes: 0 },
          ConditionExpression: "attribute_not_exists(pk)",
        }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }
}
