import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { DeleteCommand, GetCommand, QueryCommand, type QueryCommandInput, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { SecretChoice } from "../../../schemas/app";
import { type ExistingSecret, REQUIRED_KEYS_MESSAGE, SECRETS_PER_APP_MAX, type SecretInfo, SecretId, SecretName, type UpdateSecretsResult } from "../../../schemas/secrets";
import type { User } from "../../../schemas/user";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { Messages } from "../chat/messages";
import { db, table } from "../db";
import { VisibleError, forbidden, notFound } from "../errors";
import { Keys } from "../keys";

/**
 * App secrets (DESIGN §6): write-only. Each is one item in its app's partition
 * holding the value sealed with AES-256-GCM; names and dates go out, values never
 * do — not in an answer, a log line or an error message.
 */
export namespace Secrets {
  const VERSION = "v1";
  const IV_BYTES = 12;
  const TAG_BYTES = 16;

  /** The 256-bit sealing key, derived from the deployment's auth secret so no second secret has to be managed. */
  export function deriveKey(rootSecret: string): Buffer {
    return Buffer.from(hkdfSync("sha256", rootSecret, "kiln:app-secrets", `kiln:app-secrets:${VERSION}`, 32));
  }

  /**
   * "v1.{iv}.{tag}.{ciphertext}" (base64url). `context` (app id and name) is bound as
   * associated data, so a sealed value copied to another app or name does not open.
   */
  export function seal(key: Buffer, plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, "utf8"));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
  }

  /** The plaintext; throws (without the value) when the box was tampered with, sealed under another key or context. */
  export function open(key: Buffer, sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Unreadable sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  }

  let cachedKey: { root: string; key: Buffer } | undefined;
  function key(): Buffer {
    const root = Config.authSecret;
    if (cachedKey?.root !== root) cachedKey = { root, key: deriveKey(root) };
    return cachedKey.key;
  }

  const contextOf = (appId: string, name: string) => `${appId}/${name}`;
  export const idOf = (appId: string, name: string) => `${appId}:${name}`;

  /** Every item a Query matches, page after page. */
  async function queryAll(input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    let cursor: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: cursor }));
      out.push(...(page.Items ?? []));
      cursor = page.LastEvaluatedKey;
    } while (cursor);
    return out;
  }

  function items(appId: string, projection: string): Promise<Record<string, unknown>[]> {
    const { pk, skPrefix } = Keys.appSecrets(appId);
    return queryAll({
      KeyConditionExpression: "pk = :p AND begins_with(sk, :s)",
      ExpressionAttributeValues: { ":p": pk, ":s": skPrefix },
      ProjectionExpression: projection,
    });
  }

  /** The app's secrets by name, with their dates; never their values. */
  export async function names(appId: string): Promise<SecretInfo[]> {
    const found = await items(appId, "secret_name, created_date, updated_date");
    return found.map((i) => ({ name: i.secret_name as string, created_date: i.created_date as string, updated_date: i.updated_date as string }));
  }

  /** Create or replace each secret; answers the names this call created (for "I've added {names} secrets"). */
  export async function set(appId: string, values: Record<string, string>): Promise<string[]> {
    const incoming = Object.keys(values);
    if (!incoming.length) return [];
    const existing = new Set((await names(appId)).map((s) => s.name));
    const total = new Set([...existing, ...incoming]).size;
    if (total > SECRETS_PER_APP_MAX) throw new VisibleError("input", `An app can hold at most ${SECRETS_PER_APP_MAX} secrets`);
    const created: string[] = [];
    for (const [name, value] of Object.entries(values)) {
      const now = new Date().toISOString();
      const { Attributes } = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.appSecret(appId, name),
          UpdateExpression: "SET sealed = :s, secret_name = :n, app_id = :a, updated_date = :now, created_date = if_not_exists(created_date, :now)",
          ExpressionAttributeValues: { ":s": seal(key(), value, contextOf(appId, name)), ":n": name, ":a": appId, ":now": now },
          ReturnValues: "UPDATED_OLD",
        }),
      );
      if (!Attributes?.created_date) created.push(name);
    }
    return created;
  }

  /** The Secrets page's save: set them, and tell the chat of new ones (names only) so the assistant can use them. */
  export async function save(appId: string, values: Record<string, string>, user: User): Promise<UpdateSecretsResult> {
    const created = await set(appId, values);
    if (created.length) {
      const message = await Messages.append(appId, { role: "user", content: `I've added ${created.join(", ")} secrets` }, user.email);
      await Apps.noteMessage(appId, message);
    }
    return { secrets: await names(appId), created };
  }

  export async function remove(appId: string, name: string): Promise<void> {
    const { Attributes } = await db().send(new DeleteCommand({ TableName: table(), Key: Keys.appSecret(appId, name), ReturnValues: "ALL_OLD" }));
    if (!Attributes) throw notFound(`Secret ${name} not found`);
  }

  /** Every secret of every app the user owns, offered for reuse: ids and names, no values. */
  export async function existingOf(userId: string): Promise<ExistingSecret[]> {
    const apps = await ownApps(userId);
    const found: ExistingSecret[] = [];
    // One Query per app, a few at a time.
    for (let i = 0; i < apps.length; i += 8) {
      const lists = await Promise.all(apps.slice(i, i + 8).map(async (app) => ({ app, secrets: await names(app.id) })));
      for (const { app, secrets } of lists) for (const s of secrets) found.push({ id: idOf(app.id, s.name), app_name: app.name, secret_name: s.name });
    }
    return found;
  }

  /** The user's apps, newest first, through the owner index. */
  async function ownApps(userId: string): Promise<{ id: string; name: string }[]> {
    const found = await queryAll({
      IndexName: "gsi1",
      KeyConditionExpression: "gsi1pk = :p",
      ExpressionAttributeValues: { ":p": Keys.ownerPartition(userId) },
      ProjectionExpression: "id, #n",
      ExpressionAttributeNames: { "#n": "name" },
      ScanIndexForward: false,
    });
    return found.map((item) => ({ id: item.id as string, name: item.name as string }));
  }

  /** A secret's value for reuse, only from an app the user may edit; foreign and unknown apps look alike. */
  async function reusable(user: User, secretId: string): Promise<string> {
    const parsed = SecretId.safeParse(secretId);
    if (!parsed.success) throw new VisibleError("input", "The secret to reuse was not found");
    const [appId, name] = parsed.data.split(":");
    const app = await Apps.get(appId);
    if (!app || !Apps.canAccess(user, app)) throw forbidden("You can only reuse secrets from your own apps");
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.appSecret(appId, name), ConsistentRead: true }));
    if (!Item) throw new VisibleError("input", `The secret ${name} of "${app.name}" no longer exists`);
    return open(key(), Item.sealed as string, contextOf(appId, name));
  }

  /** Copy an existing secret (by id) into an app under `name`. */
  export async function copy(user: User, fromSecretId: string, toAppId: string, name: string): Promise<string[]> {
    return set(toAppId, { [SecretName.parse(name)]: await reusable(user, fromSecretId) });
  }

  /**
   * The values a new app's secret choices stand for, checked before the app exists:
   * names valid and unique, new values non-blank, reused secrets the caller's own,
   * and every required name present (spec 01 §5).
   */
  export async function fromChoices(user: User, choices: SecretChoice[], required: string[]): Promise<Record<string, string>> {
    const values: Record<string, string> = {};
    for (const choice of choices) {
      if (choice.name in values) throw new VisibleError("input", `The secret ${choice.name} is given twice`);
      if (choice.type === "value") {
        if (choice.value.trim() === "") throw new VisibleError("input", REQUIRED_KEYS_MESSAGE);
        values[choice.name] = choice.value.trim();
      } else {
        values[choice.name] = await reusable(user, choice.secret_id);
      }
    }
    if (required.some((name) => !values[name]?.trim())) throw new VisibleError("input", REQUIRED_KEYS_MESSAGE);
    return values;
  }

  /** Server only: the app's secrets as name → value, for its backend functions. Never put these in an answer. */
  export async function valuesFor(appId: string): Promise<Record<string, string>> {
    const found = await items(appId, "secret_name, sealed");
    return Object.fromEntries(found.map((i) => [i.secret_name as string, open(key(), i.sealed as string, contextOf(appId, i.secret_name as string))]));
  }
}
