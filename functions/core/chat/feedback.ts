import { PutCommand } from "@aws-sdk/lib-dynamodb";
import { ulid } from "ulid";
import type * as z from "zod";
import type { FeedbackBody } from "../../../schemas/chat";
import type { User } from "../../../schemas/user";
import { db, table } from "../db";
import { Keys } from "../keys";

/** Per-action feedback on the assistant's work (a tag and a note), kept newest first for the platform's team. */
export namespace Feedback {
  export async function record(user: User, input: z.infer<typeof FeedbackBody>): Promise<{ id: string; success: true }> {
    const id = ulid();
    await db().send(
      new PutCommand({
        TableName: table(),
        Item: { ...Keys.feedback(id), id, ...input, user_id: user.id, user_email: user.email, created_date: new Date().toISOString() },
      }),
    );
    return { id, success: true };
  }
}
