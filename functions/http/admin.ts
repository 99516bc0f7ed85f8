import { TopUsersQuery, TrendingQuery, UsageByDateQuery, UserGrowthQuery, UserIdParam } from "../../schemas/admin";
import { PlatformReports } from "../core/logs/platform-reports";
import { Users } from "../core/identity/users";
import { callGroup, parse, query } from "./group";

/** Spec 03 §2.3, §2.4, §7.3, §7.4: the admin portal's user lookup, statistics and platform analytics (admins only, per the route table). */
export const { app, handler } = callGroup("admin", {
  async getUser(c) {
    return c.json(await Users.mustGet(parse(UserIdParam, c.req.param("id"))));
  },
  /** GET /api/admin/analytics/overall: the Statistics tab's totals. */
  async overall(c) {
    return c.json(await PlatformReports.stats());
  },
  /** GET /api/admin/analytics/user-analytics: new users per day over a range. */
  async userAnalytics(c) {
    const q = query(c, UserGrowthQuery);
    return c.json(await PlatformReports.userGrowth(q.range, q.hide_today));
  },
  /** GET /api/admin/analytics/top-users?start_date&end_date&limit (limit 100 by default). */
  async topUsers(c) {
    return c.json(await PlatformReports.topUsers(query(c, TopUsersQuery)));
  },
  async usageByDate(c) {
    return c.json({ usage_by_date: await PlatformReports.usageByDate(query(c, UsageByDateQuery)) });
  },
  async tokensByUser(c) {
    return c.json({ tokens_by_user_7d: await PlatformReports.tokensByUser() });
  },
  async trendingApps(c) {
    return c.json({ trending_apps: await PlatformReports.trendingApps(query(c, TrendingQuery).limit) });
  },
  /** The trending grid any signed-in user sees: public apps only. */
  async publicTrending(c) {
    return c.json({ trending_apps: await PlatformReports.trendingApps(query(c, TrendingQuery).limit, new Date(), true) });
  },
});
