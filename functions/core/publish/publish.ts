import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { ulid } from "ulid";
import type { AppMeta } from "../../../schemas/app";
import { FileTree } from "../../../schemas/app-files";
import { type DeployBody, type DeployResult, type PublicApp, PublishedSnapshot } from "../../../schemas/publish";
import { Apps } from "../apps/apps";
import { AppFiles } from "../apps/files";
import { Config } from "../config";
import { CustomDomains } from "../domains/domains";
import { VisibleError, notFound } from "../errors";
import { Keys } from "../keys";
import { Storage } from "../storage";

/**
 * Publishing: the app's files at this moment, with their build (compiled code and CSS,
 * functions/core/publish/build.ts), become an immutable S3 snapshot, and the app's
 * `published_version` (one attribute) points its own host at it. Editing the draft
 * afterwards changes nothing the public sees until the next publish.
 */
export namespace Publish {
  /** Where an app is served: `{slug}.<apps domain>`; its preview adds the `preview--` prefix. */
  export const urlOf = (app: Pick<AppMeta, "slug">) => Config.appOrigin(app.slug);
  export const previewUrlOf = (app: Pick<AppMeta, "slug">) => Config.appOrigin(`preview--${app.slug}`);
  /** The builder's own origin, which app hosts link back to. */
  export const editorOrigin = () => new URL(Config.kiln.webUrl).origin;

  /** `acknowledge`: critical security findings published anyway, by id (functions/core/security/gate.ts refuses any other). */
  export async function deploy(app: AppMeta, { acknowledge }: DeployBody = { acknowledge: [] }): Promise<DeployResult> {
    Apps.assertNotProcessing(app);
    const files = await AppFiles.tree(app.id);
    if (!Object.keys(files).some((p) => p.startsWith("pages/"))) {
      throw new VisibleError("input", "There is nothing to publish yet: the app has no pages.");
    }
    // the security scanner, like the build below, loads only to publish
    const { SecurityGate } = await import("../security/gate");
    await SecurityGate.assertPublishable(app, files, acknowledge);
    // the compiler and Tailwind load only to publish: the public reads of this group stay light
    const { buildPublished } = await import("./build");
    const snapshot: PublishedSnapshot = { files, build: await buildPublished(files) };
    const version = ulid();
    await Storage.client().send(
      new PutObjectCommand({
        Bucket: Config.bucket,
        Key: Keys.publishedObject(app.id, version),
        Body: JSON.stringify(snapshot),
        ContentType: "application/json",
      }),
    );
    const now = new Date().toISOString();
    await Apps.update(app.id, { published_version: version, last_deployed_at: now }, false);
    return { app_id: app.id, version, url: urlOf(app), last_deployed_at: now };
  }

  /** The published snapshot with what the runner needs; 404 until the app is published. */
  export async function publicApp(app: AppMeta): Promise<PublicApp> {
    if (!app.published_version || !app.last_deployed_at) throw notFound("This app has not been published yet");
    const object = await Storage.client().send(
      new GetObjectCommand({ Bucket: Config.bucket, Key: Keys.publishedObject(app.id, app.published_version) }),
    );
    const stored: unknown = JSON.parse(await object.Body!.transformToString());
    // a snapshot published before builds is the bare file tree: the runtime compiles it in the page as it did then
    const built = PublishedSnapshot.safeParse(stored);
    const { files, build } = built.success ? built.data : { files: FileTree.parse(stored), build: null };
    return {
      id: app.id,
      name: app.name,
      slug: app.slug,
      logo_url: app.logo_url,
      public_settings: app.public_settings,
      main_page: app.main_page,
      is_remixable: app.is_remixable,
      url: urlOf(app),
      version: app.published_version,
      last_deployed_at: app.last_deployed_at,
      files,
      build,
      editor_origin: editorOrigin(),
    };
  }

  /**
   * The app a host name belongs to: `{slug}.<apps domain>` or `preview--{slug}.<apps domain>`
   * or a verified, linked custom domain (functions/core/domains/domains.ts). Undefined when none.
   */
  export async function appOfHost(host: string): Promise<AppMeta | undefined> {
    const name = host.toLowerCase().replace(/:\d+$/, "");
    const origin = new URL(Config.appOrigin("__host__"));
    const suffix = origin.hostname.replace("__host__", "");
    if (!name.endsWith(suffix)) return CustomDomains.appOfHost(name);
    const label = name.slice(0, -suffix.length);
    const slug = label.startsWith("preview--") ? label.slice("preview--".length) : label;
    return Apps.bySlug(slug);
  }
}
