import { UploadUrlBody, uploadTypes } from "../../schemas/files";
import { VisibleError } from "../core/errors";
import { Uploads } from "../core/integrations/uploads";
import { body, callGroup } from "./group";

/**
 * Spec 01 §7 Files: POST /files/ (multipart, field `file`) answers { url }; the url redirects to the stored object.
 * A multipart upload passes API Gateway → Lambda, so it carries at most ~4.4 MB of file (the local gateway refuses
 * more with 413); the builder uploads through POST /files/upload-url, a presigned PUT straight to storage, instead.
 */
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
    const id = await Uploads.put(file, uploadTypes);
    return c.json({ url: Uploads.publicUrl(id) }, 201);
  },

  async uploadUrl(c) {
    const { name, size } = await body(c, UploadUrlBody);
    return c.json(await Uploads.uploadUrl(name, size, uploadTypes), 201);
  },

  async download(c) {
    return c.redirect(await Uploads.publicLink(c.req.param("fileId")!), 302);
  },
});
