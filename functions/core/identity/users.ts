import { createHash, randomBytes } from "node:crypto";
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { AdminUpdate, type ListUsersQuery, User } from "../../../schemas/user";
import { db, isConditionFailure, putNew, table, transactWrite } from "../db";
import { VisibleError, notFound, unauthorized } from "../errors";
import { Jobs } from "../jobs";
import { Keys, stripKeys } from "../keys";
import { Mongo } from "../records/mongo";
import { PlatformStats } from "../logs/platform-stats";
import { Tokens } from "./tokens";

/** Platform users: profile, unique e-mail, API key. */
export namespace Users {
  export const Info = User;

  const hashKey = (apiKey: string) => createHash("sha256").update(apiKey).digest("hex");
  const newApiKey = () => randomBytes(16).toString("hex");

  const toUser = (item: Record<string, unknown>): User => User.parse(stripKeys(item));

  /** A transaction's update of the user item: `set` (with `:now` given) under `condition`, its version moved on. */
  const userUpdate = (id: string, set: string, condition: string, values: Record<string, unknown>) => ({
    Update: {
      TableName: table(),
      Key: Keys.user(id),
      UpdateExpression: `SET ${set}, updated_date = :now, version = version + :one`,
      ConditionExpression: condition,
      ExpressionAttributeValues: { ...values, ":one": 1 },
    },
  });

  export async function get(id: string): Promise<User | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.user(id) }));
    return Item ? toUser(Item) : undefined;
  }

  export async function mustGet(id: string): Promise<User> {
    const user = await get(id);
    if (!user) throw notFound("User not found");
    return user;
  }

  export async function byEmail(email: string): Promise<User | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.email(email) }));
    return Item ? get(Item.user_id as string) : undefined;
  }

  export async function byApiKey(apiKey: string): Promise<User | undefined> {
    if (!/^[0-9a-f]{32}$/.test(apiKey)) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.apiKey(hashKey(apiKey)) }));
    return Item ? get(Item.user_id as string) : undefined;
  }

  /** The user a platform token speaks for (undefined when there is none); 401 for a token the user's sessions no longer admit. */
  export async function forToken(token: string): Promise<User | undefined> {
    const { userId, issuedAt } = await Tokens.verifyPlatform(token);
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.user(userId) }));
    return tokenHolder(Item, issuedAt);
  }

  /** A user item read elsewhere (a batch beside the app), as a User. */
  export const fromItem = (item: Record<string, unknown>): User => toUser(item);

  /**
   * The one check of a platform token against its user's item, wherever the item was read: a token issued
   * (`iat`, in seconds) before `tokens_valid_after` belongs to a session that was ended (a password reset).
   */
  export function tokenHolder(item: Record<string, unknown> | undefined, issuedAt: number): User | undefined {
    if (!item) return undefined;
    if (issuedAt < sessionsStart(item)) throw unauthorized("Invalid or expired token");
    return toUser(item);
  }

  const sessionsStart = (item: Record<string, unknown>) => (typeof item.tokens_valid_after === "number" ? item.tokens_valid_after : 0);

  /** When the user's current sessions began (seconds): a new token is issued no earlier (Tokens.signPlatform's notBefore). */
  export async function sessionsValidAfter(id: string): Promise<number> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.user(id), ProjectionExpression: "tokens_valid_after" }));
    return Item ? sessionsStart(Item) : 0;
  }

  /**
   * Ends every session of the user: each token issued before now is refused from here on. Tokens carry
   * whole seconds, so the line is drawn at the next second: one issued earlier in this very second is
   * refused too, and SignIn stamps the next ones no earlier than the line.
   */
  export async function endSessions(id: string): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.user(id),
        UpdateExpression: "SET tokens_valid_after = :at",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":at": Math.floor(Date.now() / 1000) + 1 },
      }),
    );
  }

  /** A username from an e-mail's local part: lower-case letters, digits and dots, never empty. */
  function usernameFor(email: string): string {
    const local = email.split("@")[0].toLowerCase().replace(/[^a-z0-9.]+/g, "");
    return local || "user";
  }

  /**
   * The user with this e-mail, created (free tier, ordinary role) on first sign-in. With `firstAdmin`
   * (a team's Kiln) the user is created as the admin when no one holds the first-admin seat yet: the
   * seat is taken in the same transaction, so of two first sign-ups at once exactly one is the admin.
   */
  export async function ensure(input: {
    email: string;
    full_name?: string | null;
    platform_role?: User["platform_role"];
    firstAdmin?: boolean;
  }): Promise<{ user: User; created: boolean }> {
    for (let attempt = 0; input.firstAdmin && attempt < 5; attempt++) {
      try {
        return await ensureAs({ ...input, platform_role: "platform_admin" }, true);
      } catch (err) {
        if (!isConditionFailure(err)) throw err;
        // the seat (or the e-mail) is taken: an ordinary user; only a clash with a write under way is tried again
        const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        if (!reasons.some((r) => r.Code === "TransactionConflict")) break;
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 100));
      }
    }
    return ensureAs(input, false);
  }

  async function ensureAs(input: { email: string; full_name?: string | null; platform_role?: User["platform_role"] }, takeSeat: boolean) {
    const email = input.email.trim().toLowerCase();
    const existing = await byEmail(email);
    if (existing) return { user: existing, created: false };

    const now = new Date().toISOString();
    const user: User = {
      id: ulid().toLowerCase(),
      username: usernameFor(email),
      email,
      full_name: input.full_name?.trim() || null,
      phone_number: null,
      api_key: newApiKey(),
      platform_role: input.platform_role ?? "user",
      subscription_tier: "free",
      is_beta_tester: false,
      disabled: false,
      stripe_customer_id: null,
      stripe_subscription_id: null,
      stripe_subscription_status: null,
      subscription_schedule_id: null,
      subscription_schedule_tier: null,
      created_date: now,
      updated_date: now,
    };
    try {
      await transactWrite([
        putNew({ ...Keys.user(user.id), ...Keys.userIndex(now, user.id), ...user, version: 1 }),
        putNew({ ...Keys.email(email), user_id: user.id }),
        putNew({ ...Keys.apiKey(hashKey(user.api_key)), user_id: user.id }),
        ...PlatformStats.userCreatedItems(now),
        ...(takeSeat ? [putNew({ ...Keys.teamFirstAdmin, user_id: user.id, created_date: now })] : []),
      ]);
    } catch (err) {
      // the seat was taken (or the e-mail raced): the caller tries again as an ordinary user
      if (takeSeat && isConditionFailure(err)) throw err;
      // Two first sign-ins raced: the other one created the user.
      if (isConditionFailure(err)) {
        const winner = await byEmail(email);
        if (winner) return { user: winner, created: false };
      }
      throw err;
    }
    await Jobs.enqueue("welcome-email", { user_id: user.id });
    return { user, created: true };
  }

  /**
   * A team's Kiln started on data that already has users (a box used before, a restored backup):
   * its admins stay the admins, and no later sign-up takes the first-admin seat.
   */
  export async function closeFirstAdminSeatIfUsersExist(): Promise<void> {
    const { Items } = await db().send(
      new QueryCommand({ TableName: table(), IndexName: "gsi1", KeyConditionExpression: "gsi1pk = :p", ExpressionAttributeValues: { ":p": Keys.usersPartition }, Limit: 1 }),
    );
    if (!Items?.length) return;
    await db()
      .send(new PutCommand({ TableName: table(), Item: { ...Keys.teamFirstAdmin, user_id: null, created_date: new Date().toISOString() }, ConditionExpression: "attribute_not_exists(pk)" }))
      .catch((err: unknown) => {
        if (!isConditionFailure(err)) throw err;
      });
  }

  /** The only attributes a patch may name: the fields an admin may change, never a key, index or version. */
  const patchable = new Set<string>(Object.keys(AdminUpdate.shape));

  /**
   * Merge a validated patch into a user. `socketId` is the writer's socket, kept on
   * the item so the stream's broadcast of this change skips the tab that made it.
   */
  export async function update(id: string, patch: AdminUpdate, socketId: string | null = null): Promise<User> {
    const fields = Object.entries(patch).filter(([k, v]) => v !== undefined && patchable.has(k));
    const before = patch.subscription_tier ? await get(id) : undefined;
    const names: Record<string, string> = { "#updated_date": "updated_date", "#version": "version", "#sid": "last_socket_id" };
    const values: Record<string, unknown> = { ":now": new Date().toISOString(), ":one": 1, ":sid": socketId };
    const sets = ["#updated_date = :now", "#version = #version + :one", "#sid = :sid"];
    for (const [k, v] of fields) {
      names[`#${k}`] = k;
      values[`:${k}`] = v;
      sets.push(`#${k} = :${k}`);
    }
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.user(id),
          UpdateExpression: `SET ${sets.join(", ")}`,
          ConditionExpression: "attribute_exists(pk)",
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: "ALL_NEW",
        }),
      );
      const updated = toUser(Attributes!);
      if (before) await PlatformStats.tierChanged(before.subscription_tier, updated.subscription_tier);
      return updated;
    } catch (err) {
      if (isConditionFailure(err)) throw notFound("User not found");
      throw err;
    }
  }

  /** What Stripe's webhooks keep on a user (functions/core/billing/billing.ts); nobody's request body reaches these. */
  export type BillingFields = Partial<
    Pick<User, "subscription_tier" | "stripe_subscription_id" | "stripe_subscription_status" | "subscription_schedule_id" | "subscription_schedule_tier">
  >;

  /** A user with the item's version, for a write that must not land on a change made since it was read. */
  export async function versioned(id: string): Promise<{ user: User; version: number } | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.user(id), ConsistentRead: true }));
    return Item ? { user: toUser(Item), version: Number(Item.version ?? 0) } : undefined;
  }

  /** Write billing fields; with `version`, only if the user has not changed since (answers undefined if it has). */
  export async function setBilling(id: string, fields: BillingFields, version?: number): Promise<User | undefined> {
    const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.user(id),
          UpdateExpression: `SET ${[...entries.map(([k]) => `#${k} = :${k}`), "#updated_date = :now", "#version = #version + :one"].join(", ")}`,
          ConditionExpression: version === undefined ? "attribute_exists(pk)" : "#version = :expected",
          ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([k]) => [`#${k}`, k])), "#updated_date": "updated_date", "#version": "version" },
          ExpressionAttributeValues: {
            ...Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])),
            ":now": new Date().toISOString(),
            ":one": 1,
            ...(version === undefined ? {} : { ":expected": version }),
          },
          ReturnValues: "ALL_NEW",
        }),
      );
      return toUser(Attributes!);
    } catch (err) {
      if (version !== undefined && isConditionFailure(err)) return undefined;
      throw err;
    }
  }

  /**
   * Record a user's Stripe customer, once: the user item and the customer -> user lookup in one
   * transaction. Answers the customer the user ends up with (another request's, if it won).
   */
  export async function linkStripeCustomer(id: string, customerId: string): Promise<string> {
    try {
      await transactWrite([
        userUpdate(id, "stripe_customer_id = :c", "attribute_exists(pk) AND (attribute_not_exists(stripe_customer_id) OR attribute_type(stripe_customer_id, :null))", {
          ":c": customerId,
          ":now": new Date().toISOString(),
          ":null": "NULL",
        }),
        { Put: { TableName: table(), Item: { ...Keys.stripeCustomer(customerId), user_id: id } } },
      ]);
      return customerId;
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      const current = await mustGet(id);
      if (!current.stripe_customer_id) throw err;
      return current.stripe_customer_id;
    }
  }

  export async function byStripeCustomer(customerId: string): Promise<User | undefined> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.stripeCustomer(customerId) }));
    return Item ? get(Item.user_id as string) : undefined;
  }

  /** Replace a user's API key; the old one stops working in the same transaction. */
  export async function regenerateApiKey(id: string, socketId: string | null = null): Promise<User> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.user(id), ConsistentRead: true }));
    if (!Item) throw notFound("User not found");
    const apiKey = newApiKey();
    const now = new Date().toISOString();
    try {
      await transactWrite([
        userUpdate(id, "api_key = :key, last_socket_id = :sid", "version = :v", { ":key": apiKey, ":now": now, ":v": Item.version, ":sid": socketId }),
        { Delete: { TableName: table(), Key: Keys.apiKey(hashKey(Item.api_key as string)) } },
        putNew({ ...Keys.apiKey(hashKey(apiKey)), user_id: id }),
      ]);
    } catch (err) {
      if (isConditionFailure(err)) throw new VisibleError("conflict", "The API key was changed at the same time; please try again");
      throw err;
    }
    return { ...toUser(Item), api_key: apiKey, updated_date: now };
  }

  /** Platform users for the admin portal: Mongo-style `q`, `sort`, `skip`, `limit`. */
  export async function list(query: ListUsersQuery): Promise<User[]> {
    const filter = Mongo.parseFilter(query.q);
    const newestFirst = query.sort === "-created_date";
    const users: User[] = [];
    let cursor: Record<string, unknown> | undefined;
    const wanted = query.skip + query.limit;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: "gsi1",
          KeyConditionExpression: "gsi1pk = :p",
          ExpressionAttributeValues: { ":p": Keys.usersPartition },
          ScanIndexForward: !newestFirst,
          ExclusiveStartKey: cursor,
        }),
      );
      // Only user items belong to this index; anything else here was planted and is not read.
      for (const item of page.Items ?? []) if (Keys.kindOf(String(item.pk), String(item.sk)) === "user") users.push(toUser(item));
      cursor = page.LastEvaluatedKey;
      // With the index's own order and no filter, stop as soon as the page is full.
      if (!filter && (newestFirst || query.sort === "created_date") && users.length >= wanted) break;
    } while (cursor);
    const matched = filter ? users.filter(Mongo.compile(filter)) : users;
    return Mongo.sortBy(matched, query.sort).slice(query.skip, wanted);
  }
}
