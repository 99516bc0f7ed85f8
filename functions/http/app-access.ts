import type { Context } from "hono";
import type { Actor } from "../core/actor";
import { AppCallers, type CallerCredentials } from "../core/app-users/caller";
import { EntitySchemas } from "../core/entities/schemas";
import { Keys } from "../core/keys";
import { Records } from "../core/records/records";

/**
 * Who calls a generated app's route (access "app"), for the call groups that have such routes: they pass
 * it to callGroup. Apart from group.ts because resolving an app caller loads the app graph (apps, their
 * events and rooms, chat storage in S3): a group of platform routes only starts without it.
 */
export async function appAccess(c: Context): Promise<Actor> {
  // An entity route's schema, and whether any socket listens to its changes, are read in the same round trip as the app and the caller.
  const appId = c.req.param("id") ?? "";
  const entity = c.req.param("entity");
  const schemaKey = entity ? EntitySchemas.keyOf(appId, entity) : undefined;
  // A get, update or delete of one record reads it there too (Records.get takes it, once).
  const rid = c.req.param("rid");
  // A query reads the entity's index state there too, which its planner needs when a declared index could serve it.
  const recordKey = entity && rid && Records.isRecordId(rid) ? [Keys.record(appId, entity, rid)] : entity && !rid ? [Keys.recordIndexState(appId, entity)] : [];
  return access(c, appId, schemaKey ? [schemaKey, Keys.entityRoomListened(appId, entity!), ...recordKey] : []);
}

/** appAccess for a group whose routes need other items of the app (`also`), read in the same round trip as the app and the caller. */
export const appAccessReading =
  (also: (appId: string, c: Context) => { pk: string; sk: string }[]) =>
  (c: Context): Promise<Actor> => {
    const appId = c.req.param("id") ?? "";
    return access(c, appId, also(appId, c));
  };

/** The caller, admitted by the app's visibility; the items read beside it are handed out once authorized (Actor.prefetched). */
async function access(c: Context, appId: string, also: { pk: string; sk: string }[]): Promise<Actor> {
  const { caller, read } = await AppCallers.resolveWith(appId, appCredentials(c), also);
  AppCallers.admit(caller);
  return { type: "app", caller, read };
}

/** What a request carries to identify its caller to a generated app (app-caller.ts). */
export function appCredentials(c: Context): CallerCredentials {
  return {
    bearer: c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1],
    apiKey: c.req.header("api_key") ?? c.req.header("api-key"),
    anonymousId: c.req.header("x-base44-anonymous-id"),
  };
}
