import { UserStatsQuery } from "../../schemas/billing";
import { Actor } from "../core/actor";
import { CreditPeriods } from "../core/billing/credit-periods";
import { Credits } from "../core/billing/credits";
import { VisibleError, forbidden } from "../core/errors";
import { Users } from "../core/identity/users";
import { callGroup, query } from "./group";

/** Spec 01 §7 Usage: the caller's current usage against their plan, and usage by date. */
export const { app, handler } = callGroup("usage", {
  async current(c) {
    return c.json(await Credits.current(Actor.user()));
  },
  async currentIntegrations(c) {
    return c.json(await Credits.integrationUsage(Actor.user()));
  },
  async stats(c) {
    const user = Actor.user();
    return c.json({ usage_by_date: await Credits.usageByDate(user.id, await CreditPeriods.current(user.id)) });
  },
  /** One user's messages per day (their own, or anyone's for an admin), 30 days by default. */
  async userStats(c) {
    const me = Actor.user();
    const id = c.req.param("id")!;
    if (id !== me.id && !Actor.isAdmin(me)) throw forbidden("You may only see your own usage");
    const range = query(c, UserStatsQuery);
    const user = await Users.mustGet(id);
    const to = range.end_date ?? Credits.dayOf(new Date());
    const from = range.start_date ?? Credits.dayOf(new Date(Date.parse(to) - 29 * 86_400_000));
    if (from > to) throw new VisibleError("input", "start_date cannot be after end_date");
    return c.json({ usage_by_date: await Credits.byDate(user.id, from, to) });
  },
});
