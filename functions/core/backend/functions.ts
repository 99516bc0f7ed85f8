import { createHash } from "node:crypto";
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from "@aws-sdk/client-s3";
import { GetCommand, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { AppMeta } from "../../../schemas/app";
import type { User } from "../../../schemas/user";
import {
  type FunctionDeployment,
  type FunctionFailure,
  FunctionLimits,
  type FunctionList,
  type FunctionLogsPage,
  type FunctionLogsQuery,
} from "../../../schemas/functions";
import type { SandboxInvoked, SandboxLogLine } from "../../../schemas/sandbox";
import { Actor } from "../actor";
import { AppFiles } from "../apps/files";
import { Apps } from "../apps/apps";
import { Config } from "../config";
import { batchWrite, db, deletePartition, queryAll, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Jobs } from "../jobs";
import { Keys } from "../keys";
import { SecretMask } from "./secret-mask";
import { Sandbox } from "./sandbox";
import { Storage } from "../storage";
import { FEATURE_MESSAGES, Features } from "../../../lib/tiers";
import { Users } from "../identity/users";

export type StoredDeployment = FunctionDeployment & { bundle_sha: string | null; bundle_key: string | null };

/**
 * Backend functions of generated apps (spec 02 §4, §7): activation, deployments (the source
 * bundled with its packages once per version of the code, kept in S3) and the function logs.
 * Calls run in the sandbox (functions/core/backend/calls.ts builds them).
 */
export namespace BackendFunctions {
  export const NOT_ACTIVATED = "Backend functions are not activated for this app. Its owner can activate them in App Settings.";

  /** Spec 02 §6: only owners on Builder and above; the gate is the owner's plan, whoever asks. */
  export async function assertOwnerPlan(app: AppMeta, known?: User): Promise<void> {
    // the owner as the request already read them (the caller, when it is the owner), or from the table
    const owner = known?.id === app.created_by_id ? known : await Users.get(app.created_by_id);
    if (!owner || !Features[owner.subscription_tier].backend_functions) throw new VisibleError("payment_required", FEATURE_MESSAGES.backend_functions!);
  }

  /** One-way (spec 02 §4): once on, backend functions stay on. */
  export async function activate(app: AppMeta): Promise<void> {
    await assertOwnerPlan(app);
    if (app.has_backend_functions_enabled) return;
    await Apps.update(app.id, { has_backend_functions_enabled: true });
    // functions written before activation are bundled now, ahead of their first call
    for (const name of Object.keys(await AppFiles.tree(app.id, "functions/"))) await Jobs.enqueue("deploy-function", { app_id: app.id, function_name: name.slice("functions/".length) });
  }

  /** Spec 02 §9: the function's URL. */
  export const urlOf = (appId: string, name: string) => `${Config.kiln.webUrl}/api/apps/${appId}/functions/${name}`;

  export const codeSha = (code: string) => createHash("sha256").update(code).digest("hex");

  /** The function's code; on a call, as read beside the caller (Actor.prefetched). */
  export async function source(appId: string, name: string): Promise<string | undefined> {
    const key = Keys.appFile(appId, `functions/${name}`);
    const read = Actor.prefetched(key) ?? { item: (await db().send(new GetCommand({ TableName: table(), Key: key, ProjectionExpression: "content" }))).Item };
    return read.item?.content as string | undefined;
  }

  export async function deploymentOf(appId: string, name: string): Promise<StoredDeployment | undefined> {
    const key = Keys.functionDeployment(appId, name);
    const read = Actor.prefetched(key) ?? { item: (await db().send(new GetCommand({ TableName: table(), Key: key }))).Item };
    return read.item ? toDeployment(read.item) : undefined;
  }

  function toDeployment(item: Record<string, unknown>): StoredDeployment {
    return {
      name: item.name as string,
      status: item.status as FunctionDeployment["status"],
      code_sha: item.code_sha as string,
      deployed_at: item.deployed_at as string,
      packages: (item.packages as string[] | undefined) ?? [],
      size_bytes: (item.size_bytes as number | undefined) ?? 0,
      error: (item.error as string | null | undefined) ?? null,
      bundle_sha: (item.bundle_sha as string | null | undefined) ?? null,
      bundle_key: (item.bundle_key as string | null | undefined) ?? null,
    };
  }

  export const publicDeployment = ({ bundle_sha: _sha, bundle_key: _key, ...deployment }: StoredDeployment): FunctionDeployment => deployment;

  /** Builds under way in this process, by app, function and code: a first call right after a save joins the deploy job's build. */
  const building = new Map<string, Promise<StoredDeployment>>();

  /** Resolve the function's packages and bundle it (the sandbox does the work); a failed build is kept too, with its error. */
  export function deploy(appId: string, name: string, code: string): Promise<StoredDeployment> {
    const id = `${appId}/${name}/${codeSha(code)}`;
    const joined = building.get(id);
    if (joined) return joined;
    const build = buildAndStore(appId, name, code).finally(() => building.delete(id));
    building.set(id, build);
    return build;
  }

  async function buildAndStore(appId: string, name: string, code: string): Promise<StoredDeployment> {
    const built = await Sandbox.build(code);
    const base = { name, code_sha: codeSha(code), deployed_at: new Date().toISOString() };
    let deployment: StoredDeployment;
    if (!built.ok) {
      deployment = { ...base, status: "failed", packages: [], size_bytes: 0, error: built.error, bundle_sha: null, bundle_key: null };
    } else {
      const bytes = Buffer.from(built.bundle, "base64");
      const key = Keys.functionBundle(appId, name, built.sha);
      await Storage.client().send(new PutObjectCommand({ Bucket: Config.bucket, Key: key, Body: bytes, ContentType: "text/javascript" }));
      deployment = { ...base, status: "deployed", packages: built.packages, size_bytes: bytes.length, error: null, bundle_sha: built.sha, bundle_key: key };
    }
    await db().send(new PutCommand({ TableName: table(), Item: { ...Keys.functionDeployment(appId, name), ...deployment, app_id: appId } }));
    return deployment;
  }

  /** The deployment of the function's code as it is now, built first when the code changed since. */
  export async function current(appId: string, name: string): Promise<StoredDeployment> {
    const [code, existing] = await Promise.all([source(appId, name), deploymentOf(appId, name)]);
    if (code === undefined) throw functionNotFound(name);
    return existing && existing.code_sha === codeSha(code) ? existing : deploy(appId, name, code);
  }

  /** The deployment of `code` under `name` (an installed package's module, too), built when it is new. */
  export async function currentOf(appId: string, name: string, code: string): Promise<StoredDeployment> {
    const existing = await deploymentOf(appId, name);
    if (existing && existing.code_sha === codeSha(code)) return existing;
    return deploy(appId, name, code);
  }

  /** The deploy job (a function file changed): build when functions are on and the deployment is not of this code. */
  export async function deployIfStale(appId: string, name: string): Promise<void> {
    const app = await Apps.get(appId);
    if (!app?.has_backend_functions_enabled) return;
    const code = await source(appId, name);
    if (code !== undefined) await currentOf(appId, name, code);
  }

  export async function redeploy(app: AppMeta, name: string): Promise<FunctionDeployment> {
    if (!app.has_backend_functions_enabled) throw new VisibleError("input", NOT_ACTIVATED);
    await assertOwnerPlan(app);
    const code = await source(app.id, name);
    if (code === undefined) throw functionNotFound(name);
    return publicDeployment(await deploy(app.id, name, code));
  }

  export const functionNotFound = (name: string) => notFound(`Function ${name} not found`);

  const LINK_SECONDS = 300;
  /** Links are handed out again while at least this long of them is left: the sandbox fetches at once, when at all. */
  const LINK_REUSE_MS = (LINK_SECONDS - 60) * 1000;
  const MAX_LINKS = 1000;
  const links = new Map<string, { url: Promise<string>; until: number }>();

  /**
   * A signed link the sandbox fetches a bundle from (once: it caches bundles by their sha). A bundle's key names
   * one immutable build, so a warm call reuses the link signed for an earlier one (signing costs CPU every call).
   */
  export function bundleLink(deployment: StoredDeployment): Promise<string> {
    const key = deployment.bundle_key!;
    const now = Date.now();
    const kept = links.get(key);
    if (kept && kept.until > now) return kept.url;
    if (links.size >= MAX_LINKS) links.clear();
    const url = getSignedUrl(Storage.client(), new GetObjectCommand({ Bucket: Config.bucket, Key: key }), { expiresIn: LINK_SECONDS });
    links.set(key, { url, until: now + LINK_REUSE_MS });
    url.catch(() => links.delete(key));
    return url;
  }

  export async function list(app: AppMeta): Promise<FunctionList> {
    const { pk, skPrefix } = Keys.functionDeployments(app.id);
    const [files, items] = await Promise.all([
      AppFiles.tree(app.id, "functions/"),
      queryAll({ KeyConditionExpression: "pk = :p AND begins_with(sk, :s)", ExpressionAttributeValues: { ":p": pk, ":s": skPrefix } }),
    ]);
    const deployments = new Map(items.map((item) => [item.name as string, toDeployment(item)]));
    const functions = Object.entries(files).map(([path, content]) => {
      const name = path.slice("functions/".length);
      const deployment = deployments.get(name);
      return {
        name,
        url: urlOf(app.id, name),
        deployment: deployment ? publicDeployment(deployment) : null,
        up_to_date: deployment?.code_sha === codeSha(content),
      };
    });
    return { functions };
  }

  /** An app being deleted: its functions' logs and bundles go with it (deployment items live in the app's partition). */
  export async function removeAll(appId: string, deploymentSks: string[]): Promise<void> {
    const names = deploymentSks.map((sk) => sk.slice(Keys.functionDeployments(appId).skPrefix.length));
    const prefix = `apps/${appId}/functions/`;
    let token: string | undefined;
    do {
      const page = await Storage.client().send(new ListObjectsV2Command({ Bucket: Config.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length) await Storage.client().send(new DeleteObjectsCommand({ Bucket: Config.bucket, Delete: { Objects: keys, Quiet: true } }));
      token = page.NextContinuationToken;
    } while (token);
    for (const name of names) await deletePartition(Keys.functionLogsPartition(appId, name));
  }

  /** Where functions run, as their logs say (spec 02 §3: region). */
  export const region = () => (Config.isLocal ? "local" : (process.env.AWS_REGION ?? "unknown"));

  /**
   * Keep a call's log lines (and the lines saying how it went), under its request id, newest
   * read first; they expire after the retention. The app's secret values are masked before
   * anything is stored: the owner reads these, and secrets are write-only.
   */
  export async function writeLogs(appId: string, name: string, lines: SandboxLogLine[], call: { requestId: string; mask: SecretMask.Mask }): Promise<void> {
    await batchWrite(logItems(appId, name, lines, call).map((Item) => ({ PutRequest: { Item } })));
  }

  /** The items of a call's log lines, secrets masked, expiring after LOG_RETENTION_DAYS. */
  export function logItems(appId: string, name: string, lines: SandboxLogLine[], call: { requestId: string; mask: SecretMask.Mask }): Record<string, unknown>[] {
    const ttl = Math.floor(Date.now() / 1000) + FunctionLimits.LOG_RETENTION_DAYS * 24 * 3600;
    return lines.map(({ level, time, message }, i) => ({
      ...Keys.functionLog(appId, name, time, `${Date.now().toString(36)}${i.toString().padStart(4, "0")}`),
      level,
      time,
      message: call.mask(message),
      request_id: call.requestId,
      region: region(),
      ttl,
    }));
  }

  export async function logs(appId: string, name: string, query: FunctionLogsQuery): Promise<FunctionLogsPage> {
    const found: Record<string, unknown>[] = [];
    let cursor: Record<string, unknown> | undefined;
    // newest first; offset pages are short (50) and the partition expires, so reading past the offset is cheap
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: "pk = :p",
          ExpressionAttributeValues: { ":p": Keys.functionLogsPartition(appId, name) },
          ScanIndexForward: false,
          Limit: query.offset + query.limit + 1 - found.length,
          ExclusiveStartKey: cursor,
        }),
      );
      found.push(...(page.Items ?? []));
      cursor = page.LastEvaluatedKey;
    } while (cursor && found.length < query.offset + query.limit + 1);
    const slice = found.slice(query.offset, query.offset + query.limit);
    return {
      logs: slice.map((item) => ({
        level: item.level as SandboxLogLine["level"],
        time: item.time as string,
        region: item.region as string,
        message: item.message as string,
        request_id: (item.request_id as string | undefined) ?? null,
      })),
      has_more: found.length > query.offset + query.limit,
    };
  }

  /**
   * The answer for a call that did not end with the function's own answer (the SDK's error
   * shape). What the function threw or printed may hold a secret, so the caller gets Kiln's
   * words and the request id; the owner's logs keep the text under that id. Timeouts, memory
   * and concurrency say which limit was met (Kiln's words, with no output of the function).
   * `forBuilder`: the text (masked) as `detail`, for those who may read the logs anyway.
   */
  export function failure(result: Pick<SandboxInvoked, "outcome" | "detail">, requestId: string, mask: SecretMask.Mask, forBuilder: boolean): FunctionFailure {
    const code = ({ error: "FUNCTION_ERROR", timeout: "FUNCTION_TIMEOUT", memory: "FUNCTION_MEMORY", busy: "FUNCTION_BUSY", crashed: "FUNCTION_ERROR", ok: "FUNCTION_NO_RESPONSE" } as const)[result.outcome];
    const limit = result.outcome === "timeout" || result.outcome === "memory" || result.outcome === "busy";
    const words = limit && result.detail ? mask(result.detail) : failedMessage(requestId);
    const detail = forBuilder && result.detail ? mask(result.detail) : words;
    return { error: words, message: words, detail, code, request_id: requestId };
  }

  /** What a caller is told of a function that failed. */
  export const failedMessage = (requestId: string) => `The function failed. Request id: ${requestId}`;
}
