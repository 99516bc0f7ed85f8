import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent } from "react";
import { User } from "../../../schemas/user";
import { meQuery } from "../api/auth";
import { mergeModel } from "./merge";
import { realtime } from "./socket";

/**
 * Hold a room while the component is mounted and merge each pushed update into
 * the React Query cache entry `queryKey` (through `select`, which picks the part of
 * the pushed data that belongs there).
 */
export function useRoom(room: string | null | undefined, queryKey: QueryKey, select: (data: Record<string, unknown>) => Record<string, unknown> | undefined = (d) => d) {
  const client = useQueryClient();
  const key = JSON.stringify(queryKey);
  // the latest select picks each update; a new select alone does not rejoin the room
  const pick = useEffectEvent(select);
  useEffect(() => {
    if (!room) return;
    realtime.start();
    realtime.join(room);
    const unsubscribe = realtime.subscribe((event) => {
      if (event.event !== "update_model" || event.room !== room) return;
      const patch = pick(event.data);
      if (patch) client.setQueryData(JSON.parse(key) as QueryKey, (current: object | undefined) => mergeModel(current, patch));
    });
    return () => {
      unsubscribe();
      realtime.leave(room);
    };
  }, [room, key, client]);
}

/** The signed-in user's own room: settings or a new API key changed elsewhere show up here at once. */
export function useMyRoom(userId: string | undefined) {
  useRoom(userId ? `user:${userId}` : null, meQuery.queryKey, (data) => {
    const parsed = User.safeParse(data.user);
    return parsed.success ? parsed.data : undefined;
  });
}
