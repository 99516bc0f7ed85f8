import { GetCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import { type App, AppMeta, type AppSummary, type ListAppsQuery, type UpdateAppBody } from "../../../schemas/app";
import type { ChatMessage } from "../../../schemas/chat";
import type { User } from "../../../schemas/user";
import { Actor } from "../actor";
import { AppEvents } from "./events";
import { AppFiles } from "./files";
import { batchGet, db, isConditionFailure, putNew, table, transactWrite } from "../db";
import { VisibleError, forbidden, notFound } from "../errors";
import { Keys, stripKeys } from "../keys";
import { Messages } from "../chat/messages";
import { Mongo } from "../records/mongo";

/**
 * Apps: metadata in one item; files, messages and checkpoints beside it in the same partition.
 * Creating and removing an app with its other parts is lifecycle.ts's; edits announce themselves (events.ts).
 */
export namespace Apps {
  const toMeta = (item: Record<string, unknown>): AppMeta => AppMeta.parse(stripKeys(item));
  /** The app's metadata from its stored item (a caller read it in a batch). */
  export const fromItem = toMeta;

  export function slugify(name: string, id: string): string {
    const base = name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40);
    return `${base || "app"}-${id.slice(-6)}`;
  }

  export async function create(
    user: User,
    input: { name: string; user_description: string; style?: string | null; integrations?: string[]; model?: AppMeta["model"]; deep_coding_mode?: boolean },
  ): Promise<AppMeta> {
    const id = ulid().toLowerCase();
    const now = new Date().toISOString();
    const meta: AppMeta = {
      id,
      name: input.name,
      slug: slugify(input.name, id),
      user_description: input.user_description,
      logo_url: null,
      status: { state: "processing", details: "Starting conversation...", last_updated_date: now },
      created_by: user.email,
      created_by_id: user.id,
      created_date: now,
      updated_date: now,
      is_starred: false,
      deep_coding_mode: input.deep_coding_mode ?? false,
      integrations: input.integrations ?? [],
      public_settings: "private_with_login",
      model: input.model ?? "default",
      custom_instructions: "",
      frozen_files: [],
      app_stage: "pending",
      is_remixable: false,
      main_page: null,
      style: input.style ?? null,
      _last_msg_id: null,
      version: 1,
    };
    // The slug names the app's own host ({slug}.<apps domain>), so it is claimed with the app, atomically.
    await transactWrite([
      putNew({ ...Keys.app(id), ...Keys.appOwnerIndex(user.id, now, id), ...Keys.appAllIndex(now, id), ...meta }),
      putNew({ ...Keys.appSlug(meta.slug), app_id: id }),
    ]);
    return meta;
  }

  /** The app whose host is `{slug}.…`, or undefined. */
  export async function bySlug(slug: string): Promise<AppMeta | undefined> {
    if (!/^[a-z0-9-]{1,64}$/.test(slug)) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appSlug(slug) }));
    return Item ? get(Item.app_id as string) : undefined;
  }

  export async function get(appId: string): Promise<AppMeta | undefined> {
    // No app has such an id, and DynamoDB would refuse the over-long key with a 500.
    if (appId.length > 128) return undefined;
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.app(appId), ConsistentRead: true }));
    return Item ? toMeta(Item) : undefined;
  }

  /** Who may use an app from the builder: its owner, or a platform admin. An unknown app and a foreign one look alike. */
  export function canAccess(user: User, app: AppMeta): boolean {
    return app.created_by_id === user.id || Actor.isAdmin(user);
  }

  /** Throws unless the user may work on this app; answers its metadata. */
  export async function assertAccess(user: User, appId: string, message = "You do not have access to this app"): Promise<AppMeta> {
    const app = await get(appId);
    if (!app) throw notFound("App not found");
    if (!canAccess(user, app)) throw forbidden(message);
    return app;
  }

  /** The app as GET /apps/{id} answers it: metadata, files grouped by kind, the latest messages. */
  export async function full(meta: AppMeta, allMessages = false): Promise<App> {
    const [files, conversation] = await Promise.all([AppFiles.tree(meta.id), Messages.list(meta.id, allMessages ? undefined : Messages.INITIAL_COUNT)]);
    const grouped = AppFiles.grouped(files);
    return {
      ...meta,
      ...grouped,
      entities: grouped.entities as App["entities"],
      conversation: { ...conversation, complete: conversation.messages.length === conversation.total },
      user_entity: null,
    };
  }

  /** Apps for the list: own apps (all apps for platform admins), with Mongo-style `q`, sort, skip, limit and fields. */
  export async function list(user: User, query: ListAppsQuery): Promise<AppSummary[]> {
    const filter = Mongo.parseFilter(query.q);
    const test = filter ? Mongo.compile(filter) : undefined;
    const admin = Actor.isAdmin(user);
    const index = admin ? { name: "gsi2", key: "gsi2pk", value: Keys.allAppsPartition } : { name: "gsi1", key: "gsi1pk", value: Keys.ownerPartition(user.id) };
    const byUpdated = query.sort === "-updated_date" || query.sort === "updated_date";
    const wanted = query.skip + query.limit;
    const apps: AppMeta[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          IndexName: index.name,
          KeyConditionExpression: `${index.key} = :p`,
          ExpressionAttributeValues: { ":p": index.value },
          ScanIndexForward: query.sort === "updated_date",
          ExclusiveStartKey: cursor,
        }),
      );
      for (const item of page.Items ?? []) {
        // Only app items belong to these indexes; anything else here was planted and is not read.
        if (Keys.kindOf(String(item.pk), String(item.sk)) !== "app") continue;
        const meta = toMeta(item);
        if (!filter || test!(meta)) apps.push(meta);
      }
      cursor = page.LastEvaluatedKey;
      if (byUpdated && apps.length >= wanted) break;
    } while (cursor);
    const chosen = (byUpdated ? apps : Mongo.sortBy(apps, query.sort)).slice(query.skip, wanted);
    const names = admin ? await creatorNames(chosen.map((a) => a.created_by_id)) : new Map<string, string | null>();
    const fields = query.fields?.split(",").map((f) => f.trim()).filter(Boolean);
    return chosen.map((app) => {
      const summary: AppSummary = admin ? { ...app, created_by_name: names.get(app.created_by_id) ?? null } : app;
      return fields?.length ? (Object.fromEntries(Object.entries(summary).filter(([k]) => k === "id" || fields.includes(k))) as AppSummary) : summary;
    });
  }

  async function creatorNames(ids: string[]): Promise<Map<string, string | null>> {
    const users = await batchGet(ids.map((id) => Keys.user(id)), { projection: "id, full_name, email" });
    return new Map(users.map((u) => [u.id as string, (u.full_name as string | null) ?? (u.email as string)]));
  }

  /** Merge a patch into the app under its version guard; `onlyIf` may decline the write after seeing the current app. */
  export async function update(
    appId: string,
    patch: UpdateAppBody | Partial<AppMeta>,
    touch = true,
    onlyIf?: (current: AppMeta) => boolean,
  ): Promise<AppMeta> {
    const { Item: current } = await db().send(new GetCommand({ TableName: table(), Key: Keys.app(appId), ConsistentRead: true }));
    if (!current) throw notFound("App not found");
    if (onlyIf && !onlyIf(toMeta(current))) return toMeta(current);
    const now = new Date().toISOString();
    const fields: Record<string, unknown> = { ...patch };
    if (touch) Object.assign(fields, { updated_date: now, ...Keys.appOwnerIndex(current.created_by_id as string, now, appId), ...Keys.appAllIndex(now, appId) });
    const entries = Object.entries(fields).filter(([k, v]) => v !== undefined && k !== "version");
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.app(appId),
          UpdateExpression: `SET ${entries.map(([k]) => `#${k} = :${k}`).join(", ")}, #version = #version + :one`,
          ConditionExpression: "attribute_exists(pk) AND #version = :v",
          ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([k]) => [`#${k}`, k])), "#version": "version" },
          ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([k, v]) => [`:${k}`, v])), ":one": 1, ":v": current.version },
          ReturnValues: "ALL_NEW",
        }),
      );
      return toMeta(Attributes!);
    } catch (err) {
      if (isConditionFailure(err)) return update(appId, patch, touch, onlyIf); // another write landed first: merge onto it
      throw err;
    }
  }

  /** A change made in the builder (settings, logo, blocking): stored, then announced to the app's room, all but the sender's tab. */
  export async function edit(appId: string, patch: UpdateAppBody | Partial<AppMeta>): Promise<AppMeta> {
    const updated = await update(appId, patch);
    await AppEvents.publish(appId, { app: patch }, Actor.socketId());
    return updated;
  }

  /** A chat entry that starts no turn (e.g. new secrets named): the app points at it as its newest, and the room hears it. */
  export async function noteMessage(appId: string, message: ChatMessage): Promise<void> {
    await update(appId, { _last_msg_id: message.id });
    await AppEvents.publish(appId, { message });
  }

  /** The app changed wholesale (a checkpoint restored): its updated_date moves, and every other tab reloads it. */
  export async function replaced(appId: string): Promise<void> {
    await update(appId, {});
    await AppEvents.refetch(appId, Actor.socketId());
  }

  export function setStatus(appId: string, state: AppMeta["status"]["state"], details: string | null): Promise<AppMeta> {
    return update(appId, { status: { state, details, last_updated_date: new Date().toISOString() } });
  }

  const stillWorking = () => new VisibleError("conflict", "The assistant is still working on this app. Wait for it to finish or stop it first.");

  export function assertNotProcessing(app: AppMeta) {
    if (app.status.state === "processing") throw stillWorking();
  }

  /**
   * Claim the app for the turn `turnId`: one turn per app at a time, decided by a condition on
   * the app item in the same write that sets it processing, so two concurrent sends cannot both
   * pass. A new app (created already processing) is claimed by its first turn only.
   */
  export async function startTurn(app: AppMeta, turnId: string, firstTurn = false): Promise<AppMeta> {
    const appId = app.id;
    const now = new Date().toISOString();
    const fields: Record<string, unknown> = {
      status: { state: "processing", details: "Thinking...", last_updated_date: now },
      _last_msg_id: turnId,
      turn_id: turnId,
      stop_requested: null,
      suggestions: null,
      updated_date: now,
      ...Keys.appOwnerIndex(app.created_by_id, now, appId),
      ...Keys.appAllIndex(now, appId),
    };
    try {
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.app(appId),
          UpdateExpression: `SET ${Object.keys(fields).map((k) => `#${k} = :${k}`).join(", ")}, #version = #version + :one`,
          ConditionExpression: firstTurn ? "attribute_exists(pk) AND attribute_not_exists(turn_id)" : "attribute_exists(pk) AND #status.#state <> :processing",
          ExpressionAttributeNames: { ...Object.fromEntries(Object.keys(fields).map((k) => [`#${k}`, k])), "#version": "version", ...(firstTurn ? {} : { "#state": "state" }) },
          ExpressionAttributeValues: { ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`:${k}`, v])), ":one": 1, ...(firstTurn ? {} : { ":processing": "processing" }) },
          ReturnValues: "ALL_NEW",
        }),
      );
      return toMeta(Attributes!);
    } catch (err) {
      if (isConditionFailure(err)) throw stillWorking();
      throw err;
    }
  }
}
