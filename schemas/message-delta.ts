import * as z from "zod";

/**
 * What a streaming assistant message grew by, pushed to the app's room as `_msg_delta` instead of
 * the whole message, so a turn pushes O(answer) bytes: `text` goes at `offset`, and the content is
 * then `length` characters long. A tab whose copy is not `offset` long missed a piece (it joined or
 * reconnected mid-turn) and fetches the message whole once.
 */
export const MessageDelta = z.object({
  id: z.string(),
  offset: z.number().int().min(0),
  text: z.string(),
  length: z.number().int().min(0),
});
export type MessageDelta = z.infer<typeof MessageDelta>;
