import { CatalogInviteBody, CatalogUpvoteBody, CatalogVisibilityBody, CreateCatalogItemBody, UpdateCatalogItemBody } from "../../schemas/catalog";
import { Actor } from "../core/actor";
import { Catalog } from "../core/catalog/catalog";
import { CatalogChanges } from "../core/catalog/changes";
import { body, callGroup } from "./group";

/** Spec 03 §7.6 Integrations catalogue: the list, one item, and the owner's, voters' and platform admins' changes. */
export const { app, handler } = callGroup("catalog", {
  async list(c) {
    return c.json(await Catalog.list(Actor.user()));
  },

  async get(c) {
    return c.json(await Catalog.entry(Actor.user(), c.req.param("id")!));
  },

  async create(c) {
    const entry = await Catalog.create(Actor.user(), await body(c, CreateCatalogItemBody));
    return c.json({ id: entry.item.id, ...entry }, 201);
  },

  // Each change is authorized against the item before its body is read (and again inside the write).
  async update(c) {
    const user = Actor.user();
    const id = c.req.param("id")!;
    await CatalogChanges.authorize(user, id, "edit");
    return c.json(await CatalogChanges.update(user, id, await body(c, UpdateCatalogItemBody)));
  },

  async visibility(c) {
    const user = Actor.user();
    const id = c.req.param("id")!;
    await CatalogChanges.authorize(user, id, "own");
    return c.json(await CatalogChanges.setVisibility(user, id, (await body(c, CatalogVisibilityBody)).is_private));
  },

  async invite(c) {
    const user = Actor.user();
    const id = c.req.param("id")!;
    await CatalogChanges.authorize(user, id, "own");
    const { email } = await body(c, CatalogInviteBody);
    await CatalogChanges.invite(user, id, email);
    return c.json({ email });
  },

  async upvote(c) {
    const user = Actor.user();
    const id = c.req.param("id")!;
    await CatalogChanges.authorize(user, id, "see");
    return c.json(await CatalogChanges.upvote(user, id, (await body(c, CatalogUpvoteBody)).upvote));
  },

  async approve(c) {
    return c.json(await CatalogChanges.approve(Actor.assertAdmin(), c.req.param("id")!));
  },

  async archive(c) {
    const id = c.req.param("id")!;
    await CatalogChanges.archive(Actor.user(), id);
    return c.json({ id, archived: true });
  },
});
