import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { AppUser, type AppRole, type AppUserBuiltIns, appUserBuiltInFields } from "../../../schemas/app-user";
import type { AppMeta } from "../../../schemas/app";
import type { User } from "../../../schemas/user";
import { Actor } from "../actor";
import { db, isConditionFailure, queryAll, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Keys, keyAttributes, stripKeys } from "../keys";
import { Records } from "../records/records";

/**
 * The users of one generated app (its `User` entity). They are not platform users:
 * each app has its own, with its own sign-in (functions/http/appauth.ts). An e-mail is
 * unique within an app. Credentials live in a separate item that no read of a user
 * ever returns.
 *
 * Stored, a user is its built-in fields as attributes and the app's custom fields as one
 * map attribute, `data` (DESIGN §7): no name a caller chooses ever becomes an attribute
 * of the item, so none can reach a key, an index, the TTL or the version.
 */
export namespace AppUsers {
  type Doc = Record<string, unknown>;
  /** Attempts at a version-checked write before a busy user is reported. */
  const WRITE_ATTEMPTS = 8;
  const builtIn = new Set<string>(appUserBuiltInFields);
  /** Attributes a user item may hold; anything else is a custom field stored before custom fields had their map. */
  const ownAttributes = new Set<string>([...appUserBuiltInFields, "pk", "sk", "version", "data"]);
  const isMap = (v: unknown): v is Doc => v !== null && typeof v === "object" && !Array.isArray(v);

  /** The custom fields of a stored item: its `data` map over any legacy top-level ones (never a key attribute). */
  function customOf(item: Doc): Doc {
    const legacy = Object.entries(item).filter(([k]) => !ownAttributes.has(k) && !(keyAttributes as readonly string[]).includes(k) && k !== "rec" && k !== "last_socket_id");
    return { ...Object.fromEntries(legacy), ...(isMap(item.data) ? item.data : {}) };
  }

  /** The user as the API answers it: custom fields beside the built-in ones, which always win. */
  export const fromItem = (item: Doc): AppUser => {
    const own = Object.fromEntries(appUserBuiltInFields.filter((k) => k in item).map((k) => [k, item[k]]));
    return AppUser.parse({ ...customOf(item), ...own });
  };

  /** The custom fields of a user as the API answered it. */
  export const customFields = (user: AppUser): Doc => Object.fromEntries(Object.entries(user).filter(([k]) => !builtIn.has(k)));

  export async function get(appId: string, id: string): Promise<AppUser | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appUser(appId, id), ConsistentRead: true }));
    return Item ? fromItem(Item) : undefined;
  }

  export async function byEmail(appId: string, email: string): Promise<AppUser | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appUserEmail(appId, email), ConsistentRead: true }));
    return Item ? get(appId, Item.user_id as string) : undefined;
  }

  /** Every user of the app, oldest first (an app's users fit in a few pages of one partition). */
  export async function list(appId: string): Promise<AppUser[]> {
    const { pk, skPrefix } = Keys.appUsers(appId);
    const items = await queryAll({ KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues: { ":p": pk, ":s": skPrefix } });
    return items.map(fromItem);
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
   * Merge custom fields (into the user's `data` map) and built-in ones into a user. Custom
   * fields come checked by the caller (user-entity.ts); built-in ones only from the server's
   * own flows (sign-in, the owner's role changes), never from a request's keys. The write is
   * version-checked and retried, and moves legacy top-level custom fields into the map.
   */
  export async function update(appId: string, id: string, custom: Doc, trusted: Partial<AppUserBuiltIns> = {}): Promise<AppUser> {
    const fields: Doc = Object.fromEntries(Object.entries(trusted).filter(([k, v]) => v !== undefined && builtIn.has(k)));
    if (trusted.role) fields._app_role = trusted.role;
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appUser(appId, id), ConsistentRead: true }));
      if (!Item) throw notFound("User not found");
      const data = { ...customOf(Item), ...custom };
      Records.assertStorable("User", data);
      // An empty map is left out: DynamoDB Local's stream cannot describe one.
      const sets = Object.entries({ ...fields, updated_date: new Date().toISOString(), ...(Object.keys(data).length ? { data } : {}) });
      const legacy = Object.keys(Item).filter((k) => !ownAttributes.has(k) || (k === "data" && !Object.keys(data).length));
      try {
        const { Attributes } = await db().send(
          new UpdateCommand({
            TableName: table(),
            Key: Keys.appUser(appId, id),
            UpdateExpression: `SET ${sets.map((_, i) => `#f${i} = :v${i}`).join(", ")}, #version = :next${legacy.length ? ` REMOVE ${legacy.map((_, i) => `#r${i}`).join(", ")}` : ""}`,
            ConditionExpression: typeof Item.version === "number" ? "#version = :version" : "attribute_not_exists(#version)",
            ExpressionAttributeNames: {
              ...Object.fromEntries(sets.map(([k], i) => [`#f${i}`, k])),
              ...Object.fromEntries(legacy.map((k, i) => [`#r${i}`, k])),
              "#version": "version",
            },
            ExpressionAttributeValues: { ...Object.fromEntries(sets.map(([, v], i) => [`:v${i}`, v])), ...(typeof Item.version === "number" ? { ":version": Item.version } : {}), ":next": ((Item.version as number | undefined) ?? 0) + 1 },
            ReturnValues: "ALL_NEW",
          }),
        );
        return fromItem(Attributes!);
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
      }
    }
    throw new VisibleError("conflict", "This user is being changed by someone else; try again");
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

  /** Per container: the app user each builder acts as, by `{appId} {userId}`; checked against the table on every use. */
  const builderIds = new Map<string, string>();
  const MAX_BUILDER_IDS = 10_000;

  /** The key of the builder's app user, when this container knows it (so the caller's first read can include it). */
  export function builderKey(appId: string, userId: string): { pk: string; sk: string } | undefined {
    const id = builderIds.get(`${appId} ${userId}`);
    return id ? Keys.appUser(appId, id) : undefined;
  }

  /**
   * The app user a builder acts as in the preview of an app they may edit: the same
   * e-mail, created on first use, an admin of the app, verified by their platform sign-in.
   */
  export async function ensureBuilder(app: AppMeta, builder: User): Promise<AppUser> {
    const known = builderKey(app.id, builder.id);
    const read = known && (Actor.prefetched(known) ?? { item: (await db().send(new GetCommand({ TableName: table(), Key: known, ConsistentRead: true }))).Item });
    const current = read?.item && fromItem(read.item);
    if (current && current.email === builder.email.trim().toLowerCase() && isBuilderAs(current, builder)) return current;
    const user = await ensureBuilderSlow(app, builder);
    if (builderIds.size >= MAX_BUILDER_IDS) builderIds.clear();
    builderIds.set(`${app.id} ${builder.id}`, user.id);
    return user;
  }

  const isBuilderAs = (user: AppUser, builder: User) => user.platform_user_id === builder.id && user.role === "admin" && user.is_verified;

  async function ensureBuilderSlow(app: AppMeta, builder: User): Promise<AppUser> {
    const existing = await byEmail(app.id, builder.email);
    if (existing) {
      if (isBuilderAs(existing, builder)) return existing;
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
      if (err instanceof VisibleError && err.kind === "conflict") return ensureBuilderSlow(app, builder);
      throw err;
    }
  }
}
