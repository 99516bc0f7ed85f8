import * as z from "zod";
import { FilePath, MAX_FILE_CHARS } from "./app-files";

/** POST /api/apps/{id}/coding/write (spec 01 §7 Coding): a manual edit of one file. */
export const CodingWriteBody = z.strictObject({
  file_path: FilePath,
  content: z.string().max(MAX_FILE_CHARS, `A file may hold at most ${MAX_FILE_CHARS.toLocaleString("en-US")} characters`),
});
export type CodingWriteBody = z.infer<typeof CodingWriteBody>;

export const CodingWriteResult = z.object({
  file_path: z.string(),
  checkpoint_id: z.string(),
  /** the chat message that records the manual edit ("Files have been manually edited.") */
  message_id: z.string(),
});
export type CodingWriteResult = z.infer<typeof CodingWriteResult>;
