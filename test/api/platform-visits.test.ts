import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { beforeAll, describe, expect, it } from "vitest";
import { db, table } from "../../functions/core/db";
import { APP_VISIT_SHARDS, Keys } from "../../functions/core/keys";
import { PlatformReports } from "../../functions/core/logs/platform-reports";
import { PlatformStats } from "../../functions/core/logs/platform-stats";
import { builtApp, signedIn, useStackLinks } from "./helpers";

// Kiln's own counters run in this process against the stack's DynamoDB Local.
useStackLinks();

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** 200 visits of 20 people, 20 at a time, as busy app hosts would count them. */
async function visits(appId: string, at: Date) {
  const all = Array.from({ length: 200 }, (_, i) => `visitor-${i % 20}@test.kiln`);
  for (let i = 0; i < all.length; i += 20) await Promise.all(all.slice(i, i + 20).map((user) => PlatformStats.visited(appId, user, at)));
}

const trending = async (appId: string, now: Date) => (await PlatformReports.trendingApps(100, now)).find((a) => a.id === appId);

let apps: { id: string; name: string }[];
beforeAll(async () => {
  const owner = await signedIn("visit-shards");
  apps = await Promise.all([builtApp(owner.token, "A tiny blog"), builtApp(owner.token, "A recipe box")]);
}, 60_000);

describe("an app's visits are sharded (issue 23: one item takes ~1,000 writes a second)", () => {
  it("200 visits to one app land on more than one item, and the shards add up exactly in trending, distinct visitors too", async () => {
    const [app] = apps;
    const now = new Date();
    await visits(app.id, now);
    const shards = await Promise.all(
      Array.from({ length: APP_VISIT_SHARDS }, async (_, shard) => (await db().send(new GetCommand({ TableName: table(), Key: Keys.appVisits(dayOf(now), app.id, shard), ConsistentRead: true }))).Item),
    );
    const written = shards.filter((item) => item !== undefined);
    expect(written.length).toBeGreaterThan(1);
    expect(written.reduce((n, item) => n + Number(item.total_visits), 0)).toBe(200);
    expect(written.reduce((n, item) => n + Number(item.unique_users), 0)).toBe(20);
    expect(await trending(app.id, now)).toEqual({ id: app.id, name: app.name, total_visits: 200, unique_users: 20 });
  });

  it("a day counted before sharding (one item per app and day) still counts, with the visits added since", async () => {
    const [, app] = apps;
    const now = new Date();
    const before = new Date(now.getTime() - 2 * DAY_MS);
    // the key visits were counted under before sharding is shard 0's
    const unsharded = { pk: `PSTATS#VISITS#${dayOf(before)}`, sk: `APP#${app.id}` };
    expect(Keys.appVisits(dayOf(before), app.id, 0)).toEqual(unsharded);
    await db().send(new PutCommand({ TableName: table(), Item: { ...unsharded, app_id: app.id, total_visits: 7, unique_users: 3 } }));
    await visits(app.id, before);
    expect(await trending(app.id, now)).toEqual({ id: app.id, name: app.name, total_visits: 207, unique_users: 23 });
  });
});
