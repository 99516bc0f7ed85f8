import { DeleteCommand, GetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { type CatalogEntry, type CatalogItem, CatalogRules, type CatalogUpvote, type UpdateCatalogItemBody } from "../../../schemas/catalog";
import type { User } from "../../../schemas/user";
import { Catalog } from "./catalog";
import { db, deleteKeys, deletePartition, isConditionFailure, table } from "../db";
import { VisibleError, forbidden, notFound } from "../errors";
import { Grants } from "../billing/grants";
import { Keys } from "../keys";
import { Users } from "../identity/users";

type Stored = Catalog.Stored;
const { visible, entries, indexes, canEdit, isOwner, same } = Catalog;

/**
 * Changes to a catalogue item (spec 03 §4 Catalogue item): the editor's save, visibility,
 * invited admins, approval with its reward, archiving and votes. Each is authorized against
 * the item as read, and written only if the item is still as read.
 */
export namespace CatalogChanges {
  type Transaction = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]["TransactItems"]>;

  /** The write of an item's new state, only if nobody changed it since it was read (the upvote counter is left alone). */
  function saveItem(before: Stored, after: Stored): Transaction[number] {
    const fields: Record<string, unknown> = {
      name: after.name,
      description: after.description,
      prompt: after.prompt,
      image_url: after.image_url,
      example_asks: after.example_asks,
      required_secrets: after.required_secrets,
      requires_backend_functions: after.requires_backend_functions,
      is_private: after.is_private,
      status: after.status,
      admin_emails: after.admin_emails,
      rewarded: after.rewarded,
      version: before.version + 1,
    };
    const { set, remove } = indexes(after);
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = { ":v": before.version };
    const sets = Object.entries({ ...fields, ...set }).map(([name, value], i) => {
      names[`#f${i}`] = name;
      values[`:f${i}`] = value;
      return `#f${i} = :f${i}`;
    });
    return {
      Update: {
        TableName: table(),
        Key: Keys.catalogItem(before.id),
        UpdateExpression: `SET ${sets.join(", ")}${remove.length ? ` REMOVE ${remove.join(", ")}` : ""}`,
        ConditionExpression: before.version ? "#ver = :v" : "attribute_exists(pk) AND (attribute_not_exists(#ver) OR #ver = :v)",
        ExpressionAttributeNames: { ...names, "#ver": "version" },
        ExpressionAttributeValues: values,
      },
    };
  }

  /**
   * Read, decide, write only if unchanged since the read, retried when someone else's
   * change came first. `decide` authorizes against the item it was given and answers
   * the new state and anything written with it (a reward, an invitation).
   */
  async function change(user: User, id: string, decide: (item: Stored) => Promise<{ after: Stored; with?: Transaction }>): Promise<Stored> {
    for (let attempt = 0; attempt < 4; attempt++) {
      const before = await visible(user, id);
      const { after, with: extra = [] } = await decide(before);
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [saveItem(before, after), ...extra],
          }),
        );
        return { ...after, version: before.version + 1 };
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    throw new VisibleError("conflict", "This integration was changed by someone else at the same time. Please try again.");
  }

  const mustEdit = (user: User, item: Stored) => {
    if (!canEdit(user, item)) throw forbidden("Only the integration's owner and the admins they invited can edit it");
  };
  const mustOwn = (user: User, item: Stored) => {
    if (!isOwner(user, item)) throw forbidden("Only the integration's owner can do this");
  };

  /** Authorization before a change's body is read: the item must be visible, and editable or owned as the change needs. */
  export async function authorize(user: User, id: string, need: "see" | "edit" | "own"): Promise<void> {
    const item = await visible(user, id);
    if (need === "edit") mustEdit(user, item);
    if (need === "own") mustOwn(user, item);
  }

  /** The editor's save, by the owner or an invited admin. */
  export async function update(user: User, id: string, patch: UpdateCatalogItemBody): Promise<CatalogEntry> {
    const saved = await change(user, id, async (item) => {
      mustEdit(user, item);
      return { after: { ...item, ...definedOf(patch) } };
    });
    return (await entries(user, [saved]))[0];
  }

  /** Only the fields the caller sent (an absent field is unchanged, never cleared). */
  const definedOf = (patch: UpdateCatalogItemBody) => Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<CatalogItem>;

  /** Public or private, by the owner. */
  export async function setVisibility(user: User, id: string, isPrivate: boolean): Promise<CatalogEntry> {
    const saved = await change(user, id, async (item) => {
      mustOwn(user, item);
      return { after: { ...item, is_private: isPrivate } };
    });
    return (await entries(user, [saved]))[0];
  }

  /** The owner names another user (by e-mail) who may edit the item; they see it in their catalogue. */
  export async function invite(user: User, id: string, email: string): Promise<void> {
    await change(user, id, async (item) => {
      mustOwn(user, item);
      if (same(email, item.owner_email)) throw new VisibleError("input", "The owner already manages this integration");
      if (item.admin_emails.some((e) => same(e, email))) return { after: item };
      if (item.admin_emails.length >= 20) throw new VisibleError("input", "An integration can have at most 20 admins");
      return {
        after: { ...item, admin_emails: [...item.admin_emails, email] },
        with: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...Keys.catalogInvite(email, item.id),
                item_id: item.id,
                invited_by: user.email,
              },
            },
          },
        ],
      };
    });
  }

  /**
   * A platform admin approves a pending item. Approving a public item grants its owner
   * 250 credits in the same write that approves it, so the reward is given exactly once.
   */
  export async function approve(admin: User, id: string): Promise<CatalogEntry> {
    const saved = await change(admin, id, async (item) => {
      if (item.status !== "pending") throw new VisibleError("conflict", "This integration is already approved");
      const after: Stored = { ...item, status: "approved" };
      if (item.is_private || item.rewarded) return { after };
      const ownerId = item.owner_id ?? (await Users.byEmail(item.owner_email))?.id;
      if (!ownerId) return { after };
      const grant = Grants.item(ownerId, {
        num_messages: CatalogRules.APPROVAL_CREDITS,
        reason: `Integration approved: ${item.name}`,
        expires_date: null,
      });
      return {
        after: { ...after, rewarded: true },
        with: [
          {
            Put: {
              TableName: table(),
              Item: grant,
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
        ],
      };
    });
    return (await entries(admin, [saved]))[0];
  }

  /** The owner removes the item: it leaves every list at once; its votes and invitations follow. */
  export async function archive(user: User, id: string): Promise<void> {
    const item = await visible(user, id);
    mustOwn(user, item);
    try {
      await db().send(
        new DeleteCommand({
          TableName: table(),
          Key: Keys.catalogItem(id),
          ConditionExpression: "attribute_exists(pk)",
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw notFound("Integration not found");
      throw err;
    }
    await deletePartition(Keys.catalogItemPartition(id));
    await deleteKeys(item.admin_emails.map((email) => Keys.catalogInvite(email, id)));
  }

  /** One vote per user, kept with the counter in one conditional write. `want` absent toggles. */
  export async function upvote(user: User, id: string, want?: boolean): Promise<CatalogUpvote> {
    await visible(user, id);
    const vote = Keys.catalogUpvote(id, user.id);
    const voted = async () =>
      !!(
        await db().send(
          new GetCommand({
            TableName: table(),
            Key: vote,
            ConsistentRead: true,
          }),
        )
      ).Item;
    const target = want ?? !(await voted());
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            target
              ? {
                  Put: {
                    TableName: table(),
                    Item: {
                      ...vote,
                      user_id: user.id,
                      created_date: new Date().toISOString(),
                    },
                    ConditionExpression: "attribute_not_exists(pk)",
                  },
                }
              : {
                  Delete: {
                    TableName: table(),
                    Key: vote,
                    ConditionExpression: "attribute_exists(pk)",
                  },
                },
            {
              Update: {
                TableName: table(),
                Key: Keys.catalogItem(id),
                UpdateExpression: "ADD upvotes :d",
                ConditionExpression: "attribute_exists(pk)",
                ExpressionAttributeValues: { ":d": target ? 1 : -1 },
              },
            },
          ],
        }),
      );
    } catch (err) {
      // The vote was already as wanted (a repeat or a race of the same user): the count stands.
      if (!isConditionFailure(err)) throw err;
    }
    const after = await visible(user, id);
    return { upvotes: after.upvotes, did_current_user_upvote: await voted() };
  }
}
