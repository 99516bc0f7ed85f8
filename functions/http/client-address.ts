import type { Context } from "hono";
import { getConnInfo } from "hono/aws-lambda";
import { routedViewerAddress } from "../../lib/viewer-address";
import { Config } from "../core/config";

/**
 * Who is calling, for the sign-in limits: the viewer a cloud router vouches for (lib/viewer-address.ts),
 * else the source address API Gateway (or the local gateway) saw; a caller's own headers never decide it.
 * Apart from the sign-in groups (auth, appauth) so each reads it without loading the other's code.
 */
export function clientOf(c: Context): string {
  const routed = routedViewerAddress((name) => c.req.header(name), Config.authSecret);
  if (routed) return routed;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}
