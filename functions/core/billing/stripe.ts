import Stripe from "stripe";
import { Config } from "../config";

let client: Stripe | undefined;

/**
 * The one Stripe client: real Stripe, or on one machine the local stand-in, which
 * speaks the same REST API so this very SDK code runs against it.
 */
export function stripe(): Stripe {
  if (!client) {
    const { secretKey, host, port, protocol } = Config.stripe;
    client = new Stripe(secretKey, {
      ...(host ? { host, port: port ?? undefined, protocol: protocol ?? "https" } : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: "Kiln" },
    });
  }
  return client;
}

export type { Stripe };
