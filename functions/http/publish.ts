import { Actor } from "../core/actor";
import { AppCallers } from "../core/app-users/caller";
import { Apps } from "../core/apps/apps";
import { VisibleError, notFound } from "../core/errors";
import { Publish } from "../core/publish/publish";
import { DeployBody, type DomainLookup } from "../../schemas/publish";
import { appAccess, appCredentials } from "./app-access";
import { body, callGroup } from "./group";

/** Publishing and the public reads of a published app (spec 02 Publish, spec 03 §7.12). */
export const { app, handler } = callGroup("publish", {
  async deploy(c) {
    const meta = await Apps.assertAccess(Actor.user(), c.req.param("id")!);
    return c.json(await Publish.deploy(meta, await body(c, DeployBody)));
  },

  /** A private app's code is for its users only: the same gate as its data. */
  async bySlug(c) {
    const meta = await Apps.bySlug(c.req.param("slug")!);
    if (!meta) throw notFound("App not found");
    AppCallers.admit(await AppCallers.resolve(meta.id, appCredentials(c)));
    return c.json(await Publish.publicApp(meta));
  },

  async byId(c) {
    return c.json(await Publish.publicApp(Actor.app().app));
  },

  async byDomain(c) {
    const meta = await Publish.appOfHost(c.req.param("domain")!);
    if (!meta) throw new VisibleError("not_found", "This domain is not associated with any app.", { editor_origin: Publish.editorOrigin() });
    return c.json({ app_id: meta.id, slug: meta.slug, public_settings: meta.public_settings } satisfies DomainLookup);
  },
}, { appAccess });
