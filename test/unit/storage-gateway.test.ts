import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { describe, expect, it } from "vitest";
import { STORAGE_PATH, type StorageGatewayOptions, storageRefusal } from "../../stacks/local/storage-gateway";

/**
 * The team box's storage gateway lets through only links Kiln signed: links made here by the AWS SDK's own
 * presigner (as functions/core/integrations/uploads.ts makes them) pass, and every change to one fails.
 */

const options: StorageGatewayOptions = { endpoint: "http://127.0.0.1:4569", bucket: "kiln-files", region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
const s3 = new S3Client({
  region: options.region,
  endpoint: options.endpoint,
  forcePathStyle: true,
  credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  requestChecksumCalculation: "WHEN_REQUIRED",
  responseChecksumValidation: "WHEN_REQUIRED",
});
const key = "uploads/01jdzq8m6w3k4v5x6y7z8a9b0c-big_photo(1).png";
const putHeaders = { "content-type": "image/png", "content-disposition": 'inline; filename="big_photo_1_.png"', "content-length": "1000" };

const signPut = (Key = key) =>
  getSignedUrl(s3, new PutObjectCommand({ Bucket: options.bucket, Key, ContentType: putHeaders["content-type"], ContentDisposition: putHeaders["content-disposition"], ContentLength: 1000 }), {
    expiresIn: 300,
    signableHeaders: new Set(["content-type"]),
  });
const signGet = (Key = key) =>
  getSignedUrl(s3, new GetObjectCommand({ Bucket: options.bucket, Key, ResponseContentType: "image/png", ResponseContentDisposition: 'inline; filename="a.png"' }), { expiresIn: 3600 });

/** What the gateway decides for `method` on a link, as a browser sends it to `{webUrl}/_storage/…`. */
function decide(method: string, signed: string, headers: Record<string, string> = {}, at?: number) {
  const url = new URL(signed);
  const browserPath = `${STORAGE_PATH}${url.pathname}`;
  return storageRefusal(method, browserPath.slice(STORAGE_PATH.length), url.search.slice(1), headers, { ...options, now: at === undefined ? undefined : () => at });
}

describe("the storage gateway's check of presigned links", () => {
  it("lets a presigned PUT of an upload and a presigned GET or HEAD pass", async () => {
    expect(decide("PUT", await signPut(), putHeaders)).toBeNull();
    expect(decide("GET", await signGet())).toBeNull();
    expect(decide("HEAD", await getSignedUrl(s3, new HeadObjectCommand({ Bucket: options.bucket, Key: key }), { expiresIn: 60 }))).toBeNull();
  });

  it("refuses a PUT whose size, type or disposition differ from what was signed", async () => {
    const url = await signPut();
    for (const [name, value] of [["content-length", "999"], ["content-type", "text/html"], ["content-disposition", "inline"]]) {
      const refusal = decide("PUT", url, { ...putHeaders, [name]: value });
      expect([refusal?.status, refusal?.message], name).toEqual([403, "The link's signature does not match."]);
    }
    const { "content-length": _dropped, ...chunked } = putHeaders;
    expect(decide("PUT", url, chunked)?.status).toBe(403);
  });

  it("refuses a link moved to another object, another method, or with its query changed", async () => {
    const url = new URL(await signPut());
    const moved = new URL(url);
    moved.pathname = moved.pathname.replace("big_photo", "other");
    expect(decide("PUT", moved.toString(), putHeaders)?.message).toBe("The link's signature does not match.");
    expect(decide("GET", url.toString(), putHeaders)?.status).toBe(403);
    const extra = new URL(url);
    extra.searchParams.set("response-content-type", "text/html");
    expect(decide("PUT", extra.toString(), putHeaders)?.status).toBe(403);
    const forged = new URL(url);
    forged.searchParams.set("X-Amz-Signature", "0".repeat(64));
    expect(decide("PUT", forged.toString(), putHeaders)?.status).toBe(403);
  });

  it("refuses a link signed with another key pair, or past its expiry", async () => {
    const stranger = new S3Client({ region: options.region, endpoint: options.endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "guessed" } });
    const theirs = await getSignedUrl(stranger, new GetObjectCommand({ Bucket: options.bucket, Key: key }), { expiresIn: 60 });
    expect(decide("GET", theirs)?.message).toBe("The link's signature does not match.");
    const url = await signGet();
    expect(decide("GET", url, {}, Date.now() + 3601_000)?.message).toBe("The link has expired.");
  });

  it("refuses anything without a presigned query, a PUT outside uploads/, DELETE, listing and other buckets", async () => {
    expect(decide("GET", `${options.endpoint}/kiln-files/${key}`)).toEqual({ status: 403, message: "Only a presigned link reaches storage." });
    expect(decide("PUT", `${options.endpoint}/kiln-files/${key}`, putHeaders)?.status).toBe(403);
    const snapshot = await getSignedUrl(s3, new PutObjectCommand({ Bucket: options.bucket, Key: "apps/x/code.json" }), { expiresIn: 60 });
    expect(decide("PUT", snapshot)).toEqual({ status: 403, message: "Only uploads may be written here." });
    const del = await getSignedUrl(s3, new DeleteObjectCommand({ Bucket: options.bucket, Key: key }), { expiresIn: 60 });
    expect(decide("DELETE", del)?.status).toBe(405);
    const list = await getSignedUrl(s3, new ListObjectsV2Command({ Bucket: options.bucket }), { expiresIn: 60 });
    expect(decide("GET", list)?.status).toBe(404);
    expect(storageRefusal("GET", "/", "", {}, options)?.status).toBe(404);
    const other = await getSignedUrl(s3, new GetObjectCommand({ Bucket: "other-bucket", Key: key }), { expiresIn: 60 });
    expect(decide("GET", other)?.status).toBe(404);
    for (const method of ["POST", "OPTIONS", "PATCH"]) expect(decide(method, await signGet())?.status, method).toBe(405);
  });
});
