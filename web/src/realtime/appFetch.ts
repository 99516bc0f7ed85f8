import type { App } from "../../../schemas/app";
import { replayFrames } from "./appPatch";
import { realtime } from "./socket";

/**
 * Reading an app so that no pushed change is lost between the read and the room.
 *
 * A fetch answers the app as the server read it; frames the room pushes while the answer
 * travels would be overwritten by it, and frames pushed before the room's join is confirmed
 * never arrive at all. So a fetch waits (briefly) for a join made beside it, the frames that
 * land while it is in flight are applied again on top of its answer, and an app read before
 * the room's latest confirmed join is read again (useAppRoom).
 */

/** The longest a fetch waits for its room's join: past it, the fetch goes ahead and the join's confirmation fetches again. */
const JOIN_WAIT_MS = 2_000;

/** The frames heard by each fetch of an app now in flight. */
const inFlight = new Map<string, Set<Record<string, unknown>[]>>();
/** The room's confirmed join count when the app's latest fetch was sent. */
const sentAtJoin = new Map<string, number>();

/** A frame pushed to the app's room: every fetch of that app in flight applies it to its answer. */
export function heardFrame(appId: string, data: Record<string, unknown>): void {
  for (const frames of inFlight.get(appId) ?? []) frames.push(data);
}

/** The app as `get` answers it, with the frames that landed meanwhile applied on top (`signal`: the fetch was called off while waiting). */
export async function fetchApp(appId: string, get: () => Promise<App>, signal?: AbortSignal): Promise<App> {
  // The editor joins the app's room in an effect of the same render that starts this fetch.
  await Promise.resolve();
  await realtime.joinSettled(appId, JOIN_WAIT_MS);
  signal?.throwIfAborted();
  const frames: Record<string, unknown>[] = [];
  const fetches = inFlight.get(appId) ?? new Set();
  inFlight.set(appId, fetches.add(frames));
  sentAtJoin.set(appId, realtime.joinCount(appId));
  try {
    return replayFrames(await get(), frames);
  } finally {
    fetches.delete(frames);
    if (!fetches.size) inFlight.delete(appId);
  }
}

/** Whether the app was last fetched before the room's latest confirmed join, so changes pushed in between may be missing. */
export function fetchedBeforeJoin(appId: string): boolean {
  const at = sentAtJoin.get(appId);
  return at !== undefined && at < realtime.joinCount(appId);
}
