import http from "node:http";
import type { AddressInfo } from "node:net";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { beforeAll, describe, expect, it } from "vitest";
import { apiUrl, builtApp, call, signedIn, useStackLinks } from "./helpers";

/**
 * Issue 23: the local gateway holds API Gateway's and Lambda's limits (a body over 6 MB once encoded, 30 s),
 * so a large file takes the cloud's path here too: a presigned PUT straight to storage (s3rver).
 */

const MB = 1024 * 1024;
const bytes = (size: number, seed = 7) => Uint8Array.from({ length: size }, (_, i) => (i * 31 + seed) & 0xff);

async function multipart(path: string, token: string, name: string, size: number) {
  const form = new FormData();
  form.append("file", new File([bytes(size)], name, { type: "image/png" }));
  const res = await fetch(`${apiUrl()}${path}`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { detail?: string; url?: string; file_url?: string } };
}

/** Every stored upload's key that names `label` (ids end in the file's name). */
async function storedNamed(label: string): Promise<string[]> {
  const [{ Storage }, { Config }] = await Promise.all([import("../../functions/core/storage"), import("../../functions/core/config")]);
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await Storage.client().send(new ListObjectsV2Command({ Bucket: Config.bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!).filter((k) => k.includes(label)));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

let owner: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  useStackLinks();
  owner = await signedIn("large-uploads");
});

describe("the local gateway holds Lambda's 6 MB payload", () => {
  it("refuses a body over 6 MB once base64-encoded with 413 before any handler runs, and stores nothing", async () => {
    const label = `over-${Date.now()}`;
    // 5 MB of image (40 MB allowed) is 6.7 MB once encoded: Lambda would never get it
    const res = await multipart("/api/files", owner.token, `${label}.png`, 5 * MB);
    expect(res.status).toBe(413);
    expect(res.body.detail).toMatch(/^The request body is 6\.7 MB once base64-encoded, over the 6 MB a function can receive\. /);
    expect(res.body.detail).toContain("POST /api/files/upload-url");
    expect(await storedNamed(label)).toEqual([]);
  }, 60_000);

  it("still takes a multipart file that fits once encoded (4 MB is 5.3 MB)", async () => {
    const label = `fits-${Date.now()}`;
    const res = await multipart("/api/files", owner.token, `${label}.png`, 4 * MB);
    expect(res.status).toBe(201);
    expect((await storedNamed(label)).length).toBe(1);
  }, 60_000);

  it("holds an app's UploadFile (the SDK's multipart call) to the same limit", async () => {
    const appId = (await builtApp(owner.token)).id;
    const label = `sdk-${Date.now()}`;
    const res = await multipart(`/api/apps/${appId}/integration-endpoints/Core/UploadFile`, owner.token, `${label}.png`, 5 * MB);
    expect(res.status).toBe(413);
    expect(await storedNamed(label)).toEqual([]);
  }, 90_000);
});

describe("API Gateway's 30 s", () => {
  it("a handler slower than the gateway waits gets 503 Service Unavailable, as API Gateway answers", async () => {
    const { createHttpGateway } = await import("../../stacks/local/http-gateway");
    const serveWith = async (timeoutMs: number) => {
      const gateway = createHttpGateway({ localRoutes: false, timeoutMs });
      await gateway.warm();
      const server = http.createServer((req, res) => void gateway.serve(req, res, req.url!.split("?")[0], ""));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      try {
        const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/files/${"0".repeat(26)}-absent.png`, { redirect: "manual" });
        return { status: res.status, body: await res.json() };
      } finally {
        server.close();
      }
    };
    // looking the file up in storage takes more than a millisecond: the gateway stops waiting first
    expect(await serveWith(1)).toEqual({ status: 503, body: { message: "Service Unavailable" } });
    expect((await serveWith(30_000)).status).toBe(404);
  }, 60_000);
});

describe("POST /api/files/upload-url", () => {
  const presign = (body: unknown, token: string | null = owner.token) => call("POST", "/api/files/upload-url", { token: token ?? undefined, body });

  it("an 8 MB image goes by a presigned PUT straight to storage and is readable at its URL", async () => {
    const content = bytes(8 * MB, 11);
    const res = await presign({ name: "big photo.png", size: content.length });
    expect(res.status).toBe(201);
    const { upload, url, expires_at } = res.body;
    expect(upload.method).toBe("PUT");
    expect(upload.headers).toEqual({ "content-type": "image/png", "content-disposition": 'inline; filename="big_photo.png"' });
    expect(new Date(expires_at).getTime() - Date.now()).toBeLessThanOrEqual(300_000);
    expect(url).toMatch(/\/api\/files\/[0-9a-z]{26}-big_photo\.png$/);
    // the URL goes to storage, never through the gateway
    expect(new URL(upload.url).origin).not.toBe(new URL(apiUrl()).origin);

    const put = await fetch(upload.url, { method: "PUT", headers: upload.headers, body: content });
    expect(put.status).toBe(200);

    const link = await fetch(url, { redirect: "manual" });
    expect(link.status).toBe(302);
    const served = await fetch(link.headers.get("location")!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(content))).toBe(true);
  }, 60_000);

  it("the PUT is signed for the file's exact size, type and disposition, for five minutes", async () => {
    const { upload } = (await presign({ name: "exact.png", size: 1000 })).body;
    const query = new URL(upload.url).searchParams;
    // S3 refuses a PUT whose signed headers differ (s3rver does not check SigV4 signatures, so what is signed is the test)
    expect(query.get("X-Amz-SignedHeaders")!.split(";")).toEqual(["content-disposition", "content-length", "content-type", "host"]);
    expect(query.get("X-Amz-Expires")).toBe("300");
    expect(new URL(upload.url).pathname).toMatch(/\/uploads\/[0-9a-z]{26}-exact\.png$/);
  });

  it("refuses a caller who is not signed in, a size over the type's limit and a type not accepted", async () => {
    expect((await presign({ name: "a.png", size: 10 }, null)).status).toBe(401);
    expect((await presign({ name: "a.png", size: 10 }, "not-a-token")).status).toBe(401);

    const tooBig = await presign({ name: "huge.png", size: 40 * MB + 1 });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.detail).toBe('File "huge.png" exceeds the maximum allowed size of 40MB.');
    expect((await presign({ name: "big.pdf", size: 10 * MB + 1 })).status).toBe(413);

    const exe = await presign({ name: "tool.exe", size: 10 });
    expect(exe.status).toBe(400);
    expect(exe.body.detail).toMatch(/^File type "exe" is not supported\. Supported types: /);

    for (const body of [{ name: "a.png" }, { name: "a.png", size: 0 }, { name: "a.png", size: 1.5 }, { name: "", size: 10 }, { name: "a.png", size: 10, extra: 1 }])
      expect((await presign(body)).status, JSON.stringify(body)).toBe(400);
  });
});
