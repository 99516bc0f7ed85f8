import type { AppMeta, CreateAppBody } from "../../../schemas/app";
import type { User } from "../../../schemas/user";
import { Apps } from "./apps";
import { BackendFunctions } from "../backend/functions";
import { Catalog } from "../catalog/catalog";
import { Chat } from "../chat/chat";
import { Checkpoints } from "../checkpoints/checkpoints";
import { CustomDomains } from "../domains/domains";
import { deleteKeys, deletePartition, queryAll } from "../db";
import { APP_LOG_SHARDS, Keys } from "../keys";
import { Packages } from "../catalog/packages";
import { Secrets } from "../backend/secrets";

/**
 * An app's birth and end across the domains that hold its parts: created with its
 * integrations, secrets, packages and first turn; removed with everything that is its.
 * The lower domains (apps.ts, backend, checkpoints, domains) never call up into this.
 */
export namespace AppLifecycle {
  /** A new app from the home page: everything is checked before it exists, and a first turn that cannot start leaves nothing behind. */
  export async function create(user: User, input: CreateAppBody, senderSid: string | null): Promise<AppMeta> {
    // Integrations and secrets are checked before the app exists, so a refused request leaves nothing behind.
    const integrations = await Catalog.usable(user, input.integrations ?? []);
    const secrets = await Secrets.fromChoices(user, input.secrets ?? [], integrations.flatMap((i) => i.required_secrets.map((s) => s.name)));
    const created = await Apps.create(user, {
      // the namer plans from the offline engine's vocabulary: loaded only when no name was given, without the engine's barrel
      name: input.name ?? (await import("../../agent/offline/build")).nameFromDescription(input.user_description),
      user_description: input.user_description,
      style: input.style,
      integrations: integrations.map((i) => i.id),
      model: input.model,
      deep_coding_mode: input.deep_coding_mode,
    });
    // The description is the conversation's first message; if it cannot start (e.g. out of credits) no app is left behind.
    try {
      await Secrets.set(created.id, secrets);
      await Packages.installChosen(user, created, created.integrations);
      const turn = await Chat.send(user, created, { content: input.user_description, file_urls: input.file_urls }, senderSid, { firstTurn: true });
      return turn.app;
    } catch (err) {
      await remove(created.id);
      throw err;
    }
  }

  /**
   * Delete the app and everything that is its: its partition (files, messages, checkpoints,
   * secrets) and their S3 objects, its users, its logs and its slug; its records go in a job (record-upkeep.ts).
   */
  export async function remove(appId: string): Promise<void> {
    const meta = await Apps.get(appId);
    const items = await queryAll({
      KeyConditionExpression: "pk = :p",
      ExpressionAttributeValues: { ":p": Keys.app(appId).pk },
      ProjectionExpression: "pk, sk, id",
    });
    const checkpointIds = items.filter((i) => (i.sk as string).startsWith("CP#")).map((i) => i.id as string);
    // Entity records (any number) are deleted by the record-upkeep job the app's removal queues (stream.ts).
    await deletePartition(Keys.appUsers(appId).pk);
    for (let shard = 0; shard < APP_LOG_SHARDS; shard++) await deletePartition(Keys.appLogsPartition(appId, shard));
    await Checkpoints.removeObjects(appId, checkpointIds);
    await BackendFunctions.removeAll(appId, items.map((i) => i.sk as string).filter((sk) => sk.startsWith(Keys.functionDeployments(appId).skPrefix)));
    await CustomDomains.removeAllOf(appId);
    const keys = items.map((i) => ({ pk: i.pk as string, sk: i.sk as string }));
    if (meta) keys.push(Keys.appSlug(meta.slug));
    await deleteKeys(keys);
  }
}
