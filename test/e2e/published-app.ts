import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { Page } from "playwright-core";
import { Keys } from "../../functions/core/keys";
import { checkoutCode } from "../../web/src/components/payments/checkoutCode";

/**
 * A published app in Chromium, for test/e2e/published-build.test.ts and the bench
 * (test/bench/published.ts): when its first page is on screen, when a signed-in user's
 * first data came, and its snapshot stored as a publish made before builds stored it.
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

/** When a signed-in user's first data came, in ms from the navigation's start: the first entity request's start and end, and `User/me`'s. */
export interface FirstData {
  /** the first entity request (other than `User/me`) answered */
  dataMs: number;
  entityStartMs: number;
  meStartMs: number;
  meEndMs: number;
}

/** Waits for the first entity read of `appId` to be answered, and reads the timings from the page's Resource Timing entries. */
export async function firstDataMs(page: Page, appId: string, timeout = 30_000): Promise<FirstData> {
  const handle = await page.waitForFunction(
    (id) => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const entity = entries.find((e) => e.name.includes(`/api/apps/${id}/entities/`) && !e.name.includes("/entities/User/me") && e.responseEnd > 0);
      const me = entries.find((e) => e.name.includes(`/api/apps/${id}/entities/User/me`));
      return entity && me ? { dataMs: entity.responseEnd, entityStartMs: entity.startTime, meStartMs: me.startTime, meEndMs: me.responseEnd } : false;
    },
    appId,
    { polling: 50, timeout },
  );
  return (await handle.jsonValue()) as FirstData;
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

/** A shop page selling one price with the code the payments completion step shows ("Buy a {item}"), and the checkout_status it returns with. */
export const shopPage = (account: string, appId: string, priceId: string, item: string) => `import { useState } from "react";

export default function Shop() {
  const [status] = useState(new URLSearchParams(window.location.search).get("checkout_status") ?? "none");
  ${checkoutCode(account, appId, priceId)}
  return (
    <div className="p-6 space-y-3">
      <button onClick={() => startCheckout()}>Buy a ${item}</button>
      <p data-testid="checkout-status">{status}</p>
    </div>
  );
}
`;
