import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { User } from "../../schemas/user";
import { Actor } from "./actor";
import { db, table } from "./db";
import { forbidden, notFound } from "./errors";
import { Keys } from "./keys";

/** Apps as far as the spine needs them: who may see one. The builder issue grows this namespace. */
export namespace Apps {
  export async function owner(appId: string): Promise<{ created_by_id: string } | undefined> {
    const { Item } = await db().send(
      new GetCommand({ TableName: table(), Key: Keys.app(appId), ProjectionExpression: "created_by_id" }),
    );
    return Item as { created_by_id: string } | undefined;
  }

  /** Throws unless the user may read this app; an unknown app and a foreign one look the same. */
  export async function assertAccess(user: User, appId: string): Promise<void> {
    const app = await owner(appId);
    if (!app) throw notFound("App not found");
    if (app.created_by_id !== user.id && !Actor.isAdmin(user)) throw forbidden("You do not have access to this app");
  }
}
