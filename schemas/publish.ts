import * as z from "zod";
import { FileTree } from "./app-files";
import { Visibility } from "./app";
import { FindingId } from "./security";

/** An app's slug: the label of its own host (`{slug}.<apps domain>`), as Apps.slugify makes it. */
export const AppSlug = z.string().trim().toLowerCase().regex(/^[a-z0-9-]{1,64}$/, "not an app address");

/**
 * POST /api/apps/{id}/deploy's body (optional): the critical security findings the owner publishes anyway,
 * each by its id (functions/core/security/gate.ts refuses an app with one not named here or ignored).
 */
export const DeployBody = z.strictObject({ acknowledge: z.array(FindingId).max(100).default([]) });
export type DeployBody = z.infer<typeof DeployBody>;

/** POST /api/apps/{id}/deploy (spec 02 Publish). */
export const DeployResult = z.object({
  app_id: z.string(),
  version: z.string(),
  /** the app's own public address */
  url: z.string(),
  last_deployed_at: z.string(),
});
export type DeployResult = z.infer<typeof DeployResult>;

/**
 * What publishing builds once (functions/core/publish/build.ts): each code file of the app compiled as the
 * preview compiles it (lib/runtime/compile.ts), and the Tailwind CSS of the classes the app and the runtime use.
 */
export const PublishedBuild = z.object({
  modules: z.record(z.string(), z.object({ code: z.string(), imports: z.array(z.string()) })),
  css: z.string(),
});
export type PublishedBuild = z.infer<typeof PublishedBuild>;

/** The stored snapshot of a publish; one made before the build existed is the bare file tree. */
export const PublishedSnapshot = z.object({ files: FileTree, build: PublishedBuild });
export type PublishedSnapshot = z.infer<typeof PublishedSnapshot>;

/**
 * A published app as its own host loads it (spec 03 §7.12 "public app data"): what the
 * runner needs to render it. Code is the published snapshot, never the draft.
 */
export const PublicApp = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo_url: z.string().nullable(),
  public_settings: Visibility,
  main_page: z.string().nullable(),
  is_remixable: z.boolean(),
  url: z.string(),
  version: z.string(),
  last_deployed_at: z.string(),
  files: FileTree,
  /** built at publish; null for an app published before builds, which the runtime compiles in the page */
  build: PublishedBuild.nullable(),
  /** the builder's origin: where the remix badge and the runner's links lead */
  editor_origin: z.string(),
});
export type PublicApp = z.infer<typeof PublicApp>;

/**
 * GET /api/apps/public/prod/domain/{domain}: which app a host name belongs to, and its visibility
 * (public already, as in login-info), so the runner sends a visitor of an app that needs sign-in
 * straight there instead of making a read it knows is refused. A host of no app answers 404 with
 * `extra_data.editor_origin`, so "Domain Not Recognized" can link to the builder.
 */
export const DomainLookup = z.object({ app_id: z.string(), slug: z.string(), public_settings: Visibility });
export type DomainLookup = z.infer<typeof DomainLookup>;
