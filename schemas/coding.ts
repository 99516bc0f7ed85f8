import * as z from "zod";
import { EntitySchema, FilePath, MAX_FILE_CHARS } from "./app-files";

/**
 * A file's version as a manual save names it: a SHA-256 of the file as the workspace shows it
 * (an entity's schema parsed and printed the way the app answers it, any other file as stored),
 * so any client can say which version it edited from what it read, and the server can tell
 * whether the file is still that version.
 */
export async function fileVersion(path: string, content: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(shownText(path, content)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The text the workspace shows for a stored file (entities/<Name> is pretty-printed from its parsed schema). */
export function shownText(path: string, content: string): string {
  if (!path.startsWith("entities/")) return content;
  try {
    const parsed = EntitySchema.safeParse(JSON.parse(content));
    return parsed.success ? JSON.stringify(parsed.data, null, 2) : content;
  } catch {
    return content;
  }
}

/** POST /api/apps/{id}/coding/write (spec 01 §7 Coding): a manual edit of one file. */
export const CodingWriteBody = z.strictObject({
  file_path: FilePath,
  content: z.string().max(MAX_FILE_CHARS, `A file may hold at most ${MAX_FILE_CHARS.toLocaleString("en-US")} characters`),
  /**
   * The version the edit was made from (`fileVersion` of the text read), or null for a new file.
   * A save from a version that is no longer current answers 409 and changes nothing.
   */
  version: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "version is the file's version as fileVersion computes it")
    .nullable()
    .optional(),
});
export type CodingWriteBody = z.infer<typeof CodingWriteBody>;

export const CodingWriteResult = z.object({
  file_path: z.string(),
  checkpoint_id: z.string(),
  /** the chat message that records the manual edit ("Files have been manually edited.") */
  message_id: z.string(),
  /** the file's version after the save, for the next save from it */
  version: z.string(),
});
export type CodingWriteResult = z.infer<typeof CodingWriteResult>;
