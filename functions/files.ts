import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { ulid } from "ulid";
import { attachmentError, extensionOf, uploadTypes } from "../schemas/files";
import { Config } from "./core/config";
import { VisibleError, notFound } from "./core/errors";
import { Keys } from "./core/keys";
import { Storage } from "./core/storage";
import { callGroup } from "./http";

const contentTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  txt: "text/plain; charset=utf-8",
  html: "text/plain; charset=utf-8", // served as text: an uploaded page must never run on Kiln's origin
  csv: "text/csv; charset=utf-8",
  json: "application/json",
};

/** Spec 01 §7 Files: POST /files/ (multipart, field `file`) answers { url }; the url redirects to the stored object. */
export const { app, handler } = callGroup("files", {
  async upload(c) {
    let form: Record<string, string | File>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new VisibleError("input", "Send the file as multipart/form-data in a field named file");
    }
    const file = form.file;
    if (!(file instanceof File)) throw new VisibleError("input", "Send the file as multipart/form-data in a field named file");
    const name = file.name.replace(/[^\w.\- ]+/g, "_").slice(-120) || "file";
    const problem = attachmentError(name, file.size, uploadTypes);
    if (problem) throw new VisibleError(problem.includes("exceeds") ? "too_large" : "input", problem);
    const id = `${ulid().toLowerCase()}-${name.replace(/\s+/g, "_")}`;
    await Storage.client().send(
      new PutObjectCommand({
        Bucket: Config.bucket,
        Key: Keys.upload(id),
        Body: new Uint8Array(await file.arrayBuffer()),
        ContentType: contentTypes[extensionOf(name)] ?? "application/octet-stream",
      }),
    );
    return c.json({ url: `${Config.kiln.webUrl.replace(/\/$/, "")}/api/files/${encodeURIComponent(id)}` }, 201);
  },

  async download(c) {
    const id = c.req.param("fileId")!;
    if (!/^[0-9a-z]{26}-[\w.\-]+$/.test(id)) throw notFound("File not found");
    const key = Keys.upload(id);
    await Storage.client()
      .send(new HeadObjectCommand({ Bucket: Config.bucket, Key: key }))
      .catch(() => {
        throw notFound("File not found");
      });
    const url = await getSignedUrl(Storage.client(), new GetObjectCommand({ Bucket: Config.bucket, Key: key }), { expiresIn: 3600 });
    return c.redirect(url, 302);
  },
});
