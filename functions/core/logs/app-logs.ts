import { QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { monotonicFactory } from "ulid";
import { AppLogRecord, type AppLogType, type AppLogsPage, type AppLogsQuery, type AppStats, type AppStatsQuery } from "../../../schemas/app-logs";
import type { AppCaller } from "../actor";
import { batchWrite, db, mergedInOrder, table } from "../db";
import { VisibleError } from "../errors";
import { APP_LOG_SHARDS, Keys, stripKeys } from "../keys";
import { PlatformStats } from "./platform-stats";
import { SecretMask } from "../backend/secret-mask";

/**
 * An app's own log (spec 02 Logs Explorer and Analytics): page visits and the calls its
 * code makes. One item per record in the app's partition, sorted by time, indexed by type
 * (analytics reads visits of a date range) and by user; every record expires after
 * RETENTION_DAYS, so the partition stays bounded.
 */
export namespace AppLogs {
  export const RETENTION_DAYS = 90;
  /** Inputs and outputs are kept as a summary for the explorer, never whole payloads. */
  const MAX_DETAIL_CHARS = 2000;

  export interface Entry {
    appId: string;
    type: AppLogType;
    objectName: string;
    /** who made the call; the record keeps their e-mail or anonymous id */
    caller: AppCaller;
    status?: AppLogRecord["status"];
    inputs?: unknown;
    outputs?: unknown;
    error?: string | null;
    /** the app's secret values, masked out of the error and the summaries before they are stored (function calls) */
    mask?: SecretMask.Mask;
    /** other items stored in the same write as the record (a function call's own log lines) */
    alongside?: Record<string, unknown>[];
  }

  /** Ids that grow within a millisecond too, so records written in one moment keep their order. */
  const nextId = monotonicFactory();

  export async function record(entry: Entry): Promise<void> {
    const id = nextId().toLowerCase();
    const created = new Date().toISOString();
    const { caller } = entry;
    const email = caller.kind === "visitor" ? null : caller.user.email;
    const anonymousId = caller.kind === "visitor" ? caller.anonymousId : null;
    const user = email ?? (anonymousId ? `anon:${anonymousId}` : null);
    const mask = entry.mask ?? SecretMask.none;
    const item: AppLogRecord = {
      id,
      app_id: entry.appId,
      log_type: entry.type,
      object_name: entry.objectName.slice(0, 200),
      user_email: email,
      anonymous_id: anonymousId,
      status: entry.status ?? "success",
      created_date: created,
      inputs: summary(entry.inputs, mask),
      outputs: summary(entry.outputs, mask),
      error: entry.error ? mask(entry.error).slice(0, MAX_DETAIL_CHARS) : (entry.error ?? null),
    };
    await store(
      {
        ...Keys.appLog(entry.appId, created, id),
        ...Keys.appLogTypeIndex(entry.appId, entry.type, created, id),
        ...(user ? Keys.appLogUserIndex(entry.appId, user, created, id) : {}),
        ...item,
        ttl: Math.floor(Date.now() / 1000) + RETENTION_DAYS * 86_400,
      },
      ...(entry.alongside ?? []),
    );
    if (entry.type === "visit") await PlatformStats.visited(entry.appId, user);
  }

  /**
   * Group commit: records of calls that finish while a batch is being written go out
   * together in the next BatchWriteItem (25 a batch), not one PutItem each. Every caller
   * still waits for its own record to be stored before it answers, so none is lost when a
   * Lambda freezes after its response; under concurrency (one container serving many
   * calls, as locally) the table sees a fraction of the requests.
   */
  const queue: { item: Record<string, unknown>; stored: () => void; failed: (err: unknown) => void }[] = [];
  let writing = false;

  /** Stores the items, queued together so that up to 25 go out in one request. */
  async function store(...items: Record<string, unknown>[]): Promise<void> {
    const all = items.map((item) => new Promise<void>((stored, failed) => queue.push({ item, stored, failed })));
    if (!writing) void drain();
    await Promise.all(all);
  }

  async function drain(): Promise<void> {
    writing = true;
    try {
      while (queue.length) {
        const batch = queue.splice(0, 25);
        try {
          await batchWrite(batch.map(({ item }) => ({ PutRequest: { Item: item } })));
          for (const p of batch) p.stored();
        } catch (err) {
          for (const p of batch) p.failed(err);
        }
      }
    } finally {
      writing = false;
    }
  }

  /** How many records one explorer page may examine to find its rows (filters the index cannot answer). */
  export const MAX_EXAMINED = 20_000;
  /** How many visits one stats answer counts: the newest ones, the answer says when there were more. */
  export const MAX_STATS_VISITS = 50_000;
  /** How many log records one stats answer may examine, matching or not. */
  const MAX_STATS_SCANNED = 200_000;

  /**
   * One explorer page, newest first. The filter picks the narrowest stored order (a user's
   * records, one type's records, or all) and the rest is a FilterExpression on that Query.
   */
  export async function list(appId: string, page: AppLogsQuery): Promise<AppLogsPage> {
    const { user_email, status, log_type } = page.filter;
    const scope = user_email ? { kind: "user" as const, user: user_email } : log_type ? { kind: "type" as const, type: log_type } : { kind: "all" as const };
    const filters: string[] = [];
    const values: Record<string, unknown> = {};
    if (log_type && scope.kind !== "type") {
      filters.push("log_type = :t");
      values[":t"] = log_type;
    }
    if (status) {
      filters.push("#s = :s");
      values[":s"] = status;
    }
    const logs: AppLogRecord[] = [];
    let skip = page.skip;
    let last: string | null = null;
    let examined = 0;
    let more = false;
    const onRead = (n: number) => {
      examined += n;
      if (examined > MAX_EXAMINED) throw new VisibleError("input", `This page would read more than ${MAX_EXAMINED} log records; narrow the filters`);
      return true;
    };
    for await (const { item, sk } of query(appId, scope, { filters, values, names: status ? { "#s": "status" } : undefined, cursor: page.cursor ?? undefined, firstPage: page.skip + page.limit + 1, onRead })) {
      if (logs.length === page.limit) {
        more = true;
        break;
      }
      if (skip > 0) {
        skip--;
        continue;
      }
      logs.push(item);
      last = sk;
    }
    return { logs, next_cursor: more ? last : null };
  }

  /** Visit statistics of a date range (spec 02 Analytics), from the visit log: the type index, or the user's index. */
  export async function stats(appId: string, q: AppStatsQuery): Promise<AppStats> {
    const scope = q.user_email ? { kind: "user" as const, user: q.user_email } : { kind: "type" as const, type: "visit" as const };
    const filters: string[] = [];
    const values: Record<string, unknown> = {};
    if (scope.kind === "user") {
      filters.push("log_type = :t");
      values[":t"] = "visit";
    }
    if (q.page_name) {
      filters.push("object_name = :p");
      values[":p"] = q.page_name;
    }
    const range = { from: q.date_from ?? "0000", to: `${q.date_to ?? "9999-12-31"}T~` };

    const users = new Set<string>();
    const pages = new Map<string, number>();
    const byUser = new Map<string, number>();
    const days = new Map<string, { users: Set<string>; visits: number }>();
    let counted = 0;
    let scanned = 0;
    let truncated = false;
    // a filter that matches little must not read the whole log either: past the budget, count what was read
    const onRead = (n: number) => {
      scanned += n;
      truncated ||= scanned > MAX_STATS_SCANNED;
      return !truncated;
    };
    for await (const { item } of query(appId, scope, { filters, values, range, onRead })) {
      if (counted === MAX_STATS_VISITS) {
        truncated = true;
        break;
      }
      counted++;
      const who = item.user_email ?? (item.anonymous_id ? `anon:${item.anonymous_id}` : null);
      if (who) users.add(who);
      pages.set(item.object_name, (pages.get(item.object_name) ?? 0) + 1);
      if (item.user_email) byUser.set(item.user_email, (byUser.get(item.user_email) ?? 0) + 1);
      const date = item.created_date.slice(0, 10);
      const day = days.get(date) ?? { users: new Set<string>(), visits: 0 };
      if (who) day.users.add(who);
      day.visits++;
      days.set(date, day);
    }
    /** most visits first; ties by name, so the order is stable */
    const byCount = <T extends { visits: number }>(name: (x: T) => string) => (a: T, b: T) => b.visits - a.visits || name(a).localeCompare(name(b));
    return {
      unique_users_count: users.size,
      top_pages: [...pages]
        .map(([page_name, visits]) => ({ page_name, url: page_name.toLowerCase() === "home" ? "/" : `/${page_name}`, visits }))
        .sort(byCount((p) => p.page_name))
        .slice(0, 20),
      top_users: [...byUser].map(([email, visits]) => ({ email, visits })).sort(byCount((u) => u.email)).slice(0, 100),
      users_per_date: [...days]
        .map(([date, d]) => ({ date, unique_users: d.users.size, total_visits: d.visits }))
        .sort((a, b) => a.date.localeCompare(b.date)),
      visits_counted: counted,
      truncated,
    };
  }

  type Scope = { kind: "all" } | { kind: "type"; type: AppLogType } | { kind: "user"; user: string };

  /** The stored order a scope reads in one of the log's shards (keys.ts): its key attribute names and partition. */
  function order(appId: string, scope: Scope, shard: number) {
    if (scope.kind === "user") return { index: "gsi2", pkName: "gsi2pk", skName: "gsi2sk", pk: Keys.appLogUserPartition(appId, scope.user, shard) };
    if (scope.kind === "type") return { index: "gsi1", pkName: "gsi1pk", skName: "gsi1sk", pk: Keys.appLogTypePartition(appId, scope.type, shard) };
    return { index: undefined, pkName: "pk", skName: "sk", pk: Keys.appLogsPartition(appId, shard) };
  }

  /** The ExclusiveStartKey of a cursor (`{created}#{id}` of the last row shown) in one shard's order: a position, whichever shard holds the row. */
  function startKey(appId: string, scope: Scope, cursor: string, shard: number): Record<string, unknown> {
    const o = order(appId, scope, shard);
    const base = { pk: Keys.appLogsPartition(appId, shard), sk: cursor };
    return o.index ? { ...base, [o.pkName]: o.pk, [o.skName]: cursor } : base;
  }

  interface Read {
    filters: string[];
    values: Record<string, unknown>;
    names?: Record<string, string>;
    /** created_date bounds, inclusive, compared as strings */
    range?: { from: string; to: string };
    /** continue after this row (`{created}#{id}`, a page's next_cursor) */
    cursor?: string;
    /** the first page's size (later pages grow): a short unfiltered page reads little */
    firstPage?: number;
    /** told how many items each page examined, filtered out or not; false stops the read after that page */
    onRead?: (count: number) => boolean;
  }

  /** The scope's records newest first, page by page, with their sort key (the cursor of a row): every shard's, merged. */
  async function* query(appId: string, scope: Scope, read: Read): AsyncGenerator<{ item: AppLogRecord; sk: string }> {
    const shards = Array.from({ length: APP_LOG_SHARDS }, (_, shard) => queryShard(appId, scope, read, shard));
    yield* mergedInOrder(shards, (row) => row.sk, true);
  }

  async function* queryShard(appId: string, scope: Scope, read: Read, shard: number): AsyncGenerator<{ item: AppLogRecord; sk: string }> {
    const o = order(appId, scope, shard);
    const input: QueryCommandInput = {
      TableName: table(),
      IndexName: o.index,
      KeyConditionExpression: read.range ? "#pk = :pk AND #sk BETWEEN :from AND :to" : "#pk = :pk",
      ExpressionAttributeNames: { "#pk": o.pkName, ...(read.range ? { "#sk": o.skName } : {}), ...read.names },
      ExpressionAttributeValues: { ":pk": o.pk, ...(read.range ? { ":from": read.range.from, ":to": read.range.to } : {}), ...read.values },
      FilterExpression: read.filters.length ? read.filters.join(" AND ") : undefined,
      ScanIndexForward: false,
    };
    let start = read.cursor === undefined ? undefined : startKey(appId, scope, read.cursor, shard);
    let pageSize = Math.min(read.firstPage ?? 1000, 1000);
    do {
      const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start, Limit: pageSize }));
      pageSize = Math.min(pageSize * 4, 1000);
      const more = read.onRead?.(page.ScannedCount ?? 0) ?? true;
      for (const raw of page.Items ?? []) yield { item: AppLogRecord.parse(stripKeys(raw)), sk: raw.sk as string };
      start = more ? page.LastEvaluatedKey : undefined;
    } while (start);
  }

  /** Small values as they are; large ones as the start of their JSON, marked as cut. A value holding a secret is kept as its JSON, masked. */
  function summary(value: unknown, mask: SecretMask.Mask): unknown {
    if (value === undefined || value === null) return null;
    const json = JSON.stringify(value);
    if (json === undefined) return null;
    const masked = mask(json);
    if (masked !== json) return masked.length <= MAX_DETAIL_CHARS ? masked : `${masked.slice(0, MAX_DETAIL_CHARS)}… (cut)`;
    return json.length <= MAX_DETAIL_CHARS ? value : `${json.slice(0, MAX_DETAIL_CHARS)}… (cut)`;
  }
}
