import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { ulid } from "ulid";
import { type UploadUrl, attachmentError, extensionOf, inlineTypes, maxBytesFor } from "../../../schemas/files";
import { Config } from "../config";
import { VisibleError, notFound } from "../errors";
import { Keys } from "../keys";
import { Storage } from "../storage";

const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  md: "text/plain; charset=utf-8",
  html: "text/plain; charset=utf-8", // served as text: an uploaded page must never run as a page
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
  webm: "video/webm",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** How long a presigned upload URL stays good (storage checks it when the PUT starts, however long the bytes then take). */
const UPLOAD_URL_SECONDS = 300;

/** A stored file's id: a ULID, then the sanitised name (so links keep a readable file name). */
const ID = /^[0-9a-z]{26}-[\w.\-]+$/;
/** How a private file of an app is named to that app (UploadPrivateFile's `file_uri`). */
const PRIVATE_URI = /^private\/([0-9a-z]+)\/([0-9a-z]{26}-[\w.\-]+)$/;

export interface StoredFile {
  key: string;
  name: string;
  ext: string;
  contentType: string;
}

/**
 * Uploaded files in S3: public ones (the builder's attachments, apps' UploadFile) behind
 * GET /api/files/{id}, which redirects to a short-lived signed link; private ones of an
 * app (UploadPrivateFile) readable only through links that app asks for.
 */
export namespace Uploads {
  /** Validate and store `file`; answers its id. `allowed` are the extensions accepted here. */
  export async function put(file: File, allowed: readonly string[], where: { privateTo?: string } = {}): Promise<string> {
    const { id, name } = newFile(file.name, file.size, allowed);
    await Storage.client().send(
      new PutObjectCommand({
        Bucket: Config.bucket,
        Key: where.privateTo ? Keys.privateUpload(where.privateTo, id) : Keys.upload(id),
        Body: new Uint8Array(await file.arrayBuffer()),
        ContentType: contentTypeOf(name),
        ContentDisposition: dispositionOf(name),
      }),
    );
    return id;
  }

  /**
   * A presigned PUT for a public upload the browser sends straight to storage (so no size limit of API Gateway or
   * Lambda applies): the same key, type and disposition `put` would store, the exact size and type signed in.
   */
  export async function uploadUrl(fileName: string, size: number, allowed: readonly string[]): Promise<UploadUrl> {
    const { id, name } = newFile(fileName, size, allowed);
    const headers = { "content-type": contentTypeOf(name), "content-disposition": dispositionOf(name) };
    const command = new PutObjectCommand({ Bucket: Config.bucket, Key: Keys.upload(id), ContentType: headers["content-type"], ContentDisposition: headers["content-disposition"], ContentLength: size });
    // the presigner leaves content-type unsigned unless told; content-length and content-disposition it signs as sent
    const url = await getSignedUrl(Storage.client(), command, { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(["content-type"]) });
    return { upload: { url: Storage.browserUrl(url), method: "PUT", headers }, expires_at: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(), url: publicUrl(id) };
  }

  /** Validate a file's name and size against `allowed`; answers its sanitised name and a fresh id for it. */
  function newFile(fileName: string, size: number, allowed: readonly string[]): { id: string; name: string } {
    const name = fileName.replace(/[^\w.\- ]+/g, "_").slice(-120) || "file";
    const problem = attachmentError(name, size, allowed);
    if (problem) throw new VisibleError(problem.includes("exceeds") ? "too_large" : "input", problem);
    return { id: `${ulid().toLowerCase()}-${name.replace(/\s+/g, "_")}`, name };
  }

  export function contentTypeOf(name: string): string {
    return contentTypes[extensionOf(name)] ?? "application/octet-stream";
  }

  /** Inline only for types that cannot run script; everything else downloads (an SVG or HTML file never runs as a page). */
  export function dispositionOf(name: string): string {
    const ascii = name.replace(/[^\w.\-]+/g, "_");
    return `${inlineTypes.includes(extensionOf(name)) ? "inline" : "attachment"}; filename="${ascii}"`;
  }

  export function publicUrl(id: string): string {
    return `${Config.kiln.webUrl.replace(/\/$/, "")}/api/files/${encodeURIComponent(id)}`;
  }

  export const privateUri = (appId: string, id: string) => `private/${appId}/${id}`;

  /** A signed link to a public upload, or 404 when there is none. */
  export async function publicLink(id: string): Promise<string> {
    if (!ID.test(id)) throw notFound("File not found");
    return link(Keys.upload(id), id, 3600);
  }

  /** A signed link to one of this app's private files; another app's file is as absent as a missing one. */
  export async function privateLink(appId: string, uri: string, expiresIn: number): Promise<string> {
    const m = PRIVATE_URI.exec(uri);
    if (!m || m[1] !== appId) throw notFound("File not found");
    return link(Keys.privateUpload(appId, m[2]), m[2], expiresIn);
  }

  /** The link also fixes the answer's type and disposition, so files stored before either was set are served safely too. */
  async function link(key: string, id: string, expiresIn: number): Promise<string> {
    await Storage.client()
      .send(new HeadObjectCommand({ Bucket: Config.bucket, Key: key }))
      .catch(() => {
        throw notFound("File not found");
      });
    const name = id.slice(27);
    const command = new GetObjectCommand({ Bucket: Config.bucket, Key: key, ResponseContentType: contentTypeOf(name), ResponseContentDisposition: dispositionOf(name) });
    return Storage.browserUrl(await getSignedUrl(Storage.client(), command, { expiresIn }));
  }

  /**
   * Where a file an app refers to is stored: a public upload's URL (`…/api/files/{id}`,
   * on whatever host) or one of this app's private URIs. Anything else is not ours to read,
   * so no request ever leaves the server for a URL an app supplies.
   */
  export function locate(appId: string, reference: string): StoredFile | null {
    const priv = PRIVATE_URI.exec(reference);
    if (priv) return priv[1] === appId ? stored(Keys.privateUpload(appId, priv[2]), priv[2]) : null;
    let path: string;
    try {
      path = new URL(reference, "http://relative.invalid").pathname;
    } catch {
      return null;
    }
    const m = /^\/api\/files\/([^/]+)$/.exec(path);
    if (!m) return null;
    const id = decodeURIComponent(m[1]);
    return ID.test(id) ? stored(Keys.upload(id), id) : null;
  }

  function stored(key: string, id: string): StoredFile {
    const name = id.slice(27);
    return { key, name, ext: extensionOf(name), contentType: contentTypeOf(name) };
  }

  /** The bytes of a stored file (never more than its type's upload limit), or 404. */
  export async function read(file: StoredFile): Promise<Uint8Array> {
    const object = await Storage.client()
      .send(new GetObjectCommand({ Bucket: Config.bucket, Key: file.key }))
      .catch(() => {
        throw notFound("File not found");
      });
    if ((object.ContentLength ?? 0) > maxBytesFor(file.ext)) throw new VisibleError("too_large", `File "${file.name}" is too large to read`);
    return object.Body!.transformToByteArray();
  }
}
