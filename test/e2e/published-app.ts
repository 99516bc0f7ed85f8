import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Page } from "playwright-core";
import { Keys } from "../../functions/core/keys";

/**
 * A published app in Chromium, for test/e2e/published-build.test.ts and the bench
 * (test/bench/published.ts): when its first page is on screen, and its snapshot
 * stored as a publish made before builds stored it.
 */

/**
 * Milliseconds from the navigation's start (the page's time origin) until the first page is
 * on screen styled: the runtime's spinner gone, text in the root, no error panel, and an
 * element with the `flex` utility laid out as flex (the CSS applied, built or compiled in the page).
 */
export async function firstRenderMs(page: Page, timeout = 30_000): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const root = document.getElementById("root");
      if (!root || root.querySelector("[data-testid=runtime-loading]") || root.querySelector("[data-testid=runtime-error]")) return false;
      if ((root.innerText ?? "").trim().length < 20) return false;
      const flex = root.querySelector(".flex");
      return flex && getComputedStyle(flex).display === "flex" ? performance.now() : false;
    },
    undefined,
    { polling: "raf", timeout },
  );
  return (await handle.jsonValue()) as number;
}

/** The stack's S3 stand-in and bucket, from its links (stacks/local/child.ts). */
function s3Of(links: Record<string, string>): { client: S3Client; bucket: string } {
  const client = new S3Client({
    region: links.AWS_REGION ?? "us-east-1",
    endpoint: links.AWS_ENDPOINT_URL_S3,
    forcePathStyle: true,
    credentials: { accessKeyId: links.AWS_ACCESS_KEY_ID, secretAccessKey: links.AWS_SECRET_ACCESS_KEY },
  });
  return { client, bucket: JSON.parse(links.SST_RESOURCE_Files).name };
}

/** The stored snapshot of a published version, as its JSON text. */
export async function storedSnapshot(links: Record<string, string>, appId: string, version: string): Promise<string> {
  const { client, bucket } = s3Of(links);
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: Keys.publishedObject(appId, version) }));
  return object.Body!.transformToString();
}

/** Stores `body` as that version's snapshot: the bare file tree is what a publish wrote before builds. */
export async function storeSnapshot(links: Record<string, string>, appId: string, version: string, body: string): Promise<void> {
  const { client, bucket } = s3Of(links);
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: Keys.publishedObject(appId, version), Body: body, ContentType: "application/json" }));
}
