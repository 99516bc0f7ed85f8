import { GetCommand } from "@aws-sdk/lib-dynamodb";
import {
  ALL_TIME_START,
  type AdminStats,
  type GrowthRange,
  type TokensByUser,
  type TopUser,
  type TopUsersQuery,
  type TrendingApp,
  type UserGrowth,
} from "../../../schemas/admin";
import type { UsageByDate } from "../../../schemas/usage";
import { Apps } from "../apps/apps";
import { db, queryAll, table } from "../db";
import { Keys } from "../keys";
import { Users } from "../identity/users";

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const daysAgo = (n: number, from = new Date()) => dayOf(new Date(from.getTime() - n * DAY_MS));

/** Every day from `from` to `to` inclusive (YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(from); t <= Date.parse(to); t += DAY_MS) days.push(dayOf(new Date(t)));
  return days;
}

/**
 * The fewest year, month and day buckets (platform-stats.ts) that cover a date range exactly:
 * whole years, then whole months, then single days at the edges.
 */
export function coveringBuckets(from: string, to: string): string[] {
  const out: string[] = [];
  let day = from;
  while (day <= to) {
    const [y, m] = [day.slice(0, 4), day.slice(0, 7)];
    const yearEnd = `${y}-12-31`;
    const monthEnd = dayOf(new Date(Date.UTC(Number(y), Number(day.slice(5, 7)), 0)));
    if (day.endsWith("-01-01") && yearEnd <= to) {
      out.push(`Y${y}`);
      day = `${Number(y) + 1}-01-01`;
    } else if (day.endsWith("-01") && monthEnd <= to) {
      out.push(`M${m}`);
      day = daysAgo(-1, new Date(monthEnd));
    } else {
      out.push(`D${day}`);
      day = daysAgo(-1, new Date(day));
    }
  }
  return out;
}

/** What the admin portal and platform analytics read: the aggregates PlatformStats keeps. */
export namespace PlatformReports {
  async function total(name: "USERS" | "PAYING"): Promise<number> {
    const { Item } = await db().send(new GetCommand({ TableName: table(), Key: Keys.platformTotal(name), ConsistentRead: true }));
    return Number(Item?.count ?? 0);
  }

  async function perDay(kind: "NEWUSERS" | "MSGS", from: string, to: string, attribute: string): Promise<Map<string, number>> {
    const items = await queryAll({
      KeyConditionExpression: "pk = :p AND sk BETWEEN :a AND :b",
      ExpressionAttributeValues: { ":p": Keys.platformPartition, ":a": Keys.platformDay(kind, from).sk, ":b": Keys.platformDay(kind, to).sk },
      ConsistentRead: true,
    });
    return new Map(items.map((i) => [String(i.day), Number(i[attribute] ?? 0)]));
  }

  /** New users per day; "all time" starts at the first day anyone signed up. */
  export async function userGrowth(range: GrowthRange, hideToday: boolean, now = new Date()): Promise<UserGrowth> {
    const to = hideToday ? daysAgo(1, now) : dayOf(now);
    const back = { "7d": 6, "30d": 29, "90d": 89, "1y": 364, all: null }[range];
    const counts = await perDay("NEWUSERS", back === null ? ALL_TIME_START : daysAgo(back, now), to, "count");
    const first = back === null ? ([...counts.keys()].sort()[0] ?? to) : daysAgo(back, now);
    return daysBetween(first, to).map((date) => ({ date, count: counts.get(date) ?? 0 }));
  }

  export async function stats(now = new Date()): Promise<AdminStats> {
    const [total_users, paying_users, new_users_by_day] = await Promise.all([total("USERS"), total("PAYING"), userGrowth("30d", false, now)]);
    return { total_users, paying_users, new_users_today: new_users_by_day.at(-1)?.count ?? 0, new_users_by_day };
  }

  /** Users by messages sent in a date range (7 days by default), most first; ties by e-mail. */
  export async function topUsers(q: TopUsersQuery, now = new Date()): Promise<TopUser[]> {
    const to = q.end_date ?? dayOf(now);
    const from = q.start_date ?? daysAgo(6, new Date(to));
    const counts = new Map<string, number>();
    const partitions = await Promise.all(
      coveringBuckets(from, to).map((bucket) =>
        queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.userMessagesPartition(bucket) } }),
      ),
    );
    for (const item of partitions.flat()) counts.set(String(item.user_id), (counts.get(String(item.user_id)) ?? 0) + Number(item.messages ?? 0));
    const ranked = [...counts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
    // Everyone tied with the last place that fits is read, so the cut among ties is by e-mail too.
    const last = ranked[q.limit - 1]?.[1] ?? 0;
    const rows = await Promise.all(
      ranked
        .filter(([, n], i) => i < q.limit || n === last)
        .map(async ([id, message_count]) => {
          const user = await Users.get(id);
          return user && { user_id: id, email: user.email, full_name: user.full_name, subscription_tier: user.subscription_tier, platform_role: user.platform_role, message_count };
        }),
    );
    return rows
      .filter((r): r is TopUser => !!r)
      .sort((a, b) => b.message_count - a.message_count || a.email.localeCompare(b.email))
      .slice(0, q.limit);
  }

  /** Platform-wide messages per day (30 days by default), days without any left out. */
  export async function usageByDate(range: { start_date?: string; end_date?: string }, now = new Date()): Promise<UsageByDate> {
    const to = range.end_date ?? dayOf(now);
    const from = range.start_date ?? daysAgo(29, new Date(to));
    const counts = await perDay("MSGS", from, to, "messages");
    return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([_id, total_messages]) => ({ _id, total_messages }));
  }

  /** Tokens each user's model calls used over the last 7 days (today included), most first. */
  export async function tokensByUser(now = new Date()): Promise<TokensByUser["tokens_by_user_7d"]> {
    const days = daysBetween(daysAgo(6, now), dayOf(now));
    const items = (await Promise.all(days.map((d) => queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": Keys.userTokensPartition(d) } })))).flat();
    const sums = new Map<string, number>();
    for (const i of items) sums.set(String(i.user_id), (sums.get(String(i.user_id)) ?? 0) + Number(i.total_tokens ?? 0));
    const rows = await Promise.all([...sums].map(async ([user_id, total_tokens]) => ({ _id: (await Users.get(user_id))?.email ?? user_id, user_id, total_tokens })));
    return rows.sort((a, b) => b.total_tokens - a.total_tokens || a._id.localeCompare(b._id));
  }

  /** Apps by visits over the last 7 days (every shard of every day summed), most first; deleted apps are left out, and with `publicOnly` private ones too. */
  export async function trendingApps(limit: number, now = new Date(), publicOnly = false): Promise<TrendingApp[]> {
    const partitions = daysBetween(daysAgo(6, now), dayOf(now)).flatMap((d) => Keys.appVisitsPartitions(d));
    const items = (await Promise.all(partitions.map((p) => queryAll({ KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": p } })))).flat();
    const sums = new Map<string, { total_visits: number; unique_users: number }>();
    for (const i of items) {
      const s = sums.get(String(i.app_id)) ?? { total_visits: 0, unique_users: 0 };
      s.total_visits += Number(i.total_visits ?? 0);
      s.unique_users += Number(i.unique_users ?? 0);
      sums.set(String(i.app_id), s);
    }
    // private apps may rank among the first: read a few more so a public list still fills up
    const ranked = [...sums].sort((a, b) => b[1].total_visits - a[1].total_visits).slice(0, publicOnly ? limit * 3 : limit);
    const apps = await Promise.all(ranked.map(async ([id, s]) => ({ app: await Apps.get(id), id, ...s })));
    return apps
      .filter((a) => a.app && (!publicOnly || a.app.public_settings !== "private_with_login"))
      .slice(0, limit)
      .map(({ app, id, total_visits, unique_users }) => ({ id, name: app!.name, total_visits, unique_users }));
  }
}
