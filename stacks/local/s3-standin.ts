/**
 * s3rver as Kiln's storage stand-in, with S3's one guarantee it lacks: a PUT is atomic. s3rver's file store
 * truncates an object's file and writes it in place, and answers a PUT before its bytes are flushed, so a
 * GET during or just after a PUT of the same key reads a short or empty object (a function bundle deployed by
 * the deploy job and a first call at once failed its sha check). Here an object, its md5 and its metadata are
 * each written to a file of their own and renamed into place once whole: a reader sees the old object or the
 * new one, never part of one. Run by stacks/local/processes.ts (`node --import tsx`); the arguments are
 * `<directory> <address> <port> <bucket> <cors.xml>`.
 */
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream, readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

const require = createRequire(import.meta.url);

interface StoredObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
}
type StoreClass = new (root: string) => FilesystemStore;

const S3rver = require("s3rver") as new (options: object) => { store: FilesystemStore; context: { store: FilesystemStore }; run(): Promise<unknown> };
const FilesystemStore = require("s3rver/lib/stores/filesystem") as StoreClass;
const { ALLOWED_METADATA } = require("s3rver/lib/models/object") as { ALLOWED_METADATA: string[] };

/** Writes `bytes` beside `file` and renames it over `file`: readers see all of it or none. */
async function replace(file: string, bytes: string | Buffer): Promise<void> {
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

class AtomicStore extends FilesystemStore {
  async putObject(object: StoredObject): Promise<{ size: number; md5: string }> {
    const file = this.getResourcePath(object.bucket, object.key, "object");
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.partial`;
    const md5 = createHash("md5");
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const source = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    try {
      await pipeline(source, measure, createWriteStream(partial));
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
    const digest = md5.digest("hex");
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    await rename(partial, file);
    return { size, md5: digest };
  }

  /** s3rver's own: the allowed headers and x-amz-meta-*, and the md5 when given; each file replaced whole. */
  async putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5?: string): Promise<void> {
    const kept = Object.fromEntries(Object.entries(metadata).filter(([name]) => ALLOWED_METADATA.includes(name) || name.startsWith("x-amz-meta-")));
    if (md5) await replace(this.getResourcePath(bucket, key, "object.md5"), md5);
    await replace(this.getResourcePath(bucket, key, "metadata.json"), JSON.stringify(kept, null, 2));
  }
}

const [directory, address, port, bucket, cors] = process.argv.slice(2);
await mkdir(directory, { recursive: true });
const server = new S3rver({ directory, address, port: Number(port), silent: true, configureBuckets: [{ name: bucket, configs: [readFileSync(cors)] }] });
server.store = server.context.store = new AtomicStore(directory);
await server.run();
