import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import type { App } from "../../../schemas/app";
import { appQuery } from "../api/apps";
import { fetchedBeforeJoin, heardFrame } from "./appFetch";
import { appPatch } from "./appPatch";
import { deltaReader } from "./messageDelta";
import { realtime } from "./socket";
import { useRoom } from "./useRoom";

/**
 * The editor's live link to its app (spec 01 §4 Real-time channel): joins the room
 * named by the app id and merges every pushed change into the cached app;
 * `_refetch` (a change too big for one frame, or an undo) reloads it, and so does a
 * confirmed join (or rejoin after a drop) when the app held was read before it.
 */
export function useAppRoom(appId: string) {
  const client = useQueryClient();
  const { queryKey } = appQuery(appId);
  // a streaming message arrives as appended deltas (`_msg_delta`); a tab that missed one fetches the app once
  const readDelta = useMemo(() => deltaReader(() => client.invalidateQueries({ queryKey: appQuery(appId).queryKey })), [client, appId]);
  useEffect(
    () =>
      realtime.subscribe((event) => {
        if (event.event === "joined" && event.room === appId && fetchedBeforeJoin(appId)) void client.invalidateQueries({ queryKey: appQuery(appId).queryKey });
      }),
    [client, appId],
  );
  useRoom(appId, queryKey, (data) => {
    heardFrame(appId, data);
    if (data._refetch) void client.invalidateQueries({ queryKey });
    const current = client.getQueryData<App>(queryKey);
    const patch = appPatch(current, data) as Record<string, unknown> | undefined;
    const grown = data._msg_delta === undefined ? undefined : readDelta(current?.conversation, data._msg_delta);
    return grown && patch ? { ...patch, conversation: grown } : patch;
  });
}
