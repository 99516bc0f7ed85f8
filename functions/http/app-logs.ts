import { ANALYTICS_BATCH_MAX_BYTES, AnalyticsBatch, AppLogsQuery, AppStatsQuery, VisitedPage } from "../../schemas/app-logs";
import { Actor } from "../core/actor";
import { AppLogs } from "../core/logs/app-logs";
import { Apps } from "../core/apps/apps";
import { VisibleError } from "../core/errors";
import { appAccess } from "./app-access";
import { callGroup, parse, query } from "./group";

/** A generated app's visit log (reference §6.2), the SDK's analytics batches (§6.5), and the owner's logs and analytics (spec 02). */
export const { app, handler } = callGroup("app-logs", {
  /** A page view by someone the app admits (route access "app"): a visitor logs visits only to an open app. */
  async visit(c) {
    const caller = Actor.app();
    const page = parse(VisitedPage, c.req.param("page"));
    await AppLogs.record({ appId: caller.app.id, type: "visit", objectName: page, caller });
    return c.json({});
  },

  /** The logs explorer: the app's owner (or a platform admin) only. */
  async list(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await AppLogs.list(meta.id, query(c, AppLogsQuery)));
  },

  async stats(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await AppLogs.stats(meta.id, query(c, AppStatsQuery)));
  },

  /** Accepted so the SDK's queue drains, and not kept: Kiln's analytics are built from visits. */
  async trackBatch(c) {
    const text = await c.req.text();
    if (new TextEncoder().encode(text).length > ANALYTICS_BATCH_MAX_BYTES) throw new VisibleError("too_large", "The analytics batch is too large");
    let raw: unknown;
    try {
      raw = JSON.parse(text || "{}");
    } catch {
      throw new VisibleError("input", "The request body is not valid JSON");
    }
    parse(AnalyticsBatch, raw);
    return c.json({});
  },
}, { appAccess });
