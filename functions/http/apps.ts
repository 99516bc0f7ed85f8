import * as z from "zod";
import { App, BlockAppBody, CreateAppBody, ListAppsQuery, UpdateAppBody, UpdateLogoBody } from "../../schemas/app";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { VisibleError, forbidden } from "../core/errors";
import { homeSuggestions } from "../core/chat/suggestions";
import { body, callGroup, query } from "./group";

/**
 * Creating and deleting an app reach every part of it (chat, checkpoints, backend functions and their
 * Lambda client, domains, the catalogue): loaded with the first create or delete, not to list or read apps.
 */
const lifecycle = async () => (await import("../core/apps/lifecycle")).AppLifecycle;

/** Spec 01 §7 Apps: list, create (which starts the first turn), read, update, delete. */
export const { app, handler } = callGroup("apps", {
  async list(c) {
    return c.json(await Apps.list(Actor.user(), query(c, ListAppsQuery)));
  },

  async create(c) {
    const user = Actor.user();
    const input = await body(c, CreateAppBody);
    return c.json(await (await lifecycle()).create(user, input, Actor.socketId()), 201);
  },

  async schema(c) {
    return c.json(z.toJSONSchema(App, { io: "output", unrepresentable: "any" }));
  },

  async get(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await Apps.full(meta));
  },

  async update(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const patch = await body(c, UpdateAppBody);
    return c.json(await Apps.edit(meta.id, patch));
  },

  async remove(c) {
    const user = Actor.user();
    const meta = await Apps.assertAccess(user, c.req.param("id")!);
    if (meta.created_by_id !== user.id && !Actor.isAdmin(user)) throw forbidden("Only the app's owner can delete it");
    await (await lifecycle()).remove(meta.id);
    return c.json({ success: true });
  },

  /** Logo update (spec 02 App Logo): an uploaded image's url; a prompt needs an image model, which no provider here offers. */
  async updateLogo(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const input = await body(c, UpdateLogoBody);
    // the integrations' engine (file extraction, the AI SDK on demand) is not the apps group's: loaded only to word this refusal
    if ("prompt" in input) throw new VisibleError("input", (await import("../core/integrations/integrations")).Integrations.NO_IMAGE_MODEL);
    const patch = { logo_url: input.logo_url };
    return c.json(await Apps.edit(meta.id, patch));
  },

  /** Block/Unblock App (spec 02 App Settings, platform admins only): a blocked app's API refuses all but admins. */
  async block(c) {
    const meta = await Apps.assertAccess(Actor.assertAdmin(), c.req.param("id")!);
    const patch = await body(c, BlockAppBody);
    return c.json(await Apps.edit(meta.id, patch));
  },

  async homeSuggestions(c) {
    return c.json(homeSuggestions());
  },
});
