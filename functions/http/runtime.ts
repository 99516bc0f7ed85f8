import { Actor } from "../core/actor";
import { Runtime } from "../core/apps/runtime";
import { appAccess } from "./app-access";
import { callGroup } from "./group";

/** The app runtime's own reads (DESIGN §5): the draft files its preview renders. */
export const { app, handler } = callGroup("runtime", {
  async files(c) {
    return c.json(await Runtime.draft(Actor.app()));
  },
}, { appAccess });
