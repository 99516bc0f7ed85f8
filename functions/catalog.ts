import { Actor } from "./core/actor";
import { Catalog } from "./core/catalog";
import { callGroup } from "./http";

/** Spec 03 §7.6 Integrations catalogue, the reading side: the list and one item, each in the catalogue wrapper. */
export const { app, handler } = callGroup("catalog", {
  async list(c) {
    return c.json(await Catalog.listPublic(Actor.user()));
  },

  async get(c) {
    return c.json(await Catalog.entry(Actor.user(), c.req.param("id")!));
  },
});
