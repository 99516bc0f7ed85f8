import { createHash } from "node:crypto";
import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type { AppMeta } from "../../../schemas/app";
import type { FileTree } from "../../../schemas/app-files";
import { FINDING_GROUPS, type Finding, ScanResult, type SecurityScan } from "../../../schemas/security";
import { AppFiles } from "../apps/files";
import { db, table } from "../db";
import { VisibleError, notFound } from "../errors";
import { Jobs } from "../jobs";
import { Keys } from "../keys";
import { BackendFunctionChecks } from "./functions";
import { DependencyChecks } from "./dependencies";
import { EntityRuleChecks } from "./entity-rules";
import { HardcodedSecrets } from "./secrets";
import { HeaderChecks } from "./headers";

/**
 * An app's security scan (issue 24 §3): five groups of findings over its files and visibility, stored
 * beside the app with the fingerprint of what was scanned, so a read can tell whether the app changed
 * since (`out_of_date`). POST starts one in the background (the `security-scan` job) unless the last
 * still matches; publishing and Fix All scan in their own request when the last one is out of date.
 */
export namespace SecurityScans {
  /** Part of the fingerprint: a scanner that finds more makes every earlier scan out of date. */
  const SCANNER_VERSION = 1;
  /** A scan still "scanning" after this lost its worker: its app may be scanned again. */
  export const STALE_MS = 2 * 60_000;
  /** At most this many findings per group are kept (a DynamoDB item holds 400 KB). */
  const MAX_PER_GROUP = 200;

  interface Stored {
    scan_id: string;
    state: "scanning" | "done";
    started_at: string;
    /** the fingerprint of the app the stored result is of */
    hash: string | null;
    result: ScanResult | null;
    scanned_at: string | null;
    duration_ms: number | null;
  }

  /** What "the app as it is" means for a scan: its files (pages, components, layout, entity schemas, functions) and its visibility. */
  export function fingerprint(files: FileTree, visibility: AppMeta["public_settings"]): string {
    const hash = createHash("sha256").update(`kiln-security-scan:${SCANNER_VERSION}\0${visibility}\0`);
    for (const [path, content] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) hash.update(`${path}\0${content}\0`);
    return hash.digest("hex");
  }

  /** The scan itself: the static groups, and the registry's advisories for the app's packages. */
  export async function analyse(app: Pick<AppMeta, "public_settings">, files: FileTree): Promise<ScanResult> {
    const dependencies = await DependencyChecks.scan(files);
    const result: ScanResult = {
      rls_recommendations: EntityRuleChecks.scan(files, app.public_settings),
      hardcoded_secrets: HardcodedSecrets.scan(files),
      backend_functions: BackendFunctionChecks.scan(files),
      dependency_vulnerabilities: dependencies,
      header_recommendations: HeaderChecks.scan(files),
    };
    for (const group of FINDING_GROUPS) result[group].findings = result[group].findings.slice(0, MAX_PER_GROUP);
    return result;
  }

  async function stored(appId: string): Promise<{ scan: Stored | null; ignored: Set<string> }> {
    const [scan, ignored] = await Promise.all([
      db().send(new GetCommand({ TableName: table(), Key: Keys.securityScan(appId), ConsistentRead: true })),
      db().send(new GetCommand({ TableName: table(), Key: Keys.securityIgnored(appId), ConsistentRead: true })),
    ]);
    const ids = ignored.Item?.ids as Set<string> | undefined;
    return { scan: (scan.Item as Stored | undefined) ?? null, ignored: new Set(ids ?? []) };
  }

  /** The stored result, or null when there is none (or it was stored in a shape this code no longer reads: scanned again, never a 500). */
  function resultOf(scan: Stored | null): ScanResult | null {
    const parsed = ScanResult.safeParse(scan?.result);
    return parsed.success ? parsed.data : null;
  }

  const scanning = (scan: Stored | null) => scan?.state === "scanning" && Date.now() - Date.parse(scan.started_at) < STALE_MS;

  function viewOf(appId: string, scan: Stored | null, ignored: Set<string>, hash: string): SecurityScan {
    const all = resultOf(scan);
    const status = scanning(scan) ? "scanning" : !all ? "pending" : scan!.hash === hash ? "up_to_date" : "out_of_date";
    if (!all) return { app_id: appId, status, scanned_at: null, duration_ms: null, result: null, ignored: [] };
    const result = Object.fromEntries(FINDING_GROUPS.map((g) => [g, { ...all[g], findings: all[g].findings.filter((f) => !ignored.has(f.id)) }])) as ScanResult;
    const hidden = FINDING_GROUPS.flatMap((g) => all[g].findings.filter((f) => ignored.has(f.id)));
    return { app_id: appId, status, scanned_at: scan!.scanned_at, duration_ms: scan!.duration_ms, result, ignored: hidden };
  }

  /** GET: the last scan and whether it still matches the app; never starts one. */
  export async function view(app: AppMeta, files?: FileTree): Promise<SecurityScan> {
    const [{ scan, ignored }, tree] = await Promise.all([stored(app.id), files ?? AppFiles.tree(app.id)]);
    return viewOf(app.id, scan, ignored, fingerprint(tree, app.public_settings));
  }

  /** POST: the last scan when it still matches (`cache`), else one started in the background (`async`). */
  export async function start(app: AppMeta): Promise<{ scan: SecurityScan; source: "cache" | "async" }> {
    const [{ scan, ignored }, files] = await Promise.all([stored(app.id), AppFiles.tree(app.id)]);
    const hash = fingerprint(files, app.public_settings);
    const current = viewOf(app.id, scan, ignored, hash);
    if (current.status === "up_to_date" || current.status === "scanning") return { scan: current, source: current.status === "up_to_date" ? "cache" : "async" };
    const scanId = ulid();
    const startedAt = new Date().toISOString();
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.securityScan(app.id),
        UpdateExpression: "SET scan_id = :id, #state = :scanning, started_at = :at",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":id": scanId, ":scanning": "scanning", ":at": startedAt },
      }),
    );
    await Jobs.enqueue("security-scan", { app_id: app.id, scan_id: scanId });
    return { scan: { ...current, status: "scanning" }, source: "async" };
  }

  async function save(appId: string, scanId: string, hash: string, result: ScanResult, durationMs: number): Promise<void> {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: Keys.securityScan(appId),
        UpdateExpression: "SET scan_id = if_not_exists(scan_id, :id), started_at = if_not_exists(started_at, :at), #state = :done, #hash = :hash, #result = :result, scanned_at = :at, duration_ms = :ms",
        ExpressionAttributeNames: { "#state": "state", "#hash": "hash", "#result": "result" },
        ExpressionAttributeValues: { ":id": scanId, ":done": "done", ":hash": hash, ":result": result, ":at": new Date().toISOString(), ":ms": durationMs },
      }),
    );
  }

  /** Scan the app now, in this request, and store it: what publishing and Fix All do with an out-of-date scan. */
  export async function runNow(app: AppMeta, files: FileTree): Promise<ScanResult> {
    const began = Date.now();
    const result = await analyse(app, files);
    await save(app.id, ulid(), fingerprint(files, app.public_settings), result, Date.now() - began);
    return result;
  }

  /** The `security-scan` job: the app as it is when the job runs. */
  export async function runJob(app: AppMeta, scanId: string): Promise<void> {
    const began = Date.now();
    const files = await AppFiles.tree(app.id);
    const result = await analyse(app, files);
    await save(app.id, scanId, fingerprint(files, app.public_settings), result, Date.now() - began);
  }

  /** The last scan's result when it matches the app as it is, else a fresh one; with the ignored ids. */
  export async function current(app: AppMeta, files: FileTree): Promise<{ result: ScanResult; ignored: Set<string> }> {
    const { scan, ignored } = await stored(app.id);
    const last = resultOf(scan);
    return { result: last && scan!.hash === fingerprint(files, app.public_settings) ? last : await runNow(app, files), ignored };
  }

  export const findingsOf = (result: ScanResult): Finding[] => FINDING_GROUPS.flatMap((g) => result[g].findings);

  /** The ids of ignored findings, at most this many per app. */
  const MAX_IGNORED = 1_000;

  /** Ignore a finding of the last scan (it then is listed apart and no longer blocks publishing), or restore one. */
  export async function setIgnored(app: AppMeta, findingId: string, ignore: boolean): Promise<SecurityScan> {
    const { scan, ignored } = await stored(app.id);
    const last = resultOf(scan);
    const known = !!last && findingsOf(last).some((f) => f.id === findingId);
    if (ignore && !known && !ignored.has(findingId)) throw notFound("The last security scan has no such finding");
    if (!ignore && !ignored.has(findingId)) throw notFound("This finding is not ignored");
    if (ignore && !ignored.has(findingId) && ignored.size >= MAX_IGNORED) throw new VisibleError("conflict", `At most ${MAX_IGNORED} findings can be ignored`);
    if (ignore !== ignored.has(findingId)) {
      await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: Keys.securityIgnored(app.id),
          UpdateExpression: ignore ? "ADD ids :id" : "DELETE ids :id",
          ExpressionAttributeValues: { ":id": new Set([findingId]) },
        }),
      );
    }
    return view(app);
  }
}
