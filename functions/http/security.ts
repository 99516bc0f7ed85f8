import { FindingParam } from "../../schemas/security";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { SecurityFix } from "../core/security/fix";
import { SecurityScans } from "../core/security/scan";
import { callGroup, parse } from "./group";

/** Issue 24 §3: an app's security scan (the owner's), Fix All, and ignoring and restoring findings. */
export const { app, handler } = callGroup("security", {
  /** The last scan when it still matches the app (`X-Scan-Source: cache`), else one started in the background (`async`). */
  async start(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const { scan, source } = await SecurityScans.start(meta);
    c.header("X-Scan-Source", source);
    return c.json(scan);
  },

  /** Reads only: never starts a scan. */
  async get(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await SecurityScans.view(meta));
  },

  async fixAll(c) {
    const user = Actor.user();
    const meta = await Apps.assertAccess(user, c.req.param("id")!);
    return c.json(await SecurityFix.fixAll(meta, user));
  },

  async ignore(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await SecurityScans.setIgnored(meta, parse(FindingParam, c.req.param("finding_id")), true));
  },

  async restore(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await SecurityScans.setIgnored(meta, parse(FindingParam, c.req.param("finding_id")), false));
  },
});
