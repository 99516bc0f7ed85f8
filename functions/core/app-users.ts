import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { AppUser, type AppRole, appUserServerFields } from "../../schemas/app-user";
import type { AppMeta } from "../../schemas/app";
import type { User } from "../../schemas/user";
import { db, isConditionFailure, queryAll, table } from "./db";
import { VisibleError, notFound } from "./errors";
import { Keys, stripKeys } from "./keys";

/**
 * The users of one generated app (its `User` entity). They are not platform users:
 * each app has its own, with its own sign-in (functions/appauth.ts). An e-mail is
 * unique within an app. Credentials live in a separate item that no read of a user
 * ever returns.
 */
export namespace AppUsers {
  const toUser = (item: Record<string, unknown>): AppUser => {
    const { last_socket_id: _, ...rest } = stripKeys(item);
    return AppUser.parse(rest);
  };

  export async function get(appId: string, id: string): Promise<AppUser | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appUser(appId, id), ConsistentRead: true }));
    return Item ? toUser(Item) : undefined;
  }

  export async function byEmail(appId: string, email: string): Promise<AppUser | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appUserEmail(appId, email), ConsistentRead: true }));
    return Item ? get(appId, Item.user_id as string) : undefined;
  }

  /** Every user of the app, oldest first (an app's users fit in a few pages of one partition). */
  export async function list(appId: string): Promise<AppUser[]> {
    const { pk, skPrefix } = Keys.appUsers(appId);
    const items = await queryAll({ KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues: { ":p": pk, ":s": skPrefix } });
    return items.map(toUser);
  }

  export interface NewAppUser {
    email: string;
    full_name?: string | null;
    role?: AppRole;
    is_verified?: boolean;
    invited?: boolean;
    platform_user_id?: string | null;
    created_by?: string | null;
  }

  /** Create a user; 409 when the e-mail is already a user of this app. */
  export async function create(appId: string, input: NewAppUser): Promise<AppUser> {
    const now = new Date().toISOString();
    const email = input.email.trim().toLowerCase();
    const role = input.role ?? "user";
    const user: AppUser = {
      id: ulid().toLowerCase(),
      app_id: appId,
      email,
      full_name: input.full_name?.trim() || null,
      role,
      _app_role: role,
      is_verified: input.is_verified ?? false,
      is_service: false,
      disabled: false,
      invited: input.invited ?? false,
      platform_user_id: input.platform_user_id ?? null,
      created_date: now,
      updated_date: now,
      created_by: input.created_by ?? null,
    };
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: { ...Keys.appUser(appId, user.id), ...user, version: 1 }, ConditionExpression: "attribute_not_exists(pk)" } },
            { Put: { TableName: table(), Item: { ...Keys.appUserEmail(appId, email), user_id: user.id }, ConditionExpression: "attribute_not_exists(pk)" } },
          ],
        }),
      );
    } catch (err) {
      if (isConditionFailure(err)) throw new VisibleError("conflict", "A user with this email already exists in this app");
      throw err;
    }
    return user;
  }

  /**
   * Merge fields into a user. Custom fields (the app's `User` schema) pass through as
   * given; built-in server fields only when `trusted` says the caller may set them
   * (sign-in flows, the owner's role changes), never from `updateMe`.
   */
  export async function update(appId: string, id: string, patch: Record<string, unknown>, trusted: Partial<AppUser> = {}): Promise<AppUser> {
    const fields: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || (appUserServerFields as readonly string[]).includes(k) || k.startsWith("_") || k === "pk" || k === "sk") continue;
      fields[k] = v;
    }
    Object.assign(fields, trusted);
    if (trusted.role) fields._app_role = trusted.role;
    fields.updated_date = new Date().toISOString();
    const entries = Object.entries(fields);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.appUser(appId, id),
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(", ")}, #version = #version + :one`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])), "#version": "version" },
          ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])), ":one": 1 },
          ReturnValues: "ALL_NEW",
        }),
      );
      return toUser(Attributes!);
    } catch (err) {
      if (isConditionFailure(err)) throw notFound("User not found");
      throw err;
    }
  }

  /** Remove a user, their e-mail claim and their credentials. */
  export async function remove(appId: string, id: string): Promise<void> {
    const user = await get(appId, id);
    if (!user) throw notFound("User not found");
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: Keys.appUser(appId, id) } },
          { Delete: { TableName: table(), Key: Keys.appUserEmail(appId, user.email) } },
          { Delete: { TableName: table(), Key: Keys.appUserCredentials(appId, id) } },
        ],
      }),
    );
  }

  /** Server-only: the stored credentials of a user (a password hash, pending codes). */
  export async function credentials(appId: string, id: string): Promise<Record<string, unknown> | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appUserCredentials(appId, id), ConsistentRead: true }));
    return Item ? stripKeys(Item) : undefined;
  }

  export async function removeCredentials(appId: string, id: string): Promise<void> {
    await db().send(new DeleteCommand({ TableName: table(), Key: Keys.appUserCredentials(appId, id) }));
  }

  /**
   * The app user a builder acts as in the preview of an app they may edit: the same
   * e-mail, created on first use, an admin of the app, verified by their platform sign-in.
   */
  export async function ensureBuilder(app: AppMeta, builder: User): Promise<AppUser> {
    const existing = await byEmail(app.id, builder.email);
    if (existing) {
      if (existing.platform_user_id === builder.id && existing.role === "admin" && existing.is_verified) return existing;
      return update(app.id, existing.id, {}, { platform_user_id: builder.id, role: "admin", is_verified: true, invited: true });
    }
    try {
      return await create(app.id, {
        email: builder.email,
        full_name: builder.full_name,
        role: "admin",
        is_verified: true,
        invited: true,
        platform_user_id: builder.id,
        created_by: builder.email,
      });
    } catch (err) {
      // A second tab raced us to it.
      if (err instanceof VisibleError && err.kind === "conflict") return ensureBuilder(app, builder);
      throw err;
    }
  }
}
