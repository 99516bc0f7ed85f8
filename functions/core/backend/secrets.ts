import { DeleteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { SecretChoice } from "../../../schemas/app";
import { type ExistingSecret, REQUIRED_KEYS_MESSAGE, SECRETS_PER_APP_MAX, type SecretInfo, SecretId, SecretName, type UpdateSecretsResult } from "../../../schemas/secrets";
import type { User } from "../../../schemas/user";
import { Apps } from "../apps/apps";
import { Messages } from "../chat/messages";
import { db, queryAll, table } from "../db";
import { VisibleError, forbidden, notFound } from "../errors";
import { Keys } from "../keys";
import { Sealed } from "../sealed";

/**
 * App secrets (DESIGN §6): write-only. Each is one item in its app's partition
 * holding the value sealed with AES-256-GCM; names and dates go out, values never
 * do — not in an answer, a log line or an error message.
 */
export namespace Secrets {
  /** The 256-bit sealing key of app secrets, derived from the deployment's auth secret. */
  export const deriveKey = (rootSecret: string): Buffer => Sealed.deriveKey(rootSecret, "app-secrets");
  export const { seal, open } = Sealed;
  const sealer = Sealed.under("app-secrets");

  const contextOf = (appId: string, name: string) => `${appId}/${name}`;
  export const idOf = (appId: string, name: string) => `${appId}:${name}`;

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
          ExpressionAttributeValues: { ":s": sealer.seal(value, contextOf(appId, name)), ":n": name, ":a": appId, ":now": now },
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
    return sealer.open(Item.sealed as string, contextOf(appId, name));
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
    return Object.fromEntries(found.map((i) => [i.secret_name as string, sealer.open(i.sealed as string, contextOf(appId, i.secret_name as string))]));
  }
}
