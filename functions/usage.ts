import { Actor } from "./core/actor";
import { Credits } from "./core/credits";
import { callGroup } from "./http";

/** Spec 01 §7 Usage: the caller's current usage against their plan, and usage by date. */
export const { app, handler } = callGroup("usage", {
  async current(c) {
    return c.json(await Credits.current(Actor.user()));
  },
  async currentIntegrations(c) {
    return c.json(await Credits.integrationUsage(Actor.user()));
  },
  async stats(c) {
    return c.json({ usage_by_date: await Credits.byDate(Actor.user().id) });
  },
});
