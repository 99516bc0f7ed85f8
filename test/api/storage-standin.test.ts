import { createHash } from "node:crypto";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { beforeAll, describe, expect, it } from "vitest";
import { useStackLinks } from "./helpers";

/**
 * The storage stand-in keeps S3's guarantee that a PUT is atomic (stacks/local/s3-standin.ts): while one key is
 * written again and again, every GET of it reads one whole version. s3rver alone truncated the file and wrote it
 * in place, so a reader saw a short object (a function's bundle, fetched while a second deploy wrote it, failed
 * its sha check: "The function sandbox is not available right now").
 */
let storage: typeof import("../../functions/core/storage").Storage;
let bucket: string;

beforeAll(async () => {
  useStackLinks();
  storage = (await import("../../functions/core/storage")).Storage;
  bucket = (await import("../../functions/core/config")).Config.bucket;
});

const digest = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

describe("the storage stand-in", () => {
  it("a GET during PUTs of the same key reads one whole version, never part of one", async () => {
    const key = `test/atomic-${Date.now()}.bin`;
    const versions = ["a", "b"].map((c) => Buffer.alloc(3 * 1024 * 1024, c));
    const whole = new Set(versions.map(digest));
    const put = (body: Buffer) => storage.client().send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    const get = async () => digest(await (await storage.client().send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());
    await put(versions[0]);

    const seen: string[] = [];
    for (let round = 0; round < 12; round++) {
      const reads = Array.from({ length: 4 }, () => get());
      const [, ...read] = await Promise.all([put(versions[(round + 1) % 2]), ...reads, get()]);
      seen.push(...read);
    }
    expect(seen.length).toBe(60);
    expect(seen.filter((d) => !whole.has(d))).toEqual([]);
    // and a GET after a PUT has answered reads what it wrote
    await put(versions[1]);
    expect(await get()).toBe(digest(versions[1]));
  }, 60_000);
});
