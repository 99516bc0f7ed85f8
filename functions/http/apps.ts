import * as z from "zod";
import { App, BlockAppBody, CreateAppBody, ListAppsQuery, UpdateAppBody, UpdateLogoBody } from "../../schemas/app";
import { Actor } from "../core/actor";
import { AppEvents } from "../core/apps/events";
import { Apps } from "../core/apps/apps";
import { Catalog } from "../core/catalog/catalog";
import { Chat } from "../core/chat/chat";
import { VisibleError, forbidden } from "../core/errors";
import { Packages } from "../core/catalog/packages";
import { Secrets } from "../core/backend/secrets";
import { homeSuggestions } from "../core/chat/suggestions";
import { body, callGroup, query } from "./group";

/** Spec 01 §7 Apps: list, create (which starts the first turn), read, update, delete. */
export const { app, handler } = callGroup("apps", {
  async list(c) {
    return c.json(await Apps.list(Actor.user(), query(c, ListAppsQuery)));
  },

  async create(c) {
    const user = Actor.user();
    const input = await body(c, CreateAppBody);
    // Integrations and secrets are checked before the app exists, so a refused request leaves nothing behind.
    const integrations = await Catalog.usable(user, input.integrations ?? []);
    const secrets = await Secrets.fromChoices(user, input.secrets ?? [], integrations.flatMap((i) => i.required_secrets.map((s) => s.name)));
    const created = await Apps.create(user, {
      // the namer plans from the offline engine's vocabulary: loaded only when no name was given, without the engine's barrel
      name: input.name ?? (await import("../agent/offline/build")).nameFromDescription(input.user_description),
      user_description: input.user_description,
      style: input.style,
      integrations: integrations.map((i) => i.id),
      model: input.model,
      deep_coding_mode: input.deep_coding_mode,
    });
    // The description is the conversation's first message; if it cannot start (e.g. out of credits) no app is left behind.
    try {
      await Secrets.set(created.id, secrets);
      await Packages.installChosen(user, created, created.integrations);
      const turn = await Chat.send(user, created, { content: input.user_description, file_urls: input.file_urls }, Actor.socketId(), { firstTurn: true });
      return c.json(turn.app, 201);
    } catch (err) {
      await Apps.remove(created.id);
      throw err;
    }
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
    const updated = await Apps.update(meta.id, patch);
    await AppEvents.publish(meta.id, { app: patch }, Actor.socketId());
    return c.json(updated);
  },

  async remove(c) {
    const user = Actor.user();
    const meta = await Apps.assertAccess(user, c.req.param("id")!);
    if (meta.created_by_id !== user.id && !Actor.isAdmin(user)) throw forbidden("Only the app's owner can delete it");
    await Apps.remove(meta.id);
    return c.json({ success: true });
  },

  /** Logo update (spec 02 App Logo): an uploaded image's url; a prompt needs an image model, which no provider here offers. */
  async updateLogo(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    const input = await body(c, UpdateLogoBody);
    // the integrations' engine (file extraction, the AI SDK on demand) is not the apps group's: loaded only to word this refusal
    if ("prompt" in input) throw new VisibleError("input", (await import("../core/integrations/integrations")).Integrations.NO_IMAGE_MODEL);
    const patch = { logo_url: input.logo_url };
    const updated = await Apps.update(meta.id, patch);
    await AppEvents.publish(meta.id, { app: patch }, Actor.socketId());
    return c.json(updated);
  },

  /** Block/Unblock App (spec 02 App Settings, platform admins only): a blocked app's API refuses all but admins. */
  async block(c) {
    const meta = await Apps.assertAccess(Actor.assertAdmin(), c.req.param("id")!);
    const patch = await body(c, BlockAppBody);
    const updated = await Apps.update(meta.id, patch);
    await AppEvents.publish(meta.id, { app: patch }, Actor.socketId());
    return c.json(updated);
  },

  async homeSuggestions(c) {
    return c.json(homeSuggestions());
  },
});
