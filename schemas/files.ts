import * as z from "zod";

/** Attachments (spec 01 §5): types and size limits, shared by the home/chat pickers and the upload call. */
export const attachmentTypes = ["jpg", "jpeg", "png", "pdf", "txt", "html"] as const;
export const imageTypes = ["jpg", "jpeg", "png", "gif", "webp"] as const;
/** Everything POST /api/files accepts (attachments plus logos and data files used elsewhere). */
export const uploadTypes = [...new Set([...attachmentTypes, ...imageTypes, "svg", "csv", "json"])];
/** What a generated app may store through its UploadFile / UploadPrivateFile integrations. */
export const appUploadTypes = [...uploadTypes, "md", "mp3", "wav", "mp4", "webm", "docx", "xlsx", "pptx"];

/**
 * Types a browser may show inline from a Kiln link: none of them can run script. Anything else
 * (svg, html, xml, office documents…) is served as a download, so an uploaded page or image
 * with a script never runs on any origin Kiln hands out.
 */
export const inlineTypes: readonly string[] = [...imageTypes, "pdf", "txt", "md", "csv", "json", "mp3", "wav", "mp4", "webm"];

const MB = 1024 * 1024;
export function maxBytesFor(ext: string): number {
  if ((imageTypes as readonly string[]).includes(ext)) return 40 * MB;
  if (ext === "pdf") return 10 * MB;
  return 5 * MB;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** The spec's exact messages for a file that may not be attached, or null when it may. */
export function attachmentError(name: string, size: number, allowed: readonly string[] = attachmentTypes): string | null {
  const ext = extensionOf(name);
  if (!allowed.includes(ext)) return `File type "${ext}" is not supported. Supported types: ${allowed.join(", ")}.`;
  const max = maxBytesFor(ext);
  if (size > max) return `File "${name}" exceeds the maximum allowed size of ${max / MB}MB.`;
  return null;
}

/**
 * POST /api/files/upload-url: a file the browser will PUT straight to storage (builder uploads of any size up to
 * its type's limit; API Gateway → Lambda carries at most ~4.4 MB of file, see README "Uploads").
 */
export const UploadUrlBody = z.strictObject({
  /** the file's name as picked; its extension sets the stored type, as for POST /api/files */
  name: z.string().min(1).max(255),
  /** its exact size in bytes: the signed PUT accepts this many and no other */
  size: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type UploadUrlBody = z.infer<typeof UploadUrlBody>;

/** Where to PUT the bytes (with exactly these headers, before `expires_at`), and the file's link once they are there. */
export const UploadUrl = z.object({
  upload: z.object({ url: z.string(), method: z.literal("PUT"), headers: z.record(z.string(), z.string()) }),
  expires_at: z.string(),
  url: z.string(),
});
export type UploadUrl = z.infer<typeof UploadUrl>;
