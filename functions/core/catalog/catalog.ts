import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { type CatalogEntry, CatalogItem, CatalogItemId, type CreateCatalogItemBody } from "../../../schemas/catalog";
import type { User } from "../../../schemas/user";
import { Actor } from "../actor";
import { batchGet, db, isConditionFailure, queryAll, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Keys, stripKeys } from "../keys";
import { PackageCatalog } from "./package-catalog";

/**
 * The integrations catalogue (spec 03 §2.7): items that teach the assistant one
 * integration and name the secrets it needs. Anyone signed in may propose one; it
 * stays pending, seen only by its owner, the admins they invite and platform admins,
 * until a platform admin approves it. Changes to an item: catalog-changes.ts.
 */
export namespace Catalog {
  export const Info = CatalogItem;

  /** The item as stored: its fields plus what is kept beside them. */
  export type Stored = CatalogItem & {
    upvotes: number;
    /** e-mails the owner invited to edit the item */
    admin_emails: string[];
    /** the owner's user id (seeded items have none: their owner is found by e-mail) */
    owner_id?: string;
    /** the approval reward was granted */
    rewarded: boolean;
    /** bumped by every change of the item's fields; 0 for an item written before versions */
    version: number;
  };

  const toStored = (raw: Record<string, unknown>): Stored => {
    const { upvotes, admin_emails, owner_id, rewarded, ...rest } = stripKeys(raw);
    return {
      ...CatalogItem.parse(rest),
      upvotes: Number(upvotes ?? 0),
      admin_emails: Array.isArray(admin_emails) ? admin_emails.map(String) : [],
      owner_id: typeof owner_id === "string" ? owner_id : undefined,
      rewarded: rewarded === true,
      version: Number(raw.version ?? 0),
    };
  };

  export const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  export const isOwner = (user: User, item: CatalogItem) => same(item.owner_email, user.email);
  const isInvited = (user: User, item: Pick<Stored, "admin_emails">) => item.admin_emails.some((e) => same(e, user.email));
  const isListed = (item: CatalogItem) => !item.is_private && item.status === "approved";

  /** Spec 03 §2.7: public approved items are for everyone; a pending or private one only for its owner, invited admins and platform admins. */
  export function canSee(user: User, item: CatalogItem & Pick<Stored, "admin_emails">): boolean {
    return isListed(item) || isOwner(user, item) || isInvited(user, item) || Actor.isAdmin(user);
  }

  export const canEdit = (user: User, item: Stored) => isOwner(user, item) || isInvited(user, item);

  /** The item whatever its visibility (server use, e.g. an app's prompt); undefined for unknown or malformed ids. */
  export async function get(id: string): Promise<Stored | undefined> {
    if (!CatalogItemId.safeParse(id).success) return undefined;
    const { Item } = await db().send(
      new GetCommand({
        TableName: table(),
        Key: Keys.catalogItem(id),
        ConsistentRead: true,
      }),
    );
    return Item ? toStored(Item) : undefined;
  }

  /** The item if the caller may see it; a hidden item and a missing one look alike. */
  export async function visible(user: User, id: string): Promise<Stored> {
    const item = await get(id);
    if (!item || !canSee(user, item)) throw notFound("Integration not found");
    return item;
  }

  export async function entry(user: User, id: string): Promise<CatalogEntry> {
    const [entry] = await entries(user, [await visible(user, id)]);
    return entry;
  }

  /** Only catalogue items belong to the catalogue's indexes; anything else found there was planted and is not read. */
  const isItem = (raw: Record<string, unknown>) => {
    const key = Keys.catalogItem(String(raw.id));
    return raw.pk === key.pk && raw.sk === key.sk;
  };

  const byIndex = async (index: "gsi1" | "gsi2" | "gsi3", partition: string) =>
    (
      await queryAll({
        IndexName: index,
        KeyConditionExpression: `${index}pk = :p`,
        ExpressionAttributeValues: { ":p": partition },
        ScanIndexForward: false,
      })
    )
      .filter(isItem)
      .map(toStored);

  async function byIds(ids: string[]): Promise<Stored[]> {
    return (await batchGet(ids.map(Keys.catalogItem))).filter(isItem).map(toStored);
  }

  /** The catalogue as the caller sees it, newest first: public approved items, their own and invited ones, and for platform admins every pending one. */
  export async function list(user: User): Promise<CatalogEntry[]> {
    const invites = await queryAll({
      KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
      ExpressionAttributeValues: {
        ":p": Keys.catalogInvites(user.email).pk,
        ":s": Keys.catalogInvites(user.email).skPrefix,
      },
    });
    const groups = await Promise.all([
      byIndex("gsi1", Keys.catalogPublicPartition),
      byIndex("gsi3", Keys.catalogOwnerPartition(user.email)),
      byIds(invites.map((i) => String(i.sk).slice(Keys.catalogInvites(user.email).skPrefix.length))),
      Actor.isAdmin(user) ? byIndex("gsi2", Keys.catalogPendingPartition) : Promise.resolve([]),
    ]);
    const unique = new Map<string, Stored>();
    for (const item of groups.flat()) if (canSee(user, item)) unique.set(item.id, item);
    const items = [...unique.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    return entries(user, items);
  }

  /** The items behind an app's chosen ids, in order, each checked to exist and be visible to the caller. */
  export async function usable(user: User, ids: string[]): Promise<CatalogItem[]> {
    const items: CatalogItem[] = [];
    for (const id of [...new Set(ids)]) {
      const item = await get(id);
      if (!item || !canSee(user, item)) throw new VisibleError("input", `Integration "${id.slice(0, 64)}" was not found in the catalogue`);
      items.push(publicFields(item));
    }
    return items;
  }

  /** What the assistant is told about an app's integrations; items removed since the app was made are skipped. */
  export async function promptsOf(ids: string[]): Promise<{ name: string; prompt: string }[]> {
    const items = await Promise.all(ids.map(get));
    return items.filter((i) => i !== undefined).map((i) => ({ name: i.name, prompt: i.prompt }));
  }

  const publicFields = (item: Stored): CatalogItem => CatalogItem.parse(item);

  /** The package an item installs into an app, by name and endpoints, when it has one. */
  const packageOf = (id: string): Pick<CatalogEntry, "package"> => {
    const definition = PackageCatalog.byCatalogItem(id);
    return definition ? { package: { name: definition.name, endpoints: Object.keys(definition.endpoints) } } : {};
  };

  /** The catalogue wrapper: the item plus its votes and the caller's relation to it. */
  export async function entries(user: User, items: Stored[]): Promise<CatalogEntry[]> {
    const votes = await batchGet(items.map((it) => Keys.catalogUpvote(it.id, user.id)), { projection: "pk" });
    const voted = new Set(votes.map((r) => r.pk as string));
    return items.map((item) => ({
      item: publicFields(item),
      upvotes: item.upvotes,
      did_current_user_upvote: voted.has(Keys.catalogItem(item.id).pk),
      is_user_the_owner: isOwner(user, item),
      can_edit: canEdit(user, item),
      user_info: { email: item.owner_email },
      ...packageOf(item.id),
    }));
  }

  /** The index entries an item carries for its state: listed (public, approved), pending, and its owner's. */
  export function indexes(item: CatalogItem): {
    set: Record<string, string>;
    remove: string[];
  } {
    const set: Record<string, string> = {
      ...Keys.catalogOwnerIndex(item.owner_email, item.created_at, item.id),
    };
    const remove: string[] = [];
    if (isListed(item)) Object.assign(set, Keys.catalogPublicIndex(item.created_at, item.id));
    else remove.push("gsi1pk", "gsi1sk");
    if (item.status === "pending") Object.assign(set, Keys.catalogPendingIndex(item.created_at, item.id));
    else remove.push("gsi2pk", "gsi2sk");
    return { set, remove };
  }

  /** A new item from the owner's input: pending, not official, counted from zero. */
  export async function create(user: User, input: CreateCatalogItemBody): Promise<CatalogEntry> {
    const item: CatalogItem = {
      id: ulid().toLowerCase(),
      name: input.name,
      description: input.description,
      prompt: input.prompt,
      image_url: input.image_url,
      example_asks: input.example_asks,
      required_secrets: input.required_secrets,
      requires_backend_functions: input.requires_backend_functions,
      is_private: input.is_private,
      official: false,
      status: "pending",
      created_at: new Date().toISOString(),
      owner_email: user.email.toLowerCase(),
    };
    const stored = fresh(item, user.id);
    await putNew(stored);
    return (await entries(user, [stored]))[0];
  }

  /** A new item as stored: no votes, nobody invited, no reward yet. */
  const fresh = (item: CatalogItem, ownerId?: string): Stored => ({ ...item, upvotes: 0, admin_emails: [], owner_id: ownerId, rewarded: false, version: 1 });

  /** Writes a new item unless one with its id exists; answers whether it wrote. */
  async function putNew(stored: Stored): Promise<boolean> {
    try {
      await db().send(
        new PutCommand({ TableName: table(), Item: { ...Keys.catalogItem(stored.id), ...indexes(stored).set, ...stored }, ConditionExpression: "attribute_not_exists(pk)" }),
      );
      return true;
    } catch (err) {
      if (isConditionFailure(err)) return false;
      throw err;
    }
  }

  /** Writes an item unless one with its id exists (seeding is idempotent and never overwrites edits). */
  export async function ensure(item: CatalogItem): Promise<boolean> {
    return putNew(fresh(CatalogItem.parse(item)));
  }
}
