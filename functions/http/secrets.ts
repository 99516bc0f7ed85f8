import { SecretName, UpdateSecretsBody, type SecretList } from "../../schemas/secrets";
import { Actor } from "../core/actor";
import { Apps } from "../core/apps/apps";
import { Secrets } from "../core/backend/secrets";
import { body, callGroup, parse } from "./group";

/** Spec 02 §7 Secrets: list names, set by a map of name to value, delete by name; and the caller's secrets offered for reuse. */
export const { app, handler } = callGroup("secrets", {
  async list(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json({ secrets: await Secrets.names(meta.id) } satisfies SecretList);
  },

  async update(c) {
    const user = Actor.user();
    const meta = await Apps.assertAccess(user, c.req.param("id")!);
    const values = await body(c, UpdateSecretsBody);
    return c.json(await Secrets.save(meta.id, values, user));
  },

  async remove(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    await Secrets.remove(meta.id, parse(SecretName, c.req.param("name")));
    return c.json({ success: true });
  },

  async existing(c) {
    return c.json(await Secrets.existingOf(Actor.user().id));
  },
});
