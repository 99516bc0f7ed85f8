import { RemixBody } from "../../schemas/remix";
import { Actor } from "../core/actor";
import { Remix } from "../core/apps/remix";
import { body, callGroup } from "./group";

/** Spec 03 §7.7 Remix: what a copy needs, then the copy. The source is vetted before the body is read. */
export const { app, handler } = callGroup("remix", {
  async requirements(c) {
    return c.json(await Remix.requirements(await Remix.source(Actor.user(), c.req.param("id")!)));
  },

  async create(c) {
    const user = Actor.user();
    const source = await Remix.source(user, c.req.param("id")!);
    return c.json(await Remix.create(user, source, await body(c, RemixBody)), 201);
  },
});
